/**
 * One configuration for every process: settings.env beside the database is read by
 * `serve`, `stdio` and every other command; `greenroom config` says where each setting
 * came from; the default database is in the per-user data folder whatever the working
 * folder, and each command names the database it opened; a bare `greenroom` prints help.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fictionalSpeakers } from '../../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../../src/demo/site.js';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string>, cwd = dir) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH ?? '', GREENROOM_LOG_LEVEL: 'silent', ...env },
    cwd,
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the default database and a bare greenroom', () => {
  const home = path.join(dir, 'home');
  const env = { HOME: home };
  const data = path.join(home, '.local', 'share', 'greenroom');

  it('prints help for a bare greenroom, and creates nothing', () => {
    const r = run([], env);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toMatch(/^usage: greenroom <command>\n[\s\S]*serve[\s\S]*config[\s\S]*per-user data folder/);
    expect(fs.existsSync(home)).toBe(false);
  });

  it('keeps the database in the per-user data folder whatever folder a command runs in, and names it', { timeout: 60_000 }, () => {
    const a = path.join(dir, 'somewhere');
    const b = path.join(dir, 'elsewhere');
    for (const d of [a, b]) fs.mkdirSync(d);
    const migrated = run(['migrate'], env, a);
    expect(migrated.code, migrated.err).toBe(0);
    expect(migrated.err).toBe(`greenroom: database ${path.join(data, 'greenroom.db')}\n`);
    expect(fs.existsSync(path.join(data, 'greenroom.db'))).toBe(true);
    expect(fs.existsSync(path.join(a, 'data'))).toBe(false);
    expect(run(['users', 'create', '--email', 'ops@example.com'], env, a).code).toBe(0);
    // From another folder the same database answers.
    const listed = run(['users', 'list'], env, b);
    expect(listed.out).toContain('ops@example.com');
    expect(listed.err).toBe(`greenroom: database ${path.join(data, 'greenroom.db')}\n`);
    expect(run(['mail', 'last'], env, b).err).toMatch(/^greenroom: database .*greenroom\.db\n$/);
    // XDG_DATA_HOME moves it; GREENROOM_DB still names any file.
    expect(run(['migrate'], { ...env, XDG_DATA_HOME: path.join(dir, 'xdg') }, a).err).toContain(path.join(dir, 'xdg', 'greenroom', 'greenroom.db'));
    const explicit = path.join(dir, 'explicit.db');
    expect(run(['migrate'], { ...env, GREENROOM_DB: explicit }, a).err).toBe(`greenroom: database ${explicit}\n`);
  });

  it('points at a database left at the former default, ./data/greenroom.db', () => {
    const old = path.join(dir, 'oldcheckout');
    fs.mkdirSync(path.join(old, 'data'), { recursive: true });
    fs.writeFileSync(path.join(old, 'data', 'greenroom.db'), '');
    expect(run(['users', 'list'], env, old).err).toMatch(
      /a database also exists at .*oldcheckout\/data\/greenroom\.db \(the former default\); set GREENROOM_DB=/,
    );
  });
});

describe('greenroom config', () => {
  const db = path.join(dir, 'cfg', 'greenroom.db');
  beforeAll(() => {
    fs.mkdirSync(path.dirname(db), { recursive: true });
    fs.writeFileSync(
      path.join(path.dirname(db), 'settings.env'),
      '# shared by every process\nGREENROOM_SIGNUP_CREDITS=42\nGREENROOM_RECONTACT_DAYS=30\nGREENROOM_OPENAI_API_KEY="sk-live-abcdefghijklmnop"\n',
    );
  });

  it('prints each effective setting with its source, secrets masked', () => {
    const r = run(['config'], { GREENROOM_DB: db, GREENROOM_RECONTACT_DAYS: '7' });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`settings file  ${path.join(path.dirname(db), 'settings.env')} (read)`);
    expect(r.out).toMatch(/^GREENROOM_SIGNUP_CREDITS +42 +settings file$/m);
    expect(r.out).toMatch(/^GREENROOM_RECONTACT_DAYS +7 +environment$/m);
    expect(r.out).toMatch(/^GREENROOM_PORT +8787 +default$/m);
    expect(r.out).toMatch(/^GREENROOM_DB +\S+greenroom\.db +environment$/m);
    expect(r.out).toMatch(/^GREENROOM_OPENAI_API_KEY +\*\*\*\(24 characters\) +settings file$/m);
    expect(r.out).not.toContain('abcdefghijklmnop');
    const json = JSON.parse(run(['config', '--json'], { GREENROOM_DB: db }).out) as { settings: Array<{ name: string; value: string; source: string }> };
    expect(json.settings.find((s) => s.name === 'GREENROOM_RECONTACT_DAYS')).toEqual({
      name: 'GREENROOM_RECONTACT_DAYS',
      value: '30',
      source: 'settings file',
    });
    // What the file says is what commands do: a new user gets the file's grant.
    expect(run(['users', 'create', '--email', 'x@example.com'], { GREENROOM_DB: db }).out).toMatch(/with 42 credits/);
  });

  it('refuses a name it does not know, or GREENROOM_DB, naming the file and line', () => {
    const other = path.join(dir, 'bad', 'greenroom.db');
    fs.mkdirSync(path.dirname(other), { recursive: true });
    fs.writeFileSync(path.join(path.dirname(other), 'settings.env'), 'GREENROOM_PORT=8788\nGREENROOM_PROT=1\n');
    expect(run(['config'], { GREENROOM_DB: other })).toMatchObject({
      code: 2,
      err: expect.stringMatching(/settings\.env line 2: GREENROOM_PROT is not a Greenroom setting/),
    });
    fs.writeFileSync(path.join(path.dirname(other), 'settings.env'), 'GREENROOM_DB=/tmp/x.db\n');
    expect(run(['config'], { GREENROOM_DB: other }).err).toMatch(/line 1: GREENROOM_DB cannot be set in the settings file/);
    fs.writeFileSync(path.join(path.dirname(other), 'settings.env'), 'GREENROOM_PORT=eighty\n');
    expect(run(['config'], { GREENROOM_DB: other }).err).toMatch(/GREENROOM_PORT: .*\(in .*settings\.env\)/);
  });
});

describe('a run setting given to one process only', () => {
  const db = path.join(dir, 'one-process', 'greenroom.db');
  const settings = path.join(path.dirname(db), 'settings.env');
  // The issue's own case: the loopback host and a vendor key given to `serve` in its environment, which a desktop client's stdio never sees.
  const only = { GREENROOM_ALLOW_HOSTS: '127.0.0.1:9', GREENROOM_OPENAI_API_KEY: 'sk-only-here-abcdefghijkl', GREENROOM_RECONTACT_DAYS: '7' };
  beforeAll(() => {
    fs.mkdirSync(path.dirname(db), { recursive: true });
    fs.writeFileSync(settings, 'GREENROOM_RECONTACT_DAYS=30\nGREENROOM_SIGNUP_CREDITS=40\n');
  });

  /** `greenroom serve` until it says it serves: its start-up text and its log. */
  const serveOnce = async (env: Record<string, string>) => {
    const child = spawn(process.execPath, [bin, 'serve'], {
      env: { PATH: process.env.PATH ?? '', GREENROOM_DB: db, GREENROOM_PORT: '0', GREENROOM_SCHEDULER: 'false', GREENROOM_LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          stdout += d.toString();
          if (/serving on[\s\S]*whoami/.test(stdout)) resolve();
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
      });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    return { stdout, stderr };
  };

  it(
    'serve says which run settings it alone has, and where to put them so every process has them; no value of a key is shown',
    { timeout: 60_000 },
    async () => {
      const { stdout } = await serveOnce({ ...only, GREENROOM_SIGNUP_CREDITS: '40' });
      expect(stdout).toMatch(
        /^ {2}Only here +GREENROOM_ALLOW_HOSTS \(not in the settings file\), GREENROOM_OPENAI_API_KEY \(not in the settings file\), GREENROOM_RECONTACT_DAYS \(the settings file has another value\)$/m,
      );
      expect(stdout).toContain(`a desktop client's \`greenroom stdio\` on this database runs without them; put them in ${settings}`);
      expect(stdout).not.toContain('sk-only-here');
      // A setting that changes no run is not named; nor the file's value, or the default the file leaves, given again.
      expect(stdout).not.toMatch(/Only here.*SIGNUP_CREDITS/);
      const alike = await serveOnce({ GREENROOM_RECONTACT_DAYS: '30', GREENROOM_SCRAPE_PACING_MS: '500' });
      expect(alike.stdout).not.toContain('Only here');
    },
  );

  it('stdio and greenroom config say the same', { timeout: 60_000 }, () => {
    const env = { GREENROOM_DB: db };
    expect(run(['users', 'create', '--email', 'one@example.com', '--role', 'owner'], env).code).toBe(0);
    const key = run(['keys', 'create', '--scopes', 'read,write', '--user', 'one@example.com'], env).out.trim();
    const stdio = spawnSync(process.execPath, [bin, 'stdio'], {
      env: { PATH: process.env.PATH ?? '', GREENROOM_LOG_LEVEL: 'silent', ...env, ...only, GREENROOM_API_KEY: key },
      input: '',
      encoding: 'utf8',
    });
    expect(stdio.stderr).toMatch(
      /^greenroom: set for this process only: GREENROOM_ALLOW_HOSTS \(not in the settings file\), GREENROOM_OPENAI_API_KEY \(not in the settings file\), GREENROOM_RECONTACT_DAYS \(the settings file has another value\); other processes on this database run without them: put them in .*settings\.env$/m,
    );
    const config = run(['config'], { ...env, ...only });
    expect(config.out).toMatch(/^This process only: GREENROOM_ALLOW_HOSTS .*GREENROOM_RECONTACT_DAYS \(the settings file has another value\)/m);
    const json = JSON.parse(run(['config', '--json'], { ...env, ...only }).out) as { process_only: unknown };
    expect(json.process_only).toEqual([
      { name: 'GREENROOM_ALLOW_HOSTS', in_settings_file: false },
      { name: 'GREENROOM_OPENAI_API_KEY', in_settings_file: false },
      { name: 'GREENROOM_RECONTACT_DAYS', in_settings_file: true },
    ]);
    expect(JSON.parse(run(['config', '--json'], env).out).process_only).toEqual([]);
  });
});

