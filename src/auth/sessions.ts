import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Services } from '../context.js';
import { findUserById } from './users.js';
import { hashToken, randomToken, safeEqual, sign } from './secrets.js';
import { noteCaller } from './caller.js';

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
  setCookie(
    c,
    cookieName(services, 'greenroom_session'),
    `${token}.${sign(services.secret, 'session', token)}`,
    cookieOptions(services, SESSION_DAYS * 86_400),
  );
  switched.set(c, token);
  issued.delete(c);
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
  switched.set(c, null);
  issued.delete(c);
}

/**
 * CSRF. Every form carries a token, and every form post must come from a page of the public
 * URL's own origin (Origin, or Referer when a browser sends no Origin).
 * - Signed in, the token is derived from the session: a cookie planted by a sibling origin
 *   (cookies ignore ports, and a page on another loopback port can set them) does not change
 *   the session, so a token obtained for the planted cookie fits nothing, and the person's
 *   own forms keep working beside it. A post carrying the session cookie twice is refused.
 * - Before sign-in (the sign-in and confirmation forms), the token is derived from a random
 *   per-browser cookie (HttpOnly, SameSite=Lax); a post carrying that cookie twice, which is
 *   what planting a second one with a narrower path gives, is refused.
 */
const issued = new WeakMap<Context, string>();
/** A session started or ended while answering this request: forms on its page bind to it. */
const switched = new WeakMap<Context, string | null>();

/** The values of every cookie of that name the request carries, in the order sent. */
function cookieValues(c: Context, name: string): string[] {
  const out: string[] = [];
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/** The session secret of a correctly signed session cookie, or null. */
function sessionSecret(c: Context, services: Services): string | null {
  if (switched.has(c)) return switched.get(c) ?? null;
  const raw = getCookie(c, cookieName(services, 'greenroom_session'));
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  const token = raw.slice(0, dot);
  return dot > 0 && safeEqual(raw.slice(dot + 1), sign(services.secret, 'session', token)) ? token : null;
}

export function csrfToken(c: Context, services: Services): string {
  const known = issued.get(c);
  if (known) return known;
  const session = sessionSecret(c, services);
  let token: string;
  if (session) {
    token = sign(services.secret, 'csrf-session', session);
  } else {
    const name = cookieName(services, 'greenroom_csrf');
    let value = getCookie(c, name);
    if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) {
      value = randomToken();
      setCookie(c, name, value, cookieOptions(services, 365 * 86_400));
    }
    token = sign(services.secret, 'csrf', value);
  }
  issued.set(c, token);
  return token;
}

/**
 * Whether the post comes from a page of the public URL's origin, exactly (no other port,
 * name or scheme): Origin, or Referer when the browser sends no Origin. With no
 * GREENROOM_PUBLIC_URL set (loopback development, where the port may be chosen at start),
 * the origin the request was addressed to counts too: still not a sibling port.
 */
export function fromPublicOrigin(c: Context, services: Services): boolean {
  const expected = new Set([new URL(services.config.publicUrl).origin]);
  const host = c.req.header('host');
  if (!services.config.publicUrlSet && host) expected.add(`http://${host.toLowerCase()}`);
  const origin = c.req.header('origin');
  if (origin !== undefined) return expected.has(origin);
  const referer = c.req.header('referer');
  if (!referer) return false;
  try {
    return expected.has(new URL(referer).origin);
  } catch {
    return false;
  }
}

/**
 * After a refused post: a CSRF cookie planted for a narrower path than ours is expired at
 * each path above the request's (ours lives at "/", which is left alone), so a reload works
 * again. Only on plain http: a `__Host-` cookie cannot be planted with another path.
 */
export function dropPlantedCsrfCookies(c: Context, services: Services): void {
  const name = cookieName(services, 'greenroom_csrf');
  if (isHttps(services) || cookieValues(c, name).length < 2) return;
  const parts = c.req.path.split('/').filter(Boolean);
  for (let i = parts.length; i >= 1; i--) {
    setCookie(c, name, '', { path: `/${parts.slice(0, i).join('/')}`, maxAge: 0 });
  }
}

export function csrfValid(c: Context, services: Services, submitted: unknown): boolean {
  if (typeof submitted !== 'string' || !fromPublicOrigin(c, services)) return false;
  if (cookieValues(c, cookieName(services, 'greenroom_session')).length > 1) return false;
  const session = sessionSecret(c, services);
  // Signed in, the token binds to the session: a CSRF cookie planted beside ours changes nothing,
  // so the person's own forms keep working while it is there.
  if (session) return safeEqual(submitted, sign(services.secret, 'csrf-session', session));
  const csrfName = cookieName(services, 'greenroom_csrf');
  if (cookieValues(c, csrfName).length > 1) return false;
  const value = getCookie(c, csrfName);
  if (!value) return false;
  return safeEqual(submitted, sign(services.secret, 'csrf', value));
}
