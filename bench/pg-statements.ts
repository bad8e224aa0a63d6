import type pg from 'pg';
import { pgModule } from '../db/pg-module.js';

/**
 * Counts the statements this process sends to PostgreSQL from now on: every query a
 * pool's client runs (BEGIN and COMMIT included), each one round trip. Measures the
 * bench's own process (`except`: its own clients, such as the sampler's); the code under
 * measure is not changed.
 */
export function countStatements(except: readonly pg.Client[] = []): { count(): number } {
  let n = 0;
  const proto = pgModule().Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    if (!except.includes(this)) n++;
    return query.apply(this, args);
  };
  return { count: () => n };
}
