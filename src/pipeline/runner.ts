import { sql } from 'kysely';
import type { RunStage, SpeakerRow } from '../../db/types.js';
import { ToolError } from '../errors.js';
import { emitEvent, emitEvents, type EventInput } from '../core/events.js';
import { getBalance, recordLedgerBatch } from '../core/credits.js';
import { STAGE_CREDITS, chargeReference } from '../core/pricing.js';
import { speakerCredits } from '../core/credit-rules.js';
import { speakerInput } from '../core/brief.js';
import { OutOfCredits, pauseRun, takeChunk } from './chunks.js';
import { atRunStage, campaignCounts, stageProgress } from '../core/run-progress.js';
import { nobodyQualified } from './warnings.js';
import { everyCallFailed, failureLine, runFailures } from '../core/run-failures.js';
import { failuresColumn } from '../core/run-columns.js';
import { insertSpend, spendRows } from '../core/spend.js';
import type { Db } from '../../db/index.js';
import type { NewModelSpend } from '../../db/types.js';
import { loadSuppression, matchSpeaker } from '../core/do-not-contact.js';
import { recentlyContacted, windowStart } from '../core/recontact.js';
import { heldWaiting } from './held-count.js';
import { scrapeNext } from './stages/scrape.js';
import { computeAll, type SpeakerStageName } from './stages/speaker-stages.js';
import { writeAlone, writeChunk } from './speaker-writes.js';
import type { Effect, Work } from './work.js';

export const STAGE_ORDER: readonly RunStage[] = ['scrape', 'prequalify', 'enrich', 'qualify', 'research', 'draft', 'done'];

export interface RunnerLimits {
  /** Speakers read per step. */
  batch: number;
  /** Speakers written per transaction: a crash loses at most one chunk of work. */
  chunk: number;
  /** Speakers taken through the paid stages together, best fit first (chunks.ts); defaults to batch. */
  wave?: number;
}

/** Does one step of a run: one page, or one batch of speakers at the run's stage. */
export async function advanceRun(w: Work, limits: RunnerLimits): Promise<void> {
  if (w.run.status === 'queued') await markRunning(w);
  const stage = w.run.stage;
  if (stage === 'done') return finish(w);
  const didWork = stage === 'scrape' ? await scrapeNext(w) : await speakerBatch(w, stage, limits);
  if (didWork) return progress(w);
  if (stage === 'scrape') await requireSpeakers(w);
  else await requireSomeCallAnswered(w, stage);
  if (stage === 'prequalify' || stage === 'draft') return nextChunk(w, limits);
  await enterStage(w, STAGE_ORDER[STAGE_ORDER.indexOf(stage) + 1] as RunStage);
}

/** After prequalify and after each chunk's drafts: the next chunk, or pause for credits, or done. */
async function nextChunk(w: Work, limits: RunnerLimits): Promise<void> {
  const outcome = await takeChunk(w, limits.wave ?? limits.batch);
  if (outcome.next === 'paused') return pauseRun(w, outcome.needed, outcome.balance);
  await enterStage(w, outcome.next);
}

async function markRunning(w: Work): Promise<void> {
  const now = w.services.clock.now();
  // A run that paused for credits and was started again keeps its first start time.
  const resumed = w.run.started_at !== null;
  const started_at = w.run.started_at ?? now.toISOString();
  await w.fence();
  await w.services.db.transaction().execute(async (trx) => {
    await trx.updateTable('runs').set({ status: 'running', started_at, updated_at: now.toISOString() }).where('id', '=', w.run.id).execute();
    await emitEvent(trx, {
      campaignId: w.campaign.id,
      runId: w.run.id,
      type: 'run.started',
      data: resumed ? { run_id: w.run.id, resumed: true } : { run_id: w.run.id },
      at: now,
    });
  });
  w.run = { ...w.run, status: 'running', started_at };
  w.services.logger.info({ run: w.run.id, campaign: w.campaign.id, stage: w.run.stage, resumed }, resumed ? 'run resumed' : 'run started');
}

