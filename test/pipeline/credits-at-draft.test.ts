import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../src/demo/site.js';
import { recordLedger } from '../../src/core/credits.js';
import { makePipelineWorld, TEST_PROFILE, type PipelineWorld } from '../support/pipeline.js';

/**
 * Every credit a run spends buys a sequence: an enrichment that learned something is
 * charged with its speaker's drafts, in the same ledger write, and never for a speaker
 * who is not drafted.
 */

interface Person {
  first: string;
  last: string;
  tagLine: string;
  bio: string;
  links: Array<{ title: string; url: string; linkType: string }>;
}

/** Fictional speakers on a Sessionize API page, each chosen for what enrichment learns about them. */
const PEOPLE: Person[] = [
  {
    // The page gives no link; enrichment reads the employer's domain from the address in her bio.
    first: 'Jana',
    last: 'Doležal',
    tagLine: 'CTO at Fernhill Platform',
    bio: 'Jana leads the platform group at Fernhill and writes about observability. Write to her at jana@fernhill.io.',
    links: [],
  },
  {
    // Links the employer's site: enrichment learns the company website.
    first: 'Omar',
    last: 'Quillfeather',
    tagLine: 'VP Engineering at Brightloom',
    bio: 'Omar runs platform engineering at Brightloom.',
    links: [{ title: 'Company', url: 'https://www.brightloom.example/', linkType: 'Company_Website' }],
  },
  {
    // Learns the employer's site too, but the ICP does not want a developer advocate: never drafted, so never charged.
    first: 'Lena',
    last: 'Marwick',
    tagLine: 'Developer Advocate at Quillstack',
    bio: 'Lena gives talks about developer tooling at Quillstack.',
    links: [{ title: 'Company', url: 'https://www.quillstack.example/', linkType: 'Company_Website' }],
  },
];

function page(): string {
  return JSON.stringify({
    sessions: PEOPLE.map((p, i) => ({ id: `s${i}`, title: `Talk ${i + 1} by ${p.first}`, description: 'A talk.', speakers: [`p${i}`] })),
    speakers: PEOPLE.map((p, i) => ({
      id: `p${i}`,
      firstName: p.first,
      lastName: p.last,
      fullName: `${p.first} ${p.last}`,
      bio: p.bio,
      tagLine: p.tagLine,
      profilePicture: null,
      sessions: [`s${i}`],
      links: p.links,
    })),
    questions: [],
    categories: [],
    rooms: [],
  });
}

type Entry = { seq: number; reference: string; delta: number; description: string };

