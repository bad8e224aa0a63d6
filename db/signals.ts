import { EventEmitter } from 'node:events';

/** What a process's listeners are told once a change is committed, and what each signal carries. */
export interface SignalArgs {
  /** A campaign's events were written: its live streams read on. */
  event: [campaignId: string];
  /** A key was revoked (in this process or, on PostgreSQL, another): caches drop it, streams check their credential. */
  'key-revoked': [keyHash: string];
  /** Webhook deliveries were queued: the delivery worker claims them. */
  'deliveries-queued': [];
}
export type SignalName = keyof SignalArgs;

/**
 * The signals of one opened database, heard in this process. They are sent after the
 * commit of the transaction that wrote what they announce (db/after-commit.ts
 * signalAfterCommit), and by the PostgreSQL listener for what other processes wrote.
 * One per opened database, held on Services: two instances in one process never hear
 * each other.
 */
export class Signals {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  on<N extends SignalName>(name: N, listener: (...args: SignalArgs[N]) => void): void {
    this.emitter.on(name, listener as (...args: unknown[]) => void);
  }

  off<N extends SignalName>(name: N, listener: (...args: SignalArgs[N]) => void): void {
    this.emitter.off(name, listener as (...args: unknown[]) => void);
  }

  emit<N extends SignalName>(name: N, ...args: SignalArgs[N]): void {
    this.emitter.emit(name, ...args);
  }
}
