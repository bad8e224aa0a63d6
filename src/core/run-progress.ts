import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { RunRow, SpeakerRow } from '../../db/types.js';
import { heldCounts } from './recontact.js';

/** Where a run's speakers stand: the ones it waits to take, works now, and has drafted. */

/** The speakers a run waits to take: past prequalify, not yet in a chunk. */
export function waitingSpeakers(db: Db, campaignId: string) {
  return db.selectFrom('speakers').where('campaign_id', '=', campaignId).where('stage', '=', 'enrich').where('wave', 'is', null);
}

/** Speakers at a stage the run works now: at enrich, only the current chunk's. */
export function atRunStage(db: Db, run: Pick<RunRow, 'campaign_id' | 'stage' | 'wave'>) {
  const q = db
    .selectFrom('speakers')
    .where('campaign_id', '=', run.campaign_id)
    .where('stage', '=', run.stage as SpeakerRow['stage']);
  return run.stage === 'enrich' ? q.where('wave', '=', run.wave) : q;
}

export interface RunCounts {
  drafted: number;
  /** Waiting for a chunk and free to be taken. */
  waiting: number;
  /** Waiting, but held back by the recontact window: another campaign pushed them lately. */
  held: number;
}

/**
 * The campaign's speakers drafted, waiting for a chunk (held ones included) and failed (a
 * model call failed their step): three counts in one statement, each read from its own
 * index (027), so a run that reports progress often never reads the campaign's speaker rows.
 */
export async function campaignCounts(db: Db, campaignId: string): Promise<{ drafted: number; waiting: number; failed: number }> {
  const count = sql<number>`count(*)`.as('n');
  const of = () => db.selectFrom('speakers').select(count).where('campaign_id', '=', campaignId);
  const r = await db
    .selectNoFrom([
      of().where('drafted_at', 'is not', null).as('drafted'),
      waitingSpeakers(db, campaignId).select(count).as('waiting'),
      of().where('model_error_stage', 'is not', null).as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return { drafted: Number(r.drafted), waiting: Number(r.waiting), failed: Number(r.failed) };
}

/** `since` is the start of the recontact window (windowStart), null when the check is off. */
export async function runCounts(db: Db, campaign: { id: string; user_id: string }, since: Date | null): Promise<RunCounts> {
  const { drafted, waiting } = await campaignCounts(db, campaign.id);
  const held = (await heldCounts(db, campaign.user_id, campaign.id, since)).waiting;
  return { drafted, waiting: waiting - held, held };
}

/** Progress of the current stage as done of total, for the live stream. */
export async function stageProgress(
  db: Db,
  run: Pick<RunRow, 'campaign_id' | 'stage' | 'stage_total' | 'wave'>,
): Promise<{ stage: string; done: number; total: number }> {
  if (run.stage === 'scrape') {
    const r = await db
      .selectFrom('conference_urls')
      .select([sql<number>`count(*)`.as('total'), sql<number>`sum(case when status in ('done', 'failed') then 1 else 0 end)`.as('done')])
      .where('campaign_id', '=', run.campaign_id)
      .executeTakeFirstOrThrow();
    return { stage: 'scrape', done: Number(r.done ?? 0), total: Number(r.total) };
  }
  if (run.stage === 'done') return { stage: 'done', done: 1, total: 1 };
  const left = await atRunStage(db, run)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const total = Math.max(run.stage_total, Number(left.n));
  // SSE reports the draft stage as "drafting" (SPEC part 6).
  return { stage: run.stage === 'draft' ? 'drafting' : run.stage, done: total - Number(left.n), total };
}
