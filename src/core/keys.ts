import { randomBytes } from 'node:crypto';
import { signalAfterCommit } from '../../db/after-commit.js';
import type { Db } from '../../db/index.js';
import { CHANNELS, notify } from '../../db/portable.js';
import type { Clock, IdSource, Principal, Scope, Services } from '../context.js';
import { SCOPES } from '../context.js';
import { sha256 } from './canonical.js';
import { ToolError } from '../errors.js';

export const KEY_PREFIX = 'grn_';

export interface ApiKeyInfo {
  key_id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function parseScopes(text: string): Scope[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = parts.filter((p) => !SCOPES.includes(p as Scope));
  if (bad.length || parts.length === 0) {
    throw new ToolError('invalid_request', `scopes must be a comma-separated subset of ${SCOPES.join(', ')}; got "${text}"`);
  }
  return SCOPES.filter((s) => parts.includes(s));
}

/** Mints a key. The plain key is returned here once; only its hash is stored. */
export async function createApiKey(
  db: Db,
  deps: { clock: Clock; ids: IdSource },
  args: { userId: string; name: string; scopes: readonly Scope[] },
): Promise<{ key: string; info: ApiKeyInfo }> {
  const key = KEY_PREFIX + randomBytes(24).toString('base64url');
  const row = {
    id: deps.ids.uuid(),
    user_id: args.userId,
    name: args.name,
    prefix: key.slice(0, 10),
    key_hash: sha256(key),
    scopes: args.scopes.join(','),
    created_at: deps.clock.now().toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await db.insertInto('api_keys').values(row).execute();
  return { key, info: toInfo(row) };
}

/**
 * Resolved keys are remembered for a few seconds (Services.keyCache): the lookup would
 * otherwise be a large share of a cheap read. A revocation in this process takes effect
 * at once; one made by another process at once on PostgreSQL (notified), within
 * KEY_CACHE_MS on SQLite.
 */
export const KEY_CACHE_MS = 5_000;

/** Resolves a bearer key to its principal, or null when unknown or revoked. */
export async function resolveApiKey(services: Pick<Services, 'db' | 'clock' | 'keyCache'>, key: string): Promise<Principal | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const { db, clock, keyCache } = services;
  const hash = keyCache.hashOf(key);
  const now = clock.now();
  const cached = keyCache.get(hash, now.getTime());
  if (cached) return cached;
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['api_keys.id', 'api_keys.user_id', 'api_keys.name', 'api_keys.scopes', 'api_keys.revoked_at', 'users.disabled_at'])
    .where('api_keys.key_hash', '=', hash)
    .executeTakeFirst();
  // A disabled user's keys do not resolve; enabling the user again brings them back.
  if (!row || row.revoked_at || row.disabled_at) {
    keyCache.forget(hash);
    return null;
  }
  // last_used_at is a hint for people, so it is written at most once a minute per key
  // rather than on every request.
  if (keyCache.touches.due(row.id, now.getTime())) {
    await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute();
  }
  const principal: Principal = { userId: row.user_id, scopes: row.scopes.split(',') as Scope[], tokenId: row.id, tokenKind: 'api_key', tokenName: row.name };
  keyCache.set(hash, principal, now.getTime() + KEY_CACHE_MS);
  return principal;
}

export async function listApiKeys(db: Db, userId?: string): Promise<ApiKeyInfo[]> {
  let q = db.selectFrom('api_keys').selectAll().orderBy('seq');
  if (userId) q = q.where('user_id', '=', userId);
  return (await q.execute()).map(toInfo);
}

export async function revokeApiKey(db: Db, clock: Clock, keyIdOrPrefix: string): Promise<ApiKeyInfo> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', keyIdOrPrefix), eb('prefix', '=', keyIdOrPrefix)]))
    .executeTakeFirst();
  if (!row) throw new ToolError('not_found', `no API key with id or prefix ${keyIdOrPrefix}`);
  const revoked = row.revoked_at ?? clock.now().toISOString();
  await db.updateTable('api_keys').set({ revoked_at: revoked }).where('id', '=', row.id).execute();
  // Once committed, not before: a lookup between an earlier eviction and the commit would
  // read the key still valid and cache it for another KEY_CACHE_MS.
  await signalAfterCommit(db, 'key-revoked', row.key_hash);
  // Other processes on PostgreSQL drop it from their caches now rather than within KEY_CACHE_MS.
  await notify(db, CHANNELS.keys, row.key_hash);
  return toInfo({ ...row, revoked_at: revoked });
}

function toInfo(row: {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}): ApiKeyInfo {
  return {
    key_id: row.id,
    user_id: row.user_id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.split(',') as Scope[],
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}
