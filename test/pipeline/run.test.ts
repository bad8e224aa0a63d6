import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

describe('a pipeline run end to end', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makePipelineWorld();
  });
  afterAll(() => w.close());

  it('auto-starts from create_campaign and ends with qualified speakers holding three drafts each', async () => {
    const created = await w.post('/campaigns', { name: 'DevConf', conference_url: w.urls.sessionize, auto_start: true });
    expect(created.body.data).toMatchObject({ run_started: true, run_id: expect.any(String) });
    campaignId = created.body.data.campaign_id;
    await w.tool('add_conference_url', { campaign_id: campaignId, url: w.urls.cards });
    const queued = await w.tool('get_run_status', { campaign_id: campaignId });
    expect(queued.data).toMatchObject({ run: { status: 'queued', stage: 'scrape' }, poll_after_seconds: 20 });

    const ticks = await w.scheduler.drain();
    expect(ticks).toBeGreaterThan(5);
    const status = await w.get(`/campaigns/${campaignId}/runs/latest`);
    expect(status.body.data.run).toMatchObject({ status: 'done', stage: 'done', error: null, progress: { percent: 100 } });
    expect(status.body.data.poll_after_seconds).toBeNull();
    const urls = status.body.data.conference_urls;
    expect(urls.map((u: { status: string }) => u.status)).toEqual(['done', 'done']);
    expect(urls[0]).toMatchObject({ extractor: 'sessionize-api', speaker_count: 16 });
    expect(urls[1]).toMatchObject({ extractor: 'html-generic', speaker_count: 16 });
    // 16 + 16 with 8 people on both pages: 24 distinct speakers.
    expect(status.body.data.counts.speakers).toBe(24);
    expect((await w.tool('get_campaign', { campaign_id: campaignId })).data.totals).toEqual({ conference_urls: 2, speakers: 24, intent_leads: 0 });

    const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
    expect(stats.scraped).toBe(24);
    expect(stats.prequalified.qualified + stats.prequalified.unsure + stats.prequalified.disqualified).toBe(24);
    expect(stats.qualified).toBeGreaterThan(0);
    expect(stats.drafted).toBe(stats.qualified);
    expect(status.body.data.counts.drafts).toBe(stats.qualified * 3);
    const rows = await w.instance.db.selectFrom('messages').select(['speaker_id', 'slot']).where('campaign_id', '=', campaignId).execute();
    const perSpeaker = new Map<string, number[]>();
    for (const r of rows) perSpeaker.set(r.speaker_id, [...(perSpeaker.get(r.speaker_id) ?? []), r.slot]);
    for (const slots of perSpeaker.values()) expect(slots.sort()).toEqual([1, 2, 3]);
  });

  it('charges drafting per drafted speaker, and enrichment only where it learned something beyond the page, once each', async () => {
    const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
    const credits = await w.tool('get_credit_balance');
    const refs = await w.instance.db.selectFrom('credit_ledger').select('reference').where('kind', '=', 'charge').execute();
    // The demo pages give each speaker's LinkedIn profile and no employer site: enrichment reads nothing new.
    expect(refs.filter((r) => r.reference.startsWith('enrich:'))).toHaveLength(0);
    expect(stats.enriched).toBeGreaterThan(0);
    expect(credits.data.balance).toBe(500 - stats.drafted);
    expect(new Set(refs.map((r) => r.reference)).size).toBe(refs.length);
  });

  it('does not bill already-enriched speakers again on the next run', async () => {
    const before = (await w.tool('get_credit_balance')).data.balance;
    const enrichedBefore = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel.enriched;
    await w.tool('add_conference_url', { campaign_id: campaignId, url: w.urls.extra });
    const preview = await w.post(`/campaigns/${campaignId}/runs`, { dry_run: true });
    expect(Object.keys(preview.body.data)).toEqual(['cost_preview']);
    // The dry run reads the new page (nothing written) and counts what its speakers will cost.
    expect(preview.body.data.cost_preview.credits).toBeGreaterThan(0);
    const started = await w.post(`/campaigns/${campaignId}/runs`, { idempotency_key: 'second-run' });
    expect(started.body.data).toMatchObject({ created: true, run: { status: 'queued' } });
    const replay = await w.post(`/campaigns/${campaignId}/runs`, { idempotency_key: 'second-run' });
    expect(replay.body.data.run.run_id).toBe(started.body.data.run.run_id);
    const again = await w.tool('start_campaign_run', { campaign_id: campaignId });
    expect(again.data).toMatchObject({ created: false, run: { run_id: started.body.data.run.run_id } });
    await w.scheduler.drain();
    const after = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
    // Day two lists people 20..31: four already known, eight new.
    expect(after.scraped).toBe(32);
    const charges = await w.instance.db.selectFrom('credit_ledger').select(['reference', 'delta']).where('kind', '=', 'charge').execute();
    const enrichCharges = charges.filter((c) => c.reference.startsWith('enrich:')).length;
    const draftCharges = charges.filter((c) => c.reference.startsWith('draft:')).length;
    // No enrichment learned anything beyond these pages; every draft was charged exactly once over both runs.
    expect(enrichCharges).toBe(0);
    expect(draftCharges).toBe(after.drafted);
    expect(after.enriched - enrichedBefore).toBeLessThanOrEqual(8);
    const balance = (await w.tool('get_credit_balance')).data.balance;
    expect(balance).toBe(500 - enrichCharges - draftCharges);
    expect(balance).toBeLessThan(before);
    expect(before - balance).toBe(preview.body.data.cost_preview.credits);
  });
});
