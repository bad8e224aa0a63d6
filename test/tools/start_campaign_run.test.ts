import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, http, mcpOverHttp, withClient } from '../support/clients.js';
import { makeUser, type TestUser } from '../support/instance.js';
import { createCampaign, giveTestProfile, makeOtherUser, refusal, UNKNOWN } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const TOOL = 'start_campaign_run';

const refused = refusal(TOOL, 'write');

describe('start_campaign_run', () => {
  let w: PipelineWorld;
  let othersCampaign: string;

  const runsOf = async (campaignId: string) => w.instance.db.selectFrom('runs').select(['id', 'status']).where('campaign_id', '=', campaignId).execute();

  beforeAll(async () => {
    w = await makePipelineWorld();
    const other = await makeOtherUser(w);
    othersCampaign = await withClient(w.instance, other, (theirs) => createCampaign(theirs, 'Theirs', w.urls.sessionize));
  });
  afterAll(() => w.close());

  describe('dry_run', () => {
    it('returns only cost_preview over HTTP and MCP and writes no run', async () => {
      const id = await createCampaign(w, 'Preview', w.urls.sessionize);
      const r = await w.post(`/campaigns/${id}/runs`, { dry_run: true });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
      expect(Object.keys(r.body.data)).toEqual(['cost_preview']);
      // The page is read (nothing is written) so its speakers are counted: drafts for those the rules qualify.
      expect(r.body.data.cost_preview).toMatchObject({ credits: expect.any(Number), model_calls: expect.any(Number), balance: 500, sufficient: true });
      expect(r.body.data.cost_preview.credits).toBeGreaterThan(0);
      expect(r.body.data.cost_preview.lines).toEqual([
        { stage: 'enrich', count: 0, unit_credits: 1, credits: 0 },
        { stage: 'draft', count: r.body.data.cost_preview.credits, unit_credits: 1, credits: r.body.data.cost_preview.credits },
      ]);
      expect(r.body.data.cost_preview.note).toMatch(/enrichments learn nothing beyond the page and cost nothing/);
      const m = await w.tool(TOOL, { campaign_id: id, dry_run: true });
      expect(m).toEqual(r.body);
      expect(await runsOf(id)).toEqual([]);
      expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toBeNull();
    });

    it('previews a campaign without conference URL at zero cost instead of refusing it', async () => {
      const id = await createCampaign(w, 'Empty preview');
      const r = await w.post(`/campaigns/${id}/runs`, { dry_run: true });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body.data)).toEqual(['cost_preview']);
      expect(r.body.data.cost_preview).toMatchObject({ credits: 0, model_calls: 0, sufficient: true });
      expect(r.body.data.cost_preview.note).toBeUndefined();
    });
  });

  describe('starting', () => {
    let id: string;
    let runId: string;
    beforeAll(async () => {
      id = await createCampaign(w, 'Start', w.urls.sessionize);
    });

    it('queues a run and answers created=true with the run and its cost_preview', async () => {
      const r = await w.post(`/campaigns/${id}/runs`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        ok: true,
        tool: TOOL,
        kind: 'write',
        error: null,
        data: {
          created: true,
          run: {
            campaign_id: id,
            status: 'queued',
            stage: 'scrape',
            error: null,
            started_at: null,
            finished_at: null,
            progress: { stage: 'scrape', done: 0, total: 1, percent: 0 },
          },
          cost_preview: { credits: 0, sufficient: true },
        },
      });
      runId = r.body.data.run.run_id;
      expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('returns the queued run with created=false instead of starting a second one', async () => {
      const m = await w.tool(TOOL, { campaign_id: id });
      expect(m).toMatchObject({ ok: true, data: { created: false, run: { run_id: runId, status: 'queued' } } });
      const h = await w.post(`/campaigns/${id}/runs`, {});
      expect(h.body.data).toMatchObject({ created: false, run: { run_id: runId } });
      expect(await runsOf(id)).toEqual([{ id: runId, status: 'queued' }]);
    });

    it('returns the running run with created=false while the scheduler works on it', async () => {
      await w.scheduler.tick();
      const m = await w.tool(TOOL, { campaign_id: id });
      expect(m.data).toMatchObject({ created: false, run: { run_id: runId, status: 'running' } });
      expect(await runsOf(id)).toHaveLength(1);
    });

    it('refuses with tool_error once every speaker is processed and no new page was added', async () => {
      await w.scheduler.drain();
      expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toMatchObject({ run_id: runId, status: 'done' });
      const h = await w.post(`/campaigns/${id}/runs`);
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/Nothing to run/);
      expect(await w.tool(TOOL, { campaign_id: id })).toEqual(h.body);
      expect(await runsOf(id)).toHaveLength(1);
    });

    it('creates exactly one run when several starts arrive at once over HTTP and MCP', async () => {
      const racing = await createCampaign(w, 'Race', w.urls.sessionize);
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, () => w.post(`/campaigns/${racing}/runs`).then((r) => r.body)),
        ...Array.from({ length: 4 }, () => w.tool(TOOL, { campaign_id: racing })),
      ]);
      expect(replies.every((r) => r.ok)).toBe(true);
      expect(replies.filter((r) => r.data.created === true)).toHaveLength(1);
      expect(new Set(replies.map((r) => r.data.run.run_id)).size).toBe(1);
      expect(await runsOf(racing)).toHaveLength(1);
      await w.scheduler.drain();
    });

    it('creates a new run after the last one finished when a conference URL was added', async () => {
      await w.tool('add_conference_url', { campaign_id: id, url: w.urls.cards });
      const m = await w.tool(TOOL, { campaign_id: id });
      expect(m.data).toMatchObject({ created: true, run: { status: 'queued', stage: 'scrape' } });
      expect(m.data.run.run_id).not.toBe(runId);
      await w.scheduler.drain();
      expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toMatchObject({ run_id: m.data.run.run_id, status: 'done' });
    });
  });

  describe('idempotency_key', () => {
    let id: string;
    let first: { status: number; body: any };
    beforeAll(async () => {
      id = await createCampaign(w, 'Idempotent', w.urls.sessionize);
      first = await w.post(`/campaigns/${id}/runs`, { idempotency_key: 'start-once' });
    });

    it('replays the first result for the same key and arguments, over HTTP and MCP', async () => {
      expect(first.body.data).toMatchObject({ created: true, run: { status: 'queued' } });
      const again = await w.post(`/campaigns/${id}/runs`, { idempotency_key: 'start-once' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await w.tool(TOOL, { campaign_id: id, idempotency_key: 'start-once' })).toEqual(first.body);
      const header = await w.post(`/campaigns/${id}/runs`, {}, { headers: { 'Idempotency-Key': 'start-once' } });
      expect(header.body).toEqual(first.body);
      expect(await runsOf(id)).toHaveLength(1);
    });

    it('rejects the same key for another campaign with invalid_request and starts nothing there', async () => {
      const otherId = await createCampaign(w, 'Idempotent too', w.urls.sessionize);
      const h = await w.post(`/campaigns/${otherId}/runs`, { idempotency_key: 'start-once' });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/different arguments/);
      expect(await w.tool(TOOL, { campaign_id: otherId, idempotency_key: 'start-once' })).toEqual(refused('invalid_request'));
      expect(await runsOf(otherId)).toEqual([]);
    });

    it('rejects the same key with dry_run flipped with invalid_request', async () => {
      const h = await w.post(`/campaigns/${id}/runs`, { idempotency_key: 'start-once', dry_run: true });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { campaign_id: id, idempotency_key: 'start-once', dry_run: true })).toEqual(refused('invalid_request'));
    });

    it('does not use up a key on a dry run: the real start with that key runs afterwards', async () => {
      const fresh = await createCampaign(w, 'Preview first', w.urls.sessionize);
      const preview = await w.post(`/campaigns/${fresh}/runs`, { idempotency_key: 'preview-then-start', dry_run: true });
      expect(preview.status).toBe(200);
      expect(Object.keys(preview.body.data)).toEqual(['cost_preview']);
      expect(await runsOf(fresh)).toEqual([]);
      const real = await w.tool(TOOL, { campaign_id: fresh, idempotency_key: 'preview-then-start' });
      expect(real.data).toMatchObject({ created: true, run: { status: 'queued' } });
      expect(await runsOf(fresh)).toHaveLength(1);
      await w.scheduler.drain();
    });

    it('rejects a header key that differs from the body key', async () => {
      const h = await w.post(`/campaigns/${id}/runs`, { idempotency_key: 'start-once' }, { headers: { 'Idempotency-Key': 'another' } });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
    });

    it('frees a key whose first use was refused, so a later valid retry runs', async () => {
      const empty = await createCampaign(w, 'No URL yet');
      const refusedFirst = await w.post(`/campaigns/${empty}/runs`, { idempotency_key: 'after-url' });
      expect(refusedFirst.status).toBe(422);
      await w.tool('add_conference_url', { campaign_id: empty, url: w.urls.extra });
      const retry = await w.post(`/campaigns/${empty}/runs`, { idempotency_key: 'after-url' });
      expect(retry.status).toBe(200);
      expect(retry.body.data).toMatchObject({ created: true, run: { status: 'queued' } });
      await w.scheduler.drain();
    });
  });

  it('refuses a campaign with no conference URL with tool_error (422) and writes no run', async () => {
    const id = await createCampaign(w, 'Nowhere');
    const h = await w.post(`/campaigns/${id}/runs`);
    expect(h.status).toBe(422);
    expect(h.body).toEqual(refused('tool_error'));
    expect(h.body.error?.message).toMatch(/no conference page yet/);
    expect(await w.tool(TOOL, { campaign_id: id })).toEqual(h.body);
    expect(await runsOf(id)).toEqual([]);
  });

  describe('with too few credits', () => {
    let poor: TestUser;
    let id: string;
    let pausedRunId: string;
    const poorGet = (path: string) => http(w.base, 'GET', path, { key: poor.keys.all });
    const poorPost = (path: string, body: unknown = {}) => http(w.base, 'POST', path, { key: poor.keys.all, body });

    beforeAll(async () => {
      poor = await makeUser(w.instance, 'poor@example.com', 5);
      await giveTestProfile(w, poor);
      id = (await poorPost('/campaigns', { name: 'Shoestring', conference_url: w.urls.sessionize })).body.data.campaign_id;
    });

    it('starts while the page is unscraped, then pauses between chunks when credits run out and keeps the work done', async () => {
      const started = await poorPost(`/campaigns/${id}/runs`);
      expect(started.body.data).toMatchObject({ created: true, cost_preview: { credits: 0, balance: 5, sufficient: true } });
      pausedRunId = started.body.data.run.run_id;
      await w.scheduler.drain();

      const status = await poorGet(`/campaigns/${id}/runs/latest`);
      expect(status.body.data).toMatchObject({
        run: { run_id: pausedRunId, status: 'paused', error: null, finished_at: null, pause: { reason: 'insufficient_credits' } },
        poll_after_seconds: null,
      });

      const stats = (await poorGet(`/campaigns/${id}/stats`)).body.data.funnel;
      expect(stats.scraped).toBe(16);
      expect(stats.prequalified.qualified + stats.prequalified.unsure + stats.prequalified.disqualified).toBe(16);
      const balance = (await poorGet('/credits')).body.data.balance;
      // Every credit spent bought a finished sequence.
      expect(stats.drafted).toBeGreaterThan(0);
      expect(stats.drafted).toBe(5 - balance);
      expect(status.body.data.run.pause).toMatchObject({ drafted: stats.drafted, balance });
      expect((await poorGet('/speakers')).body.data.items).toHaveLength(16);
    });

    it('refuses to resume with tool_error naming the shortfall, and creates no run', async () => {
      await w.instance.db
        .insertInto('credit_ledger')
        .values({
          id: 'drain-poor',
          user_id: poor.userId,
          delta: -(await poorGet('/credits')).body.data.balance,
          balance_after: 0,
          kind: 'adjustment',
          reference: 'drain-poor',
          description: 'test',
          created_at: new Date().toISOString(),
        })
        .execute();
      const preview = (await poorPost(`/campaigns/${id}/runs`, { dry_run: true })).body.data.cost_preview;
      expect(preview.sufficient).toBe(false);
      expect(preview.note).toMatch(/pauses when credits run out/);

      const h = await poorPost(`/campaigns/${id}/runs`);
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/still paused.*short by \d/);
      expect(await callAs(w.instance, poor, 'all', TOOL, { campaign_id: id })).toEqual(h.body);

      expect((await runsOf(id)).map((r) => r.id)).toEqual([pausedRunId]);
      expect((await poorGet(`/campaigns/${id}/runs/latest`)).body.data.run).toMatchObject({ run_id: pausedRunId, status: 'paused' });
    });
  });

  describe('refusals', () => {
    let id: string;
    beforeAll(async () => {
      id = await createCampaign(w, 'Guarded', w.urls.sessionize);
    });

    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.post(`/campaigns/${id}/runs`, {}, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const m = await mcpOverHttp(w.base, TOOL, { campaign_id: id }, key ? `Bearer ${key}` : undefined);
        expect(m.status).toBe(401);
      }
      expect(await runsOf(id)).toEqual([]);
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP', async () => {
      const h = await w.post(`/campaigns/${id}/runs`, {}, { key: w.user.keys.read });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'read', TOOL, { campaign_id: id })).toEqual(refused('forbidden_scope'));
      expect(await runsOf(id)).toEqual([]);
    });

    it('answers 404 not_found for an unknown campaign and for another user’s campaign, dry run included', async () => {
      for (const campaignId of [UNKNOWN, othersCampaign]) {
        for (const body of [{}, { dry_run: true }]) {
          const h = await w.post(`/campaigns/${campaignId}/runs`, body);
          expect(h.status).toBe(404);
          expect(h.body).toEqual(refused('not_found'));
          expect(await w.tool(TOOL, { campaign_id: campaignId, ...body })).toEqual(refused('not_found'));
        }
      }
      expect(await runsOf(othersCampaign)).toEqual([]);
    });

    it('answers 400 invalid_request for a malformed campaign_id', async () => {
      const h = await w.post('/campaigns/not-a-uuid/runs');
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/campaign_id/);
      expect(await w.tool(TOOL, { campaign_id: 'not-a-uuid' })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { campaign_id: 42 })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, {})).toEqual(refused('invalid_request'));
    });

    it.each([
      ['dry_run as a string', { dry_run: 'yes' }, 'dry_run'],
      ['dry_run as a number', { dry_run: 1 }, 'dry_run'],
      ['dry_run null', { dry_run: null }, 'dry_run'],
      ['idempotency_key as a number', { idempotency_key: 42 }, 'idempotency_key'],
      ['an empty idempotency_key', { idempotency_key: '' }, 'idempotency_key'],
      ['an idempotency_key of 201 characters', { idempotency_key: 'k'.repeat(201) }, 'idempotency_key'],
      ['an unknown field', { force: true }, 'force'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP, and writes no run', async (_label, body, word) => {
      const h = await w.post(`/campaigns/${id}/runs`, body);
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain(word);
      expect(await w.tool(TOOL, { campaign_id: id, ...body })).toEqual(refused('invalid_request'));
      expect(await runsOf(id)).toEqual([]);
    });

    it('answers 400 to a body that is not a JSON object, a campaign_id differing from the path, or an oversized Idempotency-Key', async () => {
      for (const rawBody of ['{nope', '[]', '"run"']) {
        const h = await w.post(`/campaigns/${id}/runs`, undefined, { rawBody });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
      }
      const mismatch = await w.post(`/campaigns/${id}/runs`, { campaign_id: UNKNOWN });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual(refused('invalid_request'));
      const longHeader = await w.post(`/campaigns/${id}/runs`, {}, { headers: { 'Idempotency-Key': 'h'.repeat(201) } });
      expect(longHeader.status).toBe(400);
      expect(longHeader.body).toEqual(refused('invalid_request'));
      expect(await runsOf(id)).toEqual([]);
    });
  });
});
