import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { makeOtherUser, refusal, walkPages } from '../support/drafts.js';
import { withClient, call } from '../support/clients.js';
import { conforms, connect, HEYREACH_KEY, makeSendersWorld, wire, HEYREACH_CAMPAIGN, type SendersWorld } from '../senders/support.js';

const TOOL = 'list_sending_connections';
const refused = refusal(TOOL, 'read');

describe('list_sending_connections', () => {
  let w: SendersWorld;
  let ids: string[];
  beforeAll(async () => {
    w = await makeSendersWorld();
    ids = [await connect(w, 'heyreach'), await connect(w, 'lemlist'), await connect(w, 'webhook')];
    const campaign = (await w.tool('create_campaign', { name: 'Wired' })).data.campaign_id;
    await wire(w, campaign, ids[0]!, HEYREACH_CAMPAIGN);
    const other = await makeOtherUser(w);
    await withClient(w.instance, other, (c) => call(c, 'create_sending_connection', { tool: 'heyreach', name: 'Theirs', api_key: HEYREACH_KEY }));
  });
  afterAll(() => w.close());

  it('lists only this user’s connections with their wiring count and no secret, alike over HTTP and MCP', async () => {
    const h = await w.get('/sending-connections');
    expect(h.status).toBe(200);
    expect(h.body.data.items.map((c: any) => [c.connection_id, c.tool, c.wired_campaigns])).toEqual([
      [ids[0], 'heyreach', 1],
      [ids[1], 'lemlist', 0],
      [ids[2], 'webhook', 0],
    ]);
    expect(h.body.data.has_more).toBe(false);
    conforms(TOOL, h.body.data);
    expect(await w.tool(TOOL, {})).toEqual(h.body);
    expect(JSON.stringify(h.body)).not.toMatch(/credential|api_key|hr_live|whsec/);
  });

  it('pages with limit and cursor', async () => {
    const { seen, sizes } = await walkPages(
      { limit: 2 },
      async (q, overHttp) => (overHttp ? (await w.get('/sending-connections', { query: q })).body : await w.tool(TOOL, q)),
      (p: any) => p.items.map((c: any) => c.connection_id),
    );
    expect(seen).toEqual(ids);
    expect(sizes).toEqual([2, 1]);
  });

  it('refuses a bad limit or cursor with 400, no key with 401, a key without read with 403', async () => {
    for (const query of [{ limit: 0 }, { limit: 201 }, { cursor: 'abc' }, { cursor: 'x'.repeat(33) }]) {
      const r = await w.get('/sending-connections', { query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body).toEqual(refused('invalid_request'));
    }
    expect((await w.get('/sending-connections', { key: undefined })).status).toBe(401);
    expect((await w.get('/sending-connections', { key: w.user.keys.write })).status).toBe(403);
    expect(await callAs(w.instance, w.user, 'write', TOOL, {})).toEqual(refused('forbidden_scope'));
  });
});