describe('serve and stdio on one database read one settings file', () => {
  const people = fictionalSpeakers(6);
  let site: Awaited<ReturnType<typeof startSite>>;
  let serve: ServeChild;
  const db = path.join(dir, 'shared', 'greenroom.db');
  const settings = path.join(path.dirname(db), 'settings.env');

  const stdio = async (key: string) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'stdio'],
      env: {
        PATH: process.env.PATH ?? '',
        GREENROOM_DB: db,
        ...(serve.env.GREENROOM_DATABASE_URL ? { GREENROOM_DATABASE_URL: serve.env.GREENROOM_DATABASE_URL } : {}),
        GREENROOM_API_KEY: key,
        GREENROOM_SCHEDULER: 'false',
        GREENROOM_LOG_LEVEL: 'silent',
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'config-test', version: '1.0.0' });
    await client.connect(transport);
    return client;
  };
  const create = async (client: Client, name: string) =>
    (await client.callTool({ name: 'create_campaign', arguments: { name, conference_url: site.url('/api/v2/shared/view/All'), auto_start: true } }))
      .structuredContent as { ok: boolean; data: { campaign_id: string } | null; error: { message: string } | null };

  beforeAll(async () => {
    site = await startSite({ '/api/v2/shared/view/All': { contentType: 'application/json', body: sessionizeAll(people) } });
    fs.mkdirSync(path.dirname(db), { recursive: true });
    // The loopback page is allowed in the shared file only: neither process has it in its environment.
    fs.writeFileSync(settings, `GREENROOM_ALLOW_HOSTS=${site.host}\nGREENROOM_SCRAPE_PACING_MS=0\n`);
    serve = await startServeChild({ GREENROOM_DB: db, GREENROOM_SCHEDULER: 'true', GREENROOM_SCHEDULER_INTERVAL_MS: '50' });
  }, 60_000);
  afterAll(async () => {
    await serve?.stop();
    await site?.close();
  });

  it('takes the same campaigns over stdio as over serve, and serve runs them', { timeout: 120_000 }, async () => {
    expect(serve.env.GREENROOM_ALLOW_HOSTS).toBeUndefined();
    // serve read the file: it warns that loopback hosts may be fetched, naming the one from the file.
    expect(serve.stderr()).toContain(site.host);
    const client = await stdio(serve.key);
    try {
      const ids: string[] = [];
      for (const n of [1, 2]) {
        const r = await create(client, `Over stdio ${n}`);
        expect(r.ok, r.error?.message).toBe(true);
        ids.push((r.data as { campaign_id: string }).campaign_id);
      }
      const viaServe = await fetch(`${serve.base}/api/public/v1/campaigns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${serve.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Over serve', conference_url: site.url('/api/v2/shared/view/All'), auto_start: true }),
      });
      expect(viaServe.status).toBe(200);
      ids.push(((await viaServe.json()) as { data: { campaign_id: string } }).data.campaign_id);
      for (const id of ids) {
        let run: { status: string } | null = null;
        for (let i = 0; i < 600 && run?.status !== 'done'; i++) {
          const status = (await client.callTool({ name: 'get_run_status', arguments: { campaign_id: id } })).structuredContent as {
            data: { run: { status: string }; counts: { speakers: number } };
          };
          run = status.data.run;
          if (run.status === 'failed') throw new Error(JSON.stringify(status));
          if (run.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
          else expect(status.data.counts.speakers).toBe(people.length);
        }
        expect(run?.status).toBe('done');
      }
    } finally {
      await client.close();
    }
  });

  it('without the file, a stdio process refuses the same page, saying how to allow it', async () => {
    fs.renameSync(settings, `${settings}.off`);
    const client = await stdio(serve.key);
    try {
      const r = await create(client, 'No settings');
      expect(r.ok).toBe(false);
      expect(r.error?.message).toMatch(/GREENROOM_ALLOW_HOSTS/);
    } finally {
      await client.close();
      fs.renameSync(`${settings}.off`, settings);
    }
  });
});