/**
 * One batch of some shards of a speaker stage, for a worker holding those shards' leases
 * while others work other shards of the same stage; false when the shards have none left.
 * Moving the run to its next stage stays with advanceRun, under the run's lease.
 */
export async function advanceShards(w: Work, limits: RunnerLimits, shards: readonly number[]): Promise<boolean> {
  const stage = w.run.stage;
  if (stage === 'scrape' || stage === 'done' || w.run.status !== 'running') return false;
  const didWork = await speakerBatch(w, stage, limits, shards);
  if (didWork) await progress(w);
  return didWork;
}

async function speakerBatch(w: Work, stage: SpeakerStageName, limits: RunnerLimits, shards?: readonly number[]): Promise<boolean> {
  let q = atRunStage(w.services.db, w.run).selectAll();
  if (shards !== undefined) q = q.where('shard', 'in', shards);
  const rows = await q.orderBy('seq').limit(limits.batch).execute();
  // Shard by shard, in the order the shards were taken: the order one shard a step gave.
  const speakers = shards && shards.length > 1 ? rows.sort((a, b) => shards.indexOf(a.shard) - shards.indexOf(b.shard)) : rows;
  const list = await loadSuppression(w.services.db, w.run.user_id);
  for (let i = 0; i < speakers.length; i += limits.chunk) {
    const chunk = speakers.slice(i, i + limits.chunk);
    // Listed people leave the run here, before any model is called or credit charged.
    const held = new Set(chunk.filter((s) => matchSpeaker(list, s)).map((s) => s.id));
    const recent = await recontactHeld(
      w,
      stage,
      chunk.filter((s) => !held.has(s.id)),
    );
    const { paid: work, short } = await payable(
      w,
      stage,
      chunk.filter((s) => !held.has(s.id) && !recent.has(s.id)),
    );
    const computed = await computeAll(w, stage, work);
    logFailedCalls(w, work, computed);
    const paid = new Set(work.map((s) => s.id));
    // A speaker the balance cannot pay for now stays where it is, untouched and uncharged.
    const effects = chunk.map((s): Effect =>
      held.has(s.id)
        ? { speaker: { stage: 'done', suppressed_stage: stage } }
        : recent.has(s.id)
          ? waitForWindow(stage)
          : paid.has(s.id)
            ? (computed.shift() as Effect)
            : { speaker: {} },
    );
    for (const [j, e] of effects.entries())
      if (!held.has((chunk[j] as SpeakerRow).id) && (chunk[j] as SpeakerRow).suppressed_stage !== null) e.speaker = { suppressed_stage: null, ...e.speaker };
    await w.fence();
    await applyEffects(w, stage, chunk, effects);
    w.committed(chunk.length);
    w.services.logger.debug({ run: w.run.id, stage, speakers: chunk.length, outcomes: tally(effects) }, 'run stage batch');
    if (short) throw short;
  }
  return speakers.length > 0;
}

/**
 * Someone another campaign pushed within the recontact window is neither enriched nor
 * drafted now. Chunks leave them out (chunks.ts); this catches a push made after the chunk
 * was taken, and a profile only enrichment found (held at draft, charged nothing).
 */
async function recontactHeld(w: Work, stage: SpeakerStageName, speakers: SpeakerRow[]): Promise<Set<string>> {
  if (stage !== 'enrich' && stage !== 'draft') return new Set();
  const since = windowStart(w.services.clock.now(), w.services.config.recontactDays);
  const recent = await recentlyContacted(w.services.db, w.run.user_id, w.campaign.id, speakers, since);
  return new Set([...recent].map((s) => s.id));
}

/** A recontact-held speaker waits: out of the chunk before enrichment, at done (qualified, undrafted) before a draft; a later run takes them. */
const waitForWindow = (stage: SpeakerStageName): Effect => (stage === 'enrich' ? { speaker: { wave: null } } : { speaker: { stage: 'done' } });

