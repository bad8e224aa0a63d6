import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conforms,
  connect,
  draftedCampaign,
  HEYREACH_CAMPAIGN,
  makeSendersWorld,
  readySpeakers,
  storedSlots,
  wire,
  type SendersWorld,
} from '../senders/support.js';

/**
 * "Approved" is what a person approved with approve_message; what the QA gate cleared is
 * "ready". A campaign with push_requires_approval pushes only the former.
 */
describe('push_requires_approval: pushes that wait for a person', () => {
  let w: SendersWorld;
  let campaignId: string;
  let ready: string[];
  let person: string;
  const leadsInTool = () => w.heyreach.campaigns[0]!.leads.size;
  const hintsOf = async (speakerId: string) => {
    const r = await w.tool('get_draft_qa', { speaker_id: speakerId });
    return (r.data.messages as Array<{ fix_hints: Array<{ code: string; action: string; hint: string }>; approved_via: string | null }>).map((m) => ({
      hints: m.fix_hints,
      via: m.approved_via,
    }));
  };

  beforeAll(async () => {
    w = await makeSendersWorld();
    campaignId = await draftedCampaign(w, 'DevConf');
    await wire(w, campaignId, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
    ready = await readySpeakers(w, campaignId);
    expect(ready.length).toBeGreaterThanOrEqual(4);
    person = ready[1] as string;
    for (const m of await storedSlots(w, person)) expect((await w.tool('approve_message', { message_id: m.id })).ok).toBe(true);
  });
  afterAll(() => w.close());

  it('calls a clean slot nobody approved ready for a person, and a slot a person approved approved', async () => {
    for (const m of await hintsOf(ready[0] as string)) {
      expect(m.via).toBeNull();
      expect(m.hints).toEqual([
        { code: 'ready', action: 'none', fix: 'none', hint: expect.stringMatching(/^QA-cleared and fresh: ready for a person to approve/) },
      ]);
    }
    for (const m of await hintsOf(person)) {
      expect(m.via).toBe('approve_message');
      expect(m.hints).toEqual([{ code: 'approved', action: 'none', fix: 'none', hint: expect.stringMatching(/^Approved by a person/) }]);
    }
    const codes = await w.tool('list_qa_codes', {});
    expect(codes.data.actions.find((a: { action: string }) => a.action === 'none').meaning).toMatch(/ready.*approved by a person.*sent/);
  });

  it('is off by default: the dry run counts every ready sequence and, apart, those a person approved; only_approved narrows to them', async () => {
    expect((await w.tool('get_campaign', { campaign_id: campaignId })).data.push_requires_approval).toBe(false);
    const all = await w.post(`/campaigns/${campaignId}/push`, { dry_run: true });
    conforms('push_approved', all.body.data);
    expect(all.body.data).toMatchObject({ would_push: ready.length, approved_by_person: 1, requires_approval: false, skipped_by_reason: { not_approved: 0 } });
    const only = await w.tool('push_approved', { campaign_id: campaignId, only_approved: true, dry_run: true });
    expect(only.data).toMatchObject({ would_push: 1, approved_by_person: 1, requires_approval: true, skipped_by_reason: { not_approved: ready.length - 1 } });
    expect(leadsInTool()).toBe(0);
  });

  it('when set, approve_fits_and_clean_drafts approves nothing on its own and pushes only what a person approved', async () => {
    const set = await w.post(`/campaigns/${campaignId}`, { push_requires_approval: true });
    expect(set.body.data.push_requires_approval).toBe(true);
    const dry = await w.tool('approve_fits_and_clean_drafts', { campaign_id: campaignId, dry_run: true });
    expect(dry.data).toMatchObject({
      would_approve: 0,
      speakers: 1,
      skipped_by_reason: { not_approved: ready.length - 1 },
      push: { would_push: 1, requires_approval: true },
    });
    const r = await w.post(`/campaigns/${campaignId}/approve-and-push`, {});
    conforms('approve_fits_and_clean_drafts', r.body.data);
    expect(r.body.data).toMatchObject({ approved: 0, speakers: 1, push: { pushed: 1, failed: 0 } });
    expect(leadsInTool()).toBe(1);
    const others = await w.instance.db
      .selectFrom('messages')
      .select(['approved_at', 'sent'])
      .where(
        'speaker_id',
        'in',
        ready.filter((id) => id !== person),
      )
      .execute();
    expect(others.every((m) => m.approved_at === null && m.sent === 0)).toBe(true);
  });

  it('when set, push_approved skips the ready sequences nobody approved with reason not_approved, saying what to do', async () => {
    const r = await w.tool('push_approved', { campaign_id: campaignId });
    conforms('push_approved', r.data);
    expect(r.data).toMatchObject({
      would_push: 0,
      pushed: 0,
      requires_approval: true,
      skipped_by_reason: { not_approved: ready.length - 1, already_pushed: 1 },
    });
    const skipped = r.data.results.filter((x: { reason: string }) => x.reason === 'not_approved');
    expect(skipped).toHaveLength(ready.length - 1);
    expect(skipped[0].detail).toMatch(/approve the sequence/);
    expect(leadsInTool()).toBe(1);
    // A person approves one more: that one goes at the next push.
    for (const m of await storedSlots(w, ready[0] as string)) await w.tool('approve_message', { message_id: m.id });
    expect((await w.tool('push_approved', { campaign_id: campaignId })).data).toMatchObject({
      pushed: 1,
      skipped_by_reason: { not_approved: ready.length - 2 },
    });
    expect(leadsInTool()).toBe(2);
    const stats = await w.tool('campaign_stats', { campaign_id: campaignId });
    // In HeyReach, queued there: pushed, not sent until HeyReach sends them.
    expect(stats.data.funnel).toMatchObject({ approved: 2, pushed: 2, sent: 0 });
  });
});
