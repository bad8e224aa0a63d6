import { sql } from 'kysely';
import type { SpeakerRow } from '../../db/types.js';
import type { Db } from '../../db/index.js';
import { getBalance } from '../core/credits.js';
import { speakerCredits } from '../core/credit-rules.js';
import { STAGE_CREDITS } from '../core/pricing.js';
import { emitEvent } from '../core/events.js';
import { recentlyContacted, windowStart } from '../core/recontact.js';
import { runCounts, waitingSpeakers } from '../core/run-progress.js';
import { speakerInput } from '../core/brief.js';
import type { Work } from './work.js';

/**
 * A run takes its speakers through the paid stages (enrich, qualify, research, draft)
 * in chunks, best prequalify fit first: after prequalify, and again after each chunk is
 * drafted, the run takes the next chunk of waiting speakers, as many as the balance can
 * take all the way to a draft. So any balance buys finished sequences, and a run that
 * runs out stops between chunks, paused, and continues from there when started again.
 */

/** Raised where a chunk's charges exceed the balance: the run pauses there instead of failing. */
export class OutOfCredits extends Error {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(`Insufficient credits: ${needed} needed, balance is ${balance} (short by ${needed - balance})`);
  }
}

/**
 * Credits owed by speakers already past enrich (a chunk under way, or speakers sent back
 * by a new run): each selected one's draft, and its enrichment's credit when that found something.
 */
async function owedCredits(db: Db, campaignId: string): Promise<number> {
  const r = await db
    .selectFrom('speakers')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(case when enrich_found is null then 0 else 1 end), 0)`.as('found')])
    .where('campaign_id', '=', campaignId)
    .where('stage', 'in', ['qualify', 'research', 'draft'])
    .where('selected', '=', 1)
    .where('drafted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n) * STAGE_CREDITS.draft + Number(r.found) * STAGE_CREDITS.enrich;
}

/** Whether anyone is past enrich and not yet done: the stages after it have work even when no chunk is taken. */
async function anyPastEnrich(db: Db, campaignId: string): Promise<boolean> {
  const r = await db
    .selectFrom('speakers')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('stage', 'in', ['qualify', 'research', 'draft'])
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * The best-fit waiting speakers, at most `n`, leaving out those another campaign pushed
 * within the recontact window: they wait, unenriched and uncharged, for a run after it.
 */
async function bestWaiting(w: Work, n: number): Promise<SpeakerRow[]> {
  const since = windowStart(w.services.clock.now(), w.services.config.recontactDays);
  const out: SpeakerRow[] = [];
  for (let offset = 0; out.length < n; offset += n) {
    const page = await waitingPage(w.services.db, w.campaign.id, n, offset);
    const held = await recentlyContacted(w.services.db, w.run.user_id, w.campaign.id, page, since);
    out.push(...page.filter((s) => !held.has(s)).slice(0, n - out.length));
    if (page.length < n) break;
  }
  return out;
}

/**
 * One page of the waiting speakers, best fit first. The order is found on their ids alone,
 * then the page's rows are read: sorting whole rows copied every waiting speaker's record
 * into the sorter on every chunk taken.
 */
async function waitingPage(db: Db, campaignId: string, n: number, offset: number): Promise<SpeakerRow[]> {
  const ids = await waitingSpeakers(db, campaignId)
    .select('id')
    .orderBy(sql`coalesce(prequalify_fit, -1)`, 'desc')
    .orderBy('seq')
    .limit(n)
    .offset(offset)
    .execute();
  if (ids.length === 0) return [];
  const rows = new Map(
    (
      await db
        .selectFrom('speakers')
        .selectAll()
        .where(
          'id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    ).map((r) => [r.id, r]),
  );
  return ids.flatMap((r) => rows.get(r.id) ?? []);
}

export type WaveOutcome = { next: 'enrich'; taken: number } | { next: 'done' } | { next: 'paused'; needed: number; balance: number };

/**
 * Takes the next chunk: the best-fit waiting speakers, at most `size` and what is left of
 * max_speakers, stopping at the first whose worst-case cost (its draft, and its
 * enrichment's credit when that would learn something, both charged at the draft) the
 * balance, less what chunks under way still owe, cannot cover. Returns where the run goes next.
 */
export async function takeChunk(w: Work, size: number): Promise<WaveOutcome> {
  const { db, clock } = w.services;
  const room = w.run.max_speakers === null ? size : Math.min(size, w.run.max_speakers - w.run.taken);
  const later = await anyPastEnrich(db, w.campaign.id);
  if (room <= 0) return later ? { next: 'enrich', taken: 0 } : { next: 'done' };
  const candidates = await bestWaiting(w, room);
  if (candidates.length === 0) return later ? { next: 'enrich', taken: 0 } : { next: 'done' };
  const balance = await getBalance(db, w.run.user_id);
  let budget = balance - (await owedCredits(db, w.campaign.id));
  const picked: string[] = [];
  let blocked = 0;
  for (const c of candidates) {
    const cost = speakerCredits(c, speakerInput(c));
    if (cost > budget) {
      blocked = cost;
      break;
    }
    budget -= cost;
    picked.push(c.id);
  }
  if (picked.length === 0) return later ? { next: 'enrich', taken: 0 } : { next: 'paused', needed: blocked, balance };
  const wave = w.run.wave + 1;
  const now = clock.now().toISOString();
  await w.fence();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('speakers').set({ wave, updated_at: now }).where('id', 'in', picked).where('wave', 'is', null).execute();
    await trx
      .updateTable('runs')
      .set({ wave, taken: w.run.taken + picked.length, updated_at: now })
      .where('id', '=', w.run.id)
      .execute();
  });
  w.run = { ...w.run, wave, taken: w.run.taken + picked.length };
  w.services.logger.debug({ run: w.run.id, wave, speakers: picked.length }, 'run chunk taken');
  return { next: 'enrich', taken: picked.length };
}

/**
 * Stops a run between chunks because credits ran out: paused with the reason, and a
 * run.paused event saying how many speakers are drafted and how many wait. Conditional
 * on the run still running, so two workers meeting the same shortfall pause it once.
 */
export async function pauseRun(w: Pick<Work, 'services' | 'run' | 'campaign'>, needed: number, balance: number): Promise<void> {
  const { db, clock } = w.services;
  const now = clock.now();
  const counts = await runCounts(db, w.campaign, windowStart(now, w.services.config.recontactDays));
  const paused = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('runs')
      .set({ status: 'paused', pause_reason: 'insufficient_credits', updated_at: now.toISOString() })
      .where('id', '=', w.run.id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await emitEvent(trx, {
      campaignId: w.campaign.id,
      runId: w.run.id,
      type: 'run.paused',
      data: {
        run_id: w.run.id,
        reason: 'insufficient_credits',
        drafted: counts.drafted,
        waiting: counts.waiting,
        held: counts.held,
        credits_needed: needed,
        balance,
      },
      at: now,
    });
    return true;
  });
  if (paused) w.services.logger.warn({ run: w.run.id, campaign: w.campaign.id, ...counts, needed, balance }, 'run paused: insufficient credits');
}
