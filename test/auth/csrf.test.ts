import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { startServer } from '../../src/cli/serve.js';
import { makeInstance } from '../support/instance.js';
import { freePort, startDoors, WebClient, type Doors } from './support.js';
import { authorizeUrl, pkce, register, signedIn } from './oauth-support.js';

/**
 * Cookie tossing: a page on another loopback port (cookies ignore ports) plants a second
 * greenroom_csrf cookie with a more specific path, so the browser sends it first, and posts
 * a form with a token it obtained for that cookie from its own GET /signin.
 */
let d: Doors;
let person: WebClient;
const CALLBACK = 'http://127.0.0.1:9/callback';
let evilOrigin: string;

beforeAll(async () => {
  d = await startDoors();
  evilOrigin = `http://127.0.0.1:${await freePort()}`;
  await createUser(d.instance.db, d.instance, { email: 'vic@example.com', name: 'Vic', role: 'member', grant: 0 });
  person = await signedIn(d, 'vic@example.com');
});
afterAll(() => d.stop());

/** What the attacker holds: a CSRF cookie value of its own and the token the server gave for it. */
async function attackerPair(): Promise<{ cookie: string; token: string }> {
  const attacker = new WebClient(d.base);
  const token = await attacker.csrf('/signin');
  return { cookie: attacker.cookies.get('greenroom_csrf')!, token };
}

/** A raw form post with exactly the cookie header and origin given. */
async function rawPost(path: string, cookie: string, form: Record<string, string | string[]>, headers: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return fetch(`${d.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

const victimCookies = (): string => [...person.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function consentForm(): Promise<Record<string, string | string[]>> {
  const reg = await register(d.base, { client_name: 'Evil client', redirect_uris: [CALLBACK] });
  const { challenge } = pkce();
  return {
    response_type: 'code',
    client_id: reg.body.client_id,
    redirect_uri: CALLBACK,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${d.base}/mcp`,
    decision: 'approve',
    grant_scope: ['read', 'write'],
  };
}

