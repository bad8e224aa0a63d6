import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callAs, withClient } from '../support/clients.js';
import type { TestUser } from '../support/instance.js';
import { createCampaign, makeOtherUser, refusal, speakersOf, UNKNOWN } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const TOOL = 'get_run_status';

const refused = refusal(TOOL, 'read');

describe('get_run_status', () => {
  let w: PipelineWorld;
  let id: string;
  let missing: string;
  let runId: string;

  /** The same status read over HTTP and MCP; both must agree. */
  const status = async (campaignId = id) => {
    const h = await w.get(`/campaigns/${campaignId}/runs/latest`);
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null });
    expect(await w.tool(TOOL, { campaign_id: campaignId })).toEqual(h.body);
    return h.body.data;
  };

  beforeAll(async () => {
    w = await makePipelineWorld();
    id = await createCampaign(w, 'Status', w.urls.sessionize);
    missing = w.site.url('/missing');
    await w.tool('add_conference_url', { campaign_id: id, url: missing });
  });
  afterAll(() => w.close());

  describe('through a run', () => {
    it('shows run null, zero counts and pending URLs before any run', async () => {
      const s = await status();
      expect(s).toEqual({
        run: null,
        counts: { speakers: 0, intent_leads: 0, drafts: 0, signals: 0, held: 0 },
        conference_urls: [
          { url_id: expect.any(String), url: w.urls.sessionize, status: 'pending', speaker_count: null, extractor: null, error: null },
          { url_id: expect.any(String), url: missing, status: 'pending', speaker_count: null, extractor: null, error: null },
        ],
        poll_after_seconds: null,
      });
    });

    it('shows a queued run with poll_after_seconds 20', async () => {
      runId = (await w.tool('start_campaign_run', { campaign_id: id })).data.run.run_id;
      const s = await status();
      expect(s.run).toEqual({
        run_id: runId,
        campaign_id: id,
        status: 'queued',
        stage: 'scrape',
        progress: { stage: 'scrape', done: 0, total: 2, percent: 0 },
        error: null,
        warnings: 0,
        warning: null,
        pause: null,
        max_speakers: null,
        retried_pages: null,
        lease_wait: null,
        failures: null,
        created_at: '2026-11-22T09:00:00.000Z',
        started_at: null,
        finished_at: null,
      });
      expect(s.poll_after_seconds).toBe(20);
    });

    it('shows the run running with scrape progress per page while the scheduler works', async () => {
      await w.scheduler.tick();
      const s = await status();
      expect(s.run).toMatchObject({
        run_id: runId,
        status: 'running',
        stage: 'scrape',
        progress: { stage: 'scrape', done: 1, total: 2, percent: 50 },
        finished_at: null,
      });
      expect(s.run.started_at).toEqual(expect.any(String));
      expect(s.poll_after_seconds).toBe(20);
      expect(s.counts.speakers).toBe(16);
      expect(s.conference_urls.map((u: { status: string }) => u.status)).toEqual(['done', 'pending']);
    });

    it('reports a speaker stage while running, with done never above total', async () => {
      let seen = '';
      for (let i = 0; i < 50 && seen !== 'qualify'; i++) {
        await w.scheduler.tick();
        const s = await status();
        seen = s.run.stage;
        expect(s.run.progress.done).toBeLessThanOrEqual(s.run.progress.total);
        expect(s.poll_after_seconds).toBe(20);
      }
      expect(seen).toBe('qualify');
    });

    it('ends done with per-URL results, final counts and no poll hint', async () => {
      await w.scheduler.drain();
      const s = await status();
      // One of two pages failed: the run is done, with a warning; the reason stays on the page.
      expect(s.run).toMatchObject({ run_id: runId, status: 'done', stage: 'done', error: null, warnings: 1, progress: { percent: 100 } });
      expect(s.run.finished_at).toEqual(expect.any(String));
      expect(s.poll_after_seconds).toBeNull();
      expect(s.conference_urls).toEqual([
        { url_id: expect.any(String), url: w.urls.sessionize, status: 'done', speaker_count: 16, extractor: 'sessionize-api', error: null },
        { url_id: expect.any(String), url: missing, status: 'failed', speaker_count: null, extractor: null, error: expect.stringMatching(/404/) },
      ]);
    });

    it('counts speakers, drafts and research signals as the speakers themselves show them', async () => {
      const s = await status();
      const speakers = await speakersOf(w, id);
      let drafts = 0;
      let signals = 0;
      for (const sp of speakers) {
        const d = (await w.tool('get_speaker_dossier', { speaker_id: sp.speaker_id })).data;
        drafts += d.messages.length;
        signals += d.research.signals.length;
      }
      expect(s.counts).toEqual({ speakers: speakers.length, intent_leads: 0, drafts, signals, held: 0 });
      expect(s.counts.speakers).toBe(16);
      expect(drafts).toBe((await w.tool('campaign_stats', { campaign_id: id })).data.funnel.drafted * 3);
      expect(drafts).toBeGreaterThan(0);
      expect(signals).toBeGreaterThan(0);
    });

    it('shows the newest run, and a failed page back to pending, once another run starts', async () => {
      const next = await w.tool('start_campaign_run', { campaign_id: id });
      expect(next.data.created).toBe(true);
      const s = await status();
      expect(s.run).toMatchObject({ run_id: next.data.run.run_id, status: 'queued' });
      expect(s.run.run_id).not.toBe(runId);
      expect(s.conference_urls.map((u: { status: string }) => u.status)).toEqual(['done', 'pending']);
      await w.scheduler.drain();
      const after = await status();
      expect(after.run).toMatchObject({ run_id: next.data.run.run_id, status: 'done' });
      expect(after.conference_urls[1]).toMatchObject({ status: 'failed', error: expect.stringMatching(/404/) });
      expect(after.counts.speakers).toBe(16);
    });
  });

  describe('a run with nobody to work on', () => {
    const finish = async (campaignId: string) => {
      await w.scheduler.drain();
      return (await w.get(`/campaigns/${campaignId}/runs/latest`)).body.data;
    };

    it('fails, naming each page and why it failed, when every page failed', async () => {
      const created = await w.tool('create_campaign', { name: 'Broken pages', conference_url: missing, auto_start: true });
      await w.tool('add_conference_url', { campaign_id: created.data.campaign_id, url: w.site.url('/nowhere-else') });
      const s = await finish(created.data.campaign_id);
      expect(s.run).toMatchObject({
        status: 'failed',
        warnings: 2,
        error: expect.stringMatching(/^no speakers found: all 2 conference pages failed \(http.*404.*nowhere-else.*404/),
      });
      expect(s.conference_urls.map((u: { status: string }) => u.status)).toEqual(['failed', 'failed']);
      expect(s.counts.speakers).toBe(0);
    });
  });

  describe('refusals', () => {
    let other: TestUser;
    let othersCampaign: string;
    beforeAll(async () => {
      other = await makeOtherUser(w);
      othersCampaign = await withClient(w.instance, other, async (theirs) => {
        const campaignId = await createCampaign(theirs, 'Theirs', w.urls.cards);
        await call(theirs, 'start_campaign_run', { campaign_id: campaignId });
        return campaignId;
      });
    });

    it('answers 401 unauthenticated without a key or with a bad key', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.get(`/campaigns/${id}/runs/latest`, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
    });

    it('answers 403 forbidden_scope to a key without read, over HTTP and MCP', async () => {
      const h = await w.get(`/campaigns/${id}/runs/latest`, { key: w.user.keys.write });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, { campaign_id: id })).toEqual(refused('forbidden_scope'));
    });

    it('answers 404 not_found for an unknown campaign and for another user’s campaign, over HTTP and MCP', async () => {
      for (const campaignId of [UNKNOWN, othersCampaign]) {
        const h = await w.get(`/campaigns/${campaignId}/runs/latest`);
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { campaign_id: campaignId })).toEqual(refused('not_found'));
      }
      // The owner sees it.
      const theirs = await w.get(`/campaigns/${othersCampaign}/runs/latest`, { key: other.keys.read });
      expect(theirs.body.data.run).toMatchObject({ status: 'queued' });
    });

    it('answers 400 invalid_request to a malformed campaign_id, over HTTP and MCP', async () => {
      const h = await w.get('/campaigns/not-a-uuid/runs/latest');
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/campaign_id/);
      for (const campaign_id of ['not-a-uuid', `${id}x`, 42, null]) {
        expect(await w.tool(TOOL, { campaign_id })).toEqual(refused('invalid_request'));
      }
      expect(await w.tool(TOOL, {})).toEqual(refused('invalid_request'));
    });

    it('answers 400 invalid_request to an unknown field, over HTTP and MCP', async () => {
      const h = await w.get(`/campaigns/${id}/runs/latest`, { query: { verbose: 'true' } });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain('verbose');
      expect(await w.tool(TOOL, { campaign_id: id, verbose: true })).toEqual(refused('invalid_request'));
    });
  });
});
