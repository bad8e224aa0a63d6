/**
 * Two schedulers on one database work a wave side by side: a step takes its share of the
 * stage among the schedulers working, not the whole wave, so the second drafts too; every
 * speaker is still drafted and charged once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/pipeline/scheduler.js';
import { makePipelineWorld, messagesPerSpeaker, type PipelineWorld } from '../support/pipeline.js';

describe('two schedulers on one database', () => {
  let w: PipelineWorld;
  let other: Scheduler;
  beforeAll(async () => {
    w = await makePipelineWorld();
    // The world's own limits: a wave is one batch of ten, which one step took whole.
    other = new Scheduler(w.instance, { holder: 'other', limits: { batch: 10, chunk: 4 } });
  });
  afterAll(async () => {
    await other.stop();
    await w.close();
  });

  it('share the drafting of a wave, each speaker drafted and charged once', async () => {
    const first = new Scheduler(w.instance, { holder: 'first', limits: { batch: 10, chunk: 4 } });
    const created = await w.post('/campaigns', { name: 'Shared', conference_url: w.urls.sessionize, auto_start: true });
    const campaignId = created.body.data.campaign_id as string;
    await w.tool('add_conference_url', { campaign_id: campaignId, url: w.urls.cards });
    const db = w.instance.db;
    const atDraft = async () =>
      Number(
        (
          await db
            .selectFrom('speakers')
            .select(sql<number>`count(*)`.as('n'))
            .where('campaign_id', '=', campaignId)
            .where('stage', '=', 'draft')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stage = async () => (await db.selectFrom('runs').select(['stage', 'status']).where('campaign_id', '=', campaignId).executeTakeFirstOrThrow()).stage;
    // Speakers each scheduler took past the draft stage, in turn one tick each.
    const drafted = new Map<Scheduler, number>([
      [first, 0],
      [other, 0],
    ]);
    let ticks = 0;
    for (let worked = true; worked && ticks < 500; ticks++) {
      worked = false;
      for (const s of [first, other]) {
        const drafting = (await stage()) === 'draft';
        const before = drafting ? await atDraft() : 0;
        worked = (await s.tick()) || worked;
        if (drafting) drafted.set(s, (drafted.get(s) ?? 0) + before - (await atDraft()));
      }
    }
    await first.stop();
    expect((await db.selectFrom('runs').select('status').where('campaign_id', '=', campaignId).executeTakeFirstOrThrow()).status).toBe('done');
    expect(drafted.get(first)).toBeGreaterThan(0);
    expect(drafted.get(other)).toBeGreaterThan(0);

    const speakers = await db.selectFrom('speakers').select(['id', 'stage', 'drafted_at']).where('campaign_id', '=', campaignId).execute();
    expect(speakers.every((s) => s.stage === 'done')).toBe(true);
    const withDrafts = speakers.filter((s) => s.drafted_at !== null);
    expect(withDrafts.length).toBe((drafted.get(first) ?? 0) + (drafted.get(other) ?? 0));
    const slots = await messagesPerSpeaker(db, campaignId);
    expect(slots.length).toBe(withDrafts.length);
    expect(slots.every((n) => n === 3)).toBe(true);
    const charges = await db.selectFrom('credit_ledger').select('reference').where('kind', '=', 'charge').execute();
    expect(new Set(charges.map((c) => c.reference)).size).toBe(charges.length);
    expect(charges.filter((c) => c.reference.startsWith('draft:')).length).toBe(withDrafts.length);
    // Once stopped, a scheduler no longer counts among those working.
    expect(await db.selectFrom('scheduler_workers').select('holder').where('holder', '=', 'first').execute()).toEqual([]);
  });
});
