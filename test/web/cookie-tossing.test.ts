import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { freePort, startDoors, WebClient, type Doors } from '../auth/support.js';
import { pkce, register } from '../auth/oauth-support.js';
import { openBrowser, signInWithOutbox, type Browser } from './browser.js';

/**
 * The attack as a browser sees it: a page on another loopback port (cookies ignore ports,
 * and the two are same-site, so Lax cookies go along) plants a second greenroom_csrf cookie
 * for the paths it targets, then submits forms with a token the attacker obtained for it.
 */
let d: Doors;
let b: Browser;
let evil: http.Server;
let evilBase: string;
let evilPage = '';
const EMAIL = 'victim@example.com';

beforeAll(async () => {
  d = await startDoors();
  await createUser(d.instance.db, d.instance, { email: EMAIL, name: 'Victim', role: 'member', grant: 0 });
  const port = await freePort();
  evilBase = `http://127.0.0.1:${port}`;
  evil = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(evilPage));
  await new Promise<void>((resolve) => evil.listen(port, '127.0.0.1', resolve));
  b = await openBrowser();
  await signInWithOutbox(b.page, d.base, d.instance.db, EMAIL);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await d?.stop();
  await new Promise((r) => evil?.close(r));
});

const count = async (table: 'oauth_grants' | 'api_keys') =>
  Number(
    (
      await d.instance.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A page that plants the cookie for `path` and submits a form to `action` on the victim's origin. */
function attackPage(cookie: string, path: string, action: string, fields: Array<[string, string]>): string {
  const inputs = fields.map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('');
  return `<!doctype html><html><body><form id="f" method="post" action="${escape(action)}">${inputs}</form>
<script>document.cookie = 'greenroom_csrf=${cookie}; path=${path}'; document.getElementById('f').submit();</script></body></html>`;
}

it('a page on another loopback port cannot get a grant or a key by planting a CSRF cookie', async () => {
  const attacker = new WebClient(d.base);
  const token = await attacker.csrf('/signin');
  const cookie = attacker.cookies.get('greenroom_csrf')!;
  const reg = await register(d.base, { client_name: 'Evil client', redirect_uris: ['http://127.0.0.1:9/callback'] });
  const { challenge } = pkce();
  const grants = await count('oauth_grants');
  const keys = await count('api_keys');

  evilPage = attackPage(cookie, '/oauth', `${d.base}/oauth/authorize`, [
    ['csrf', token],
    ['response_type', 'code'],
    ['client_id', reg.body.client_id as string],
    ['redirect_uri', 'http://127.0.0.1:9/callback'],
    ['code_challenge', challenge],
    ['code_challenge_method', 'S256'],
    ['resource', `${d.base}/mcp`],
    ['grant_scope', 'read'],
    ['grant_scope', 'write'],
    ['decision', 'approve'],
  ]);
  const consent = b.page.waitForResponse((r) => r.url() === `${d.base}/oauth/authorize` && r.request().method() === 'POST');
  await b.page.goto(`${evilBase}/consent`);
  expect((await consent).status()).toBe(403);

  evilPage = attackPage(cookie, '/settings', `${d.base}/settings/keys`, [
    ['csrf', token],
    ['name', 'stolen'],
    ['scopes', 'read'],
    ['scopes', 'write'],
  ]);
  const key = b.page.waitForResponse((r) => r.url() === `${d.base}/settings/keys` && r.request().method() === 'POST');
  await b.page.goto(`${evilBase}/key`);
  expect((await key).status()).toBe(403);

  expect(await count('oauth_grants')).toBe(grants);
  expect(await count('api_keys')).toBe(keys);

  // The person's own form, on the real page, still works with the planted cookie present.
  await b.page.goto(`${d.base}/settings`);
  await b.page.getByLabel('Name').fill('laptop');
  await b.page.getByRole('button', { name: 'Create key' }).click();
  await b.page.waitForURL(`${d.base}/settings/keys`);
  expect(await b.page.getByRole('heading', { name: 'New API key' }).count()).toBe(1);
  expect(await count('api_keys')).toBe(keys + 1);
});
