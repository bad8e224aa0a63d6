import { sql } from 'kysely';
import { jsonArrayLength } from '../../db/portable.js';
import type { RunRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { conferenceUrls } from './campaigns.js';
import { urlView } from './campaign-view.js';
import { latestRun } from './runs.js';
import { getBalance } from './credits.js';
import { runCounts, stageProgress } from './run-progress.js';
import { heldCounts, windowStart } from './recontact.js';
import { runFailures, type StageFailures } from './run-failures.js';
import { failuresColumn, retriedPagesColumn } from './run-columns.js';

/** Polling faster than this while a run is active gains nothing (SPEC part 8: 15 to 30 s). */
export const POLL_AFTER_SECONDS = 20;

/** A lease not renewed for this long is reported as a wait: a working holder renews before each write. */
export const STALE_LEASE_MS = 15_000;

/**
 * What an active run waits for when a worker stopped holding part of it (a crash): the
 * run's leases not renewed lately, each with when it lapses and another worker takes the
 * work over. Null when nothing waits.
 */
async function leaseWait(ctx: Pick<Ctx, 'db' | 'clock' | 'config'>, run: RunRow) {
  if (run.status !== 'running' && run.status !== 'queued') return null;
  const now = ctx.clock.now().getTime();
  const rows = await ctx.db
    .selectFrom('leases')
    .selectAll()
    .where((eb) => eb.or([eb('name', '=', `run:${run.id}`), eb('name', 'like', `run:${run.id}:shard:%`)]))
    .where('expires_at', '>', now)
    .execute();
  const stale = rows
    .map((l) => ({
      work: l.name === `run:${run.id}` ? 'the run' : `shard ${l.name.split(':').pop()}`,
      lapses_at: new Date(Number(l.expires_at)).toISOString(),
      seconds_left: Math.ceil((Number(l.expires_at) - now) / 1000),
      renewed_seconds_ago: Math.floor((now - (Number(l.expires_at) - ctx.config.leaseMs)) / 1000),
    }))
    .filter((l) => l.renewed_seconds_ago * 1000 >= STALE_LEASE_MS);
  if (stale.length === 0) return null;
  const longest = Math.max(...stale.map((l) => l.seconds_left));
  const what = stale.map((l) => `${l.work} (not renewed for ${l.renewed_seconds_ago} s, lapses in ${l.seconds_left} s)`).join(', ');
  return {
    leases: stale,
    seconds_left: longest,
    message: `Waiting for the lease of ${what}: the worker that held it stopped renewing it, as after a crash. Another worker takes the work over when it lapses, within ${longest} s; nothing is done twice.`,
  };
}

export async function runView(ctx: Pick<Ctx, 'db' | 'clock' | 'config'>, run: RunRow) {
  const p = await stageProgress(ctx.db, run);
  const failedPages = await ctx.db
    .selectFrom('conference_urls')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', run.campaign_id)
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  const percent = run.status === 'done' ? 100 : p.total ? Math.round((p.done / p.total) * 1000) / 10 : 0;
  let pause = null;
  if (run.status === 'paused') {
    const counts = await runCounts(ctx.db, { id: run.campaign_id, user_id: run.user_id }, windowStart(ctx.clock.now(), ctx.config.recontactDays));
    const balance = await getBalance(ctx.db, run.user_id);
    const speakers = (n: number) => `${n} ${n === 1 ? 'speaker' : 'speakers'}`;
    const held = counts.held ? `, ${counts.held} held back by the recontact window` : '';
    const message =
      `Paused: the credits ran out between two chunks. ${speakers(counts.drafted)} drafted, ${counts.waiting} waiting for credits (best fit first)${held}; the balance is ${balance} ${balance === 1 ? 'credit' : 'credits'}. ` +
      'Add credits, then resume the run: it goes on from here, and nothing already paid for is charged again.';
    pause = { reason: run.pause_reason ?? 'insufficient_credits', drafted: counts.drafted, waiting: counts.waiting, held: counts.held, balance, message };
  }
  return {
    run_id: run.id,
    campaign_id: run.campaign_id,
    status: run.status,
    stage: run.stage,
    progress: { ...p, percent },
    error: run.error,
    warnings: Number(failedPages.n) + (run.warning ? 1 : 0),
    warning: run.warning,
    pause,
    max_speakers: run.max_speakers,
    retried_pages: retriedPagesColumn.read(run.retried_pages),
    lease_wait: await leaseWait(ctx, run),
    // A finished run keeps the summary it ended with; an active one is read as it goes.
    failures: run.finished_at
      ? (failuresColumn.read(run.failures)?.map((f) => ({ rate_limit_wait_ms: 0, ...f }) as StageFailures) ?? null)
      : await runFailures(ctx.db, run),
    created_at: run.created_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
  };
}

export async function runStatus(ctx: Ctx, campaignId: string) {
  const run = await latestRun(ctx, campaignId);
  const counts = await ctx.db
    .selectFrom('speakers')
    .select([
      sql<number>`sum(case when source = 'conference' then 1 else 0 end)`.as('speakers'),
      sql<number>`sum(case when source = 'intent' then 1 else 0 end)`.as('intent_leads'),
      sql<number>`coalesce(sum(${jsonArrayLength(ctx.db, 'signals')}), 0)`.as('signals'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const drafts = await ctx.db
    .selectFrom('messages')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const active = run?.status === 'queued' || run?.status === 'running';
  const held = await heldCounts(ctx.db, ctx.principal.userId, campaignId, windowStart(ctx.clock.now(), ctx.config.recontactDays));
  return {
    run: run ? await runView(ctx, run) : null,
    counts: {
      speakers: Number(counts.speakers ?? 0),
      intent_leads: Number(counts.intent_leads ?? 0),
      drafts: Number(drafts.n),
      signals: Number(counts.signals),
      held: held.all,
    },
    conference_urls: (await conferenceUrls(ctx, campaignId)).map(urlView),
    poll_after_seconds: active ? POLL_AFTER_SECONDS : null,
  };
}
