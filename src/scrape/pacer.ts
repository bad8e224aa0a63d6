/**
 * Politeness towards conference hosts: every request to one host leaves at least `gapMs`
 * after the previous one left. Each caller reserves the next free start time before it
 * waits, so concurrent callers (pages of several runs, the follow-up fetches an extractor
 * makes) queue up instead of bursting. A request that was slow to leave (a new
 * connection, a cold code path) pushes the next one back: `sent()` records the moment
 * its headers were written, and waiting callers honour it.
 */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class HostPacer {
  private readonly hosts = new Map<string, { nextFree: number; lastSent: number }>();

  constructor(
    private readonly gapMs: number,
    private readonly clock: PacerClock = realClock,
  ) {}

  async wait(host: string): Promise<void> {
    if (this.gapMs <= 0) return;
    const t = this.clock.now();
    const state = this.hosts.get(host) ?? { nextFree: -Infinity, lastSent: -Infinity };
    const at = Math.max(t, state.nextFree);
    state.nextFree = at + this.gapMs;
    this.hosts.set(host, state);
    if (this.hosts.size > 1000) this.forgetIdle(t);
    // Timers may fire up to a millisecond early; wait until the time has really passed.
    for (let left = this.target(state, at) - this.clock.now(); left > 0; left = this.target(state, at) - this.clock.now()) {
      await this.clock.sleep(Math.ceil(left));
    }
  }

  /** A request to `host` has just been written to the wire. */
  sent(host: string): void {
    const state = this.hosts.get(host);
    if (!state) return;
    const t = this.clock.now();
    state.lastSent = Math.max(state.lastSent, t);
    state.nextFree = Math.max(state.nextFree, t + this.gapMs);
  }

  private target(state: { lastSent: number }, reserved: number): number {
    return Math.max(reserved, state.lastSent + this.gapMs);
  }

  private forgetIdle(t: number): void {
    for (const [host, state] of this.hosts) if (state.nextFree <= t) this.hosts.delete(host);
  }
}
