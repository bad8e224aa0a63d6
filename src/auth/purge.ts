import type { Db } from '../../db/index.js';

const DAY = 86_400_000;

/**
 * Spent and expired door records are kept a day (or a week for what a person may look
 * at in settings) and then removed, so the tables hold what is live.
 */
export async function purgeExpiredAuth(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * DAY).toISOString();
  await db.deleteFrom('signin_challenges').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('sessions').where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)])).execute();
  await db.deleteFrom('oauth_codes').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('oauth_tokens').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('mail_outbox').where('status', 'in', ['sent', 'logged', 'failed']).where('created_at', '<', weekAgo).execute();
  // Unconfirmed requests go a week after they lapse; confirmed ones stay listed in settings.
  await db.deleteFrom('agent_signups').where('status', '!=', 'confirmed').where('expires_at', '<', weekAgo).execute();
}
