import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fictionalSpeakers } from '../../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../../src/demo/site.js';
import { recordLedger } from '../../src/core/credits.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { openStream } from '../support/event-stream.js';

/**
 * Credits buy finished sequences: a run takes speakers through the paid stages in
 * chunks, best prequalify fit first, pauses between chunks when credits run out, and
 * resumes where it stopped once credits are added, charging nothing twice.
 */

/** 16 fictional speakers on a Sessionize API page; every other one links its employer's site, so its enrichment learns something. */
function creditsPage(): string {
  const people = fictionalSpeakers(16, 40);
  const json = JSON.parse(sessionizeAll(people)) as { speakers: Array<{ links: Array<{ title: string; url: string; linkType: string }> }> };
  json.speakers.forEach((s, i) => {
    const company = people[i]!.company.toLowerCase().replace(/[^a-z]/g, '');
    if (i % 2 === 0) s.links.push({ title: 'Company', url: `https://www.${company}.example/`, linkType: 'Company_Website' });
  });
  return JSON.stringify(json);
}

const stream = (w: PipelineWorld, campaignId: string) => openStream(w, campaignId, ['snapshot', 'run.started', 'run.paused', 'run.completed']);

describe('credits that buy drafts', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let w: PipelineWorld;
  let url: string;
  const db = () => w.instance.db;
  const setBalance = async (target: number) => {
    const balance = (await w.tool('get_credit_balance')).data.balance as number;
    if (balance !== target)
      await recordLedger(db(), w.instance, {
        userId: w.user.userId,
        delta: target - balance,
        kind: target > balance ? 'grant' : 'adjustment',
        reference: `test:${w.instance.ids.uuid()}`,
        description: 'test',
      });
  };
  const charges = async () =>
    db().selectFrom('credit_ledger').select(['reference', 'delta']).where('user_id', '=', w.user.userId).where('kind', '=', 'charge').execute();
  const spendCredits = async (campaignId: string) =>
    Number(
      (
        await db()
          .selectFrom('model_spend')
          .select(sql<number>`coalesce(sum(credits), 0)`.as('n'))
          .where('campaign_id', '=', campaignId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const campaign = async (name: string, extra: Record<string, unknown> = {}) =>
    (await w.tool('create_campaign', { name, conference_url: url, ...extra })).data.campaign_id as string;

  beforeAll(async () => {
    site = await startSite({ '/api/v2/credits/view/All': { contentType: 'application/json', body: creditsPage() } });
    w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: site.host });
    url = site.url('/api/v2/credits/view/All');
  });
  afterAll(async () => {
    await w.close();
    await site.close();
  });

  it('charges exactly what the dry run estimated, and nothing for enrichments that learned nothing beyond the page', async () => {
    const id = await campaign('Estimate');
    const preview = (await w.post(`/campaigns/${id}/runs`, { dry_run: true })).body.data.cost_preview;
    expect(preview.credits).toBeGreaterThan(0);
    expect(await db().selectFrom('speakers').select('id').where('campaign_id', '=', id).execute()).toEqual([]);
    const before = (await charges()).length;
    await w.tool('start_campaign_run', { campaign_id: id });
    await w.scheduler.drain();
    const run = (await w.tool('get_run_status', { campaign_id: id })).data.run;
    expect(run).toMatchObject({ status: 'done', pause: null, warning: null });
    const mine = (await charges()).slice(before);
    expect(-mine.reduce((a, c) => a + c.delta, 0)).toBe(preview.credits);
    expect(mine.filter((c) => c.reference.startsWith('enrich:')).length).toBe(preview.lines.find((l: { stage: string }) => l.stage === 'enrich').count);
    // Half the page links an employer's site; the other half's enrichment read only the page and cost nothing.
    // A found site is charged with the speaker's drafts, so only for a drafted speaker.
    const enriched = await db()
      .selectFrom('speakers')
      .select(['id', 'links', 'drafted_at'])
      .where('campaign_id', '=', id)
      .where('enriched_at', 'is not', null)
      .execute();
    const charged = new Set(mine.filter((c) => c.reference.startsWith('enrich:')).map((c) => c.reference.slice('enrich:'.length)));
    expect(charged.size).toBeGreaterThan(0);
    expect(enriched.some((s) => s.links.includes('.example/') && s.drafted_at === null)).toBe(true);
    for (const s of enriched) expect(charged.has(s.id)).toBe(s.links.includes('.example/') && s.drafted_at !== null);
    expect(await spendCredits(id)).toBe(preview.credits);
  });

  describe('a run that runs out of credits', () => {
    let id: string;
    let runId: string;
    let estimate: number;
    let live: ReturnType<typeof stream>;

    it('pauses between chunks with the drafted and waiting counts, shown by get_run_status and the event stream', async () => {
      id = await campaign('Shoestring');
      estimate = (await w.tool('start_campaign_run', { campaign_id: id, dry_run: true })).data.cost_preview.credits;
      await setBalance(5);
      live = stream(w, id);
      await live.until((s) => s.some((e) => e.type === 'snapshot'));
      const started = await w.post(`/campaigns/${id}/runs`, {});
      expect(started.body.data).toMatchObject({ created: true, run: { status: 'queued' } });
      runId = started.body.data.run.run_id;
      await w.scheduler.drain();

      const status = (await w.tool('get_run_status', { campaign_id: id })).data;
      expect(status.run).toMatchObject({
        run_id: runId,
        status: 'paused',
        error: null,
        finished_at: null,
        pause: { reason: 'insufficient_credits', message: expect.stringMatching(/Add credits, then resume the run/) },
      });
      expect(status.poll_after_seconds).toBeNull();
      const { drafted, waiting, balance } = status.run.pause;
      expect(drafted).toBeGreaterThan(0);
      expect(waiting).toBeGreaterThan(0);
      expect(balance).toBeLessThan(2);
      // Every credit spent went into sequences that are finished: nobody is half-way through the paid stages.
      const midway = await db()
        .selectFrom('speakers')
        .select('id')
        .where('campaign_id', '=', id)
        .where('stage', 'in', ['qualify', 'research', 'draft'])
        .execute();
      expect(midway).toEqual([]);
      expect(status.counts.drafts).toBe(drafted * 3);
      // An enrichment was charged only with its speaker's drafts.
      const paid = await charges();
      const draftsPaid = new Set(paid.filter((c) => c.reference.startsWith('draft:')).map((c) => c.reference.slice('draft:'.length)));
      for (const c of paid.filter((e) => e.reference.startsWith('enrich:'))) expect(draftsPaid.has(c.reference.slice('enrich:'.length))).toBe(true);

      await live.until((s) => s.some((e) => e.type === 'run.paused'));
      expect(live.seen.find((e) => e.type === 'run.paused')?.data).toEqual({
        run_id: runId,
        reason: 'insufficient_credits',
        drafted,
        waiting,
        held: 0,
        credits_needed: expect.any(Number),
        balance,
      });
      expect(live.seen.some((e) => e.type === 'run.completed')).toBe(false);
    });

    it('took the best prequalify fits first', async () => {
      const rows = await db()
        .selectFrom('speakers')
        .select(['prequalify_fit', 'wave', 'stage'])
        .where('campaign_id', '=', id)
        .where('prequalify_verdict', '!=', 'disqualified')
        .execute();
      const taken = rows.filter((r) => r.wave !== null).map((r) => r.prequalify_fit ?? 0);
      const left = rows.filter((r) => r.wave === null).map((r) => r.prequalify_fit ?? 0);
      expect(taken.length).toBeGreaterThan(0);
      expect(Math.min(...taken)).toBeGreaterThanOrEqual(Math.max(...left));
    });

    it('refuses to resume while the balance cannot pay for the next speaker, naming the shortfall', async () => {
      await setBalance(0);
      const h = await w.post(`/campaigns/${id}/runs`, {});
      expect(h.status).toBe(422);
      expect(h.body).toMatchObject({ ok: false, error: { code: 'tool_error' } });
      expect(h.body.error?.message).toMatch(/still paused.*short by [12]\)/);
      expect(await db().selectFrom('runs').select(['id', 'status']).where('campaign_id', '=', id).execute()).toEqual([{ id: runId, status: 'paused' }]);
    });

    it('resumes the same run once credits are added, and charges nothing twice', async () => {
      const paidBefore = new Set((await charges()).map((c) => c.reference));
      await setBalance(200);
      const resumed = await w.tool('start_campaign_run', { campaign_id: id });
      expect(resumed.data).toMatchObject({ created: false, resumed: true, run: { run_id: runId, status: 'queued', pause: null } });
      await w.scheduler.drain();
      const run = (await w.tool('get_run_status', { campaign_id: id })).data.run;
      expect(run).toMatchObject({ run_id: runId, status: 'done', pause: null });
      await live.until((s) => s.some((e) => e.type === 'run.completed'));
      live.es.close();
      expect(live.seen.filter((e) => e.type === 'run.started').map((e) => e.data)).toEqual([{ run_id: runId }, { run_id: runId, resumed: true }]);

      const all = await charges();
      expect(new Set(all.map((c) => c.reference)).size).toBe(all.length);
      const campaignSpeakers = new Set((await db().selectFrom('speakers').select('id').where('campaign_id', '=', id).execute()).map((s) => s.id));
      const mine = all.filter((c) => campaignSpeakers.has(c.reference.split(':')[1]!));
      // The two halves of the run together charge what the dry run estimated for the whole, once.
      expect(-mine.reduce((a, c) => a + c.delta, 0)).toBe(estimate);
      expect(await spendCredits(id)).toBe(estimate);
      const newOnes = mine.filter((c) => !paidBefore.has(c.reference));
      expect(newOnes.length).toBeGreaterThan(0);
      const drafted = await db().selectFrom('speakers').select('id').where('campaign_id', '=', id).where('drafted_at', 'is not', null).execute();
      expect(mine.filter((c) => c.reference.startsWith('draft:'))).toHaveLength(drafted.length);
      const draftedIds = new Set(drafted.map((s) => s.id));
      const enrichPaid = mine.filter((c) => c.reference.startsWith('enrich:'));
      expect(enrichPaid.length).toBeGreaterThan(0);
      for (const c of enrichPaid) expect(draftedIds.has(c.reference.slice('enrich:'.length))).toBe(true);
    });
  });

  it('takes only the best max_speakers by fit', async () => {
    await setBalance(200);
    const id = await campaign('Top three');
    const preview = (await w.tool('start_campaign_run', { campaign_id: id, max_speakers: 3, dry_run: true })).data.cost_preview;
    const started = await w.tool('start_campaign_run', { campaign_id: id, max_speakers: 3 });
    expect(started.data.run).toMatchObject({ max_speakers: 3 });
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toMatchObject({ status: 'done', max_speakers: 3 });
    const rows = await db()
      .selectFrom('speakers')
      .select(['prequalify_fit', 'enriched_at'])
      .where('campaign_id', '=', id)
      .where('prequalify_verdict', '!=', 'disqualified')
      .execute();
    const taken = rows.filter((r) => r.enriched_at !== null);
    expect(taken).toHaveLength(3);
    const rest = rows.filter((r) => r.enriched_at === null).map((r) => r.prequalify_fit ?? 0);
    expect(Math.min(...taken.map((r) => r.prequalify_fit ?? 0))).toBeGreaterThanOrEqual(Math.max(...rest));
    const spent = await spendCredits(id);
    expect(spent).toBe(preview.credits);
    expect(spent).toBeLessThanOrEqual(6);
  });

  it('ends a run that qualifies nobody with a warning that says why', async () => {
    const id = await campaign('Nobody', {
      icp: { titles: ['Astronaut'], keywords: ['lunar regolith'], seniority: ['Intern'], industries: [], exclusions: [], competitors: [] },
    });
    await w.tool('start_campaign_run', { campaign_id: id });
    await w.scheduler.drain();
    const run = (await w.get(`/campaigns/${id}/runs/latest`)).body.data.run;
    expect(run).toMatchObject({ status: 'done', error: null, warnings: 1 });
    expect(run.warning).toMatch(/^Nobody qualified: none of the 16 speakers/);
    expect(run.warning).toMatch(/The ICP asks for titles Astronaut; seniority Intern; keywords lunar regolith/);
    expect(run.warning).toMatch(/The page gave a title for 16 of 16 speakers/);
    const completed = await db()
      .selectFrom('run_events')
      .select('data')
      .where('campaign_id', '=', id)
      .where('type', '=', 'run.completed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(completed.data)).toMatchObject({ status: 'done', warning: run.warning });
  });
});

