import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../../src/http/app.js';
import { makeWorld, type World } from '../support/world.js';

/**
 * Plain tools/call messages are answered without a per-request protocol server. This
 * keeps that path honest: for every kind of call it must answer exactly what the SDK
 * transport answers.
 */
describe('the /mcp fast path for tools/call', () => {
  let w: World;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeWorld();
    campaignId = (await w.tool('create_campaign', { name: 'Equal', conference_url: 'https://conf.example.com/speakers' })).data.campaign_id;
  });
  afterAll(() => w.close());

  const post = async (fastPath: boolean, body: unknown, key: string, headers: Record<string, string> = {}) => {
    const app = createHttpApp(w.instance, { mcpFastPath: fastPath });
    const res = await app.request('/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };

  const call = (name: string, args: unknown, id: number | string = 7) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

  it.each([
    ['a successful read', call('get_campaign', { campaign_id: '' }), 'all'],
    ['invalid arguments', call('get_campaign', { campaign_id: 'nope' }), 'all'],
    ['an unknown campaign', call('get_campaign', { campaign_id: '00000000-0000-4000-8000-000000000000' }), 'all'],
    ['a call beyond the key’s scope', call('create_campaign', { name: 'x' }), 'read'],
    ['a call without arguments', { jsonrpc: '2.0', id: 'abc', method: 'tools/call', params: { name: 'whoami' } }, 'read'],
    ['an unknown tool', call('no_such_tool', {}), 'all'],
    ['arguments that are a string', call('whoami', 'x'), 'all'],
    ['arguments that are an array', call('get_campaign', [1]), 'all'],
    ['arguments that are null', call('whoami', null), 'all'],
    ['a call without a tool name', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { arguments: {} } }, 'all'],
    ['a batch', [call('whoami', {}, 1)], 'all'],
    ['a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'all'],
    ['invalid JSON', '{"jsonrpc":', 'all'],
  ] as const)('answers %s exactly as the SDK transport does', async (_label, message, which) => {
    const body = JSON.parse(JSON.stringify(message).replace('"campaign_id":""', `"campaign_id":"${campaignId}"`));
    const key = w.user.keys[which];
    const fast = await post(true, typeof message === 'string' ? message : body, key);
    const sdk = await post(false, typeof message === 'string' ? message : body, key);
    expect(fast.status).toBe(sdk.status);
    expect(fast.type).toBe(sdk.type);
    expect(fast.body ? JSON.parse(fast.body) : null).toEqual(sdk.body ? JSON.parse(sdk.body) : null);
  });

  it('leaves a request with a wrong Accept or protocol version header to the transport’s refusal', async () => {
    const msg = call('whoami', {});
    const badAccept = await post(true, msg, w.user.keys.all, { accept: 'application/json' });
    expect(badAccept.status).toBe(406);
    const badVersion = await post(true, msg, w.user.keys.all, { 'mcp-protocol-version': '1999-01-01' });
    expect(badVersion.status).toBe(400);
    const good = await post(true, msg, w.user.keys.all, { 'mcp-protocol-version': '2025-06-18' });
    expect(good.status).toBe(200);
  });
});
