import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { makeUser } from '../support/instance.js';
import { refusal, UNKNOWN } from '../support/drafts.js';
import { signalRows } from '../support/intent.js';
import { makeWorld, type World } from '../support/world.js';

const TOOL = 'list_intent_leads';
const refused = refusal(TOOL, 'read');

describe('list_intent_leads', () => {
  let w: World;
  let campaignId: string;

  beforeAll(async () => {
    w = await makeWorld();
    campaignId = (await w.tool('create_campaign', { name: 'Leads' })).data.campaign_id;
    await w.tool('update_campaign', { campaign_id: campaignId, intent_enabled: true });
    await w.tool('import_intent_signals', { campaign_id: campaignId, rows: signalRows(30, 12) });
  });
  afterAll(() => w.close());

  it('pages the leads over HTTP with limit and cursor, each with its signals counted', async () => {
    const seen: Array<{ lead_id: string; linkedin_url: string; signal_count: number }> = [];
    let cursor: string | undefined;
    do {
      const r = await w.get('/intent-leads', { query: { campaign_id: campaignId, limit: 5, cursor } });
      expect(r.status).toBe(200);
      seen.push(...r.body.data.items);
      cursor = r.body.data.next_cursor ?? undefined;
      expect(r.body.data.has_more).toBe(cursor !== undefined);
    } while (cursor);
    expect(seen).toHaveLength(12);
    expect(seen.map((l) => l.linkedin_url)).toEqual(Array.from({ length: 12 }, (_, i) => `https://www.linkedin.com/in/person-${i}`));
    // 30 rows over 12 people: the first six three times, the rest twice.
    expect(seen.map((l) => l.signal_count)).toEqual([3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2]);
    expect(seen[0]).toMatchObject({
      name: 'Ada Quill',
      headline: 'VP Engineering at Northwind',
      title: 'VP Engineering',
      company: 'Northwind',
      selected: false,
      drafted: false,
      stage: 'prequalify',
      also_a_speaker: false,
      last_signal_at: '2026-11-20T10:00:00.000Z',
    });
  });

  it('filters on selected over MCP', async () => {
    const all = (await w.tool(TOOL, { campaign_id: campaignId })).data.items;
    await w.tool('set_intent_lead_selected', { lead_id: all[3].lead_id, selected: true });
    const picked = await w.tool(TOOL, { campaign_id: campaignId, selected: true });
    expect(picked.data.items.map((l: { lead_id: string }) => l.lead_id)).toEqual([all[3].lead_id]);
    expect((await w.tool(TOOL, { campaign_id: campaignId, selected: false })).data.items).toHaveLength(11);
  });

  it('keeps leads out of search_speakers', async () => {
    expect((await w.tool('search_speakers', { campaign_id: campaignId })).data.items).toEqual([]);
    // The substring paths (an index lookup of three letters or more) keep them out too.
    expect((await w.tool('search_speakers', { name: 'quill' })).data.items).toEqual([]);
    expect((await w.tool('search_speakers', { company: 'northwind' })).data.items).toEqual([]);
    expect((await w.tool('search_speakers', { name: 'qu' })).data.items).toEqual([]);
  });

  it('is invalid_request for a campaign without intent_enabled, not_found for an unknown or foreign one', async () => {
    const plain = (await w.tool('create_campaign', { name: 'Plain' })).data.campaign_id;
    const off = await w.get('/intent-leads', { query: { campaign_id: plain } });
    expect(off.status).toBe(400);
    expect(off.body).toEqual(refused('invalid_request'));
    expect(off.body.error?.message).toMatch(/intent_enabled=true/);
    expect(await w.tool(TOOL, { campaign_id: UNKNOWN })).toEqual(refused('not_found'));
    const other = await makeUser(w.instance, 'other@example.com');
    expect(await callAs(w.instance, other, 'read', TOOL, { campaign_id: campaignId })).toEqual(refused('not_found'));
    const missing = await w.get('/intent-leads', { query: {} });
    expect(missing.status).toBe(400);
  });

  it('refuses a cursor from another filter', async () => {
    const page = await w.tool(TOOL, { campaign_id: campaignId, limit: 2 });
    expect(await w.tool(TOOL, { campaign_id: campaignId, limit: 2, selected: false, cursor: page.data.next_cursor })).toEqual(refused('invalid_request'));
  });
});
