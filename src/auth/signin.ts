import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import { enforceDoorLimits } from './limits.js';
import { forgetMail, queueMail } from './mail.js';
import { formatCode, hashCode, hashToken, randomCode, randomToken, safeEqual } from './secrets.js';
import { findUserByEmail, normalizeEmail } from './users.js';

export const SIGNIN_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

const SAME_SITE = 'http://greenroom.invalid';

/**
 * Only same-site paths are followed after sign-in; anything else lands on the settings
 * page. Whitespace, control characters and backslashes are refused outright (browsers drop
 * a tab or newline, so "/\t/evil.example" would become "//evil.example"), and what is left
 * must resolve to this site; the redirect uses the resolved, percent-encoded path.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.length > 2000 || /[\s\p{Cc}\\]/u.test(next)) return '/settings';
  let url: URL;
  try {
    url = new URL(next, SAME_SITE);
  } catch {
    return '/settings';
  }
  if (url.origin !== SAME_SITE) return '/settings';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Starts a sign-in. Web sign-in does not create accounts: an address without one gets no
 * mail, but the row is written and the answer is the same, so the page tells nobody
 * whether an address has an account. (Accounts come from the owner's first start,
 * `greenroom users create`, or a confirmed agent sign-up.)
 */
export async function startSignin(services: Services, args: { email: string; ip: string; next: string }): Promise<{ challengeId: string }> {
  const email = normalizeEmail(args.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new ToolError('invalid_request', 'Enter an e-mail address.');
  const now = services.clock.now();
  await enforceDoorLimits(services, 'signin', { ip: args.ip, email, now });
  // A disabled user is answered as an unknown address: no mail.
  const found = await findUserByEmail(services.db, email);
  const user = found?.disabled_at ? null : found;
  const link = randomToken();
  const code = randomCode();
  const id = services.ids.uuid();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('signin_challenges')
      .values({
        id,
        email,
        user_id: user?.user_id ?? null,
        link_hash: hashToken(link),
        code_hash: hashCode(services.secret, 'signin', code),
        next_path: safeNext(args.next),
        ip: args.ip,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SIGNIN_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute();
    if (user) {
      const url = `${services.config.publicUrl}/signin/link?token=${encodeURIComponent(link)}`;
      await queueMail(
        trx,
        services,
        {
          to: email,
          subject: 'Your Greenroom sign-in link',
          text: [
            'Open this link to sign in to Greenroom:',
            '',
            url,
            '',
            `Or enter this code on the sign-in page: ${formatCode(code)}`,
            '',
            'The link and the code work once, within 15 minutes. If you did not ask to sign in, ignore this mail.',
          ].join('\n'),
        },
        id,
      );
    }
  });
  return { challengeId: id };
}

export interface SigninResult {
  userId: string;
  next: string;
}

/** Spends a link: single use, within its 15 minutes, by one conditional update. */
export async function redeemLink(services: Services, token: string): Promise<SigninResult | null> {
  if (typeof token !== 'string' || token.length > 100) return null;
  const row = await services.db.selectFrom('signin_challenges').selectAll().where('link_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || !row.user_id) return null;
  return (await spend(services, row.id)) ? { userId: row.user_id, next: row.next_path } : null;
}

/** Spends the code of a challenge; five wrong codes end the challenge. */
export async function redeemCode(services: Services, challengeId: string, code: string): Promise<SigninResult | null> {
  const row = await services.db.selectFrom('signin_challenges').selectAll().where('id', '=', challengeId).executeTakeFirst();
  if (!row || row.used_at || row.attempts >= MAX_CODE_ATTEMPTS) return null;
  // An address without an account has a challenge too; no code matches it.
  if (!row.user_id || !safeEqual(hashCode(services.secret, 'signin', code), row.code_hash)) {
    await services.db
      .updateTable('signin_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    // The last wrong code ends the challenge: the mail's link and code are dead too.
    if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) await forgetMail(services.db, [row.id]);
    return null;
  }
  return (await spend(services, row.id)) ? { userId: row.user_id, next: row.next_path } : null;
}

async function spend(services: Services, id: string): Promise<boolean> {
  const now = services.clock.now().toISOString();
  const res = await services.db
    .updateTable('signin_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await forgetMail(services.db, [id]);
  return true;
}
