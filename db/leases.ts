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

/** Takes as many of `names` as are free (or already this holder's) in one statement; returns those taken. */
export async function acquireLeases(db: Db, names: readonly string[], holder: string, nowMs: number, ttlMs: number): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = sql.join(names.map((name) => sql`(${name}, ${holder}, ${nowMs + ttlMs})`));
  const res = await sql<{ name: string }>`
    insert into leases (name, holder, expires_at) values ${rows}
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where leases.expires_at <= ${nowMs} or leases.holder = excluded.holder
    returning name`.execute(db);
  return res.rows.map((r) => r.name);
}

/** Extends every one of a holder's leases; false when any was lost. */
export async function renewLeases(db: Db, names: readonly string[], holder: string, nowMs: number, ttlMs: number): Promise<boolean> {
  if (names.length === 1) return renewLease(db, names[0] as string, holder, nowMs, ttlMs);
  const res = await db
    .updateTable('leases')
    .set({ expires_at: nowMs + ttlMs })
    .where('name', 'in', names)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === names.length;
}

export async function releaseLeases(db: Db, names: readonly string[], holder: string): Promise<void> {
  if (names.length === 0) return;
  await db.deleteFrom('leases').where('name', 'in', names).where('holder', '=', holder).execute();
}
