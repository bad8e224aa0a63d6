import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';

/** Keys are honoured for at least 24 hours; older ones are forgotten. */
export const IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;

export interface IdempotencySlot {
  principal: string;
  tool: string;
  key: string;
  argsHash: string;
}

export type Begin = { kind: 'new' } | { kind: 'replay'; response: unknown };

/**
 * Claims a key before the operation runs. Same key + same arguments replays the stored
 * result; different arguments is invalid_request; a request still running with the key
 * is tool_error so the client retries later instead of running the work twice.
 */
export async function beginIdempotent(db: Db, slot: IdempotencySlot, now: Date): Promise<Begin> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  const where = db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('principal', '=', slot.principal)
    .where('tool', '=', slot.tool)
    .where('key', '=', slot.key);
  const existing = await where.executeTakeFirst();
  if (existing && existing.created_at < cutoff) {
    await db
      .deleteFrom('idempotency_keys')
      .where('principal', '=', slot.principal)
      .where('tool', '=', slot.tool)
      .where('key', '=', slot.key)
      .execute();
  } else if (existing) {
    return judge(existing, slot);
  }
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ principal: slot.principal, tool: slot.tool, key: slot.key, args_hash: slot.argsHash, state: 'pending', response: null, created_at: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'new' };
  // Another request claimed the key between our read and insert.
  return judge(await where.executeTakeFirstOrThrow(), slot);
}

function judge(row: { args_hash: string; state: string; response: string | null }, slot: IdempotencySlot): Begin {
  if (row.args_hash !== slot.argsHash) {
    throw new ToolError('invalid_request', `Idempotency key "${slot.key}" was already used with different arguments; use a new key for a different request`);
  }
  if (row.state !== 'done' || row.response === null) {
    throw new ToolError('tool_error', `A request with idempotency key "${slot.key}" is still in progress; retry in a few seconds`);
  }
  return { kind: 'replay', response: JSON.parse(row.response) };
}

/** For dry runs: refuses a key already used with other arguments, and stores nothing. */
export async function peekIdempotent(db: Db, slot: IdempotencySlot): Promise<void> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('args_hash')
    .where('principal', '=', slot.principal)
    .where('tool', '=', slot.tool)
    .where('key', '=', slot.key)
    .executeTakeFirst();
  if (row && row.args_hash !== slot.argsHash) {
    throw new ToolError('invalid_request', `Idempotency key "${slot.key}" was already used with different arguments; use a new key for a different request`);
  }
}

export async function completeIdempotent(db: Db, slot: IdempotencySlot, response: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response: JSON.stringify(response) })
    .where('principal', '=', slot.principal)
    .where('tool', '=', slot.tool)
    .where('key', '=', slot.key)
    .execute();
}

/** A failed attempt frees its key, so a retry runs the operation again. */
export async function releaseIdempotent(db: Db, slot: IdempotencySlot): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('principal', '=', slot.principal)
    .where('tool', '=', slot.tool)
    .where('key', '=', slot.key)
    .where('state', '=', 'pending')
    .execute();
}

export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(res.numDeletedRows);
}
