import type { Config } from './config.js';
import type { Db } from '../db/index.js';
import type { Logger } from './log.js';
import type { RateLimiter } from './core/rate-limit.js';
import type { Engines } from './engine/engines.js';
import type { Signals } from '../db/signals.js';
import type { KeyCache, TouchThrottle } from './core/caches.js';
import type { SpeakerLocks } from './core/speaker-locks.js';
import type { FetchFactory } from './scrape/fetchers.js';

export type Scope = 'read' | 'write' | 'send';
export const SCOPES: readonly Scope[] = ['read', 'write', 'send'];

/** Who is calling: resolved from an API key (later also an OAuth token). */
export interface Principal {
  userId: string;
  scopes: readonly Scope[];
  /** Identifies the credential; idempotency keys, cursors and rate limits are bound to it. */
  tokenId: string;
  tokenKind: 'api_key' | 'oauth' | 'session';
  tokenName: string;
}

export interface Clock {
  now(): Date;
}

export interface IdSource {
  uuid(): string;
}

/** Sends the mail outbox (src/auth/mail.ts Mailer). */
export interface MailSender {
  /** Starts a delivery pass unless one is running; a pass already running goes round once more. */
  kick(): void;
}

/**
 * Process-wide services shared by every request: everything a process holds for its
 * lifetime is here, never in a module's own state.
 */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  /** Instance key material (cursor signing, secret encryption). */
  secret: Buffer;
  limiter: RateLimiter;
  /** Model providers: the one place an engine is chosen for a campaign. */
  engines: Engines;
  /** What the database committed, told to this process's listeners (live streams, the delivery worker, the key cache). */
  signals: Signals;
  /** Resolved API keys, for a few seconds, and when each key's last use was written. */
  keyCache: KeyCache;
  /** When each OAuth grant's last use was written. */
  grantTouches: TouchThrottle;
  /** Rewrites of one speaker take turns. */
  speakerLocks: SpeakerLocks;
  mailer: MailSender;
  /** The guarded fetch for a URL someone else chose, opened for one purpose with its caps (src/scrape/fetchers.ts). */
  fetch: FetchFactory;
}

/** What a handler receives besides its input. Handlers never read the wall clock or process.env. */
export interface Ctx extends Services {
  principal: Principal;
}

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: IdSource = { uuid: () => crypto.randomUUID() };
