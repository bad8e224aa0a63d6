/**
 * Long operations (a rewrite or rescore of a whole campaign) do their CPU work in
 * steps, and each step waits here for a turn of the event loop of its own. Steps of
 * every such operation share one line: however many run at once, at most one step runs
 * per turn, and between turns Node reads sockets, so other callers wait for one step,
 * not for all of them. A step must not hold a transaction open across this wait.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}

function release(): void {
  // The released step runs as a microtask right after this callback; the next one is
  // released by an immediate set from inside this one, which Node runs on the next turn,
  // after the poll phase has taken in any request that arrived.
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(release);
  else scheduled = false;
}