/** Each failed model call at warn, retried or not: an operator sees a failing vendor in the log, not only in dossiers. */
function logFailedCalls(w: Work, speakers: SpeakerRow[], effects: Effect[]): void {
  for (const [i, e] of effects.entries()) {
    for (const c of e.calls ?? []) {
      if (c.ok) continue;
      w.services.logger.warn(
        {
          run: w.run.id,
          campaign: w.campaign.id,
          speaker: speakers[i]?.id,
          stage: c.stage,
          provider: c.provider,
          model: c.model,
          error: c.error,
          speaker_failed: e.speaker.model_error !== undefined && e.speaker.model_error !== null,
        },
        'model call failed',
      );
    }
  }
}

/** A stage in which every model call failed ends the run failed, with the provider's reason, before it spends on the next. */
async function requireSomeCallAnswered(w: Work, stage: SpeakerStageName): Promise<void> {
  const reason = await everyCallFailed(w.services.db, w.run, stage);
  if (reason) throw new ToolError('tool_error', reason);
}

/** What a batch did, for debug logs: how many speakers went to each next stage. */
function tally(effects: Effect[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of effects) {
    const next = String(e.speaker.stage ?? 'same');
    counts[next] = (counts[next] ?? 0) + 1;
  }
  return counts;
}

/**
 * The speakers of a chunk the balance pays for now, in order, and the shortfall when it
 * cannot pay for them all: the run drafts those it can, then pauses (OutOfCredits) before
 * the next, so no model is paid for a draft that could not be billed. Only drafts charge
 * (each with its enrichment's credit when that found something). Chunks are taken to fit
 * the balance, so this falls short only when something else spent meanwhile; the
 * ledger's own check inside the transaction stays the final word.
 */
async function payable(w: Work, stage: SpeakerStageName, chunk: SpeakerRow[]): Promise<{ paid: SpeakerRow[]; short: OutOfCredits | null }> {
  if (stage !== 'draft') return { paid: chunk, short: null };
  const costs = chunk.map((s) => speakerCredits(s, speakerInput(s)));
  const need = costs.reduce((a, c) => a + c, 0);
  if (need === 0) return { paid: chunk, short: null };
  let left = await getBalance(w.services.db, w.run.user_id);
  if (left >= need) return { paid: chunk, short: null };
  let n = 0;
  for (; n < chunk.length && (costs[n] as number) <= left; n++) left -= costs[n] as number;
  return { paid: chunk.slice(0, n), short: new OutOfCredits(costs[n] as number, left) };
}

/** The credits an effect charges. */
const effectCredits = (e: Effect): number => (e.charges ?? []).reduce((a, c) => a + STAGE_CREDITS[c.stage], 0);

/**
 * A chunk's writes, atomically: the speakers (by set of columns changed), their messages,
 * the charges (one ledger insert under the user's lock), the spend rows (writeChunk: on
 * PostgreSQL the charges first, then the rest in one statement), the events. A chunk
 * with no charge and no event is that one statement on PostgreSQL, with no transaction.
 */
async function applyEffects(w: Work, stage: SpeakerStageName, speakers: SpeakerRow[], effects: Effect[]): Promise<void> {
  const { db, clock } = w.services;
  const now = clock.now().toISOString();
  const events = messageReadyEvents(w, effects, clock.now());
  const write = async (trx: Db) => {
    const updates = speakers.map((s, i) => ({ id: s.id, set: { ...(effects[i] as Effect).speaker, updated_at: now } }));
    await writeChunk(trx, { stage, updates, messages: effects.flatMap((e) => e.messages ?? []) }, async () => {
      const charged = await chargeChunk(w, trx, speakers, effects);
      return speakers.flatMap((s, i) => spendOf(w, s, effects[i] as Effect, charged[i] ?? 0));
    });
    await emitEvents(trx, events);
  };
  try {
    if (writeAlone(db) && events.length === 0 && !effects.some((e) => e.charges?.length)) await write(db);
    else await db.transaction().execute(write);
  } catch (err) {
    // The work is dropped but the vendor calls were made and paid for: keep their record.
    const calls = speakers.flatMap((s, i) => spendOf(w, s, effects[i] as Effect, 0));
    if (calls.length) await insertSpend(db, calls);
    // Another spender took the credits meanwhile: pause at this chunk rather than fail.
    if (err instanceof ToolError && err.message.startsWith('Insufficient credits')) {
      const need = effects.reduce((a, e) => a + effectCredits(e), 0);
      throw new OutOfCredits(need, await getBalance(db, w.run.user_id));
    }
    throw err;
  }
}

