/** A user disabled with `greenroom users disable` gets no sign-in mail from the sign-in form, and the form answers as for anyone. */
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDoors, WebClient, type Doors } from './support.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
const EMAIL = 'dev@example.com';
let d: Doors;

beforeAll(async () => {
  d = await startDoors();
});
afterAll(() => d.stop());

// Run without blocking this process: the server under test lives in it.
async function greenroom(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', ...d.dbEnv, GREENROOM_LOG_LEVEL: 'silent' },
    });
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { status: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Every mail the outbox holds for an address: the sign-in writes it with the challenge, in one transaction. */
const mailsTo = async (email: string) =>
  (await d.instance.db.selectFrom('mail_outbox').select(['seq', 'subject']).where('to_address', '=', email).execute()).length;

async function askForSignin(email: string): Promise<Response> {
  const client = new WebClient(d.base);
  const csrf = await client.csrf('/signin');
  return client.post('/signin', { csrf, email });
}

it('sends a disabled user no sign-in mail, answers as it does for any address, and mails them again once enabled', { timeout: 90_000 }, async () => {
  expect((await greenroom('users', 'create', '--email', EMAIL)).status).toBe(0);

  const active = await askForSignin(EMAIL);
  expect(active.status).toBe(303);
  expect(active.headers.get('location')).toMatch(/^\/signin\/check\?c=/);
  expect(await mailsTo(EMAIL)).toBe(1);

  const disabled = await greenroom('users', 'disable', '--email', EMAIL);
  expect(disabled.status, disabled.stderr).toBe(0);
  const refused = await askForSignin(EMAIL);
  const unknown = await askForSignin('nobody@example.com');
  // The same answer as for an address with no account: the form does not tell who is disabled.
  expect(refused.status).toBe(303);
  expect(refused.headers.get('location')).toMatch(/^\/signin\/check\?c=/);
  expect(unknown.status).toBe(303);
  expect(await mailsTo(EMAIL)).toBe(1);
  expect(await mailsTo('nobody@example.com')).toBe(0);

  expect((await greenroom('users', 'enable', '--email', EMAIL)).status).toBe(0);
  expect((await askForSignin(EMAIL)).status).toBe(303);
  expect(await mailsTo(EMAIL)).toBe(2);
});
