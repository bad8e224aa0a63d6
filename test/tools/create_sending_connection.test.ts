import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import { refusal } from '../support/drafts.js';
import { conforms, HEYREACH_KEY, LEMLIST_KEY, makeSendersWorld, type SendersWorld } from '../senders/support.js';

const TOOL = 'create_sending_connection';
const refused = refusal(TOOL, 'write');

describe('create_sending_connection', () => {
  let w: SendersWorld;
  const count = async () => (await w.instance.db.selectFrom('sending_connections').select('id').execute()).length;
  beforeAll(async () => {
    w = await makeSendersWorld();
  });
  afterAll(() => w.close());

  it('connects HeyReach over HTTP and lemlist over MCP, after the tool accepted the key; the key is never returned', async () => {
    const h = await w.post('/sending-connections', { tool: 'heyreach', name: '  Main HeyReach ', api_key: HEYREACH_KEY });
    expect(h.status).toBe(200);
    expect(h.body.data).toEqual({
      connection_id: expect.any(String),
      tool: 'heyreach',
      name: 'Main HeyReach',
      url: null,
      created_at: w.clock.now().toISOString(),
      wired_campaigns: 0,
      events_url: false,
      campaigns_found: 2,
    });
    conforms(TOOL, h.body.data);
    const m = await w.tool(TOOL, { tool: 'lemlist', name: 'lemlist', api_key: LEMLIST_KEY });
    expect(m.data).toMatchObject({ tool: 'lemlist', campaigns_found: 2 });
    for (const r of [h.body, m]) expect(JSON.stringify(r)).not.toMatch(new RegExp(`${HEYREACH_KEY}|${LEMLIST_KEY}`));
    const rows = await w.instance.db.selectFrom('sending_connections').select(['credential', 'user_id']).execute();
    expect(rows.every((r) => r.credential.startsWith('v1.') && r.user_id === w.user.userId)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(HEYREACH_KEY);
  });

  it('answers 401 without a key and 403 to a read-only key, over HTTP and MCP, and stores nothing', async () => {
    const before = await count();
    const body = { tool: 'heyreach', name: 'x', api_key: HEYREACH_KEY };
    const h = await w.post('/sending-connections', body, { key: undefined });
    expect(h.status).toBe(401);
    expect((await mcpOverHttp(w.base, TOOL, body)).status).toBe(401);
    const r = await w.post('/sending-connections', body, { key: w.user.keys.read });
    expect(r.status).toBe(403);
    expect(r.body).toEqual(refused('forbidden_scope'));
    expect(await callAs(w.instance, w.user, 'read', TOOL, body)).toEqual(refused('forbidden_scope'));
    expect(await count()).toBe(before);
  });

  it.each([
    ['an unknown tool', { tool: 'mailchimp', name: 'x', api_key: 'k' }, 'tool'],
    ['no api_key', { tool: 'heyreach', name: 'x' }, 'api_key'],
    ['an empty name', { tool: 'heyreach', name: '  ', api_key: 'k' }, 'name'],
    ['a name of 201 characters', { tool: 'heyreach', name: 'x'.repeat(201), api_key: 'k' }, 'name'],
    ['a key of 501 characters', { tool: 'heyreach', name: 'x', api_key: 'k'.repeat(501) }, 'api_key'],
    ['a url that is not one', { tool: 'webhook', name: 'x', api_key: 'k'.repeat(20), url: 'not a url' }, 'url'],
    ['an unknown field', { tool: 'heyreach', name: 'x', api_key: 'k', secret: 'y' }, 'secret'],
    ['a wrong key', { tool: 'heyreach', name: 'x', api_key: 'wrong' }, 'api_key'],
  ])('answers 400 invalid_request to %s, over HTTP and MCP, and stores nothing', async (_label, body, word) => {
    const before = await count();
    const h = await w.post('/sending-connections', body);
    expect(h.status).toBe(400);
    expect(h.body).toEqual(refused('invalid_request'));
    expect(h.body.error?.message).toContain(word);
    expect(await w.tool(TOOL, body)).toEqual(refused('invalid_request'));
    expect(await count()).toBe(before);
  });

  it('answers 422 tool_error when the tool cannot be reached or is down, naming it', async () => {
    for (let i = 0; i < 3; i++) w.heyreach.script.push({ status: 503, body: 'maintenance' });
    const r = await w.post('/sending-connections', { tool: 'heyreach', name: 'x', api_key: HEYREACH_KEY });
    expect(r.status).toBe(422);
    expect(r.body.error?.message).toBe('HeyReach is unavailable (HTTP 503): maintenance');
  });
});
