import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInstance, makeUser, type TestEnv, type TestUser } from './support/instance.js';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin/greenroom');

/** A greenroom command run the way a client would: from the filesystem root. */
function fromRoot(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: '/', env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
}

describe('connecting a desktop client', () => {
  let t: TestEnv;
  let user: TestUser;
  beforeAll(async () => {
    t = await makeInstance();
    user = await makeUser(t.instance);
  });
  afterAll(() => t.close());

  it('mcp-config --json writes an entry that starts from any directory', async () => {
    // On PostgreSQL the entry must also name the server, or the client's process would open an empty SQLite file.
    const printed = fromRoot(['mcp-config', '--key', user.keys.readWrite, '--json'], t.dbEnv);
    expect(printed.status, printed.stderr).toBe(0);
    const entry = JSON.parse(printed.stdout).mcpServers.greenroom as { command: string; args: string[]; env: Record<string, string> };
    expect(entry).toEqual({ command: process.execPath, args: [bin, 'stdio'], env: { GREENROOM_API_KEY: user.keys.readWrite, ...t.dbEnv } });
    for (const p of [entry.command, entry.args[0] as string, entry.env.GREENROOM_DB as string]) expect(path.isAbsolute(p), p).toBe(true);

    // Started exactly as written, from /, with only the environment a client adds.
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...getDefaultEnvironment(), ...entry.env },
      cwd: '/',
      stderr: 'pipe',
    });
    const client = new Client({ name: 'desktop-from-root', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((x) => x.name)).toContain('create_campaign');
      const who = await client.callTool({ name: 'whoami', arguments: {} });
      expect(who.structuredContent).toMatchObject({ ok: true, data: { user_id: user.userId } });
    } finally {
      await client.close();
    }
  }, 60_000);

  it('prints an MCP Inspector command pinned to a Node 20 release that lists the tools over the same entry', () => {
    const printed = fromRoot(['mcp-config', '--key', user.keys.readWrite], t.dbEnv);
    expect(printed.status, printed.stderr).toBe(0);
    const line = printed.stdout.split('\n').find((l) => l.includes('npx ')) as string;
    const server = t.dbEnv.GREENROOM_DATABASE_URL ? ` -e GREENROOM_DATABASE_URL=${t.dbEnv.GREENROOM_DATABASE_URL}` : '';
    expect(line.trim()).toBe(
      `npx --yes @modelcontextprotocol/inspector@0.15.0 --cli -e "GREENROOM_API_KEY=${user.keys.readWrite}" -e GREENROOM_DB=${t.dbPath}${server} ${process.execPath} ${bin} stdio --method tools/list`,
    );
  });
});
