import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDbEnv } from './support/pg.js';
import { fictionalSpeakers } from '../src/core/fictional-speakers.js';
import { speakerCards } from '../src/demo/site.js';
import { startServeChild } from './support/serve-child.js';

const bin = path.resolve(import.meta.dirname, '../bin/greenroom');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-cli-'));
const env: Record<string, string> = { PATH: process.env.PATH ?? '', GREENROOM_DB: path.join(dir, 'cli.db'), GREENROOM_LOG_LEVEL: 'silent' };
beforeAll(async () => void Object.assign(env, await freshDbEnv(env.GREENROOM_DB, { empty: true })));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the greenroom command line', () => {
  it('creates a new data folder 0700 and its database 0600, for SQLite', () => {
    const folder = path.join(dir, 'private', 'data');
    const file = path.join(folder, 'greenroom.db');
    const r = spawnSync(process.execPath, [bin, 'migrate'], { env: { PATH: env.PATH, GREENROOM_DB: file, GREENROOM_LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(fs.statSync(path.join(dir, 'private')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('migrates, creates users, mints keys shown once, lists and revokes them', () => {
    expect(run('migrate').out).toMatch(/applied: 001-init, 002-pipeline/);
    expect(run('migrate').out).toMatch(/up to date/);
    expect(run('users', 'create', '--email', 'ops@example.com', '--name', 'Ops', '--role', 'owner')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/created owner ops@example.com .* with 500 credits/),
    });
    const created = run('keys', 'create', '--scopes', 'read,write', '--name', 'laptop');
    expect(created.code).toBe(0);
    const key = created.out.trim();
    expect(key).toMatch(/^grn_[A-Za-z0-9_-]{32}$/);
    expect(created.err).toMatch(/shown this once/);
    const listed = run('keys', 'list');
    expect(listed.out.split('\n')[0]).toMatch(/^ID\s+PREFIX\s+SCOPES\s+USER\s+LAST USED\s+STATUS\s+NAME$/);
    expect(listed.out).toMatch(/read,write\s+ops@example\.com\s+never\s+active\s+laptop/);
    expect(listed.out).toContain('laptop');
    expect(listed.out).not.toContain(key);
    // The prefix column is what `keys revoke` takes, pasted as printed.
    const prefix = (listed.out.split('\n')[1] as string).split(/\s+/)[1] as string;
    expect(key.startsWith(prefix)).toBe(true);
    expect(run('keys', 'revoke', prefix).out).toMatch(/revoked/);
    expect(run('keys', 'list').out).toMatch(/revoked/);
    const stdio = spawnSync(process.execPath, [bin, 'stdio'], { env: { ...env, GREENROOM_API_KEY: key }, encoding: 'utf8' });
    expect(stdio.status).toBe(2);
    expect(stdio.stderr).toMatch(/not a valid key/);
    // A dozen process starts: generous for a loaded machine.
  }, 120_000);

  it('prints usage and the version, and explains a command without running it', () => {
    for (const flag of ['--help', '-h', 'help'])
      expect(run(flag)).toMatchObject({ code: 0, out: expect.stringMatching(/^usage: greenroom <command>\n[\s\S]*serve[\s\S]*mcp-config/) });
    expect(run('--version')).toMatchObject({ code: 0, out: expect.stringMatching(/^greenroom \d+\.\d+\.\d+\n$/) });
    // serve and demo would otherwise start a server or a whole campaign; each ends at once here.
    for (const command of ['serve', 'demo', 'keys', 'scrape', 'stdio']) {
      const r = run(command, '--help');
      expect(r, command).toMatchObject({ code: 0, err: '', out: expect.stringMatching(new RegExp(`^usage: greenroom ${command}`)) });
    }
  }, 60_000);

  it('refuses bad arguments with a usage message and exit code 2', () => {
    expect(run('keys', 'create', '--scopes', 'read,admin')).toMatchObject({ code: 2, err: expect.stringMatching(/scopes must be/) });
    expect(run('keys', 'create')).toMatchObject({ code: 2, err: expect.stringMatching(/--scopes/) });
    expect(run('frobnicate')).toMatchObject({ code: 2, err: expect.stringMatching(/unknown command/) });
    expect(run('users', 'create', '--email', 'ops@example.com')).toMatchObject({ code: 2, err: expect.stringMatching(/already exists/) });
  });

  it('refuses an unknown flag or a stray argument on every command with its usage, exit code 2 and no stack', () => {
    const cases: string[][] = [
      ['serve', '--bogus'],
      ['stdio', '--bogus'],
      ['mcp-config', '--key', 'grn_x', '--bogus'],
      ['keys', 'list', '--bogus'],
      ['keys', 'list', '--scopes', 'read'],
      ['keys', 'create', '--scopes', 'read', '--bogus'],
      ['keys', 'revoke'],
      ['keys', 'frob'],
      ['users', 'list', '--bogus'],
      ['credits', 'show', '--bogus'],
      ['migrate', '--bogus'],
      ['migrate', 'extra'],
      ['scrape', 'page.html', '--bogus'],
      ['demo', '--bogus'],
      ['mail', 'last', '--bogus'],
      ['mail'],
      ['--port', '1'],
    ];
    for (const args of cases) {
      const r = run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out, args.join(' ')).toBe('');
      expect(r.err, args.join(' ')).toMatch(/^greenroom: .+\nusage: greenroom /);
      expect(r.err, args.join(' ')).not.toMatch(/\n\s+at /);
    }
    expect(run('keys', 'list', '--bogus').err).toMatch(
      /^greenroom: Unknown option '--bogus'\nusage: greenroom keys create\|list\|revoke\n[\s\S]*keys list \[--user EMAIL\]/,
    );
    // Nothing ran: the refused `migrate` never created the database.
    expect(fs.existsSync(path.join(dir, 'never.db'))).toBe(false);
    const untouched = spawnSync(process.execPath, [bin, 'migrate', '--bogus'], { env: { ...env, GREENROOM_DB: path.join(dir, 'never.db') }, encoding: 'utf8' });
    expect(untouched.status).toBe(2);
    expect(fs.existsSync(path.join(dir, 'never.db'))).toBe(false);
  }, 120_000);

  it('says in one line that the port is taken, and keeps the owner key for a start that works', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const db = path.join(dir, 'busy.db');
    try {
      const busy = spawnSync(process.execPath, [bin, 'serve'], {
        env: { ...env, GREENROOM_DB: db, GREENROOM_PORT: String(port), GREENROOM_SCHEDULER: 'false' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(busy.status).toBe(1);
      expect(busy.stderr).toBe(`greenroom: port ${port} is in use; set GREENROOM_PORT\n`);
      expect(busy.stdout).toBe('');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    const child = await startServeChild({ GREENROOM_DB: db });
    try {
      expect(child.key).toMatch(/^grn_/);
    } finally {
      await child.stop();
    }
  }, 90_000);

  it('scrape says in one line that a page cannot be reached', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = `https://127.0.0.1:${port}/speakers`;
    const r = spawnSync(process.execPath, [bin, 'scrape', url], { env: { ...env, GREENROOM_ALLOW_HOSTS: `127.0.0.1:${port}` }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^greenroom: ${url.replace(/[.]/g, '\\.')}: .*(ECONNREFUSED|refused).*\n$`));
  });

  it('grants and shows credits', () => {
    expect(run('credits', 'grant', '--amount', '250', '--user', 'ops@example.com').out).toMatch(/ops@example.com: 750 credits/);
    expect(run('credits', 'show').out).toMatch(/750 credits/);
    // Taking credits back is a negative amount, written as one.
    expect(run('credits', 'grant', '--amount', '-50', '--user', 'ops@example.com').out).toMatch(/ops@example.com: 700 credits/);
  });

  it('refuses users create with a malformed e-mail address, and grants nothing', () => {
    const r = run('users', 'create', '--email', 'not-an-address', '--name', 'X');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--email must be an e-mail address/);
    expect(run('users', 'list').out).not.toContain('not-an-address');
  });

  it('scrape prints the matching extractor and the speakers of a saved page', () => {
    const file = path.join(dir, 'speakers.html');
    fs.writeFileSync(file, speakerCards(fictionalSpeakers(5)));
    const r = run('scrape', file);
    expect(r.code).toBe(0);
    const parsed = JSON.parse(r.out);
    expect(parsed).toMatchObject({ extractor: 'html-generic', count: 5 });
    expect(parsed.speakers[0]).toMatchObject({ name: 'Ada Abernathy', title: 'VP Engineering', company: expect.any(String) });
    expect(run('scrape', 'http://127.0.0.1/').err).toMatch(/https/);
  });

  describe('first start with stdout redirected to a file (npm start > log)', () => {
    const fresh: Record<string, string> = {};
    beforeAll(
      async () =>
        void Object.assign(fresh, env, await freshDbEnv(path.join(dir, 'first-start.db'), { empty: true }), {
          GREENROOM_PORT: '0',
          GREENROOM_SCHEDULER: 'false',
        }),
    );
    let logText = '';

    /** Starts serve with stdout on a file, waits for the connection help, then stops it. */
    async function serveOnce(file: string): Promise<string> {
      const fd = fs.openSync(file, 'w');
      const child = spawn(process.execPath, [bin, 'serve'], { env: fresh, stdio: ['ignore', fd, 'pipe'] });
      fs.closeSync(fd);
      try {
        const deadline = Date.now() + 50_000;
        while (!fs.readFileSync(file, 'utf8').includes('/api/public/v1/whoami')) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`serve did not print its help: ${fs.readFileSync(file, 'utf8')}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      return fs.readFileSync(file, 'utf8');
    }

    // Two cold starts of the CLI; a loaded machine makes each take seconds.
    it('writes the owner key once, and the client snippets with a placeholder', { timeout: 120_000 }, async () => {
      logText = await serveOnce(path.join(dir, 'first.log'));
      const keys = logText.match(/grn_[A-Za-z0-9_-]+/g) ?? [];
      expect(keys).toHaveLength(1);
      // The first key reads and writes; sending is asked for by name.
      expect(logText).toMatch(/API key \(read, write\) is shown this once/);
      expect(logText).toContain('greenroom keys create --scopes read,write,send');
      expect(logText).toContain('"GREENROOM_API_KEY": "<key>"');
      expect(logText).toContain('Authorization: Bearer <key>');
      expect(logText).toContain('-e "GREENROOM_API_KEY=<key>"');
      expect(logText).toMatch(/greenroom mcp-config --key <key>/);
      // A second start creates no owner and prints no key at all.
      expect((await serveOnce(path.join(dir, 'second.log'))).match(/grn_/g)).toBeNull();
    });

    it('mcp-config prints the snippets filled in for --key or GREENROOM_API_KEY', () => {
      const key = logText.match(/grn_[A-Za-z0-9_-]+/)?.[0] ?? '';
      const file = path.join(dir, 'mcp-config.txt');
      const fd = fs.openSync(file, 'w');
      const r = spawnSync(process.execPath, [bin, 'mcp-config', '--key', key, '--url', 'http://127.0.0.1:9999'], { env: fresh, stdio: ['ignore', fd, 'pipe'] });
      fs.closeSync(fd);
      expect(r.status).toBe(0);
      const text = fs.readFileSync(file, 'utf8');
      const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
      expect(json.mcpServers.greenroom).toEqual({
        command: process.execPath,
        args: [bin, 'stdio'],
        env: {
          GREENROOM_API_KEY: key,
          GREENROOM_DB: fresh.GREENROOM_DB,
          ...(fresh.GREENROOM_DATABASE_URL ? { GREENROOM_DATABASE_URL: fresh.GREENROOM_DATABASE_URL } : {}),
        },
      });
      expect(text).toContain(`--cli -e "GREENROOM_API_KEY=${key}"`);
      expect(text).toContain(`curl -H "Authorization: Bearer ${key}" http://127.0.0.1:9999/api/public/v1/whoami`);
      const fromEnv = spawnSync(process.execPath, [bin, 'mcp-config'], { env: { ...fresh, GREENROOM_API_KEY: key }, encoding: 'utf8' });
      expect(fromEnv.stdout).toBe(text.replaceAll('http://127.0.0.1:9999', 'http://127.0.0.1:0'));
    });

    it('mcp-config refuses a missing or malformed key with exit code 2', () => {
      expect(run('mcp-config')).toMatchObject({ code: 2, err: expect.stringMatching(/needs a key/) });
      expect(run('mcp-config', '--key', 'hunter2"; rm -rf /')).toMatchObject({ code: 2, err: expect.stringMatching(/must look like grn_/) });
    });
  });
});
