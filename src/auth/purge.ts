import type { Db } from '../../db/index.js';
import { forgetMail } from './mail.js';
import { MAX_CODE_ATTEMPTS } from './signin.js';

const DAY = 86_400_000;

/**
 * Spent and expired door records are kept a day (or a week for what a person may look
 * at in settings) and then removed, so the tables hold what is live.
 */
export async function purgeExpiredAuth(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * DAY).toISOString();
  const at = now.toISOString();
  // Mail whose link or code can no longer be used keeps no copy of them (mail sent over SMTP has none already).
  const deadSignins = await db
    .selectFrom('signin_challenges')
    .innerJoin('mail_outbox', 'mail_outbox.id', 'signin_challenges.id')
    .select('signin_challenges.id')
    .where('mail_outbox.body', '!=', '')
    .where((eb) =>
      eb.or([
        eb('signin_challenges.used_at', 'is not', null),
        eb('signin_challenges.expires_at', '<=', at),
        eb('signin_challenges.attempts', '>=', MAX_CODE_ATTEMPTS),
      ]),
    )
    .execute();
  const deadSignups = await db
    .selectFrom('agent_signups')
    .innerJoin('mail_outbox', 'mail_outbox.id', 'agent_signups.id')
    .select('agent_signups.id')
    .where('mail_outbox.body', '!=', '')
    .where((eb) => eb.or([eb('agent_signups.status', '!=', 'pending_confirmation'), eb('agent_signups.expires_at', '<=', at)]))
    .execute();
  for (const rows of [deadSignins, deadSignups])
    await forgetMail(
      db,
      rows.map((r) => r.id),
    );
  await db.deleteFrom('signin_challenges').where('expires_at', '<', dayAgo).execute();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
    .execute();
  await db.deleteFrom('oauth_codes').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('oauth_tokens').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('mail_outbox').where('status', 'in', ['sent', 'logged', 'failed']).where('created_at', '<', weekAgo).execute();
  // Unconfirmed requests go a week after they lapse; confirmed ones stay listed in settings.
  await db.deleteFrom('agent_signups').where('status', '!=', 'confirmed').where('expires_at', '<', weekAgo).execute();
}
