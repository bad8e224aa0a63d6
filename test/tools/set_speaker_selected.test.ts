import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import type { TestUser } from '../support/instance.js';
import { autoStartCampaign, othersRunCampaign, refusal, speakersOf, UNKNOWN, type SpeakerSummary as Summary } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const TOOL = 'set_speaker_selected';

const refused = refusal(TOOL, 'write');

describe('set_speaker_selected', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let speakers: Summary[];

  const summaryOf = async (speakerId: string): Promise<Summary> =>
    (await w.tool('search_speakers', { limit: 200 })).data.items.find((s: Summary) => s.speaker_id === speakerId);
  const excludedIds = async (campaign_id = campaignId) =>
    (await w.tool('search_speakers', { campaign_id, selected: false, limit: 200 })).data.items.map((s: Summary) => s.speaker_id);

  beforeAll(async () => {
    w = await makePipelineWorld();
    campaignId = await autoStartCampaign(w, 'Curated', w.urls.sessionize);
    await w.scheduler.drain();
    speakers = await speakersOf(w, campaignId);
  });
  afterAll(() => w.close());

  describe('toggling', () => {
    it('excludes a speaker over HTTP and answers with the updated speaker', async () => {
      const target = speakers[2] as Summary;
      const before = await summaryOf(target.speaker_id);
      const h = await w.post(`/speakers/${target.speaker_id}/selected`, { selected: false });
      expect(h.status).toBe(200);
      expect(h.body).toEqual({ ok: true, tool: TOOL, kind: 'write', data: { ...before, selected: false }, error: null });
      expect(await excludedIds()).toEqual([target.speaker_id]);
      expect((await w.tool('campaign_stats', { campaign_id: campaignId })).data.excluded).toBe(1);
    });

    it('is idempotent: excluding again leaves it excluded', async () => {
      const target = speakers[2] as Summary;
      const m = await w.tool(TOOL, { speaker_id: target.speaker_id, selected: false });
      expect(m).toMatchObject({ ok: true, data: { speaker_id: target.speaker_id, selected: false } });
      expect(await excludedIds()).toEqual([target.speaker_id]);
    });

    it('selects the speaker again over MCP', async () => {
      const target = speakers[2] as Summary;
      const m = await w.tool(TOOL, { speaker_id: target.speaker_id, selected: true });
      expect(m).toEqual({ ok: true, tool: TOOL, kind: 'write', data: await summaryOf(target.speaker_id), error: null });
      expect(m.data.selected).toBe(true);
      expect(await excludedIds()).toEqual([]);
      expect((await w.tool('campaign_stats', { campaign_id: campaignId })).data.excluded).toBe(0);
    });

    it('changes only the addressed speaker', async () => {
      const [a, b] = speakers as [Summary, Summary];
      await w.post(`/speakers/${a.speaker_id}/selected`, { selected: false });
      expect(await excludedIds()).toEqual([a.speaker_id]);
      expect((await summaryOf(b.speaker_id)).selected).toBe(true);
      await w.post(`/speakers/${a.speaker_id}/selected`, { selected: true });
    });
  });

  describe('drafting', () => {
    let id: string;
    let excluded: Summary;

    beforeAll(async () => {
      // A second campaign over the same page, driven tick by tick to the research stage:
      // the qualified speakers are known, none is drafted yet.
      id = await autoStartCampaign(w, 'Curated before drafting', w.urls.sessionize);
      for (let i = 0; i < 100; i++) {
        const run = (await w.tool('get_run_status', { campaign_id: id })).data.run;
        if (run.stage === 'research') break;
        await w.scheduler.tick();
      }
      expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toMatchObject({ status: 'running', stage: 'research' });
      const qualified = (await speakersOf(w, id)).filter((s) => s.qualified === true);
      expect(qualified.length).toBeGreaterThan(1);
      excluded = qualified[0];
    });

    it('gives an excluded qualified speaker no drafts and charges nothing for them', async () => {
      await w.tool(TOOL, { speaker_id: excluded.speaker_id, selected: false });
      await w.scheduler.drain();
      expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toMatchObject({ status: 'done' });
      const d = (await w.tool('get_speaker_dossier', { speaker_id: excluded.speaker_id })).data;
      expect(d).toMatchObject({ qualified: true, selected: false, stage: 'done', messages: [] });
      expect(d.research.researched_at).toEqual(expect.any(String));
      const stats = (await w.tool('campaign_stats', { campaign_id: id })).data;
      expect(stats.funnel.drafted).toBe(stats.funnel.qualified - 1);
      expect(stats.excluded).toBe(1);
      const charge = await w.instance.db.selectFrom('credit_ledger').select('id').where('reference', '=', `draft:${excluded.speaker_id}`).executeTakeFirst();
      expect(charge).toBeUndefined();
    });

    it('drafts the speaker on the next run once selected again', async () => {
      await w.post(`/speakers/${excluded.speaker_id}/selected`, { selected: true });
      const preview = (await w.tool('start_campaign_run', { campaign_id: id, dry_run: true })).data.cost_preview;
      expect(preview.lines).toContainEqual({ stage: 'draft', count: 1, unit_credits: 1, credits: 1 });
      const started = await w.tool('start_campaign_run', { campaign_id: id });
      expect(started.data).toMatchObject({ created: true });
      await w.scheduler.drain();
      const d = (await w.tool('get_speaker_dossier', { speaker_id: excluded.speaker_id })).data;
      expect(d.selected).toBe(true);
      expect(d.messages.map((m: { slot: number }) => m.slot)).toEqual([1, 2, 3]);
      const stats = (await w.tool('campaign_stats', { campaign_id: id })).data;
      expect(stats.funnel.drafted).toBe(stats.funnel.qualified);
      expect(stats.excluded).toBe(0);
    });
  });

  describe('refusals', () => {
    let other: TestUser;
    let theirSpeaker: string;
    let target: Summary;
    beforeAll(async () => {
      target = speakers[7] as Summary;
      const others = await othersRunCampaign(w, w.urls.cards);
      other = others.other;
      theirSpeaker = (others.othersSpeakers[0] as Summary).speaker_id;
    });

    it('answers 401 unauthenticated without a key or with a bad key, and changes nothing', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.post(`/speakers/${target.speaker_id}/selected`, { selected: false }, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
      expect((await summaryOf(target.speaker_id)).selected).toBe(true);
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP, and changes nothing', async () => {
      const h = await w.post(`/speakers/${target.speaker_id}/selected`, { selected: false }, { key: w.user.keys.read });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'read', TOOL, { speaker_id: target.speaker_id, selected: false })).toEqual(refused('forbidden_scope'));
      expect((await summaryOf(target.speaker_id)).selected).toBe(true);
    });

    it('answers 404 not_found for an unknown speaker and for another user’s speaker, over HTTP and MCP, and changes nothing', async () => {
      for (const id of [UNKNOWN, theirSpeaker]) {
        const h = await w.post(`/speakers/${id}/selected`, { selected: false });
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { speaker_id: id, selected: false })).toEqual(refused('not_found'));
      }
      const theirs = await w.get('/speakers', { key: other.keys.read, query: { selected: false } });
      expect(theirs.body.data.items).toEqual([]);
      const ours = await w.post(`/speakers/${target.speaker_id}/selected`, { selected: false }, { key: other.keys.write });
      expect(ours.status).toBe(404);
      expect((await summaryOf(target.speaker_id)).selected).toBe(true);
    });

    it.each([
      ['a missing selected', {}, 'selected'],
      ['selected as a string', { selected: 'false' }, 'selected'],
      ['selected as a number', { selected: 0 }, 'selected'],
      ['selected null', { selected: null }, 'selected'],
      ['an unknown field', { selected: false, reason: 'not a fit' }, 'reason'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP, and changes nothing', async (_label, body, word) => {
      const h = await w.post(`/speakers/${target.speaker_id}/selected`, body);
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain(word);
      expect(await w.tool(TOOL, { speaker_id: target.speaker_id, ...body })).toEqual(refused('invalid_request'));
      expect((await summaryOf(target.speaker_id)).selected).toBe(true);
    });

    it('answers 400 invalid_request to a malformed speaker_id, over HTTP and MCP', async () => {
      const h = await w.post('/speakers/not-a-uuid/selected', { selected: false });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/speaker_id/);
      for (const speaker_id of ['not-a-uuid', 42, null]) expect(await w.tool(TOOL, { speaker_id, selected: false })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { selected: false })).toEqual(refused('invalid_request'));
    });

    it('answers 400 invalid_request to a body that is not a JSON object or names another speaker than the path', async () => {
      for (const rawBody of ['{selected: false', '[false]', 'false']) {
        const h = await w.post(`/speakers/${target.speaker_id}/selected`, undefined, { rawBody });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
      }
      const mismatch = await w.post(`/speakers/${target.speaker_id}/selected`, { speaker_id: (speakers[0] as Summary).speaker_id, selected: false });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual(refused('invalid_request'));
      expect((await summaryOf(target.speaker_id)).selected).toBe(true);
      expect((await summaryOf((speakers[0] as Summary).speaker_id)).selected).toBe(true);
    });
  });
});
