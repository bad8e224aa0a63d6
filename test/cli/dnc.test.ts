/** `greenroom dnc`: the do-not-contact list from the command line, the same list the API and tools keep. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-dnc-'));

describe('greenroom dnc', () => {
  let serve: ServeChild;
  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${serve.base}/api/public/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${serve.key}`, 'content-type': 'application/json', connection: 'close' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { ok: boolean; data: any; error: { code: string; message: string } | null };
  };
  const listed = () => {
    const r = serve.cli('dnc', 'list', '--json');
    expect(r.code, r.err).toBe(0);
    return (JSON.parse(r.out) as Array<{ type: string; value: string }>).map((e) => `${e.type} ${e.value}`);
  };

  beforeAll(async () => {
    serve = await startServeChild();
  }, 60_000);
  afterAll(async () => {
    await serve?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds a profile, normalised, for the owner; the API lists it, and an entry added over the API is in `dnc list`', { timeout: 60_000 }, async () => {
    const r = serve.cli('dnc', 'add', 'https://de.linkedin.com/in/Ada-Lovelace/?trk=x', '--reason', 'asked by mail');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^greenroom: database /);
    expect(r.out).toMatch(/^linkedin https:\/\/www\.linkedin\.com\/in\/ada-lovelace {2}\(asked by mail\) {2}\[manual, \d{4}-/);
    expect(r.out).toMatch(/added 1, already listed 0\n$/);
    expect(serve.cli('dnc', 'add', 'linkedin.com/in/ada-lovelace').out).toMatch(/added 0, already listed 1/);

    const viaApi = await api('GET', '/do-not-contact');
    expect(viaApi.data.items.map((e: { value: string }) => e.value)).toEqual(['https://www.linkedin.com/in/ada-lovelace']);
    expect((await api('POST', '/do-not-contact', { value: 'wayne.example', reason: 'competitor' })).ok).toBe(true);
    expect(listed()).toEqual(['linkedin https://www.linkedin.com/in/ada-lovelace', 'domain wayne.example']);
  });

  it('imports a CSV: the readable rows go in, each unreadable row is named; --dry-run adds nothing', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'list.csv');
    fs.writeFileSync(
      file,
      'linkedin_url,email,reason\nhttps://www.linkedin.com/in/grace-hopper,,left the company\n,not-an-address,\n,Alan@Turing.example,asked to stop\n',
    );
    const dry = serve.cli('dnc', 'import', file, '--dry-run');
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toMatch(/^3 row\(s\) read; would add 2, already listed 0\nrefused row 2 \(line 3\): email: /);
    expect(listed()).toHaveLength(2);
    const r = serve.cli('dnc', 'import', file, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ dry_run: false, rows: 3, added: 2, already_listed: 0, refused: [{ row: 2, line: 3 }] });
    expect(listed()).toEqual([
      'linkedin https://www.linkedin.com/in/ada-lovelace',
      'domain wayne.example',
      'linkedin https://www.linkedin.com/in/grace-hopper',
      'email alan@turing.example',
    ]);
    expect(serve.cli('dnc', 'list', '--type', 'email').out).toMatch(/^email {4}alan@turing\.example {2}\(asked to stop\) {2}\[csv, [^\n]+\n1 entry\n$/);
  });

  it('removes by value and by entry id; the API no longer lists them', { timeout: 60_000 }, async () => {
    const byValue = serve.cli('dnc', 'remove', 'Alan@Turing.example');
    expect(byValue.code, byValue.err).toBe(0);
    expect(byValue.out).toMatch(/^removed email {4}alan@turing\.example.*\n0 speaker\(s\) released/);
    const entry = ((await api('GET', '/do-not-contact')).data.items as Array<{ entry_id: string; value: string }>).find((e) => e.value === 'wayne.example')!;
    const byId = serve.cli('dnc', 'remove', entry.entry_id, '--json');
    expect(JSON.parse(byId.out)).toMatchObject({ removed: { entry_id: entry.entry_id, type: 'domain', value: 'wayne.example' }, speakers_released: 0 });
    expect(((await api('GET', '/do-not-contact')).data.items as Array<{ value: string }>).map((e) => e.value)).toEqual([
      'https://www.linkedin.com/in/ada-lovelace',
      'https://www.linkedin.com/in/grace-hopper',
    ]);
  });

  it("keeps each user's list apart with --user", { timeout: 60_000 }, async () => {
    expect(serve.cli('users', 'create', '--email', 'dev@example.com').code).toBe(0);
    expect(serve.cli('dnc', 'list', '--user', 'dev@example.com').out).toMatch(/^dev@example\.com: the do-not-contact list is empty\n$/);
    expect(serve.cli('dnc', 'add', 'dev-only.example', '--user', 'dev@example.com').code).toBe(0);
    expect(listed()).not.toContain('domain dev-only.example');
    expect(serve.cli('dnc', 'list', '--user', 'dev@example.com', '--json').out).toMatch(/dev-only\.example/);
  });

  it('refuses mistakes with the usage (exit 2) and an unreadable file (exit 1), changing nothing', { timeout: 60_000 }, async () => {
    const before = listed();
    expect(serve.cli('dnc', 'add')).toMatchObject({ code: 2, err: expect.stringMatching(/dnc add needs <value>[\s\S]*usage: greenroom dnc/) });
    expect(serve.cli('dnc', 'add', 'x', '--type', 'phone')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--type must be one of linkedin, email, domain/),
    });
    expect(serve.cli('dnc', 'add', 'not a value', '--type', 'email')).toMatchObject({ code: 2, err: expect.stringMatching(/value: /) });
    expect(serve.cli('dnc', 'remove', 'nobody@example.com')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/do-not-contact entry email nobody@example\.com was not found/),
    });
    expect(serve.cli('dnc', 'import', path.join(dir, 'missing.csv'))).toMatchObject({
      code: 1,
      err: expect.stringMatching(/cannot read .*missing\.csv: ENOENT/),
    });
    expect(serve.cli('dnc')).toMatchObject({ code: 2, err: expect.stringMatching(/dnc needs a subcommand: list, add, remove, import/) });
    expect(serve.cli('dnc', '--help')).toMatchObject({ code: 0, out: expect.stringMatching(/greenroom dnc import <file\.csv>/) });
    expect(listed()).toEqual(before);
  });
});
