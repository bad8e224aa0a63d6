import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { http } from '../support/clients.js';
import { loadDoc, makeValidator, operations } from '../fuzz/doc.js';
import { codeIn, linkIn, startDoors, startSmtp, WebClient, type Doors } from './support.js';

let d: Doors;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  d = await startDoors({ GREENROOM_SMTP_URL: smtp.url });
});
afterAll(async () => {
  await d.stop();
  await smtp.close();
});

const signup = (body: unknown, headers: Record<string, string> = {}) => http<any>(d.base, 'POST', '/agent-signup', { body, headers });
const poll = (id: string, secret?: string) => http<any>(d.base, 'GET', `/agent-signup/${id}`, secret ? { key: secret } : {});

async function count(table: 'users' | 'api_keys'): Promise<number> {
  return Number(
    (
      await d.instance.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** Opens the mailed link in a cookie-keeping client and submits the form. */
async function submit(client: WebClient, link: string, form: Record<string, string>): Promise<Response> {
  const csrf = await client.csrf();
  const token = new URL(link).searchParams.get('token')!;
  return client.post('/signup/confirm', { csrf, token, ...form });
}

async function start(email: string, agent = 'Claude Code') {
  const res = await signup({ email, agent_name: agent });
  expect(res.status).toBe(200);
  const mail = await smtp.next();
  expect(mail.to).toEqual([email.toLowerCase()]);
  return { ...(res.body.data as { request_id: string; poll_secret: string; user_code: string; expires_at: string; interval: number }), mail };
}

describe('agent sign-up over HTTP, with the mail through a real SMTP server', () => {
  it('creates nothing but a request, mails a link without the code, and confirms into a new account', async () => {
    const [users, keys] = [await count('users'), await count('api_keys')];
    const req = await start('new-person@example.com');
    expect(req).toMatchObject({ interval: 5, expires_at: new Date(d.clock.now().getTime() + 86_400_000).toISOString() });
    expect(req.user_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$/);
    expect(req.poll_secret).toMatch(/^grs_/);
    expect([await count('users'), await count('api_keys')]).toEqual([users, keys]);
    expect(req.mail.text).toContain('Claude Code');
    expect(req.mail.text).not.toContain(req.user_code);
    expect(req.mail.text).not.toContain(req.user_code.replace('-', ''));

    expect((await poll(req.request_id)).status).toBe(401);
    expect((await poll(req.request_id, 'grs_wrong')).status).toBe(401);
    const first = await poll(req.request_id, req.poll_secret);
    expect(first.body).toMatchObject({ ok: true, tool: 'get_agent_signup', data: { status: 'pending_confirmation' } });
    const fast = await poll(req.request_id, req.poll_secret);
    expect(fast.status).toBe(429);
    expect(fast.headers.get('retry-after')).toBe('5');
    expect(fast.body).toMatchObject({ ok: false, data: null, error: { code: 'rate_limited', message: expect.stringMatching(/^slow_down: /) } });

    const client = new WebClient(d.base);
    const link = linkIn(req.mail.text);
    const page = await (await client.get(link)).text();
    expect(page).toContain('Claude Code');
    expect(page).not.toContain(req.user_code);
    expect((await submit(client, link, { action: 'confirm', code: 'ZZZZ-ZZZZ' })).status).toBe(400);
    const confirmed = await submit(client, link, { action: 'confirm', code: req.user_code.toLowerCase() });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toMatch(/account was created/);
    expect(client.cookies.has('greenroom_session')).toBe(true);

    d.clock.advance(5_000);
    const done = await poll(req.request_id, req.poll_secret);
    expect(done.body.data).toMatchObject({ status: 'confirmed', scopes: ['read', 'write'] });
    const key = done.body.data.api_key as string;
    const who = await http<any>(d.base, 'GET', '/whoami', { key });
    expect(who.body.data.scopes).toEqual(['read', 'write']);
    d.clock.advance(5_000);
    const again = await poll(req.request_id, req.poll_secret);
    expect(again.body.data.status).toBe('confirmed');
    expect(again.body.data.api_key).toBeUndefined();
    // The link is spent: the page now only reports the state.
    expect(await (await client.get(link)).text()).toMatch(/is confirmed/);
  });

  it('hands the key to exactly one of several simultaneous polls', async () => {
    const req = await start('race@example.com');
    const client = new WebClient(d.base);
    expect((await submit(client, linkIn(req.mail.text), { action: 'confirm', code: req.user_code })).status).toBe(200);
    d.clock.advance(60_000);
    const polls = await Promise.all(Array.from({ length: 6 }, () => poll(req.request_id, req.poll_secret)));
    expect(polls.filter((p) => p.body.data?.api_key).length).toBe(1);
    d.clock.advance(60_000);
    expect((await poll(req.request_id, req.poll_secret)).body.data.api_key).toBeUndefined();
  });

  it('attaches to an existing account only after its owner signs in', async () => {
    const owner = await createUser(d.instance.db, d.instance, { email: 'existing@example.com', name: 'Existing', role: 'member', grant: 0 });
    const req = await start('Existing@Example.com');
    const link = linkIn(req.mail.text);
    const client = new WebClient(d.base);
    const gated = await client.get(link);
    expect(await gated.text()).toMatch(/already has an account\. Sign in/);
    expect((await submit(client, link, { action: 'confirm', code: req.user_code })).status).toBe(400);

    const stranger = await createUser(d.instance.db, d.instance, { email: 'stranger@example.com', name: 'S', role: 'member', grant: 0 });
    expect(stranger.user_id).toBeTruthy();
    await signIn(client, 'stranger@example.com');
    expect(await (await client.get(link)).text()).toMatch(/signed in as stranger@example\.com/);
    expect((await submit(client, link, { action: 'confirm', code: req.user_code })).status).toBe(400);

    const mine = new WebClient(d.base);
    await signIn(mine, 'existing@example.com');
    expect((await submit(mine, link, { action: 'confirm', code: req.user_code })).status).toBe(200);
    d.clock.advance(5_000);
    const key = (await poll(req.request_id, req.poll_secret)).body.data.api_key as string;
    expect((await http<any>(d.base, 'GET', '/whoami', { key })).body.data.user_id).toBe(owner.user_id);

    const settings = await (await mine.get('/settings')).text();
    expect(settings).toContain('Claude Code');
    const csrf = /name="csrf" value="([^"]+)"/.exec(settings)![1];
    expect((await mine.post(`/settings/signups/${req.request_id}/revoke`, { csrf })).status).toBe(303);
    expect((await http(d.base, 'GET', '/whoami', { key })).status).toBe(401);
  });

  it('voids a request after five wrong codes, and reports denial and expiry', async () => {
    const voided = await start('voided@example.com');
    const client = new WebClient(d.base);
    const link = linkIn(voided.mail.text);
    for (let i = 0; i < 5; i++) expect((await submit(client, link, { action: 'confirm', code: 'WRNG-CODE' })).status).toBe(400);
    expect((await submit(client, link, { action: 'confirm', code: voided.user_code })).status).toBe(400);
    expect((await poll(voided.request_id, voided.poll_secret)).body.data.status).toBe('denied');

    const denied = await start('denier@example.com');
    expect((await submit(new WebClient(d.base), linkIn(denied.mail.text), { action: 'deny' })).status).toBe(200);
    expect((await poll(denied.request_id, denied.poll_secret)).body.data.status).toBe('denied');

    const late = await start('late@example.com');
    d.clock.advance(24 * 3_600_000 + 1_000);
    expect((await poll(late.request_id, late.poll_secret)).body.data.status).toBe('expired');
    const users = await count('users');
    expect((await submit(new WebClient(d.base), linkIn(late.mail.text), { action: 'confirm', code: late.user_code })).status).toBe(400);
    expect(await count('users')).toBe(users);
  });

  it('answers the same for an address with or without an account, and refuses bad input', async () => {
    await createUser(d.instance.db, d.instance, { email: 'has-account@example.com', name: 'H', role: 'member', grant: 0 });
    const a = await signup({ email: 'has-account@example.com', agent_name: 'Bot' });
    const b = await signup({ email: 'no-account@example.com', agent_name: 'Bot' });
    await smtp.next();
    await smtp.next();
    expect(a.status).toBe(b.status);
    expect(Object.keys(a.body.data).sort()).toEqual(Object.keys(b.body.data).sort());
    expect(a.headers.get('cache-control')).toBe('no-store');

    for (const bad of [
      { email: 'x@example.com' },
      { email: 'not-an-address', agent_name: 'Bot' },
      { email: 'x@example.com', agent_name: 'Bot', scopes: ['send'] },
      { email: 'x@example.com', agent_name: '' },
    ]) {
      const res = await signup(bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, tool: 'agent_signup', error: { code: 'invalid_request' } });
    }
    const notJson = await http<any>(d.base, 'POST', '/agent-signup', { rawBody: '{"email":' });
    expect(notJson.body.error?.code).toBe('invalid_request');
    expect((await poll('not-a-uuid', 'x')).status).toBe(400);
  });

  it('limits requests per e-mail address and per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signup({ email: 'limit@example.com', agent_name: `Bot ${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    d.clock.advance(3_600_000 + 1_000);
    const perIp: number[] = [];
    for (let i = 0; i < 11; i++) perIp.push((await signup({ email: `ip${i}@example.com`, agent_name: 'Bot' })).status);
    expect(perIp.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(perIp[10]).toBe(429);
    while (smtp.mails.length > 0) smtp.mails.pop();
  });
});

