import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';

// `npm pack` gives a tarball that installs with `npm install -g` into an empty prefix and
// runs there, far from the checkout. Installing compiles better-sqlite3 from source: minutes.
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-pack-'));
const prefix = path.join(dir, 'prefix');
const work = path.join(dir, 'elsewhere');
const bin = path.join(prefix, 'bin', 'greenroom');
const env = {
  PATH: `${path.join(prefix, 'bin')}:${process.env.PATH ?? ''}`,
  HOME: process.env.HOME ?? dir,
  GREENROOM_DB: path.join(work, 'data', 'greenroom.db'),
  GREENROOM_LOG_LEVEL: 'silent',
};

function run(command: string, args: string[], cwd: string, extra: Record<string, string> = {}) {
  const r = spawnSync(command, args, { cwd, env: { ...process.env, ...env, ...extra }, encoding: 'utf8', timeout: 540_000 });
  return { code: r.status, out: r.stdout ?? '', err: r.stderr ?? '' };
}

beforeAll(() => {
  fs.mkdirSync(work, { recursive: true });
  // The checkout's dist is what npm test just built; pack it as it stands.
  const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], root);
  expect(packed.code, packed.err).toBe(0);
  const tarball = path.join(dir, packed.out.trim().split('\n').pop() as string);
  const installed = run('npm', ['install', '-g', '--no-audit', '--no-fund', '--prefix', prefix, tarball], work);
  expect(installed.code, installed.err).toBe(0);
}, 600_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('runs from an empty prefix with no file of the checkout: --version, migrate, a key, and stdio listing tools', async () => {
  expect(fs.realpathSync(bin).startsWith(fs.realpathSync(prefix))).toBe(true);
  expect(run(bin, ['--version'], work).out).toMatch(/^greenroom \d+\.\d+\.\d+/);
  const migrated = run(bin, ['migrate'], work);
  expect(migrated.code, migrated.err).toBe(0);
  expect(migrated.out).toMatch(/applied: 001-init/);
  expect(run(bin, ['users', 'create', '--email', 'desk@example.com', '--name', 'Desk', '--role', 'owner'], work).code).toBe(0);
  const key = run(bin, ['keys', 'create', '--scopes', 'read,write', '--name', 'desktop'], work).out.trim();
  expect(key).toMatch(/^grn_/);
  const transport = new StdioClientTransport({ command: bin, args: ['stdio'], cwd: work, env: { ...env, GREENROOM_API_KEY: key }, stderr: 'pipe' });
  const client = new Client({ name: 'package-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('create_campaign');
    expect(tools).toContain('get_draft_qa');
  } finally {
    await client.close();
  }
}, 120_000);
