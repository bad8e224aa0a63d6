import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callAs, mcpClient } from '../support/clients.js';
import { autoStartCampaign, createCampaign, makeOtherUser, refusal, speakersOf, UNKNOWN, type SpeakerSummary as Summary } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const TOOL = 'campaign_stats';

const refused = refusal(TOOL, 'read');

describe('campaign_stats', () => {
  let w: PipelineWorld;
  let id: string;
  let cardsId: string;
  let speakers: Summary[];

  /** The same funnel read over HTTP and MCP; both must agree. */
  const stats = async (campaignId = id) => {
    const h = await w.get(`/campaigns/${campaignId}/stats`);
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null, data: { campaign_id: campaignId } });
    expect(await w.tool(TOOL, { campaign_id: campaignId })).toEqual(h.body);
    return h.body.data as { funnel: Record<string, any>; excluded: number };
  };
  const count = async (filters: Record<string, unknown>) => {
    const r = await w.tool('search_speakers', { campaign_id: id, limit: 200, ...filters });
    expect(r.data.has_more).toBe(false);
    return r.data.items.length as number;
  };

  beforeAll(async () => {
    w = await makePipelineWorld();
    id = await autoStartCampaign(w, 'Funnel', w.urls.sessionize);
    cardsId = await autoStartCampaign(w, 'Cards', w.urls.cards);
    await w.scheduler.drain();
    speakers = await speakersOf(w, id);
  });
  afterAll(() => w.close());

  it('is all zeros for a campaign that never ran', async () => {
    const fresh = await createCampaign(w, 'Fresh');
    expect(await stats(fresh)).toEqual({
      campaign_id: fresh,
      funnel: {
        scraped: 0,
        prequalified: { qualified: 0, unsure: 0, disqualified: 0 },
        enriched: 0,
        qualified: 0,
        drafted: 0,
        approvable: 0,
        approved: 0,
        pushed: 0,
        sent: 0,
        accepted: 0,
        replied: 0,
        booked: 0,
      },
      excluded: 0,
      held: 0,
      intent_leads: {
        imported: 0,
        prequalified: { qualified: 0, unsure: 0, disqualified: 0 },
        enriched: 0,
        qualified: 0,
        drafted: 0,
        approvable: 0,
        approved: 0,
        pushed: 0,
        sent: 0,
        accepted: 0,
        replied: 0,
        booked: 0,
        excluded: 0,
      },
      by_opening: [],
      by_slot: [],
    });
  });

  it('counts scraped speakers and prequalify verdicts as search_speakers finds them', async () => {
    const { funnel } = await stats();
    expect(funnel.scraped).toBe(16);
    expect(funnel.scraped).toBe(await count({}));
    for (const verdict of ['qualified', 'unsure', 'disqualified'] as const) {
      expect(funnel.prequalified[verdict]).toBe(await count({ prequalify_verdict: verdict }));
      expect(funnel.prequalified[verdict]).toBeGreaterThan(0);
    }
    expect(funnel.prequalified.qualified + funnel.prequalified.unsure + funnel.prequalified.disqualified).toBe(funnel.scraped);
  });

  it('counts enriched, qualified, drafted and approvable speakers as their dossiers show them', async () => {
    const { funnel } = await stats();
    let enriched = 0;
    let drafted = 0;
    let approvable = 0;
    for (const s of speakers) {
      const d = (await w.tool('get_speaker_dossier', { speaker_id: s.speaker_id })).data;
      if (d.enrichment) enriched++;
      if (d.messages.length > 0) drafted++;
      // Approvable is push eligibility: three approvable slots and a public LinkedIn profile.
      if (d.messages.length === 3 && d.messages.every((m: { approvable: boolean }) => m.approvable) && /linkedin\.com\/in\//.test(d.linkedin_url ?? ''))
        approvable++;
    }
    expect(funnel.enriched).toBe(enriched);
    expect(funnel.qualified).toBe(speakers.filter((s) => s.qualified === true).length);
    expect(funnel.drafted).toBe(drafted);
    expect(funnel.drafted).toBe(funnel.qualified);
    expect(funnel.approvable).toBe(approvable);
    // Nobody approved anything yet: approvable is what could be, approved what a person did.
    expect(funnel.approved).toBe(0);
    expect(funnel.sent).toBe(0);
    // Each step of the funnel holds no more than the one before it.
    expect(funnel.enriched).toBeLessThanOrEqual(funnel.scraped - funnel.prequalified.disqualified);
    expect(funnel.qualified).toBeLessThanOrEqual(funnel.enriched);
    expect(funnel.approvable).toBeLessThanOrEqual(funnel.drafted);
  });

  it('counts each campaign’s own speakers only', async () => {
    expect((await stats(cardsId)).funnel.scraped).toBe(16);
    expect((await stats()).funnel.scraped).toBe(16);
  });

  it('follows reply statuses: replied includes booked, no_reply counts in neither, clearing takes them back out', async () => {
    const [a, b, c, d] = speakers as [Summary, Summary, Summary, Summary];
    await w.tool('set_speaker_reply_status', { speaker_id: a.speaker_id, reply_status: 'replied' });
    await w.tool('set_speaker_reply_status', { speaker_id: b.speaker_id, reply_status: 'booked' });
    await w.tool('set_speaker_reply_status', { speaker_id: c.speaker_id, reply_status: 'booked' });
    await w.tool('set_speaker_reply_status', { speaker_id: d.speaker_id, reply_status: 'no_reply' });
    let { funnel } = await stats();
    expect(funnel).toMatchObject({ replied: 3, booked: 2 });
    expect(funnel.replied).toBe((await count({ reply_status: 'replied' })) + (await count({ reply_status: 'booked' })));
    expect(funnel.booked).toBe(await count({ reply_status: 'booked' }));
    expect(await count({ reply_status: 'no_reply' })).toBe(1);

    await w.tool('set_speaker_reply_status', { speaker_id: b.speaker_id, reply_status: null });
    await w.tool('set_speaker_reply_status', { speaker_id: a.speaker_id, reply_status: 'no_reply' });
    ({ funnel } = await stats());
    expect(funnel).toMatchObject({ replied: 1, booked: 1 });
    expect(funnel.replied).toBe((await count({ reply_status: 'replied' })) + (await count({ reply_status: 'booked' })));
    // Reply statuses of one campaign never show in another.
    expect((await stats(cardsId)).funnel).toMatchObject({ replied: 0, booked: 0 });
  });

  it('counts excluded speakers as search_speakers selected=false finds them', async () => {
    expect((await stats()).excluded).toBe(0);
    const [a, b] = speakers as [Summary, Summary];
    await w.tool('set_speaker_selected', { speaker_id: a.speaker_id, selected: false });
    await w.tool('set_speaker_selected', { speaker_id: b.speaker_id, selected: false });
    expect((await stats()).excluded).toBe(2);
    expect((await stats()).excluded).toBe(await count({ selected: false }));
    await w.tool('set_speaker_selected', { speaker_id: a.speaker_id, selected: true });
    expect((await stats()).excluded).toBe(1);
    expect((await stats()).funnel.scraped).toBe(16);
  });

  describe('approved is what a person approved', () => {
    const slotsOf = async (speakerId: string) => (await w.tool('get_draft_qa', { speaker_id: speakerId })).data.messages as Array<{ message_id: string }>;

    it('counts a speaker once every slot is approved, and stops counting it when a slot is edited', async () => {
      const q = await w.tool('get_draft_qa', { campaign_id: cardsId, limit: 200 });
      const ready = (q.data.speakers as Array<{ speaker_id: string; bucket: string }>).filter((x) => x.bucket === 'ready_to_send').map((x) => x.speaker_id);
      expect(ready.length).toBeGreaterThanOrEqual(2);
      const [whole, partial] = ready as [string, string];
      const before = (await stats(cardsId)).funnel;
      expect(before).toMatchObject({ approvable: ready.length, approved: 0 });

      for (const m of await slotsOf(whole)) expect((await w.tool('approve_message', { message_id: m.message_id })).ok).toBe(true);
      const [first] = await slotsOf(partial);
      expect((await w.tool('approve_message', { message_id: first?.message_id })).ok).toBe(true);
      expect((await stats(cardsId)).funnel).toMatchObject({ approvable: before.approvable, approved: 1 });

      // An edit after the approval takes it back: the new text was never approved.
      w.clock.advance(1000);
      const [edited] = await slotsOf(whole);
      expect((await w.tool('update_message', { message_id: edited?.message_id, content: 'Hi, a new opening written by hand.' })).ok).toBe(true);
      expect((await stats(cardsId)).funnel.approved).toBe(0);
    });
  });

  describe('approvable is get_draft_qa’s ready_to_send bucket', () => {
    const ready = async () => {
      const h = await w.get(`/campaigns/${id}/qa`, { query: { limit: 1 } });
      expect(h.status).toBe(200);
      return h.body.data.buckets.ready_to_send as number;
    };
    const readySpeakers = async () => {
      const q = await w.tool('get_draft_qa', { campaign_id: id, limit: 200 });
      expect(q.data.has_more).toBe(false);
      return (q.data.speakers as Array<{ speaker_id: string; bucket: string }>).filter((s) => s.bucket === 'ready_to_send').map((s) => s.speaker_id);
    };

    it('agrees as speakers are excluded, sent, and their drafts grow too old', async () => {
      const start = (await stats()).funnel.approvable;
      expect(start).toBe(await ready());
      expect(start).toBeGreaterThanOrEqual(2);
      const [excluded, partlySent] = (await readySpeakers()) as [string, string];

      await w.tool('set_speaker_selected', { speaker_id: excluded, selected: false });
      expect((await stats()).funnel.approvable).toBe(start - 1);
      expect(await ready()).toBe(start - 1);

      // One slot sent by another route: the person was contacted, so sent and no longer ready to push.
      const [first] = (await w.tool('get_draft_qa', { speaker_id: partlySent })).data.messages;
      expect((await w.tool('mark_message_sent', { message_id: first.message_id })).data.recorded).toBe(true);
      const { funnel } = await stats();
      expect(funnel).toMatchObject({ approvable: start - 2, sent: 1 });
      expect(await ready()).toBe(start - 2);

      // The freshness guard: text older than the configured age is no longer ready to send.
      w.clock.advance((w.instance.config.qa.maxDraftAgeDays + 1) * 86_400_000);
      expect(await ready()).toBe(0);
      expect((await stats()).funnel.approvable).toBe(0);
    });
  });

  describe('refusals', () => {
    it('answers 401 unauthenticated without a key or with a bad key', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.get(`/campaigns/${id}/stats`, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
      }
    });

    it('answers 403 forbidden_scope to a key without read, over HTTP and MCP', async () => {
      const h = await w.get(`/campaigns/${id}/stats`, { key: w.user.keys.write });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, { campaign_id: id })).toEqual(refused('forbidden_scope'));
    });

    it('answers 404 not_found for an unknown campaign and for another user’s campaign, over HTTP and MCP', async () => {
      const theirs = await mcpClient(w.instance, await makeOtherUser(w));
      const othersCampaign = await createCampaign(theirs, 'Theirs');
      for (const campaignId of [UNKNOWN, othersCampaign]) {
        const h = await w.get(`/campaigns/${campaignId}/stats`);
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { campaign_id: campaignId })).toEqual(refused('not_found'));
      }
      // And the other user cannot read ours.
      expect(await call(theirs, TOOL, { campaign_id: id })).toEqual(refused('not_found'));
      await theirs.close();
    });

    it('answers 400 invalid_request to a malformed campaign_id or an unknown field, over HTTP and MCP', async () => {
      const h = await w.get('/campaigns/not-a-uuid/stats');
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/campaign_id/);
      for (const campaign_id of ['not-a-uuid', 42, null]) expect(await w.tool(TOOL, { campaign_id })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, {})).toEqual(refused('invalid_request'));
      const extra = await w.get(`/campaigns/${id}/stats`, { query: { since: '2026-01-01' } });
      expect(extra.status).toBe(400);
      expect(extra.body).toEqual(refused('invalid_request'));
      expect(extra.body.error?.message).toContain('since');
      expect(await w.tool(TOOL, { campaign_id: id, since: '2026-01-01' })).toEqual(refused('invalid_request'));
    });
  });
});
