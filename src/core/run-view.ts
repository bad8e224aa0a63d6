import { sql } from 'kysely';
import { jsonArrayLength } from '../../db/portable.js';
import type { RunRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { stageProgress } from '../pipeline/runner.js';
import { conferenceUrls } from './campaigns.js';
import { urlView } from './campaign-view.js';
import { latestRun } from './runs.js';
import { getBalance } from './credits.js';
import { runCounts } from '../pipeline/chunks.js';
import { runFailures, type StageFailures } from '../pipeline/failures.js';

/** Polling faster than this while a run is active gains nothing (SPEC part 8: 15 to 30 s). */
export const POLL_AFTER_SECONDS = 20;

export async function runView(ctx: Pick<Ctx, 'db'>, run: RunRow) {
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
    const counts = await runCounts(ctx.db, run.campaign_id);
    const balance = await getBalance(ctx.db, run.user_id);
    const message =
      `Credits ran out between two chunks: ${counts.drafted} speaker(s) drafted, ${counts.waiting} waiting (best fit first), balance ${balance}. ` +
      'Add credits and call start_campaign_run again to continue from here; nothing already paid for is charged again.';
    pause = { reason: run.pause_reason ?? 'insufficient_credits', drafted: counts.drafted, waiting: counts.waiting, balance, message };
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
    // A finished run keeps the summary it ended with; an active one is read as it goes.
    failures: run.finished_at ? (run.failures ? (JSON.parse(run.failures) as StageFailures[]) : null) : await runFailures(ctx.db, run),
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
  const drafts = await ctx.db.selectFrom('messages').select(sql<number>`count(*)`.as('n')).where('campaign_id', '=', campaignId).executeTakeFirstOrThrow();
  const active = run?.status === 'queued' || run?.status === 'running';
  return {
    run: run ? await runView(ctx, run) : null,
    counts: { speakers: Number(counts.speakers ?? 0), intent_leads: Number(counts.intent_leads ?? 0), drafts: Number(drafts.n), signals: Number(counts.signals) },
    conference_urls: (await conferenceUrls(ctx, campaignId)).map(urlView),
    poll_after_seconds: active ? POLL_AFTER_SECONDS : null,
  };
}
