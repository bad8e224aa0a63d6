import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { lastMail } from '../../src/auth/mail.js';
import { codeIn, startDoors, WebClient, type Doors } from './support.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
let d: Doors;

beforeAll(async () => {
  d = await startDoors();
});
afterAll(() => d.stop());

// Run without blocking this process: the server under test lives in it.
async function greenroom(...args: string[]): Promise<{ status: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', ...d.dbEnv, GREENROOM_LOG_LEVEL: 'silent' },
    });
    return { status: 0, stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    return { status: e.code ?? -1, stdout: e.stdout ?? '' };
  }
}

it('greenroom mail last prints the sign-in mail kept in the outbox when no SMTP is set', { timeout: 90_000 }, async () => {
  expect((await greenroom('mail', 'last')).stdout).toMatch(/the outbox is empty/);
  await createUser(d.instance.db, d.instance, { email: 'owner@example.com', name: 'Owner', role: 'owner', grant: 0 });
  const client = new WebClient(d.base);
  const csrf = await client.csrf();
  const res = await client.post('/signin', { csrf, email: 'owner@example.com' });
  for (let i = 0; i < 100 && (await lastMail(d.instance.db))?.status !== 'logged'; i++) await new Promise((r) => setTimeout(r, 20));
  const printed = await greenroom('mail', 'last');
  expect(printed.status).toBe(0);
  expect(printed.stdout).toMatch(/^To: owner@example\.com$/m);
  expect(printed.stdout).toContain(`${d.base}/signin/link?token=`);
  // The printed code signs in: the terminal is a complete way in without SMTP.
  const challenge = new URL(res.headers.get('location')!, d.base).searchParams.get('c')!;
  expect((await client.post('/signin/code', { csrf, challenge, code: codeIn(printed.stdout) })).status).toBe(303);
  expect((await greenroom('mail')).status).toBe(2);
});
