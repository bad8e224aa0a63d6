import { sql } from 'kysely';
import type { Db } from './index.js';

/**
 * Leases in the database: a holder owns a named piece of work until expires_at.
 * Taking one succeeds when nobody holds it, its lease lapsed, or the taker already
 * holds it (renewal). Several processes on one database never run the same work,
 * and a crashed holder's work is taken over once its lease lapses.
 */
export async function acquireLease(db: Db, name: string, holder: string, nowMs: number, ttlMs: number): Promise<boolean> {
  const res = await sql`
    insert into leases (name, holder, expires_at) values (${name}, ${holder}, ${nowMs + ttlMs})
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where leases.expires_at <= ${nowMs} or leases.holder = excluded.holder`.execute(db);
  return Number(res.numAffectedRows ?? 0n) === 1;
}

/** Extends a held lease; false means it was lost and the holder must stop writing. */
export async function renewLease(db: Db, name: string, holder: string, nowMs: number, ttlMs: number): Promise<boolean> {
  const res = await db
    .updateTable('leases')
    .set({ expires_at: nowMs + ttlMs })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