/**
 * The chunk's charges, one ledger batch per user (a run's speakers are all its owner's).
 * The reference (stage and speaker) makes each charge happen once, whatever retries,
 * crashes or resumed runs occur; what each speaker was charged now comes back by position.
 */
async function chargeChunk(w: Work, trx: Db, speakers: SpeakerRow[], effects: Effect[]): Promise<number[]> {
  const charged = speakers.map(() => 0);
  const byUser = new Map<string, Array<{ at: number; delta: number; kind: 'charge'; reference: string; description: string }>>();
  effects.forEach((e, at) => {
    const s = speakers[at] as SpeakerRow;
    for (const c of e.charges ?? []) {
      const write = { at, delta: -STAGE_CREDITS[c.stage], kind: 'charge' as const, reference: chargeReference(c.stage, s.id), description: c.description };
      byUser.set(s.user_id, [...(byUser.get(s.user_id) ?? []), write]);
    }
  });
  for (const [userId, writes] of byUser) {
    const outcomes = await recordLedgerBatch(trx, w.services, userId, writes);
    writes.forEach((wr, k) => {
      if (outcomes[k] === 'recorded') charged[wr.at] = (charged[wr.at] ?? 0) - wr.delta;
    });
  }
  return charged;
}

/**
 * A speaker's calls as spend rows; the credits charged ride on the last call of the
 * stage that charged them (the draft, for its enrichment's credit too).
 */
function spendOf(w: Work, s: SpeakerRow, e: Effect, charged: number): NewModelSpend[] {
  const calls = e.calls ?? [];
  const stage = e.charges?.at(-1)?.stage;
  const carrier = stage ? calls.map((c) => c.stage).lastIndexOf(stage) : -1;
  const owner = { userId: s.user_id, campaignId: s.campaign_id, runId: w.run.id, speakerId: s.id };
  return spendRows(w.services, owner, calls, (_c, i) => (i === carrier ? charged : 0));
}

/** message.ready for every drafted message, in the transaction that stores it. */
function messageReadyEvents(w: Work, effects: Effect[], at: Date): EventInput[] {
  return effects.flatMap((e) =>
    (e.messages ?? []).map((m) => ({
      campaignId: w.campaign.id,
      runId: w.run.id,
      type: 'message.ready',
      data: {
        run_id: w.run.id,
        message_id: m.id,
        speaker_id: m.speaker_id,
        slot: m.slot,
        qa_score: m.qa_score,
        approvable: m.approvable === 1,
        needs_human: m.needs_human === 1,
      },
      at,
    })),
  );
}

/**
 * A run with nobody to work on has failed, and says why: every page failed (each page's
 * own reason stays on the page). Some pages failing is only a warning. A campaign with
 * no page at all never gets here: start_campaign_run refuses it.
 */
async function requireSpeakers(w: Work): Promise<void> {
  const { db } = w.services;
  const any = await db.selectFrom('speakers').select('id').where('campaign_id', '=', w.campaign.id).limit(1).executeTakeFirst();
  if (any) return;
  const pages = await db.selectFrom('conference_urls').select(['url', 'error']).where('campaign_id', '=', w.campaign.id).orderBy('seq').execute();
  const reasons = pages.slice(0, 3).map((p) => `${p.url}: ${p.error ?? 'no speakers found'}`);
  const more = pages.length > 3 ? `; and ${pages.length - 3} more (see conference_urls)` : '';
  throw new ToolError(
    'tool_error',
    `no speakers found: ${pages.length === 1 ? 'the conference page' : `all ${pages.length} conference pages`} failed (${reasons.join('; ')}${more})`,
  );
}