describe('an enrichment is charged with its speaker’s drafts', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let w: PipelineWorld;
  let campaignId: string;
  let estimate: number;
  const db = () => w.instance.db;
  const charges = async (): Promise<Entry[]> =>
    db()
      .selectFrom('credit_ledger')
      .select(['seq', 'reference', 'delta', 'description'])
      .where('user_id', '=', w.user.userId)
      .where('kind', '=', 'charge')
      .orderBy('seq')
      .execute();
  const speaker = async (first: string) =>
    db().selectFrom('speakers').selectAll().where('campaign_id', '=', campaignId).where('name', 'like', `${first} %`).executeTakeFirstOrThrow();

  beforeAll(async () => {
    site = await startSite({ '/api/v2/atdraft/view/All': { contentType: 'application/json', body: page() } });
    w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: site.host });
    campaignId = (await w.tool('create_campaign', { name: 'At the draft', conference_url: site.url('/api/v2/atdraft/view/All') })).data.campaign_id;
    estimate = (await w.tool('start_campaign_run', { campaign_id: campaignId, dry_run: true })).data.cost_preview.credits;
    await w.tool('start_campaign_run', { campaign_id: campaignId });
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run.status).toBe('done');
  });
  afterAll(async () => {
    await w.close();
    await site.close();
  });

  it('charges a drafted speaker whose enrichment found the company website enrich + draft, together at the draft', async () => {
    const jana = await speaker('Jana');
    expect(jana.drafted_at).not.toBeNull();
    expect(JSON.parse(jana.enrichment ?? '{}').companyDomain).toBe('fernhill.io');
    const all = await charges();
    const at = all.findIndex((c) => c.reference === `enrich:${jana.id}`);
    expect(at).toBeGreaterThanOrEqual(0);
    // Written with the draft's charge, one after the other: the enrichment was paid for when the drafts were.
    expect(all[at + 1]).toMatchObject({ reference: `draft:${jana.id}`, delta: -1 });
    expect(all[at]).toMatchObject({ delta: -1 });
    expect(all[at]?.description).toMatch(/^Enrichment of Jana Doležal\b/);
    expect(all[at]?.description).toMatch(/company website/);
  });

  it('charges the company website enrichment of a drafted speaker with its drafts too', async () => {
    const omar = await speaker('Omar');
    expect(omar.drafted_at).not.toBeNull();
    const all = await charges();
    const at = all.findIndex((c) => c.reference === `enrich:${omar.id}`);
    expect(all[at + 1]?.reference).toBe(`draft:${omar.id}`);
    expect(all[at]?.description).toMatch(/^Enrichment of Omar Quillfeather\b.*company website/);
  });

  it('charges nothing for a speaker who learned something at enrichment but was not drafted', async () => {
    const lena = await speaker('Lena');
    expect(JSON.parse(lena.enrichment ?? '{}').companyWebsite).toBe('https://www.quillstack.example');
    expect(lena).toMatchObject({ qualified: 0, drafted_at: null });
    expect((await charges()).filter((c) => c.reference.endsWith(lena.id))).toEqual([]);
  });

  it('charges what the dry run estimated, and every credit spent bought a drafted sequence', async () => {
    const all = await charges();
    expect(-all.reduce((a, c) => a + c.delta, 0)).toBe(estimate);
    const drafts = new Set(all.filter((c) => c.reference.startsWith('draft:')).map((c) => c.reference.slice('draft:'.length)));
    for (const c of all.filter((e) => e.reference.startsWith('enrich:'))) expect(drafts.has(c.reference.slice('enrich:'.length))).toBe(true);
  });

  it('charges a speaker enriched in an earlier run and drafted later once, at its draft', async () => {
    const lena = await speaker('Lena');
    await w.tool('update_campaign', { campaign_id: campaignId, icp: { ...TEST_PROFILE.icp, titles: [...TEST_PROFILE.icp.titles, 'Developer Advocate'] } });
    const preview = (await w.tool('start_campaign_run', { campaign_id: campaignId, requalify: true, dry_run: true })).data.cost_preview;
    const before = await charges();
    await w.tool('start_campaign_run', { campaign_id: campaignId, requalify: true });
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run.status).toBe('done');
    const after = await speaker('Lena');
    expect(after.drafted_at).not.toBeNull();
    // Enriched once, in the first run, and not again.
    expect(after.enriched_at).toBe(lena.enriched_at);
    const fresh = (await charges()).slice(before.length);
    expect(fresh.map((c) => [c.reference, c.delta])).toEqual([
      [`enrich:${lena.id}`, -1],
      [`draft:${lena.id}`, -1],
    ]);
    expect(fresh[0]?.description).toMatch(/^Enrichment of Lena Marwick\b.*company website/);
    expect(preview.credits).toBe(2);
  });
});

