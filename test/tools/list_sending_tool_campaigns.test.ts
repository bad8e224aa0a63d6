import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callAs, withClient } from '../support/clients.js';
import { makeOtherUser, refusal, UNKNOWN } from '../support/drafts.js';
import { conforms, connect, HEYREACH_KEY, makeSendersWorld, type SendersWorld } from '../senders/support.js';

const TOOL = 'list_sending_tool_campaigns';
const refused = refusal(TOOL, 'read');

describe('list_sending_tool_campaigns', () => {
  let w: SendersWorld;
  let heyreach: string;
  let webhook: string;
  let theirs: string;
  beforeAll(async () => {
    w = await makeSendersWorld();
    heyreach = await connect(w, 'heyreach');
    webhook = await connect(w, 'webhook');
    const other = await makeOtherUser(w);
    theirs = (await withClient(w.instance, other, (c) => call(c, 'create_sending_connection', { tool: 'heyreach', name: 'Theirs', api_key: HEYREACH_KEY })))
      .data.connection_id;
  });
  afterAll(() => w.close());

  it('reads the campaigns inside HeyReach live, alike over HTTP and MCP', async () => {
    const h = await w.get(`/sending-connections/${heyreach}/campaigns`);
    expect(h.status).toBe(200);
    expect(h.body.data).toEqual({
      connection_id: heyreach,
      tool: 'heyreach',
      campaigns: [
        { sending_campaign_id: '4101', name: 'DevConf speakers', status: 'IN_PROGRESS' },
        { sending_campaign_id: '4102', name: 'Paused one', status: 'PAUSED' },
      ],
    });
    conforms(TOOL, h.body.data);
    expect(await w.tool(TOOL, { connection_id: heyreach })).toEqual(h.body);
    w.heyreach.campaigns.push({ id: 4103, name: 'Made just now', status: 'DRAFT', leads: new Map() });
    expect((await w.tool(TOOL, { connection_id: heyreach })).data.campaigns).toHaveLength(3);
  });

  it('gives a webhook connection its one campaign, without a request', async () => {
    const before = w.receiver.received.length;
    expect((await w.tool(TOOL, { connection_id: webhook })).data.campaigns).toEqual([
      { sending_campaign_id: 'default', name: expect.any(String), status: null },
    ]);
    expect(w.receiver.received.length).toBe(before);
  });

  it('answers 422 when the tool is down, 404 for unknown and others’ connections, 400 for a malformed id, 401 and 403', async () => {
    for (let i = 0; i < 3; i++) w.heyreach.script.push({ status: 500 });
    const down = await w.get(`/sending-connections/${heyreach}/campaigns`);
    expect(down.status).toBe(422);
    expect(down.body).toEqual(refused('tool_error'));
    for (const id of [UNKNOWN, theirs]) {
      expect((await w.get(`/sending-connections/${id}/campaigns`)).status).toBe(404);
      expect(await w.tool(TOOL, { connection_id: id })).toEqual(refused('not_found'));
    }
    expect((await w.get('/sending-connections/nope/campaigns')).body).toEqual(refused('invalid_request'));
    expect((await w.get(`/sending-connections/${heyreach}/campaigns`, { key: undefined })).status).toBe(401);
    expect(await callAs(w.instance, w.user, 'write', TOOL, { connection_id: heyreach })).toEqual(refused('forbidden_scope'));
  });
});
