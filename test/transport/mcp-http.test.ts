import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

describe('MCP over streamable HTTP at /mcp', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  const connect = async (key: string) => {
    const transport = new StreamableHTTPClientTransport(new URL(`${w.base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(transport);
    return client;
  };

  it('lists tools by scope and calls them with a bearer key', async () => {
    const client = await connect(w.user.keys.all);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('update_campaign');
    const created = await client.callTool({ name: 'create_campaign', arguments: { name: 'Remote' } });
    expect(created.structuredContent).toMatchObject({ ok: true, tool: 'create_campaign', kind: 'write' });
    const bad = await client.callTool({ name: 'get_campaign', arguments: { campaign_id: 'x' } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    await client.close();

    const reader = await connect(w.user.keys.read);
    expect((await reader.listTools()).tools.every((t) => t.annotations?.readOnlyHint)).toBe(true);
    await reader.close();
  });

  it('answers 401 with WWW-Authenticate without a key, and 405 to GET', async () => {
    const res = await fetch(`${w.base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    await expect(connect('grn_bogus')).rejects.toThrow();
    const get = await fetch(`${w.base}/mcp`, { headers: { authorization: `Bearer ${w.user.keys.all}` } });
    expect(get.status).toBe(405);
  });
});
