import { z } from 'zod';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import { createApiKey, revokeApiKey } from '../core/keys.js';
import { createUser } from '../core/users.js';
import { writeAudit } from '../core/audit.js';
import { seal, unseal } from '../core/sealed.js';
import { enforceDoorLimits } from './limits.js';
import { queueMail } from './mail.js';
import { formatCode, hashCode, hashToken, randomCode, randomToken, safeEqual } from './secrets.js';
import { findUserByEmail, normalizeEmail } from './users.js';

export const SIGNUP_TTL_MS = 24 * 3_600_000;
export const POLL_INTERVAL_S = 5;
export const MAX_WRONG_CODES = 5;
const KEY_PURPOSE = 'agent-signup-key';

export const SignupInput = z.strictObject({
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address'),
  // Shown to the person in mail and on the page: printable text only.
  agent_name: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[^\p{C}]+$/u, 'must be printable text'),
});

export type PollStatus = 'pending_confirmation' | 'expired' | 'denied' | 'confirmed';

/**
 * Creates a pending request and mails the person a link; nothing else exists until they
 * confirm. The answer and the work are the same whether or not the address has an account.
 */
export async function createSignup(services: Services, input: z.output<typeof SignupInput>, ip: string) {
  const email = normalizeEmail(input.email);
  const now = services.clock.now();
  await enforceDoorLimits(services, 'agent_signup', { ip, email, now });
  const id = services.ids.uuid();
  const pollSecret = randomToken('grs_');
  const link = randomToken();
  const code = randomCode();
  const expiresAt = new Date(now.getTime() + SIGNUP_TTL_MS).toISOString();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('agent_signups')
      .values({
        id,
        email,
        agent_name: input.agent_name,
        poll_hash: hashToken(pollSecret),
        link_hash: hashToken(link),
        code_hash: hashCode(services.secret, 'agent-signup', code),
        status: 'pending_confirmation',
        ip,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        last_polled_at: null,
        decided_at: null,
        user_id: null,
        key_id: null,
        key_sealed: null,
        key_delivered_at: null,
      })
      .execute();
    // The code is deliberately not in the mail: the person types what the agent shows,
    // which proves the agent and the mailbox belong to the same person.
    await queueMail(
      trx,
      services,
      {
        to: email,
        subject: `Confirm the agent “${input.agent_name}” for Greenroom`,
        text: [
          `An agent calling itself “${input.agent_name}” asks for a Greenroom key (read and write, never send) for ${email}.`,
          '',
          'If you asked it to, open this link and type the code the agent shows you:',
          '',
          `${services.config.publicUrl}/signup/confirm?token=${encodeURIComponent(link)}`,
          '',
          'If you did not, ignore this mail or deny the request on that page. It expires in 24 hours.',
        ].join('\n'),
      },
      id,
    );
  });
  return {
    request_id: id,
    poll_secret: pollSecret,
    user_code: formatCode(code),
    expires_at: expiresAt,
    interval: POLL_INTERVAL_S,
    poll_url: `${services.config.publicUrl}/api/public/v1/agent-signup/${id}`,
  };
}

