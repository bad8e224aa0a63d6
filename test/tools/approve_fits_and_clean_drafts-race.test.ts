import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, draftedCampaign, HEYREACH_CAMPAIGN, makeSendersWorld, readySpeakers, storedSlots, wire, type SendersWorld } from '../senders/support.js';

/**
 * Two approve_fits_and_clean_drafts calls on one campaign at once, over HTTP: every
 * approval is stored once, announced once, and counted by the call whose guarded write
 * stored it; the sequences reach the sending tool once.
 */
describe('approve_fits_and_clean_drafts, two calls at once', () => {
  let w: SendersWorld;
  let campaignId: string;
  let ready: string[];

  beforeAll(async () => {
    w = await makeSendersWorld();
    campaignId = await draftedCampaign(w, 'DevConf', true);
    await wire(w, campaignId, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
    ready = await readySpeakers(w, campaignId);
    expect(ready.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(() => w.close());

  it('counts only what its own guarded write stored, and emits message.approved once per text', async () => {
    const path = `/campaigns/${campaignId}/approve-and-push`;
    const answers = await Promise.all([w.post(path, {}), w.post(path, {})]);

    const stored = await w.instance.db
      .selectFrom('messages')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('approved_via', '=', 'approve_fits_and_clean_drafts')
      .where('approved_at', 'is not', null)
      .execute();
    expect(stored).toHaveLength(3 * ready.length);

    // A call that did not run answers why, and approved nothing it did not say.
    const done = answers.filter((a) => a.status === 200);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.body.error?.code, JSON.stringify(refused.body)).toBe('tool_error');
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.reduce((sum, a) => sum + (a.body.data.approved as number), 0)).toBe(stored.length);

    const events = await w.instance.db
      .selectFrom('run_events')
      .select('data')
      .where('campaign_id', '=', campaignId)
      .where('type', '=', 'message.approved')
      .execute();
    const announced = events.map((e) => (JSON.parse(e.data) as { message_id: string }).message_id).sort();
    expect(announced).toEqual(stored.map((m) => m.id).sort());
    const audits = await w.instance.db.selectFrom('audit_log').select('target_id').where('action', '=', 'message.approved').execute();
    expect(audits.map((a) => a.target_id).sort()).toEqual(stored.map((m) => m.id).sort());

    expect(done.reduce((sum, a) => sum + (a.body.data.push.pushed as number), 0)).toBe(ready.length);
    expect(w.heyreach.campaigns[0]!.leads.size).toBe(ready.length);
  });
});

/**
 * approve_fits_and_clean_drafts beside a push_approved of the same campaign: it takes the
 * campaign's push lease before approving, so its approvals are always followed by its own
 * push, never stored and then left unreported behind a refused one.
 */
describe('approve_fits_and_clean_drafts while a push_approved is sending', () => {
  let w: SendersWorld;
  let campaignId: string;
  let ready: string[];

  beforeAll(async () => {
    w = await makeSendersWorld();
    campaignId = await draftedCampaign(w, 'DevConf');
    await wire(w, campaignId, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
    ready = await readySpeakers(w, campaignId);
  });
  afterAll(() => w.close());

  it('is refused before it approves anything while a push_approved of the campaign is sending, and reports what it approved once it runs', async () => {
    const [first, ...rest] = ready;
    const picked = rest.slice(0, 3);
    expect(picked).toHaveLength(3);
    const adds = () => w.heyreach.received.filter((r) => r.path.endsWith('/AddLeadsToCampaignV2')).length;
    const before = adds();
    w.heyreach.script.push({ delayMs: 1200 });
    const pushing = w.post(`/campaigns/${campaignId}/push`, { speaker_ids: [first] });
    // The push holds the campaign's push lease while HeyReach takes its time to answer.
    while (adds() === before) await new Promise((done) => setTimeout(done, 20));
    const refused = await w.post(`/campaigns/${campaignId}/approve-and-push`, { speaker_ids: picked });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'tool_error', message: expect.stringMatching(/still running/) });
    const approvedByBulk = async () =>
      (await Promise.all(picked.map((s) => storedSlots(w, s)))).flat().filter((m) => m.approved_via === 'approve_fits_and_clean_drafts').length;
    expect(await approvedByBulk()).toBe(0);
    expect((await pushing).body.data).toMatchObject({ pushed: 1 });

    const done = await w.post(`/campaigns/${campaignId}/approve-and-push`, { speaker_ids: picked });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ approved: 9, push: { pushed: 3 } });
    expect(await approvedByBulk()).toBe(9);
  });
});