describe('two runs sharing one balance', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let w: PipelineWorld;
  const db = () => w.instance.db;
  const charges = async (): Promise<Entry[]> =>
    db()
      .selectFrom('credit_ledger')
      .select(['seq', 'reference', 'delta', 'description'])
      .where('user_id', '=', w.user.userId)
      .where('kind', '=', 'charge')
      .orderBy('seq')
      .execute();
  const setBalance = async (target: number) => {
    const balance = (await w.tool('get_credit_balance')).data.balance as number;
    await recordLedger(db(), w.instance, {
      userId: w.user.userId,
      delta: target - balance,
      kind: target > balance ? 'grant' : 'adjustment',
      reference: `test:${w.instance.ids.uuid()}`,
      description: 'test',
    });
  };
  const speakersOf = (id: string) => db().selectFrom('speakers').selectAll().where('campaign_id', '=', id).execute();

  beforeAll(async () => {
    site = await startSite({ '/api/v2/shared/view/All': { contentType: 'application/json', body: page() } });
    w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: site.host });
  });
  afterAll(async () => {
    await w.close();
    await site.close();
  });

  it('drafts what is left of the balance in the run whose credits the other spent, pauses before the rest charging nothing, and resumes charging each credit once', async () => {
    const url = site.url('/api/v2/shared/view/All');
    const first = (await w.tool('create_campaign', { name: 'First', conference_url: url })).data.campaign_id as string;
    const second = (await w.tool('create_campaign', { name: 'Second', conference_url: url })).data.campaign_id as string;
    const estimate = (await w.tool('start_campaign_run', { campaign_id: first, dry_run: true })).data.cost_preview.credits as number;
    // Two drafted speakers, each with an enrichment that found something.
    expect(estimate).toBe(4);
    // Each run alone can take all three speakers (two credits each at most); together they cannot.
    await setBalance(6);
    await w.tool('start_campaign_run', { campaign_id: first });
    await w.tool('start_campaign_run', { campaign_id: second });
    await w.scheduler.drain();

    const runs = await Promise.all([first, second].map(async (id) => (await w.tool('get_run_status', { campaign_id: id })).data.run));
    expect(runs.map((r) => r.status).sort()).toEqual(['done', 'paused']);
    const pausedId = runs[0].status === 'paused' ? first : second;
    expect(runs.find((r) => r.status === 'paused')?.pause).toMatchObject({ reason: 'insufficient_credits', drafted: 1, balance: 0 });
    const rows = await speakersOf(pausedId);
    const ids = new Set(rows.map((s) => s.id));
    const drafted = rows.filter((s) => s.drafted_at !== null);
    // Enriched, qualified and researched, and paid for not at all: it waits at the draft.
    const waiting = rows.filter((s) => s.stage === 'draft');
    expect([drafted.length, waiting.length]).toEqual([1, 1]);
    expect(waiting[0]?.enriched_at).not.toBeNull();
    const paid = (await charges()).filter((c) => ids.has(c.reference.split(':')[1] ?? ''));
    expect(paid.map((c) => c.reference)).toEqual([`enrich:${drafted[0]?.id}`, `draft:${drafted[0]?.id}`]);
    expect((await w.tool('get_credit_balance')).data.balance).toBe(0);

    await setBalance(10);
    const resumed = await w.tool('start_campaign_run', { campaign_id: pausedId });
    expect(resumed.data).toMatchObject({ resumed: true });
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: pausedId })).data.run.status).toBe('done');
    const all = await charges();
    expect(new Set(all.map((c) => c.reference)).size).toBe(all.length);
    const mine = all.filter((c) => ids.has(c.reference.split(':')[1] ?? ''));
    expect(-mine.reduce((a, c) => a + c.delta, 0)).toBe(estimate);
    expect(mine.slice(2).map((c) => c.reference)).toEqual([`enrich:${waiting[0]?.id}`, `draft:${waiting[0]?.id}`]);
    expect((await w.tool('get_credit_balance')).data.balance).toBe(10 - 2);
  });
});

/** Pages of ../shared/eval (read at test time, never copied) whose speakers the bench ICP does not want, though enrichment learns about some. */
const evalDir = path.resolve(import.meta.dirname, '../../../shared/eval');
const NOBODY = ['gogaruco-2009-speakers.html', 'opentechsummit-2018-speakers.html', 'bmva-cvss-2024-speakers.html'];
const BENCH_ICP = {
  titles: ['CTO', 'VP Engineering', 'Staff Engineer', 'Head of Platform'],
  seniority: [],
  industries: [],
  keywords: ['platform'],
  exclusions: ['recruiter'],
  competitors: [],
};

describe.skipIf(!fs.existsSync(evalDir))('a real page where nobody qualifies', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let w: PipelineWorld;
  beforeAll(async () => {
    site = await startSite(
      Object.fromEntries(
        NOBODY.map((f) => [`/pages/${f}`, { contentType: 'text/html; charset=utf-8', body: fs.readFileSync(path.join(evalDir, 'pages', f), 'utf8') }]),
      ),
    );
    w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: site.host });
  });
  afterAll(async () => {
    await w.close();
    await site.close();
  });

  it.each(NOBODY)('charges 0 and estimates 0 on %s, though enrichment learned something', async (file) => {
    const id = (await w.tool('create_campaign', { name: file, conference_url: site.url(`/pages/${file}`), icp: BENCH_ICP })).data.campaign_id;
    const preview = (await w.tool('start_campaign_run', { campaign_id: id, dry_run: true })).data.cost_preview;
    const before = (await w.tool('get_credit_balance')).data.balance as number;
    await w.tool('start_campaign_run', { campaign_id: id });
    await w.scheduler.drain();
    const run = (await w.tool('get_run_status', { campaign_id: id })).data.run;
    expect(run).toMatchObject({ status: 'done', warning: expect.stringMatching(/^Nobody qualified/) });
    const enriched = await w.instance.db
      .selectFrom('speakers')
      .select('enrichment')
      .where('campaign_id', '=', id)
      .where('enriched_at', 'is not', null)
      .execute();
    expect(enriched.some((s) => JSON.parse(s.enrichment ?? '{}').companyWebsite !== null)).toBe(true);
    expect(before - ((await w.tool('get_credit_balance')).data.balance as number)).toBe(0);
    expect(preview.credits).toBe(0);
  });
});
