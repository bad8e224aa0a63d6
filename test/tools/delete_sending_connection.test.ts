import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callAs, withClient } from '../support/clients.js';
import { makeOtherUser, refusal, UNKNOWN } from '../support/drafts.js';
import { conforms, connect, HEYREACH_CAMPAIGN, HEYREACH_KEY, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

const TOOL = 'delete_sending_connection';
const refused = refusal(TOOL, 'write');

describe('delete_sending_connection', () => {
  let w: SendersWorld;
  let theirs: string;
  beforeAll(async () => {
    w = await makeSendersWorld();
    const other = await makeOtherUser(w);
    theirs = (await withClient(w.instance, other, (c) => call(c, 'create_sending_connection', { tool: 'heyreach', name: 'Theirs', api_key: HEYREACH_KEY })))
      .data.connection_id;
  });
  afterAll(() => w.close());

  it('deletes the connection and its key, and unwires its campaigns, which then refuse to push', async () => {
    const conn = await connect(w, 'heyreach');
    const campaign = (await w.tool('create_campaign', { name: 'Wired' })).data.campaign_id;
    await wire(w, campaign, conn, HEYREACH_CAMPAIGN);
    const h = await w.post(`/sending-connections/${conn}/delete`, {});
    expect(h.status).toBe(200);
    expect(h.body.data).toEqual({ connection_id: conn, deleted: true, unwired_campaigns: 1 });
    conforms(TOOL, h.body.data);
    expect(await w.instance.db.selectFrom('sending_connections').select('id').where('id', '=', conn).execute()).toEqual([]);
    expect((await w.tool('get_campaign', { campaign_id: campaign })).data).toMatchObject({ sending_connection_id: null, sending_campaign_id: null });
    const push = await w.tool('push_approved', { campaign_id: campaign, dry_run: true });
    expect(push.error?.code).toBe('tool_error');
  });

  it('answers 404 for an unknown connection, a deleted one and another user’s, over HTTP and MCP, leaving theirs in place', async () => {
    const conn = await connect(w, 'lemlist');
    expect((await w.tool(TOOL, { connection_id: conn })).ok).toBe(true);
    for (const id of [UNKNOWN, conn, theirs]) {
      const h = await w.post(`/sending-connections/${id}/delete`, {});
      expect(h.status).toBe(404);
      expect(h.body).toEqual(refused('not_found'));
      expect(await w.tool(TOOL, { connection_id: id })).toEqual(refused('not_found'));
    }
    expect(await w.instance.db.selectFrom('sending_connections').select('id').where('id', '=', theirs).execute()).toHaveLength(1);
  });

  it('answers 400 to a malformed id or an unknown field, 401 without a key and 403 without write', async () => {
    const conn = await connect(w, 'heyreach');
    expect((await w.post('/sending-connections/nope/delete', {})).status).toBe(400);
    expect((await w.post(`/sending-connections/${conn}/delete`, { force: true })).body).toEqual(refused('invalid_request'));
    expect((await w.post(`/sending-connections/${conn}/delete`, {}, { key: undefined })).status).toBe(401);
    expect((await w.post(`/sending-connections/${conn}/delete`, {}, { key: w.user.keys.read })).status).toBe(403);
    expect(await callAs(w.instance, w.user, 'read', TOOL, { connection_id: conn })).toEqual(refused('forbidden_scope'));
    expect(await w.instance.db.selectFrom('sending_connections').select('id').where('id', '=', conn).execute()).toHaveLength(1);
  });
});