/** The poll: status, and the key exactly once, taken by a single conditional update. */
export async function pollSignup(
  services: Services,
  requestId: string,
  secret: string,
): Promise<{ status: PollStatus; api_key?: string; scopes?: string[]; expires_at: string }> {
  const row = await services.db.selectFrom('agent_signups').selectAll().where('id', '=', requestId).executeTakeFirst();
  // An unknown request and a wrong secret answer alike.
  if (!row || !safeEqual(hashToken(secret), row.poll_hash)) throw new ToolError('unauthenticated', 'Unknown request or wrong poll secret');
  const now = services.clock.now();
  const earliest = new Date(now.getTime() - POLL_INTERVAL_S * 1000).toISOString();
  const polled = await services.db
    .updateTable('agent_signups')
    .set({ last_polled_at: now.toISOString() })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('last_polled_at', 'is', null), eb('last_polled_at', '<=', earliest)]))
    .executeTakeFirst();
  if (Number(polled.numUpdatedRows) !== 1)
    throw new ToolError('rate_limited', `slow_down: poll at most every ${POLL_INTERVAL_S} s`, { retryAfter: POLL_INTERVAL_S });
  const base = { expires_at: row.expires_at };
  if (row.status === 'denied') return { status: 'denied', ...base };
  if (row.status === 'pending_confirmation') return { status: row.expires_at <= now.toISOString() ? 'expired' : 'pending_confirmation', ...base };
  // RETURNING reads the row as the update leaves it, so the claim sets the delivery time
  // and reads the sealed key; the sealed copy is erased once it has been handed over.
  const taken = await services.db
    .updateTable('agent_signups')
    .set({ key_delivered_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('key_delivered_at', 'is', null)
    .where('key_sealed', 'is not', null)
    .returning('key_sealed')
    .executeTakeFirst();
  if (!taken?.key_sealed) return { status: 'confirmed', ...base };
  await services.db.updateTable('agent_signups').set({ key_sealed: null }).where('id', '=', row.id).execute();
  return { status: 'confirmed', api_key: unseal(services.secret, KEY_PURPOSE, taken.key_sealed), scopes: ['read', 'write'], ...base };
}

export async function findSignupByLink(services: Services, token: string) {
  if (typeof token !== 'string' || token.length > 100) return null;
  return (await services.db.selectFrom('agent_signups').selectAll().where('link_hash', '=', hashToken(token)).executeTakeFirst()) ?? null;
}

export function signupState(services: Services, row: { status: string; expires_at: string }): PollStatus {
  if (row.status === 'pending_confirmation' && row.expires_at <= services.clock.now().toISOString()) return 'expired';
  return row.status as PollStatus;
}

export type ConfirmOutcome = { ok: true; userId: string; created: boolean } | { ok: false; reason: 'wrong_code' | 'voided' | 'not_pending' };

/**
 * The person typed the agent's code. The account is created for a new address (the mail
 * link proved the mailbox); the caller has already required sign-in for an existing one.
 * Send is never granted this way.
 */
export async function confirmSignup(services: Services, rowId: string, code: string): Promise<ConfirmOutcome> {
  const row = await services.db.selectFrom('agent_signups').selectAll().where('id', '=', rowId).executeTakeFirstOrThrow();
  if (signupState(services, row) !== 'pending_confirmation') return { ok: false, reason: 'not_pending' };
  if (!safeEqual(hashCode(services.secret, 'agent-signup', code), row.code_hash)) return wrongCode(services, row.id);
  const existing = await findUserByEmail(services.db, row.email);
  const user =
    existing ??
    (await createUser(services.db, services, { email: row.email, name: row.email.split('@')[0], role: 'member', grant: services.config.signupCredits }));
  const now = services.clock.now().toISOString();
  const done = await services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('agent_signups')
      .set({ status: 'confirmed', decided_at: now, user_id: user.user_id })
      .where('id', '=', row.id)
      .where('status', '=', 'pending_confirmation')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const { key, info } = await createApiKey(trx, services, { userId: user.user_id, name: `agent: ${row.agent_name}`, scopes: ['read', 'write'] });
    await trx
      .updateTable('agent_signups')
      .set({ key_id: info.key_id, key_sealed: seal(services.secret, KEY_PURPOSE, key) })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, services, {
      userId: user.user_id,
      actor: `web:${user.user_id}`,
      action: 'agent_signup.confirmed',
      targetType: 'api_key',
      targetId: info.key_id,
      meta: { agent_name: row.agent_name },
    });
    return true;
  });
  return done ? { ok: true, userId: user.user_id, created: !existing } : { ok: false, reason: 'not_pending' };
}

async function wrongCode(services: Services, id: string): Promise<ConfirmOutcome> {
  const row = await services.db
    .updateTable('agent_signups')
    .set((eb) => ({ wrong_codes: eb('wrong_codes', '+', 1) }))
    .where('id', '=', id)
    .returning('wrong_codes')
    .executeTakeFirstOrThrow();
  if (row.wrong_codes < MAX_WRONG_CODES) return { ok: false, reason: 'wrong_code' };
  await denySignup(services, id);
  return { ok: false, reason: 'voided' };
}

export async function denySignup(services: Services, id: string): Promise<boolean> {
  const res = await services.db
    .updateTable('agent_signups')
    .set({ status: 'denied', decided_at: services.clock.now().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending_confirmation')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The settings list: requests for the person's address and those attached to the account. */
export async function listSignups(services: Services, user: { userId: string; email: string }) {
  return services.db
    .selectFrom('agent_signups')
    .leftJoin('api_keys', 'api_keys.id', 'agent_signups.key_id')
    .select([
      'agent_signups.id',
      'agent_name',
      'status',
      'agent_signups.created_at',
      'expires_at',
      'key_id',
      'key_delivered_at',
      'api_keys.prefix',
      'api_keys.revoked_at',
    ])
    .where((eb) => eb.or([eb('agent_signups.user_id', '=', user.userId), eb('agent_signups.email', '=', user.email)]))
    .orderBy('agent_signups.seq', 'desc')
    .limit(50)
    .execute();
}

/** Revoking a pending request denies it; revoking a confirmed one revokes its key. */
export async function revokeSignup(services: Services, user: { userId: string; email: string }, id: string): Promise<boolean> {
  const row = (await listSignups(services, user)).find((r) => r.id === id);
  if (!row) return false;
  if (row.status === 'pending_confirmation') return denySignup(services, id);
  if (row.status === 'confirmed' && row.key_id && !row.revoked_at) {
    await revokeApiKey(services.db, services.clock, row.key_id);
    return true;
  }
  return false;
}
