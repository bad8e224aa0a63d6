import type { Config } from './config.js';
import type { Db } from '../db/index.js';
import type { Logger } from './log.js';
import type { RateLimiter } from './core/rate-limit.js';
import type { Engines } from './engine/engines.js';

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

/** Process-wide services shared by every request. */
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
}

/** What a handler receives besides its input. Handlers never read the wall clock or process.env. */
export interface Ctx extends Services {
  principal: Principal;
}

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: IdSource = { uuid: () => crypto.randomUUID() };
