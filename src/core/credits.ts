import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { CreditLedgerTable, LedgerRow } from '../../db/types.js';
import type { Clock, IdSource } from '../context.js';
import { ToolError } from '../errors.js';
import { isPostgres } from '../../db/dialect.js';
import { inTransaction, lockKey } from '../../db/portable.js';

export const LEDGER_PAGE = 20;

export interface LedgerEntry {
  entry_id: string;
  delta: number;
  balance_after: number;
  kind: LedgerRow['kind'];
  reference: string;
  description: string;
  created_at: string;
}

export async function getBalance(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('credit_ledger').select('balance_after').where('user_id', '=', userId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row?.balance_after ?? 0;
}

export async function recentEntries(db: Db, userId: string, limit = LEDGER_PAGE): Promise<LedgerEntry[]> {
  const rows = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('seq', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    entry_id: r.id,
    delta: r.delta,
    balance_after: r.balance_after,
    kind: r.kind,
    reference: r.reference,
    description: r.description,
    created_at: r.created_at,
  }));
}

export interface LedgerWrite {
  userId: string;
  delta: number;
  kind: LedgerRow['kind'];
  /** Unique per user: writing the same reference twice records it once. */
  reference: string;
  description: string;
}

export type LedgerOutcome = 'recorded' | 'duplicate';

/**
 * Appends an entry in one statement, so the running balance stays right even when
 * several processes write at once. A charge that would take the balance below zero
 * is refused with tool_error naming the shortfall.
 */
export async function recordLedger(db: Db, deps: { clock: Clock; ids: IdSource }, w: LedgerWrite): Promise<LedgerOutcome> {
  if (!isPostgres(db)) return appendLedger(db, deps, w);
  // On PostgreSQL each statement reads the balance as of its start, so two writers could
  // both read the same last entry: writers of one user's ledger take turns instead.
  return inTransaction(db, async (trx) => {
    await lockKey(trx, `credits:${w.userId}`);
    return appendLedger(trx, deps, w);
  });
}

/**
 * Charges of one user in one insert (a pipeline chunk's), in order, under the user's
 * lock as recordLedger takes it: a reference already written is a duplicate and charged
 * nothing, and a charge that would take the balance below zero refuses the whole batch
 * with tool_error naming the shortfall, as recordLedger does for one. Run it inside the
 * caller's transaction after its other writes, so the lock is held for the shortest time.
 */
export async function recordLedgerBatch(
  db: Db,
  deps: { clock: Clock; ids: IdSource },
  userId: string,
  writes: readonly Omit<LedgerWrite, 'userId'>[],
): Promise<LedgerOutcome[]> {
  if (writes.length === 0) return [];
  return inTransaction(db, async (trx) => {
    await lockKey(trx, `credits:${userId}`);
    const references = [...new Set(writes.map((w) => w.reference))];
    const known = new Set<string>();
    for (let i = 0; i < references.length; i += 500) {
      const rows = await trx
        .selectFrom('credit_ledger')
        .select('reference')
        .where('user_id', '=', userId)
        .where('reference', 'in', references.slice(i, i + 500))
        .execute();
      for (const r of rows) known.add(r.reference);
    }
    let balance = await getBalance(trx, userId);
    const now = deps.clock.now().toISOString();
    const rows: Insertable<CreditLedgerTable>[] = [];
    const outcomes = writes.map((w): LedgerOutcome => {
      if (known.has(w.reference)) return 'duplicate';
      if (w.delta < 0 && balance + w.delta < 0) {
        throw new ToolError('tool_error', `Insufficient credits: ${-w.delta} needed, balance is ${balance} (short by ${-w.delta - balance})`);
      }
      balance += w.delta;
      known.add(w.reference);
      rows.push({
        id: deps.ids.uuid(),
        user_id: userId,
        delta: w.delta,
        balance_after: balance,
        kind: w.kind,
        reference: w.reference,
        description: w.description,
        created_at: now,
      });
      return 'recorded';
    });
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('credit_ledger')
        .values(rows.slice(i, i + 500))
        .execute();
    return outcomes;
  });
}

async function appendLedger(db: Db, deps: { clock: Clock; ids: IdSource }, w: LedgerWrite): Promise<LedgerOutcome> {
  const current = sql<number>`coalesce((select balance_after from credit_ledger where user_id = ${w.userId} order by seq desc limit 1), 0)`;
  const res = await sql`
    insert into credit_ledger (id, user_id, delta, balance_after, kind, reference, description, created_at)
    select ${deps.ids.uuid()}, ${w.userId}, ${w.delta}, ${current} + ${w.delta}, ${w.kind}, ${w.reference}, ${w.description}, ${deps.clock.now().toISOString()}
    where ${w.delta} >= 0 or ${current} + ${w.delta} >= 0
    on conflict (user_id, reference) do nothing`.execute(db);
  if (Number(res.numAffectedRows ?? 0n) === 1) return 'recorded';
  const dup = await db.selectFrom('credit_ledger').select('id').where('user_id', '=', w.userId).where('reference', '=', w.reference).executeTakeFirst();
  if (dup) return 'duplicate';
  const balance = await getBalance(db, w.userId);
  throw new ToolError('tool_error', `Insufficient credits: ${-w.delta} needed, balance is ${balance} (short by ${-w.delta - balance})`);
}
