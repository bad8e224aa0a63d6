import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { makeUser } from '../support/instance.js';
import { refusal, UNKNOWN } from '../support/drafts.js';
import { signalRows } from '../support/intent.js';
import { makeWorld, type World } from '../support/world.js';

const TOOL = 'set_intent_lead_selected';
const refused = refusal(TOOL, 'write');

describe('set_intent_lead_selected', () => {
  let w: World;
  let campaignId: string;
  let leads: Array<{ lead_id: string; selected: boolean }>;

  beforeAll(async () => {
    w = await makeWorld();
    campaignId = (await w.tool('create_campaign', { name: 'Pick' })).data.campaign_id;
    await w.tool('update_campaign', { campaign_id: campaignId, intent_enabled: true });
    await w.tool('import_intent_signals', { campaign_id: campaignId, rows: signalRows(4, 4) });
    leads = (await w.tool('list_intent_leads', { campaign_id: campaignId })).data.items;
  });
  afterAll(() => w.close());

  it('selects a lead over HTTP and answers with the lead as list_intent_leads shows it', async () => {
    const r = await w.post(`/intent-leads/${leads[1]?.lead_id}/selected`, { selected: true });
    expect(r.status).toBe(200);
    const listed = (await w.tool('list_intent_leads', { campaign_id: campaignId })).data.items[1];
    expect(r.body).toEqual({ ok: true, tool: TOOL, kind: 'write', data: { ...listed, selected: true }, error: null });
  });

  it('excludes it again over MCP, and a repeat leaves it so', async () => {
    for (let i = 0; i < 2; i++) expect((await w.tool(TOOL, { lead_id: leads[1]?.lead_id, selected: false })).data.selected).toBe(false);
    expect((await w.tool('list_intent_leads', { campaign_id: campaignId, selected: true })).data.items).toEqual([]);
  });

  it("is not_found for an unknown lead or another user's lead; invalid_request for bad input", async () => {
    expect(await w.tool(TOOL, { lead_id: UNKNOWN, selected: true })).toEqual(refused('not_found'));
    const other = await makeUser(w.instance, 'other@example.com');
    expect(await callAs(w.instance, other, 'write', TOOL, { lead_id: leads[0]?.lead_id, selected: true })).toEqual(refused('not_found'));
    for (const body of [{}, { selected: 'yes' }, { selected: true, extra: 1 }]) {
      const r = await w.post(`/intent-leads/${leads[0]?.lead_id}/selected`, body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual(refused('invalid_request'));
    }
    expect(await callAs(w.instance, w.user, 'read', TOOL, { lead_id: leads[0]?.lead_id, selected: true })).toEqual(refused('forbidden_scope'));
  });
});
