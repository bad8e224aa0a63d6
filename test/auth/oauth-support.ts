import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { lastMail } from '../../src/auth/mail.js';
import { codeIn, WebClient, type Doors } from './support.js';

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(base: string, metadata: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(metadata) });
  return { status: res.status, body: await res.json() };
}

export async function token(base: string, form: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** A cookie-keeping client signed in through the mailed code (no SMTP: the outbox). */
export async function signedIn(d: Doors, email: string): Promise<WebClient> {
  const client = new WebClient(d.base);
  const csrf = await client.csrf();
  const seq = async () =>
    Number(
      (
        await d.instance.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.max('seq').as('m'))
          .where('status', '=', 'logged')
          .executeTakeFirst()
      )?.m ?? 0,
    );
  const before = await seq();
  const res = await client.post('/signin', { csrf, email });
  const challenge = new URL(res.headers.get('location')!, d.base).searchParams.get('c')!;
  for (let i = 0; i < 200 && (await seq()) === before; i++) await new Promise((r) => setTimeout(r, 20));
  const mail = await lastMail(d.instance.db);
  expect(mail?.to).toBe(email);
  expect((await client.post('/signin/code', { csrf, challenge, code: codeIn(mail!.body) })).status).toBe(303);
  return client;
}

export function authorizeUrl(base: string, p: Record<string, string | undefined>): string {
  const url = new URL('/oauth/authorize', base);
  for (const [k, v] of Object.entries(p)) if (v !== undefined) url.searchParams.set(k, v);
  return url.pathname + url.search;
}

/** Opens the consent page and approves it; returns the redirect the client receives. */
export async function approve(client: WebClient, path: string, grant: string[] = ['read', 'write']): Promise<URL> {
  const page = await client.get(path);
  const html = await page.text();
  expect(page.status, html.slice(0, 500)).toBe(200);
  const form: Record<string, string | string[]> = { decision: 'approve', grant_scope: grant };
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form[m[1]] = decode(m[2]);
  const res = await client.post('/oauth/authorize', form);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