/** Real pages of ../shared/eval (read at test time, never copied): the dry run's estimate against what the run charges. */
const evalDir = path.resolve(import.meta.dirname, '../../../shared/eval');
const REAL = [
  { file: 'real/hoverboard-speakers-gdg-ukraine.json', route: '/data/speakers.json', type: 'application/json' },
  { file: 'real/html-speakers-stirtrek.html', route: '/Speakers/', type: 'text/html; charset=utf-8' },
  { file: 'pages/opentechsummit-2018-speakers.html', route: '/2018/speakers.html', type: 'text/html; charset=utf-8' },
];

describe.skipIf(!fs.existsSync(evalDir))('the estimate on real conference pages', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let w: PipelineWorld;
  beforeAll(async () => {
    site = await startSite(Object.fromEntries(REAL.map((p) => [p.route, { contentType: p.type, body: fs.readFileSync(path.join(evalDir, p.file), 'utf8') }])));
    w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: site.host });
  });
  afterAll(async () => {
    await w.close();
    await site.close();
  });

  it.each(REAL)('is within 10% of what the run charges on $file', async (page) => {
    const id = (await w.tool('create_campaign', { name: page.file, conference_url: site.url(page.route) })).data.campaign_id;
    const estimate = (await w.tool('start_campaign_run', { campaign_id: id, dry_run: true })).data.cost_preview.credits as number;
    const before = (await w.tool('get_credit_balance')).data.balance as number;
    await w.tool('start_campaign_run', { campaign_id: id });
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: id })).data.run.status).toBe('done');
    const charged = before - ((await w.tool('get_credit_balance')).data.balance as number);
    expect(Math.abs(estimate - charged)).toBeLessThanOrEqual(Math.max(1, charged * 0.1));
  });
});
