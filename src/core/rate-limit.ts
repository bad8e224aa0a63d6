import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import type { Scope } from '../context.js';

export type RateDecision = { ok: true } | { ok: false; retryAfter: number };

const WINDOW_MS = 60_000;

/** Where the calls of one window are counted. */
interface Counter {
  /** Counts one call under key in the window and returns the calls counted so far, this one included. */
  add(key: string, windowStart: number): Promise<number>;
}

/**
 * In this process's memory: SQLite. A SQLite database is served from one machine, and a
 * counter write on every call would queue each read behind the pipeline's write
 * transactions; several processes on one SQLite file each enforce their own share.
 */
class MemoryCounter implements Counter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  add(key: string, windowStart: number): Promise<number> {
    let w = this.windows.get(key);
    if (!w || w.start !== windowStart) {
      w = { start: windowStart, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.sweep(windowStart);
    }
    w.count += 1;
    return Promise.resolve(w.count);
  }

  private sweep(current: number): void {
    for (const [k, w] of this.windows) if (w.start !== current) this.windows.delete(k);
  }
}

/**
 * In the rate_counters table (migration 012): PostgreSQL, where several processes serve
 * one database behind a load balancer and a credential's limit must hold across them.
 * One upsert per call; windows that ended are deleted about once a minute per process.
 */
class TableCounter implements Counter {
  private swept = 0;

  constructor(private readonly db: Db) {}

  async add(key: string, windowStart: number): Promise<number> {
    if (windowStart > this.swept) {
      this.swept = windowStart;
      await this.db.deleteFrom('rate_counters').where('window_start', '<', windowStart).execute();
    }
    const row = await sql<{ count: number }>`
      insert into rate_counters (name, window_start, count) values (${key}, ${windowStart}, 1)
      on conflict (name, window_start) do update set count = rate_counters.count + 1
      returning count`.execute(this.db);
    return Number(row.rows[0]?.count ?? 1);
  }
}

/** Fixed one-minute windows per token and per capability kind. */
export class RateLimiter {
  private readonly counter: Counter;

  constructor(
    private readonly perMinute: Readonly<Record<Scope, number>>,
    db?: Db,
  ) {
    this.counter = db && isPostgres(db) ? new TableCounter(db) : new MemoryCounter();
  }

  async take(tokenId: string, kind: Scope, nowMs: number): Promise<RateDecision> {
    const windowStart = nowMs - (nowMs % WINDOW_MS);
    const count = await this.counter.add(`${kind}:${tokenId}`, windowStart);
    if (count > this.perMinute[kind]) {
      return { ok: false, retryAfter: Math.max(1, Math.ceil((windowStart + WINDOW_MS - nowMs) / 1000)) };
    }
    return { ok: true };
  }

  limits(): Readonly<Record<Scope, number>> {
    return this.perMinute;
  }
}
