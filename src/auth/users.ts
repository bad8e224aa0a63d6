import type { Db } from '../../db/index.js';
import { findUserByEmail, type UserInfo } from '../core/users.js';

export async function findUserById(db: Db, userId: string): Promise<UserInfo | null> {
  const row = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'created_at', 'disabled_at']).where('id', '=', userId).executeTakeFirst();
  return row ? { user_id: row.id, email: row.email, name: row.name, role: row.role, created_at: row.created_at, disabled_at: row.disabled_at ?? null } : null;
}

/** The shape a person's address is compared in: trimmed and lower-cased, as users.email is stored. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export { findUserByEmail };
