import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import type { Clock, IdSource } from '../context.js';
import { ToolError } from '../errors.js';
import { recordLedger } from './credits.js';
import { ProfileSchema, type Profile } from './profile.js';

export interface UserInfo {
  user_id: string;
  email: string;
  name: string;
  role: 'owner' | 'member';
  created_at: string;
  /** When the user was disabled; null for an active user. */
  disabled_at: string | null;
}

type Deps = { clock: Clock; ids: IdSource };

/** Creates a user with its starting credit grant recorded as a ledger entry. */
export async function createUser(
  db: Db,
  deps: Deps,
  args: { email: string; name: string; role: 'owner' | 'member'; profile?: Partial<Profile>; grant: number },
): Promise<UserInfo> {
  const email = args.email.trim().toLowerCase();
  const exists = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (exists) throw new ToolError('invalid_request', `a user with e-mail ${email} already exists`);
  const row = {
    id: deps.ids.uuid(),
    email,
    name: args.name,
    role: args.role,
    profile: JSON.stringify(ProfileSchema.parse(args.profile ?? {})),
    created_at: deps.clock.now().toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(row).execute();
    if (args.grant > 0) {
      await recordLedger(trx, deps, { userId: row.id, delta: args.grant, kind: 'grant', reference: 'grant:signup', description: 'Starting credit grant' });
    }
  });
  return { user_id: row.id, email: row.email, name: row.name, role: row.role, created_at: row.created_at, disabled_at: null };
}

export async function getUser(db: Db, userId: string): Promise<UserInfo & { profile: string }> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw new ToolError('not_found', 'user was not found');
  return { ...info(row), profile: row.profile };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserInfo | null> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row ? info(row) : null;
}

export async function findOwner(db: Db): Promise<UserInfo | null> {
  const row = await db.selectFrom('users').selectAll().where('role', '=', 'owner').orderBy('seq').limit(1).executeTakeFirst();
  return row ? info(row) : null;
}

export async function listUsers(db: Db): Promise<UserInfo[]> {
  const rows = await db.selectFrom('users').selectAll().orderBy('seq').execute();
  return rows.map(info);
}

function info(row: UserRow): UserInfo {
  return { user_id: row.id, email: row.email, name: row.name, role: row.role, created_at: row.created_at, disabled_at: row.disabled_at ?? null };
}

/**
 * Disables a user, or enables one again. Disabled, the user's API keys stop resolving
 * (within the key cache's few seconds, as a revocation does), web sessions and OAuth
 * grants are revoked, and sign-in mail is not sent to the address. Enabling lets the
 * keys work again; sessions and OAuth connections are made anew by signing in.
 */
export async function setUserDisabled(db: Db, clock: Clock, userId: string, disabled: boolean): Promise<{ changed: boolean }> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('users')
      .set({ disabled_at: disabled ? now : null })
      .where('id', '=', userId)
      .where('disabled_at', disabled ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (disabled) {
      await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      await trx
        .updateTable('oauth_grants')
        .set({ revoked_at: now, revoked_reason: 'user disabled' })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return { changed: Number(r.numUpdatedRows) === 1 };
  });
}
