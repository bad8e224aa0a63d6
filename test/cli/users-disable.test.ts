/** `greenroom users disable`: a disabled user's key stops working on a running server, and enabling brings it back. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDbEnv } from '../support/pg.js';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-disable-'));

describe('greenroom users disable and enable', () => {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', GREENROOM_LOG_LEVEL: 'silent' };
  let serve: ServeChild;
  let key: string;
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  // A kept-alive connection the server closed meanwhile is a failed poll, not an answer.
  const whoami = async () =>
    (await fetch(`${serve.base}/api/public/v1/whoami`, { headers: { authorization: `Bearer ${key}`, connection: 'close' } }).catch(() => null))?.status ?? 0;
  /** Polls until the key's status is `status`: a revoked or disabled key may be cached for a few seconds. */
  const until = async (status: number) => {
    for (let i = 0; i < 100 && (await whoami()) !== status; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    return whoami();
  };

  beforeAll(async () => {
    Object.assign(env, await freshDbEnv(path.join(dir, 'greenroom.db'), { empty: true }));
    serve = await startServeChild(env);
    expect(run('users', 'create', '--email', 'dev@example.com').code).toBe(0);
    const made = run('keys', 'create', '--scopes', 'read', '--user', 'dev@example.com');
    expect(made.code, made.err).toBe(0);
    key = made.out.trim();
  }, 60_000);
  afterAll(async () => {
    await serve?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops the key of a disabled user on the running server, lists the user as disabled, and mints no key for them', { timeout: 60_000 }, async () => {
    expect(await whoami()).toBe(200);
    const r = run('users', 'disable', '--email', 'dev@example.com');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^disabled dev@example\.com: their keys stop working/);
    expect(r.err).toMatch(/^greenroom: database /);
    expect(await until(401)).toBe(401);
    expect(run('users', 'list').out).toMatch(/dev@example\.com .*\(disabled \d{4}-/);
    expect(run('users', 'disable', '--email', 'dev@example.com').out).toMatch(/already disabled/);
    expect(run('keys', 'create', '--scopes', 'read', '--user', 'dev@example.com')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/dev@example\.com is disabled/),
    });
  });

  it('lets the user in again on enable: the same key works', { timeout: 60_000 }, async () => {
    expect(run('users', 'enable', '--email', 'dev@example.com').out).toMatch(/^enabled dev@example\.com/);
    expect(await until(200)).toBe(200);
    expect(run('users', 'list').out).not.toMatch(/disabled/);
  });

  it('refuses to disable the only active owner, an unknown address, or a call without --email', () => {
    const owner = run('users', 'list')
      .out.split('\n')
      .find((l) => / owner /.test(l)) as string;
    const email = owner.trim().split(/\s+/)[2] as string;
    expect(run('users', 'disable', '--email', email)).toMatchObject({ code: 2, err: expect.stringMatching(/only active owner/) });
    expect(run('users', 'disable', '--email', 'nobody@example.com')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no user with e-mail nobody@example\.com/),
    });
    expect(run('users', 'disable')).toMatchObject({ code: 2, err: expect.stringMatching(/needs --email/) });
  });
});
