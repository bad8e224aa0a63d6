import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { lastMail } from '../../src/auth/mail.js';
import { http } from '../support/clients.js';
import { codeIn, linkIn, startDoors, startSmtp, WebClient, type Doors } from './support.js';

let d: Doors;
const EMAIL = 'grace@example.com';

beforeAll(async () => {
  d = await startDoors();
  await createUser(d.instance.db, d.instance, { email: EMAIL, name: 'Grace', role: 'member', grant: 0 });
});
afterAll(() => d.stop());

async function requestSignin(client: WebClient, email: string, next?: string): Promise<Response> {
  const csrf = await client.csrf(next ? `/signin?next=${encodeURIComponent(next)}` : '/signin');
  return client.post('/signin', { csrf, email, ...(next ? { next } : {}) });
}

async function mailFor(email: string) {
  // Without SMTP the mail is delivered to the outbox and the log just after commit.
  for (let i = 0; i < 100; i++) {
    const mail = await lastMail(d.instance.db);
    if (mail && mail.to === email && mail.status === 'logged') return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${email}`);
}

async function count(table: 'mail_outbox' | 'api_keys'): Promise<number> {
  const row = await d.instance.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('signing in with a mailed link or code', () => {
  it('signs in with the code once; the link of the same mail is then spent too', async () => {
    const client = new WebClient(d.base);
    const res = await requestSignin(client, '  Grace@Example.com ', '/settings?tab=keys');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/signin\/check\?c=[0-9a-f-]{36}$/);
    const mail = await mailFor(EMAIL);
    expect(mail.subject).toMatch(/sign-in link/);
    const code = codeIn(mail.body);
    const challenge = new URL(res.headers.get('location')!, d.base).searchParams.get('c')!;
    const csrf = await client.csrf(`/signin/check?c=${challenge}`);

    const wrong = await client.post('/signin/code', { csrf, challenge, code: 'AAAA-AAAA' });
    expect(wrong.status).toBe(400);
    expect(client.cookies.has('greenroom_session')).toBe(false);

    const right = await client.post('/signin/code', { csrf, challenge, code: code.toLowerCase().replace('-', ' ') });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/settings?tab=keys');
    const cookie = right.headers.getSetCookie().find((c) => c.startsWith('greenroom_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=604800/);
    const settings = await client.get('/settings');
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain(EMAIL);

    const again = new WebClient(d.base);
    const csrf2 = await again.csrf();
    expect((await again.post('/signin/code', { csrf: csrf2, challenge, code })).status).toBe(400);
    const token = new URL(linkIn(mail.body)).searchParams.get('token')!;
    expect((await again.post('/signin/link', { csrf: csrf2, token })).status).toBe(400);
  });

  it('follows only paths of this site after sign-in: a tab, newline or backslash in next lands on the settings page', async () => {
    const client = new WebClient(d.base);
    const res = await requestSignin(client, EMAIL, '/\t/evil.example');
    const challenge = new URL(res.headers.get('location')!, d.base).searchParams.get('c')!;
    const csrf = await client.csrf(`/signin/check?c=${challenge}`);
    const signedIn = await client.post('/signin/code', { csrf, challenge, code: codeIn((await mailFor(EMAIL)).body) });
    expect(signedIn.headers.get('location')).toBe('/settings');
    // Signed in, /signin redirects straight to next: the raw query reaches the guard.
    for (const hostile of [
      '/%09/evil.example',
      '/%0a/x',
      '/%0d%0aSet-Cookie:%20a=b',
      '/%5C/evil.example',
      '/\\evil.example',
      '//evil.example',
      'https://evil.example/',
    ]) {
      const again = await client.get(`/signin?next=${hostile}`);
      expect(again.status, hostile).toBe(303);
      expect(again.headers.get('location'), hostile).toBe('/settings');
    }
    const kept = await client.get(`/signin?next=${encodeURIComponent('/campaigns/abc?tab=review#s2')}`);
    expect(kept.headers.get('location')).toBe('/campaigns/abc?tab=review#s2');
  });

  it('signs in with the link after a button press, once, within 15 minutes', async () => {
    const client = new WebClient(d.base);
    await requestSignin(client, EMAIL);
    const link = linkIn((await mailFor(EMAIL)).body);
    expect(link.startsWith(`${d.base}/signin/link?token=`)).toBe(true);
    const opened = await client.get(link);
    expect(opened.status).toBe(200);
    expect(client.cookies.has('greenroom_session')).toBe(false);
    const html = await opened.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1];
    const token = /name="token" value="([^"]+)"/.exec(html)![1];
    const used = await client.post('/signin/link', { csrf, token });
    expect(used.status).toBe(303);
    expect(used.headers.get('location')).toBe('/settings');
    expect(client.cookies.has('greenroom_session')).toBe(true);
    expect((await new WebClient(d.base).post('/signin/link', { csrf, token })).status).toBe(403);
    // Signed in now, forms carry the session's token: the one from before sign-in is stale.
    expect((await client.post('/signin/link', { csrf, token })).status).toBe(403);
    expect((await client.post('/signin/link', { csrf: await client.csrf(link), token })).status).toBe(400);

    const late = new WebClient(d.base);
    await requestSignin(late, EMAIL);
    const lateLink = linkIn((await mailFor(EMAIL)).body);
    d.clock.advance(15 * 60_000 + 1000);
    const lateCsrf = await late.csrf();
    expect((await late.post('/signin/link', { csrf: lateCsrf, token: new URL(lateLink).searchParams.get('token')! })).status).toBe(400);
  });

  it('answers an address without an account exactly like one with, and sends it nothing', async () => {
    const known = new WebClient(d.base);
    const unknown = new WebClient(d.base);
    const before = await count('mail_outbox');
    const a = await requestSignin(known, EMAIL);
    const b = await requestSignin(unknown, 'nobody@example.com');
    expect([a.status, b.status]).toEqual([303, 303]);
    const pageA = await (await known.get(a.headers.get('location')!)).text();
    const pageB = await (await unknown.get(b.headers.get('location')!)).text();
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    expect(strip(pageB)).toBe(strip(pageA));
    await mailFor(EMAIL);
    expect(await count('mail_outbox')).toBe(before + 1);
    // No code signs in an address without an account.
    const challenge = new URL(b.headers.get('location')!, d.base).searchParams.get('c')!;
    const csrf = await unknown.csrf();
    expect((await unknown.post('/signin/code', { csrf, challenge, code: 'ABCD-2345' })).status).toBe(400);
  });

  it('refuses forms without a matching CSRF token, and frames nothing', async () => {
    const client = new WebClient(d.base);
    expect((await client.post('/signin', { email: EMAIL })).status).toBe(403);
    const other = new WebClient(d.base);
    const foreign = await other.csrf();
    await client.csrf();
    expect((await client.post('/signin', { csrf: foreign, email: EMAIL })).status).toBe(403);
    for (const path of ['/signin', '/signin/check?c=x', '/signin/link?token=x']) {
      const res = await client.get(path);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const settings = await client.get('/settings');
    expect(settings.status).toBe(303);
    expect(settings.headers.get('location')).toBe('/signin?next=%2Fsettings');
  });

  it('limits sign-in mail per address', async () => {
    const client = new WebClient(d.base);
    const email = 'limited@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestSignin(client, email)).status);
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  });
});

describe('the settings page and API keys', () => {
  async function signedIn(): Promise<WebClient> {
    const client = new WebClient(d.base);
    const res = await requestSignin(client, EMAIL);
    const challenge = new URL(res.headers.get('location')!, d.base).searchParams.get('c')!;
    const code = codeIn((await mailFor(EMAIL)).body);
    const csrf = await client.csrf();
    expect((await client.post('/signin/code', { csrf, challenge, code })).status).toBe(303);
    return client;
  }

  it('creates a key shown once, lists it with its last use, and revokes it', async () => {
    const client = await signedIn();
    const csrf = await client.csrf('/settings');
    const created = await client.post('/settings/keys', { csrf, name: 'laptop', scopes: ['read', 'write'] });
    expect(created.status).toBe(201);
    const key = /id="new-key"[^>]*value="(grn_[^"]+)"/.exec(await created.text())![1];
    expect((await http(d.base, 'GET', '/whoami', { key })).body.data).toMatchObject({ scopes: ['read', 'write'] });
    const listed = await (await client.get('/settings')).text();
    expect(listed).toContain('laptop');
    expect(listed).not.toContain(key);
    expect(listed).toContain(key.slice(0, 10));
    const keyId = /action="\/settings\/keys\/([0-9a-f-]{36})\/revoke"/.exec(listed)![1];
    const revoked = await client.post(`/settings/keys/${keyId}/revoke`, { csrf });
    expect(revoked.status).toBe(303);
    expect((await http(d.base, 'GET', '/whoami', { key })).status).toBe(401);
  });

  it('asks again before minting a key that can send', async () => {
    const client = await signedIn();
    const csrf = await client.csrf('/settings');
    const keys = await count('api_keys');
    const asked = await client.post('/settings/keys', { csrf, name: 'pusher', scopes: ['read', 'send'] });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toMatch(/Yes, create a key that can send/);
    expect(await count('api_keys')).toBe(keys);
    const confirmed = await client.post('/settings/keys', { csrf, name: 'pusher', scopes: ['read', 'send'], confirm_send: 'yes' });
    expect(confirmed.status).toBe(201);
    const key = /value="(grn_[^"]+)"/.exec(await confirmed.text())![1];
    expect((await http(d.base, 'GET', '/whoami', { key })).body.data).toMatchObject({ scopes: ['read', 'send'] });
  });

  it('does not revoke another person’s key', async () => {
    const client = await signedIn();
    const csrf = await client.csrf('/settings');
    const other = await createUser(d.instance.db, d.instance, { email: 'other@example.com', name: 'Other', role: 'member', grant: 0 });
    const { createApiKey } = await import('../../src/core/keys.js');
    const { key, info } = await createApiKey(d.instance.db, d.instance, { userId: other.user_id, name: 'theirs', scopes: ['read'] });
    expect((await client.post(`/settings/keys/${info.key_id}/revoke`, { csrf })).status).toBe(404);
    expect((await http(d.base, 'GET', '/whoami', { key })).status).toBe(200);
  });
});

describe('cookies on an https deployment, and mail over SMTP', () => {
  it('uses __Host- cookies with Secure when the public URL is https', async () => {
    const https = await startDoors({ GREENROOM_PUBLIC_URL: 'https://greenroom.example' });
    try {
      const res = await fetch(`${https.base}/signin`);
      const cookie = res.headers.getSetCookie()[0];
      expect(cookie).toMatch(/^__Host-greenroom_csrf=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Domain=/);
    } finally {
      await https.stop();
    }
  });

  it('delivers the sign-in mail to a real SMTP server and keeps no copy of its body', async () => {
    const smtp = await startSmtp();
    const s = await startDoors({ GREENROOM_SMTP_URL: smtp.url, GREENROOM_MAIL_FROM: 'Greenroom <signin@greenroom.example>' });
    try {
      await createUser(s.instance.db, s.instance, { email: EMAIL, name: 'Grace', role: 'member', grant: 0 });
      const client = new WebClient(s.base);
      const csrf = await client.csrf();
      const res = await client.post('/signin', { csrf, email: EMAIL });
      const mail = await smtp.next();
      expect(mail.to).toEqual([EMAIL]);
      expect(mail.raw).toMatch(/From: Greenroom <signin@greenroom\.example>/);
      const challenge = new URL(res.headers.get('location')!, s.base).searchParams.get('c')!;
      expect((await client.post('/signin/code', { csrf, challenge, code: codeIn(mail.text) })).status).toBe(303);
      let row = await lastMail(s.instance.db);
      for (let i = 0; i < 50 && row?.status !== 'sent'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        row = await lastMail(s.instance.db);
      }
      expect(row).toMatchObject({ status: 'sent', body: '' });
    } finally {
      await s.stop();
      await smtp.close();
    }
  });
});