const keyCount = async () =>
  Number(
    (
      await d.instance.db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const grantCount = async () =>
  Number(
    (
      await d.instance.db
        .selectFrom('oauth_grants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('forms against cookie tossing', () => {
  it('refuses a planted second CSRF cookie with its own token, on consent and key creation', async () => {
    const { cookie, token } = await attackerPair();
    // Sent first (more specific path), before the victim's own cookies.
    const tossed = `greenroom_csrf=${cookie}; ${victimCookies()}`;
    const grants = await grantCount();
    const keys = await keyCount();
    for (const origin of [d.base, evilOrigin]) {
      const consent = await rawPost('/oauth/authorize', tossed, { ...(await consentForm()), csrf: token }, { origin });
      expect(consent.status).toBe(403);
      const key = await rawPost('/settings/keys', tossed, { csrf: token, name: 'stolen', scopes: ['read', 'write'] }, { origin });
      expect(key.status).toBe(403);
    }
    expect(await grantCount()).toBe(grants);
    expect(await keyCount()).toBe(keys);
    // The refusal expires the planted cookie at the paths above the form's, never ours at "/".
    const refused = await rawPost('/settings/keys', tossed, { csrf: token, name: 'stolen', scopes: ['read'] }, { origin: d.base });
    const cleared = refused.headers.getSetCookie().filter((c) => c.startsWith('greenroom_csrf=;'));
    expect(cleared.map((c) => /Path=([^;]+)/i.exec(c)?.[1]).sort()).toEqual(['/settings', '/settings/keys']);
    // The person's own form, with its session-bound token, still works while the planted cookie is there.
    const own = await person.csrf('/settings');
    expect((await rawPost('/settings/keys', tossed, { csrf: own, name: 'mine', scopes: ['read'] }, { origin: d.base })).status).toBe(201);
    expect(await keyCount()).toBe(keys + 1);
  });

  it('refuses the planted cookie and its token on every signed-in form', async () => {
    const { cookie, token } = await attackerPair();
    const tossed = `greenroom_csrf=${cookie}; ${victimCookies()}`;
    const id = '00000000-0000-4000-8000-000000000000';
    const forms: Array<[string, Record<string, string | string[]>]> = [
      ['/settings/sending', { tool: 'webhook', name: 'x', api_key: 'k'.repeat(32), url: 'https://hooks.example/x' }],
      [`/settings/sending/${id}/delete`, {}],
      [`/settings/keys/${id}/revoke`, {}],
      [`/settings/grants/${id}/revoke`, {}],
      [`/settings/signups/${id}/revoke`, {}],
      ['/settings/profile', { sender_name: 'Mallory' }],
      [`/campaigns/${id}/messages/${id}`, { body: 'x' }],
      [`/campaigns/${id}/messages/${id}/approve`, {}],
      [`/campaigns/${id}/rescores`, {}],
      [`/campaigns/${id}/rewrites`, { instruction: 'x' }],
      [`/campaigns/${id}/runs`, {}],
      [`/campaigns/${id}/push`, { confirm: 'yes' }],
      ['/signout', {}],
    ];
    for (const [path, form] of forms) {
      for (const origin of [d.base, evilOrigin]) {
        expect((await rawPost(path, tossed, { ...form, csrf: token }, { origin })).status, `${path} from ${origin}`).toBe(403);
      }
    }
    // Still signed in: the sign-out form was refused too.
    expect((await person.get('/settings')).status).toBe(200);
  });

  it('binds the token of a signed-in form to the session, not to the CSRF cookie', async () => {
    const { cookie, token } = await attackerPair();
    // Even if the planted cookie were the only one sent, its token does not fit the session.
    const session = [...person.cookies].filter(([k]) => k !== 'greenroom_csrf').map(([k, v]) => `${k}=${v}`);
    const replaced = [`greenroom_csrf=${cookie}`, ...session].join('; ');
    const keys = await keyCount();
    expect((await rawPost('/settings/keys', replaced, { csrf: token, name: 'stolen', scopes: ['read'] }, { origin: d.base })).status).toBe(403);
    expect((await rawPost('/oauth/authorize', replaced, { ...(await consentForm()), csrf: token }, { origin: d.base })).status).toBe(403);
    expect(await keyCount()).toBe(keys);
    // The page's own token still works, and a token from before sign-in does not.
    const own = await person.csrf('/settings');
    expect((await person.post('/settings/keys', { csrf: own, name: 'mine', scopes: ['read'] })).status).toBe(201);
    expect(await keyCount()).toBe(keys + 1);
  });

  it('requires the exact public origin in Origin, or in Referer when Origin is absent', async () => {
    const own = await person.csrf('/settings');
    const keys = await keyCount();
    const form = { csrf: own, name: 'origin-test', scopes: ['read'] };
    expect((await rawPost('/settings/keys', victimCookies(), form, { origin: evilOrigin })).status).toBe(403);
    expect((await rawPost('/settings/keys', victimCookies(), form, { origin: 'http://localhost:' + new URL(d.base).port })).status).toBe(403);
    expect((await rawPost('/settings/keys', victimCookies(), form, { origin: 'null' })).status).toBe(403);
    expect((await rawPost('/settings/keys', victimCookies(), form, {})).status).toBe(403);
    expect((await rawPost('/settings/keys', victimCookies(), form, { referer: `${evilOrigin}/settings` })).status).toBe(403);
    expect(await keyCount()).toBe(keys);
    expect((await rawPost('/settings/keys', victimCookies(), form, { referer: `${d.base}/settings` })).status).toBe(201);
    expect((await rawPost('/settings/keys', victimCookies(), form, { origin: d.base })).status).toBe(201);
    expect(await keyCount()).toBe(keys + 2);
  });

  it('refuses a pre-sign-in form that carries two CSRF cookies', async () => {
    const { cookie, token } = await attackerPair();
    const visitor = new WebClient(d.base);
    await visitor.csrf('/signin');
    const mine = visitor.cookies.get('greenroom_csrf')!;
    const before = Number(
      (
        await d.instance.db
          .selectFrom('signin_challenges')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await rawPost('/signin', `greenroom_csrf=${cookie}; greenroom_csrf=${mine}`, { csrf: token, email: 'vic@example.com' }, { origin: d.base });
    expect(res.status).toBe(403);
    const after = Number(
      (
        await d.instance.db
          .selectFrom('signin_challenges')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
    // One cookie and its own token pass.
    expect((await rawPost('/signin', `greenroom_csrf=${cookie}`, { csrf: token, email: 'vic@example.com' }, { origin: d.base })).status).toBe(303);
  });

  it('still lets the consent page be approved by the person, from the page itself', async () => {
    const form = await consentForm();
    const page = await person.get(authorizeUrl(d.base, { ...(form as Record<string, string>), grant_scope: undefined, decision: undefined }));
    expect(page.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];
    const res = await person.post('/oauth/authorize', { ...form, csrf });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });
});

describe('without GREENROOM_PUBLIC_URL', () => {
  it('takes the origin the request was addressed to, and still refuses a sibling port', async () => {
    const port = await freePort();
    const t = await makeInstance({ GREENROOM_PORT: String(port) });
    const running = await startServer(t.instance.config, t.instance);
    try {
      // Opened by another name of this machine than the default public URL's.
      const base = `http://localhost:${port}`;
      const client = new WebClient(base);
      const csrf = await client.csrf('/signin');
      const cookie = `greenroom_csrf=${client.cookies.get('greenroom_csrf')}`;
      const post = (origin: string) =>
        fetch(`${base}/signin`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrf, email: 'x@example.com' }),
        });
      expect((await post(`http://localhost:${await freePort()}`)).status).toBe(403);
      expect((await post(`http://127.0.0.1:${await freePort()}`)).status).toBe(403);
      expect((await post(base)).status).toBe(303);
    } finally {
      await running.stop();
      await t.close();
    }
  });
});
