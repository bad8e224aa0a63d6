import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Services } from '../context.js';
import { findUserById } from './users.js';
import { hashToken, randomToken, safeEqual, sign } from './secrets.js';
import { noteCaller } from '../http/request-log.js';

export const SESSION_DAYS = 7;

export interface WebUser {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
}

/**
 * Cookies are `__Host-` prefixed when the service is public over https (no Domain, Path=/,
 * Secure, so no sibling host can set or read them); on plain http, which only loopback
 * development uses, the browser would drop a Secure cookie, so the plain name is used.
 */
function cookieName(services: Services, base: string): string {
  return isHttps(services) ? `__Host-${base}` : base;
}

const isHttps = (services: Services): boolean => services.config.publicUrl.startsWith('https:');

function cookieOptions(services: Services, maxAge: number) {
  return { path: '/', httpOnly: true, sameSite: 'Lax' as const, secure: isHttps(services), maxAge };
}

/** Creates a session and sets its signed cookie. */
export async function startSession(c: Context, services: Services, userId: string): Promise<void> {
  const token = randomToken();
  const now = services.clock.now();
  await services.db
    .insertInto('sessions')
    .values({
      id: services.ids.uuid(),
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      revoked_at: null,
    })
    .execute();
  setCookie(c, cookieName(services, 'greenroom_session'), `${token}.${sign(services.secret, 'session', token)}`, cookieOptions(services, SESSION_DAYS * 86_400));
}

/** The signed-in person, or null: a missing, forged, expired or revoked cookie all read as signed out. */
export async function currentUser(c: Context, services: Services): Promise<WebUser | null> {
  const raw = getCookie(c, cookieName(services, 'greenroom_session'));
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  const token = raw.slice(0, dot);
  if (dot < 1 || !safeEqual(raw.slice(dot + 1), sign(services.secret, 'session', token))) return null;
  const row = await services.db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= services.clock.now().toISOString()) return null;
  const user = await findUserById(services.db, row.user_id);
  if (user) noteCaller(c, { userId: user.user_id });
  return user ? { userId: user.user_id, email: user.email, name: user.name, sessionId: row.id } : null;
}

export async function endSession(c: Context, services: Services, user: WebUser | null): Promise<void> {
  if (user) await services.db.updateTable('sessions').set({ revoked_at: services.clock.now().toISOString() }).where('id', '=', user.sessionId).execute();
  setCookie(c, cookieName(services, 'greenroom_session'), '', cookieOptions(services, 0));
}

/**
 * CSRF: every form carries a token derived from a random per-browser cookie (HttpOnly,
 * SameSite=Lax). Another site can neither read the cookie nor compute the token, and the
 * token exists before sign-in, so the sign-in form itself is covered.
 */
const issued = new WeakMap<Context, string>();

export function csrfToken(c: Context, services: Services): string {
  const known = issued.get(c);
  if (known) return known;
  const name = cookieName(services, 'greenroom_csrf');
  let value = getCookie(c, name);
  if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) {
    value = randomToken();
    setCookie(c, name, value, cookieOptions(services, 365 * 86_400));
  }
  const token = sign(services.secret, 'csrf', value);
  issued.set(c, token);
  return token;
}

export function csrfValid(c: Context, services: Services, submitted: unknown): boolean {
  const value = getCookie(c, cookieName(services, 'greenroom_csrf'));
  if (!value || typeof submitted !== 'string') return false;
  return safeEqual(submitted, sign(services.secret, 'csrf', value));
}
