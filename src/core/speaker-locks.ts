/**
 * Work on one speaker in this process that must take turns (a rewrite plans from the
 * text it reads: several at once would each plan from the same text, and all but one
 * find it changed when they write). Held on Services; the guarded write still covers
 * other processes on the same database.
 */
export class SpeakerLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` once every earlier call for `speakerId` has settled. */
  oneAtATime<T>(speakerId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(speakerId) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.catch(() => undefined);
    this.tails.set(speakerId, tail);
    void tail.then(() => {
      if (this.tails.get(speakerId) === tail) this.tails.delete(speakerId);
    });
    return mine;
  }
}
