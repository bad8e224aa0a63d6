import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';

/**
 * The schedulers working on one database. Each marks itself while it works speaker stages, until the mark
 * lapses (a lease's length after it was last made), so a stage's speakers can be split
 * among those present: a wave of one batch was taken whole by the first to come, and a
 * second process only shared prequalify. A process that stops takes its mark away; one
 * that crashed counts until its mark lapses, which only makes the survivor's steps smaller.
 */
export async function markWorking(db: Db, holder: string, nowMs: number, ttlMs: number): Promise<void> {
  await db
    .insertInto('scheduler_workers')
    .values({ holder, expires_at: nowMs + ttlMs })
    .onConflict((oc) => oc.column('holder').doUpdateSet({ expires_at: nowMs + ttlMs }))
    .execute();
}

/** Marks that lapsed long ago (a process killed before it stopped): taken away by the next scheduler to start. */
export async function clearLapsed(db: Db, nowMs: number, ttlMs: number): Promise<void> {
  await db
    .deleteFrom('scheduler_workers')
    .where('expires_at', '<', nowMs - ttlMs)
    .execute();
}

export async function stopWorking(db: Db, holder: string): Promise<void> {
  await db.deleteFrom('scheduler_workers').where('holder', '=', holder).execute();
}

/** How many schedulers are working now, as a column of another query (no round trip of its own). */
export const workersNow = (nowMs: number) => (eb: ExpressionBuilder<Database, 'speakers'>) =>
  eb.selectFrom('scheduler_workers').select(eb.fn.countAll<number>().as('n')).where('expires_at', '>', nowMs).as('workers');