describe('agent sign-up switched off', () => {
  it('answers 503 agent_signup_disabled on both endpoints', async () => {
    const off = await startDoors({ GREENROOM_AGENT_SIGNUP: 'off' });
    try {
      const created = await http<any>(off.base, 'POST', '/agent-signup', { body: { email: 'a@example.com', agent_name: 'Bot' } });
      expect(created.status).toBe(503);
      expect(created.body).toMatchObject({ ok: false, tool: 'agent_signup', data: null, error: { code: 'agent_signup_disabled' } });
      const polled = await http<any>(off.base, 'GET', '/agent-signup/00000000-0000-4000-8000-000000000000', { key: 'grs_x' });
      expect(polled.status).toBe(503);
    } finally {
      await off.stop();
    }
  });
});

async function signIn(client: WebClient, email: string): Promise<void> {
  const csrf = await client.csrf();
  const res = await client.post('/signin', { csrf, email });
  const challenge = new URL(res.headers.get('location')!, d.base).searchParams.get('c')!;
  const mail = await smtp.next();
  expect((await client.post('/signin/code', { csrf, challenge, code: codeIn(mail.text) })).status).toBe(303);
}

describe('the sign-up endpoints as the OpenAPI document describes them', () => {
  it('answers bodies and statuses the document names, and refuses what its body schema refuses', async () => {
    const doc = await loadDoc();
    const validate = makeValidator();
    const op = (id: string) => operations(doc).find((o) => o.operationId === id)!;
    const [create, pollOp] = [op('agent_signup'), op('get_agent_signup')];
    expect(create.path).toBe('/agent-signup');
    const matches = (o: typeof create, status: number, body: unknown) => {
      const schema = o.op.responses[String(status)]?.content['application/json'].schema;
      expect(schema, `${o.operationId} documents ${status}`).toBeDefined();
      expect(validate(schema)(body), JSON.stringify(validate(schema).errors)).toBe(true);
    };
    d.clock.advance(3_600_001); // past the earlier tests' hourly limits
    const created = await signup({ email: 'doc-check@example.com', agent_name: 'Doc agent' });
    expect(created.status).toBe(200);
    matches(create, 200, created.body);
    const req = created.body.data as { request_id: string; poll_secret: string };
    for (const bad of [{ email: 'not-an-address', agent_name: 'x' }, { email: 'a@example.com' }, { email: 'a@example.com', agent_name: 'x', extra: 1 }]) {
      expect(validate(create.body!)(bad)).toBe(false);
      const res = await signup(bad);
      expect(res.status).toBe(400);
      matches(create, 400, res.body);
    }
    const pending = await poll(req.request_id, req.poll_secret);
    matches(pollOp, 200, pending.body);
    matches(pollOp, 429, (await poll(req.request_id, req.poll_secret)).body);
    matches(pollOp, 401, (await poll(req.request_id, 'grs_wrong')).body);
    matches(pollOp, 400, (await poll('not-an-id', req.poll_secret)).body);
  });
});

