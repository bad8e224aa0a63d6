import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashingWorker } from '../support/crashing-worker.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const LEASE_MS = 60_000;

describe('a worker that dies mid-batch', () => {
  let w: PipelineWorld;
  beforeAll(async () => {
    w = await makePipelineWorld({ GREENROOM_LEASE_MS: String(LEASE_MS) });
  });
  afterAll(() => w.close());

  it('leaves its lease to lapse; another worker finishes the run with every row and charge exactly once', async () => {
    const created = await w.tool('create_campaign', { name: 'Crash', conference_url: w.urls.sessionize, auto_start: true });
    const campaignId = created.data.campaign_id;
    await w.tool('add_conference_url', { campaign_id: campaignId, url: w.urls.cards });

    const startedAt = Date.now();
    // 24 prequalified, then chunks of four into the enrich batches of up to ten: killed mid-batch.
    const crashed = await crashingWorker(w, { leaseMs: LEASE_MS, crashAfterItems: 30 });
    expect(crashed.signal, crashed.stderr).toBe('SIGKILL');

    const mid = await w.tool('get_run_status', { campaign_id: campaignId });
    expect(mid.data.run).toMatchObject({ status: 'running', stage: 'enrich' });
    const lease = await w.instance.db.selectFrom('leases').selectAll().executeTakeFirstOrThrow();
    const held = new RegExp(`^run:${mid.data.run.run_id}:shard:(\\d+)$`).exec(lease.name);
    expect(held, lease.name).not.toBeNull();
    const shard = Number(held?.[1]);
    const enrichedByCrashed = await w.instance.db
      .selectFrom('speakers')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('enriched_at', 'is not', null)
      .execute();
    // Killed mid-stage: some enrichments were committed, not all.
    expect(enrichedByCrashed.length).toBeGreaterThan(0);
    expect(enrichedByCrashed.length).toBeLessThan(24);

    // While the dead worker's lease runs, nobody else may touch its shard (others' shards go on).
    const inShard = () =>
      w.instance.db
        .selectFrom('speakers')
        .select(['id', 'stage', 'updated_at'])
        .where('campaign_id', '=', campaignId)
        .where('shard', '=', shard)
        .orderBy('seq')
        .execute();
    const before = await inShard();
    // Its speakers are part-way: those of the killed chunk still at enrich, or (the chunk committed) at qualify.
    expect(before.some((s) => s.stage === 'enrich' || s.stage === 'qualify')).toBe(true);
    w.clock.set(startedAt);
    for (let i = 0; i < 20 && (await w.scheduler.tick()); i++);
    expect(await inShard()).toEqual(before);
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run).toMatchObject({
      status: 'running',
      stage: expect.stringMatching(/^(enrich|qualify)$/),
    });
    w.clock.set(Date.now() + LEASE_MS + 1000);
    await w.scheduler.drain();

    const done = await w.tool('get_run_status', { campaign_id: campaignId });
    expect(done.data.run).toMatchObject({ status: 'done', error: null });
    const db = w.instance.db;
    const people = await db
      .selectFrom('speakers')
      .select([sql<number>`count(*)`.as('rows'), sql<number>`count(distinct dedupe_key)`.as('people')])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(people.rows)).toBe(24);
    expect(Number(people.people)).toBe(24);
    const slots = await sql<{
      speaker_id: string;
      n: number;
    }>`select speaker_id, count(*) as n from messages where campaign_id = ${campaignId} group by speaker_id`.execute(db);
    const qualified = await db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('qualified', '=', 1).execute();
    expect(slots.rows.length).toBe(qualified.length);
    for (const r of slots.rows) expect(Number(r.n)).toBe(3);
    const charges = await db.selectFrom('credit_ledger').select(['reference', 'delta']).where('kind', '=', 'charge').execute();
    expect(new Set(charges.map((c) => c.reference)).size).toBe(charges.length);
    const enriched = await db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('enriched_at', 'is not', null).execute();
    // The demo pages carry each speaker's LinkedIn profile and no employer site: no enrichment learned anything to charge for.
    expect(enriched.length).toBeGreaterThan(0);
    expect(charges.filter((c) => c.reference.startsWith('enrich:')).length).toBe(0);
    expect(charges.filter((c) => c.reference.startsWith('draft:')).length).toBe(qualified.length);
    expect((await w.tool('get_credit_balance')).data.balance).toBe(500 - charges.length);
  });
});
