import type { Signals } from '../../db/signals.js';
import type { Principal } from '../context.js';
import { sha256 } from './canonical.js';

/**
 * Ids whose last_used_at is written at most once a minute: it is a hint for people, and
 * writing it on every request would cost more than the request.
 */
export class TouchThrottle {
  private readonly last = new Map<string, number>();

  constructor(private readonly everyMs = 60_000) {}

  /** True (and remembered) when `id` was last touched `everyMs` or more before `nowMs`. */
  due(id: string, nowMs: number): boolean {
    if (nowMs - (this.last.get(id) ?? 0) < this.everyMs) return false;
    this.last.set(id, nowMs);
    return true;
  }
}

/**
 * Resolved API keys, remembered for a few seconds (core/keys.ts KEY_CACHE_MS): the lookup
 * would otherwise be a large share of a cheap read. A revoked key leaves the cache when
 * its revocation commits, in this process through the database's signals, in others on
 * PostgreSQL through the notification their listener turns into the same signal.
 */
export class KeyCache {
  private readonly resolved = new Map<string, { principal: Principal; until: number }>();
  /** The hashes of keys and access tokens presented lately: a hash is the same for ever, and a few µs a request to compute. */
  private readonly hashes = new Map<string, string>();
  /** When each key's last_used_at was last written. */
  readonly touches = new TouchThrottle();

  constructor(
    signals: Signals,
    private readonly max = 10_000,
  ) {
    signals.on('key-revoked', (keyHash) => this.resolved.delete(keyHash));
  }

  /** A key's or access token's hash as stored (sha256), remembered for the next request with the same one. */
  hashOf(key: string): string {
    let hash = this.hashes.get(key);
    if (hash === undefined) {
      if (this.hashes.size > this.max) this.hashes.clear();
      hash = sha256(key);
      this.hashes.set(key, hash);
    }
    return hash;
  }

  get(keyHash: string, nowMs: number): Principal | null {
    const cached = this.resolved.get(keyHash);
    return cached && cached.until > nowMs ? cached.principal : null;
  }

  set(keyHash: string, principal: Principal, until: number): void {
    if (this.resolved.size > this.max) this.resolved.clear();
    this.resolved.set(keyHash, { principal, until });
  }

  forget(keyHash: string): void {
    this.resolved.delete(keyHash);
  }
}
