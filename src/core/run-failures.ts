import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { RunRow } from '../../db/types.js';

/** What went wrong in one stage's model calls during a run. */
export interface StageFailures {
  stage: string;
  /** Model calls made at this stage, each attempt counted. */
  calls: number;
  failed_calls: number;
  /** Speakers whose step failed after every attempt (model_error in the dossier). */
  speakers_failed: number;
  /** Failed attempts that were tried again (recovered or not). */
  retried: number;
  /** Answers HTTP 429 (rate limited) that were waited out or ended the attempts. */
  rate_limited: number;
  /** Time spent waiting out the provider's rate limits (429, Retry-After) at this stage. */
  rate_limit_wait_ms: number;
  /** The provider's last error at this stage. */
  last_error: string | null;
}

/**
 * The run's model failures per stage, read from its spend records (every attempt is one)
 * and its speakers' model errors; null when no call failed. Speakers failed are counted
 * over the campaign: a new run sends them back, so the latest run owns them.
 */
export async function runFailures(db: Db, run: Pick<RunRow, 'id' | 'campaign_id'>): Promise<StageFailures[] | null> {
  const rows = await db
    .selectFrom('model_spend')
    .select([
      'stage',
      sql<number>`count(*)`.as('calls'),
      sql<number>`sum(case when outcome = 'error' then 1 else 0 end)`.as('failed'),
      sql<number>`sum(case when error like '%429%' then 1 else 0 end)`.as('limited'),
      sql<number>`coalesce(sum(waited_ms), 0)`.as('waited'),
    ])
    .where('run_id', '=', run.id)
    .groupBy('stage')
    .execute();
  const failing = rows.filter((r) => Number(r.failed ?? 0) > 0);
  if (failing.length === 0) return null;
  const speakers = await db
    .selectFrom('speakers')
    .select(['model_error_stage', sql<number>`count(*)`.as('n')])
    .where('campaign_id', '=', run.campaign_id)
    .where('model_error_stage', 'is not', null)
    .groupBy('model_error_stage')
    .execute();
  const failedBy = new Map(speakers.map((s) => [s.model_error_stage as string, Number(s.n)]));
  const out: StageFailures[] = [];
  for (const r of failing) {
    const last = await db
      .selectFrom('model_spend')
      .select('error')
      .where('run_id', '=', run.id)
      .where('stage', '=', r.stage)
      .where('outcome', '=', 'error')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const failed = Number(r.failed);
    const speakersFailed = failedBy.get(r.stage) ?? 0;
    out.push({
      stage: r.stage,
      calls: Number(r.calls),
      failed_calls: failed,
      speakers_failed: speakersFailed,
      retried: Math.max(0, failed - speakersFailed),
      rate_limited: Number(r.limited ?? 0),
      rate_limit_wait_ms: Number(r.waited ?? 0),
      last_error: last?.error ?? null,
    });
  }
  return out;
}

/** A stage in which every model call failed: the run cannot produce anything from it, and says why. */
export async function everyCallFailed(db: Db, run: Pick<RunRow, 'id' | 'campaign_id'>, stage: string): Promise<string | null> {
  // Asked after every chunk of a stage: one answered call settles it from the index (027), with no count.
  const answered = await db
    .selectFrom('model_spend')
    .select('id')
    .where('run_id', '=', run.id)
    .where('stage', '=', stage)
    .where('outcome', '=', 'ok')
    .limit(1)
    .executeTakeFirst();
  if (answered) return null;
  const failures = await runFailures(db, run);
  const f = failures?.find((x) => x.stage === stage);
  if (!f || f.failed_calls < f.calls) return null;
  return `every ${stage} model call failed (${f.calls} call(s), ${f.speakers_failed} speaker(s) failed): ${f.last_error ?? 'no reason given'}`;
}

/** One line of a summary, for logs and messages. */
export function failureLine(failures: StageFailures[] | null): string | null {
  if (!failures) return null;
  return failures
    .map(
      (f) =>
        `${f.stage}: ${f.speakers_failed} speaker(s) failed, ${f.failed_calls} of ${f.calls} call(s) failed, ${f.retried} retried, ${f.rate_limited} rate-limited (${(f.rate_limit_wait_ms / 1000).toFixed(1)} s waited) (last: ${f.last_error ?? 'none'})`,
    )
    .join('; ');
}
