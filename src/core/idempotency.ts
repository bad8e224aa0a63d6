import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';
import { jsonColumn } from '../../db/cast.js';

/** Keys are honoured for at least 24 hours; older ones are forgotten. */
export const IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;

/**
 * A claim older than this that never finished belongs to a process that died mid-call;
 * the next retry takes it over instead of being told "in progress" until the key expires.
 */
export const IDEMPOTENCY_STALE_MS = 60_000;

export interface IdempotencySlot {
  principal: string;
  tool: string;
  key: string;
  argsHash: string;
}

/** `claim` is the created_at this call wrote; completing or releasing touches the row only while it is still ours. */
/** idempotency_keys.response: the tool's first answer, replayed as it was. */
const responseColumn = jsonColumn<unknown>(null);

export type Begin = { kind: 'new'; claim: string } | { kind: 'replay'; response: unknown };

interface Row {
  args_hash: string;
  state: string;
  response: string | null;
  created_at: string;
}

const keyOf = (db: Db, slot: IdempotencySlot) =>
  db.selectFrom('idempotency_keys').where('principal', '=', slot.principal).where('tool', '=', slot.tool).where('key', '=', slot.key);

/**
 * Claims a key before the operation runs. Same key + same arguments replays the stored
 * result; different arguments is invalid_request; a request still running with the key
 * is tool_error so the client retries later instead of running the work twice.
 */
export async function beginIdempotent(db: Db, slot: IdempotencySlot, now: Date): Promise<Begin> {
  const claim = now.toISOString();
  const expired = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  const stale = new Date(now.getTime() - IDEMPOTENCY_STALE_MS).toISOString();
  const existing = await keyOf(db, slot).selectAll().executeTakeFirst();
  if (existing && existing.created_at < expired) {
    await deleteWhere(db, slot).where('created_at', '=', existing.created_at).execute();
  } else if (existing && existing.state === 'pending' && existing.created_at < stale) {
    if (await takeOver(db, slot, existing, claim)) return { kind: 'new', claim };
    return judge(await keyOf(db, slot).selectAll().executeTakeFirstOrThrow(), slot);
  } else if (existing) {
    return judge(existing, slot);
  }
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ principal: slot.principal, tool: slot.tool, key: slot.key, args_hash: slot.argsHash, state: 'pending', response: null, created_at: claim })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'new', claim };
  // Another request claimed the key between our read and insert.
  return judge(await keyOf(db, slot).selectAll().executeTakeFirstOrThrow(), slot);
}

/**
 * One conditional update: it matches only the abandoned claim we read, so of two
 * retries racing for it exactly one wins; the other then sees a fresh pending claim.
 * The abandoned call never finished, like a failed one, so the retry's arguments count.
 */
async function takeOver(db: Db, slot: IdempotencySlot, abandoned: Row, claim: string): Promise<boolean> {
  const res = await db
    .updateTable('idempotency_keys')
    .set({ args_hash: slot.argsHash, created_at: claim })
    .where('principal', '=', slot.principal)
    .where('tool', '=', slot.tool)
    .where('key', '=', slot.key)
    .where('state', '=', 'pending')
    .where('created_at', '=', abandoned.created_at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

function judge(row: Row, slot: IdempotencySlot): Begin {
  if (row.args_hash !== slot.argsHash) {
    throw new ToolError('invalid_request', `Idempotency key "${slot.key}" was already used with different arguments; use a new key for a different request`);
  }
  if (row.state !== 'done' || row.response === null) {
    throw new ToolError('tool_error', `A request with idempotency key "${slot.key}" is still in progress; retry in a few seconds`);
  }
  return { kind: 'replay', response: responseColumn.read(row.response) };
}

/** For dry runs: refuses a key already used with other arguments, and stores nothing. */
export async function peekIdempotent(db: Db, slot: IdempotencySlot): Promise<void> {
  const row = await keyOf(db, slot).select('args_hash').executeTakeFirst();
  if (row && row.args_hash !== slot.argsHash) {
    throw new ToolError('invalid_request', `Idempotency key "${slot.key}" was already used with different arguments; use a new key for a different request`);
  }
}

/** Stores the result, unless a retry took the claim over meanwhile (then the retry's result counts). */
export async function completeIdempotent(db: Db, slot: IdempotencySlot, claim: string, response: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response: responseColumn.write(response) })
    .where('principal', '=', slot.principal)
    .where('tool', '=', slot.tool)
    .where('key', '=', slot.key)
    .where('state', '=', 'pending')
    .where('created_at', '=', claim)
    .execute();
}

/** A failed attempt frees its key, so a retry runs the operation again. */
export async function releaseIdempotent(db: Db, slot: IdempotencySlot, claim: string): Promise<void> {
  await deleteWhere(db, slot).where('state', '=', 'pending').where('created_at', '=', claim).execute();
}

function deleteWhere(db: Db, slot: IdempotencySlot) {
  return db.deleteFrom('idempotency_keys').where('principal', '=', slot.principal).where('tool', '=', slot.tool).where('key', '=', slot.key);
}

export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(res.numDeletedRows);
}
