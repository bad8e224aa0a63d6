import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { purgeExpiredAuth } from '../../src/auth/purge.js';
import { http } from '../support/clients.js';
import { codeIn, linkIn, startDoors, WebClient, type Doors } from './support.js';

/**
 * Without SMTP the outbox is the delivery (`greenroom mail last` reads it), so a sign-in
 * mail keeps its link and code while they can be used, and loses them once they cannot.
 */
let d: Doors;

beforeAll(async () => {
  d = await startDoors();
  for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com', 'dan@example.com']) {
    await createUser(d.instance.db, d.instance, { email, name: email, role: 'member', grant: 0 });
  }
});
afterAll(() => d.stop());

async function outboxFor(email: string): Promise<{ id: string; body: string; status: string }> {
  for (let i = 0; i < 200; i++) {
    const row = await d.instance.db
      .selectFrom('mail_outbox')
      .select(['id', 'body', 'status'])
      .where('to_address', '=', email)
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    if (row && row.status !== 'pending' && row.status !== 'sending') return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${email}`);
}

const bodyOf = async (id: string): Promise<string> =>
  (await d.instance.db.selectFrom('mail_outbox').select('body').where('id', '=', id).executeTakeFirstOrThrow()).body;

async function requestSignin(email: string): Promise<{ client: WebClient; challenge: string; csrf: string }> {
  const client = new WebClient(d.base);
  const csrf = await client.csrf('/signin');
  const res = await client.post('/signin', { csrf, email });
  expect(res.status).toBe(303);
  return { client, csrf, challenge: new URL(res.headers.get('location')!, d.base).searchParams.get('c')! };
}

describe('sign-in mail kept in the outbox', () => {
  it('blanks the body once the code is used', async () => {
    const { client, csrf, challenge } = await requestSignin('ann@example.com');
    const mail = await outboxFor('ann@example.com');
    expect(mail.status).toBe('logged');
    const code = codeIn(mail.body);
    expect((await client.post('/signin/code', { csrf, challenge, code })).status).toBe(303);
    expect(await bodyOf(mail.id)).toBe('');
  });

  it('blanks the body once the link is used', async () => {
    const { client } = await requestSignin('ben@example.com');
    const mail = await outboxFor('ben@example.com');
    const link = linkIn(mail.body);
    const token = new URL(link).searchParams.get('token')!;
    expect((await client.post('/signin/link', { csrf: await client.csrf(link), token })).status).toBe(303);
    expect(await bodyOf(mail.id)).toBe('');
  });

  it('keeps the body while the sign-in can be used, and blanks it once expired or voided by wrong codes', async () => {
    await requestSignin('cat@example.com');
    const live = await outboxFor('cat@example.com');
    const { client, csrf, challenge } = await requestSignin('dan@example.com');
    const voided = await outboxFor('dan@example.com');
    for (let i = 0; i < 5; i++) expect((await client.post('/signin/code', { csrf, challenge, code: 'ZZZZ-ZZZZ' })).status).toBe(400);
    await purgeExpiredAuth(d.instance.db, d.clock.now());
    expect(await bodyOf(live.id)).toContain('/signin/link?token=');
    expect(await bodyOf(voided.id)).toBe('');
    d.clock.advance(15 * 60_000 + 1_000);
    await purgeExpiredAuth(d.instance.db, d.clock.now());
    expect(await bodyOf(live.id)).toBe('');
  });

  it('blanks an agent sign-up mail once the request is decided or expired', async () => {
    const ask = async (email: string) => {
      const res = await http<any>(d.base, 'POST', '/agent-signup', { body: { email, agent_name: 'Bot' } });
      expect(res.status).toBe(200);
      return outboxFor(email);
    };
    const denied = await ask('eve@example.com');
    const client = new WebClient(d.base);
    const link = linkIn(denied.body);
    const csrf = await client.csrf(link);
    expect((await client.post('/signup/confirm', { csrf, token: new URL(link).searchParams.get('token')!, action: 'deny' })).status).toBe(200);
    const pending = await ask('fay@example.com');
    await purgeExpiredAuth(d.instance.db, d.clock.now());
    expect(await bodyOf(denied.id)).toBe('');
    expect(await bodyOf(pending.id)).toContain('/signup/confirm?token=');
    d.clock.advance(24 * 3_600_000 + 1_000);
    await purgeExpiredAuth(d.instance.db, d.clock.now());
    expect(await bodyOf(pending.id)).toBe('');
  });
});