async function enterStage(w: Work, next: RunStage): Promise<void> {
  const { db, clock } = w.services;
  const total =
    next === 'scrape' || next === 'done'
      ? 0
      : Number(
          (
            await atRunStage(db, { ...w.run, stage: next })
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
  await w.fence();
  // Conditional on the stage it leaves, so a worker reading an older copy of the run never moves it back.
  await db
    .updateTable('runs')
    .set({ stage: next, stage_total: total, updated_at: clock.now().toISOString() })
    .where('id', '=', w.run.id)
    .where('stage', '=', w.run.stage)
    .execute();
  w.run = { ...w.run, stage: next, stage_total: total };
  w.services.logger.info({ run: w.run.id, campaign: w.campaign.id, stage: next, speakers: total }, 'run stage');
  if (next !== 'done') await progress(w);
}

/**
 * run.progress carries the stage's progress (SPEC part 6) and the campaign's speakers drafted,
 * waiting for a chunk, held back by the recontact window (counted apart from waiting, from a
 * per-run cache: held-count.ts), and failed (a model call failed their step), each count from an index.
 */
async function progress(w: Work): Promise<void> {
  const { db } = w.services;
  const p = await stageProgress(db, w.run);
  const c = await campaignCounts(db, w.campaign.id);
  const held = await heldWaiting(w, c.waiting);
  const data = { ...p, drafted: c.drafted, waiting: c.waiting - held, held, failed: c.failed };
  await emitEvent(db, { campaignId: w.campaign.id, runId: w.run.id, type: 'run.progress', data, at: w.services.clock.now() });
}

async function finish(w: Work): Promise<void> {
  const { db, clock } = w.services;
  const now = clock.now();
  const warning = await nobodyQualified(w);
  const failures = await runFailures(db, w.run);
  await w.fence();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('runs')
      .set({ status: 'done', warning, failures: failures && failuresColumn.write(failures), finished_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', w.run.id)
      .execute();
    const drafted = await trx
      .selectFrom('messages')
      .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
      .select(sql<number>`count(distinct messages.speaker_id)`.as('n'))
      .where('messages.campaign_id', '=', w.campaign.id)
      .executeTakeFirstOrThrow();
    await emitEvent(trx, {
      campaignId: w.campaign.id,
      runId: w.run.id,
      type: 'drafts.ready',
      data: { run_id: w.run.id, speakers_with_drafts: Number(drafted.n) },
      at: now,
    });
    const data = { run_id: w.run.id, status: 'done', ...(warning ? { warning } : {}), ...(failures ? { failures } : {}) };
    await emitEvent(trx, { campaignId: w.campaign.id, runId: w.run.id, type: 'run.completed', data, at: now });
  });
  if (warning) w.services.logger.warn({ run: w.run.id, campaign: w.campaign.id, warning }, 'run done: nobody qualified');
  if (failures) w.services.logger.warn({ run: w.run.id, campaign: w.campaign.id, failures: failureLine(failures) }, 'run done with model failures');
  if (!warning && !failures) w.services.logger.info({ run: w.run.id, campaign: w.campaign.id }, 'run done');
}

export { pauseRun };

/** A run that cannot go on (e.g. its provider lost its key) stops as failed with the reason; its work so far is kept. */
export async function failRun(w: Pick<Work, 'services' | 'run' | 'campaign'>, message: string): Promise<void> {
  const { db, clock } = w.services;
  const now = clock.now();
  const failures = await runFailures(db, w.run);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('runs')
      .set({
        status: 'failed',
        error: message,
        failures: failures && failuresColumn.write(failures),
        finished_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', w.run.id)
      .execute();
    await emitEvent(trx, { campaignId: w.campaign.id, runId: w.run.id, type: 'run.failed', data: { run_id: w.run.id, error: message }, at: now });
    const data = { run_id: w.run.id, status: 'failed', error: message, ...(failures ? { failures } : {}) };
    await emitEvent(trx, { campaignId: w.campaign.id, runId: w.run.id, type: 'run.completed', data, at: now });
  });
  w.services.logger.warn({ run: w.run.id, campaign: w.campaign.id, error: message, failures: failureLine(failures) }, 'run failed');
}
