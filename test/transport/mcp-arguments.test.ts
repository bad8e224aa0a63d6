import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

/** tools/call as a client may send it, arguments of any JSON type. */
const rawCall = (client: Client, params: unknown) => client.request({ method: 'tools/call', params } as never, CallToolResultSchema);

/**
 * A tools/call whose arguments are not an object gets the tool's invalid_request
 * envelope, like any other bad input; a call without a tool name gets a short -32602.
 * Checked on every path a call can take: the HTTP fast path, the SDK transport (in
 * memory, as every tool test uses) and stdio.
 */
async function expectRefusals(client: Client): Promise<void> {
  for (const args of ['x', [1], 42, true]) {
    const res = await rawCall(client, { name: 'whoami', arguments: args });
    expect(res.isError, JSON.stringify(args)).toBe(true);
    expect(res.structuredContent).toMatchObject({ ok: false, tool: 'whoami', kind: 'read', data: null, error: { code: 'invalid_request' } });
    expect((res.structuredContent as { error: { message: string } }).error.message).toMatch(/^input: .*expected object/);
  }
  for (const params of [{ arguments: {} }, { name: 7 }, { name: ['whoami'], arguments: {} }]) {
    const err = await rawCall(client, params).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err, JSON.stringify(params)).toBeInstanceOf(McpError);
    expect((err as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((err as McpError).message.length).toBeLessThan(120);
  }
  const ok = await rawCall(client, { name: 'whoami', arguments: {} });
  expect(ok.isError).toBe(false);
}

describe('tools/call with arguments of the wrong type', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  it('over streamable HTTP', async () => {
    const client = new Client({ name: 'args-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${w.base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${w.user.keys.all}` } } }),
    );
    try {
      await expectRefusals(client);
    } finally {
      await client.close();
    }
  });

  it('through the SDK server in memory', async () => {
    await expectRefusals(w.mcp);
  });

  it('over stdio', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'stdio'],
      env: { PATH: process.env.PATH ?? '', ...w.dbEnv, GREENROOM_API_KEY: w.user.keys.read, GREENROOM_LOG_LEVEL: 'warn' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'args-stdio', version: '1.0.0' });
    await client.connect(transport);
    try {
      await expectRefusals(client);
    } finally {
      await client.close();
    }
  });
});
