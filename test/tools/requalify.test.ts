import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePipelineWorld, TEST_PROFILE, type PipelineWorld } from '../support/pipeline.js';

/** start_campaign_run with requalify: true, after the ICP changed. */
describe('start_campaign_run requalify', () => {
  let w: PipelineWorld;
  let campaignId: string;
  const speakers = () => w.instance.db.selectFrom('speakers').selectAll().where('campaign_id', '=', campaignId).orderBy('seq').execute();
  const charges = () =>
    w.instance.db.selectFrom('credit_ledger').select(['reference', 'delta']).where('user_id', '=', w.user.userId).where('kind', '=', 'charge').execute();

  beforeAll(async () => {
    w = await makePipelineWorld();
    // An ICP only a few speakers fit: the first run drafts some, and leaves the rest judged out.
    const narrow = { titles: ['CTO'], keywords: [], exclusions: [], seniority: [], industries: [], competitors: [] };
    const r = await w.tool('create_campaign', { name: 'Narrow', conference_url: w.urls.sessionize, auto_start: true, icp: narrow });
    campaignId = r.data.campaign_id;
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run.status).toBe('done');
  });
  afterAll(() => w.close());

  it('names requalify when there is nothing else to run', async () => {
    const r = await w.post(`/campaigns/${campaignId}/runs`, {});
    expect(r.status).toBe(422);
    expect(r.body.error?.message).toMatch(/^Nothing to run: every speaker is already processed;.*start a run that judges the speakers not yet drafted again$/);
  });

  it('dry run counts the verdicts it would re-examine, and writes nothing', async () => {
    const before = await speakers();
    const notDrafted = before.filter((s) => s.drafted_at === null && s.stage !== 'prequalify');
    expect(notDrafted.length).toBeGreaterThan(0);
    expect(notDrafted.length).toBeLessThan(before.length);
    const r = await w.tool('start_campaign_run', { campaign_id: campaignId, requalify: true, dry_run: true });
    expect(r.data.cost_preview.requalify_verdicts).toBe(notDrafted.length);
    expect(r.data.cost_preview.note).toMatch(new RegExp(`requalify: ${notDrafted.length} verdict\\(s\\) of speakers not yet drafted would be re-examined`));
    expect(await speakers()).toEqual(before);
    // Without requalify the dry run says nothing of it.
    expect((await w.tool('start_campaign_run', { campaign_id: campaignId, dry_run: true })).data.cost_preview.requalify_verdicts).toBeUndefined();
  });

  it('judges the undrafted speakers again against the new ICP, drafts those who now fit, and charges nothing twice', async () => {
    const before = await speakers();
    const chargedBefore = await charges();
    const drafted = before.filter((s) => s.drafted_at !== null);
    const enriched = before.filter((s) => s.enriched_at !== null);
    await w.tool('update_campaign', { campaign_id: campaignId, icp: TEST_PROFILE.icp });
    const preview = (await w.tool('start_campaign_run', { campaign_id: campaignId, requalify: true, dry_run: true })).data.cost_preview;
    const started = await w.post(`/campaigns/${campaignId}/runs`, { requalify: true });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ created: true, run: { status: 'queued' } });
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run.status).toBe('done');

    const after = await speakers();
    const byId = new Map(after.map((s) => [s.id, s]));
    // Drafted speakers keep their drafts and are not judged again.
    for (const s of drafted) expect(byId.get(s.id)).toMatchObject({ drafted_at: s.drafted_at, prequalify_fit: s.prequalify_fit });
    // Enrichment already done is kept, not done again.
    for (const s of enriched) expect(byId.get(s.id)?.enriched_at).toBe(s.enriched_at);
    const newlyDrafted = after.filter((s) => s.drafted_at !== null && !drafted.some((d) => d.id === s.id));
    expect(newlyDrafted.length).toBeGreaterThan(0);

    const chargedAfter = await charges();
    const fresh = chargedAfter.filter((c) => !chargedBefore.some((b) => b.reference === c.reference));
    expect(fresh.filter((c) => c.reference.startsWith('draft:')).length).toBe(newlyDrafted.length);
    const enrichedIds = new Set(enriched.map((s) => s.id));
    expect(fresh.filter((c) => c.reference.startsWith('enrich:') && enrichedIds.has(c.reference.slice('enrich:'.length)))).toEqual([]);
    // The dry run said what the run then charged.
    expect(-fresh.reduce((a, c) => a + c.delta, 0)).toBe(preview.credits);
  });
});