describe('methods the sign-up endpoints do not serve', () => {
  it('answers other methods 405 with Allow, and a HEAD on the poll spends no poll interval', async () => {
    for (const [method, path, allow] of [
      ['GET', '/api/public/v1/agent-signup', 'POST'],
      ['DELETE', '/api/public/v1/agent-signup', 'POST'],
      ['POST', '/api/public/v1/agent-signup/00000000-0000-4000-8000-000000000000', 'GET'],
    ]) {
      const res = await fetch(`${d.base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(await res.json()).toMatchObject({ ok: false, data: null, error: { code: 'invalid_request' } });
    }
    d.clock.advance(3_600_001); // past the earlier tests' hourly limits
    const created = await signup({ email: 'heady@example.com', agent_name: 'Probe' });
    expect(created.status).toBe(200);
    const req = created.body.data as { request_id: string; poll_secret: string };
    expect((await poll(req.request_id, req.poll_secret)).status).toBe(200);
    d.clock.advance(5_000);
    const head = await fetch(`${d.base}/api/public/v1/agent-signup/${req.request_id}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${req.poll_secret}` },
    });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    // Had the HEAD polled, this poll would come too soon and answer slow_down.
    expect((await poll(req.request_id, req.poll_secret)).status).toBe(200);
  });
});
