import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeInstance, makeUser, type TestEnv, type TestUser } from '../support/instance.js';

// The committed mcp.json, started the way a client that runs servers in the checkout does:
// the command relative to the checkout, ${VAR} in env filled from the client's environment.
const root = path.resolve(import.meta.dirname, '../..');
const entry = (
  JSON.parse(fs.readFileSync(path.join(root, 'mcp.json'), 'utf8')) as {
    mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }>;
  }
).mcpServers.greenroom;

let env: TestEnv;
let user: TestUser;
beforeAll(async () => {
  env = await makeInstance();
  user = await makeUser(env.instance);
});
afterAll(() => env.close());

const expand = (value: string, from: Record<string, string>) => value.replace(/\$\{(\w+)\}/g, (_, name: string) => from[name] ?? '');

it('is committed and holds no secret: the key comes from the environment', () => {
  expect(spawnSync('git', ['ls-files', 'mcp.json'], { cwd: root, encoding: 'utf8' }).stdout.trim()).toBe('mcp.json');
  expect(entry.command).toBe('bin/greenroom');
  expect(JSON.stringify(entry)).not.toMatch(/grn_|[A-Za-z0-9]{32}/);
  expect(entry.env?.GREENROOM_API_KEY).toBe('${GREENROOM_API_KEY}');
});

it('starts from the checkout with the SDK stdio client and lists the tools', async () => {
  const clientEnv: Record<string, string> = { PATH: process.env.PATH ?? '', ...env.dbEnv, GREENROOM_API_KEY: user.keys.readWrite };
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    cwd: root,
    env: { ...clientEnv, ...Object.fromEntries(Object.entries(entry.env ?? {}).map(([k, v]) => [k, expand(v, clientEnv)])) },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'mcp-json-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('create_campaign');
    const me = await client.callTool({ name: 'whoami', arguments: {} });
    expect(me.structuredContent).toMatchObject({ ok: true, data: { user_id: user.userId } });
  } finally {
    await client.close();
  }
});
