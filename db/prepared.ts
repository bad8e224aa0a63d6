import { CompiledQuery } from 'kysely';
import type { Db } from './index.js';

/**
 * A hot query written once as SQL text. Building and compiling a Kysely query costs
 * more than running a point read on SQLite, so the few queries on every request skip
 * the builder; they still run through Kysely's connection (and its transactions) and
 * stay plain SQL a PostgreSQL dialect can take.
 */
export function prepared<Row, Args extends unknown[]>(text: string) {
  return async (db: Db, ...args: Args): Promise<Row[]> => (await db.executeQuery<Row>(CompiledQuery.raw(text, args))).rows;
}
