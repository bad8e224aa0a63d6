import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { NewModelSpend } from '../../db/types.js';
import type { Clock, IdSource } from '../context.js';
import type { CallRecord } from '../engine/types.js';

/** Whose work a call was done for. */
export interface SpendOwner {
  userId: string;
  campaignId: string | null;
  runId: string | null;
  speakerId: string | null;
}

/** Spend rows for calls; `credits` says which credits each row carries (by index), 0 otherwise. */
export function spendRows(deps: { clock: Clock; ids: IdSource }, owner: SpendOwner, calls: CallRecord[], credits: (call: CallRecord, i: number) => number = () => 0): NewModelSpend[] {
  const now = deps.clock.now().toISOString();
  return calls.map((c, i) => ({
    id: deps.ids.uuid(),
    user_id: owner.userId,
    campaign_id: owner.campaignId,
    run_id: owner.runId,
    speaker_id: owner.speakerId,
    provider: c.provider,
    model: c.model,
    stage: c.stage,
    prompt_version: c.promptVersion,
    input_tokens: c.inputTokens,
    output_tokens: c.outputTokens,
    cost_usd: c.costUsd,
    credits: credits(c, i),
    outcome: c.ok ? 'ok' : 'error',
    error: c.error,
    duration_ms: Math.round(c.durationMs),
    created_at: now,
  }));
}

/** Inserts spend rows in statements of bounded size (SQLite caps bound variables per statement). */
export async function insertSpend(db: Db, rows: NewModelSpend[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('model_spend').values(rows.slice(i, i + 500)).execute();
}

export interface SpendTotals {
  calls: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Calls whose model had no price: their cost is not in costUsd. */
  unpriced: number;
  credits: number;
}

/** Totals of a campaign's spend, or one run's. */
export async function spendTotals(db: Db, where: { campaignId: string; runId?: string }): Promise<SpendTotals> {
  let q = db
    .selectFrom('model_spend')
    .select([
      sql<number>`count(*)`.as('calls'),
      sql<number>`sum(case when outcome = 'error' then 1 else 0 end)`.as('errors'),
      sql<number>`coalesce(sum(input_tokens), 0)`.as('input_tokens'),
      sql<number>`coalesce(sum(output_tokens), 0)`.as('output_tokens'),
      sql<number>`coalesce(sum(cost_usd), 0)`.as('cost_usd'),
      sql<number>`sum(case when cost_usd is null then 1 else 0 end)`.as('unpriced'),
      sql<number>`coalesce(sum(credits), 0)`.as('credits'),
    ])
    .where('campaign_id', '=', where.campaignId);
  if (where.runId) q = q.where('run_id', '=', where.runId);
  const r = await q.executeTakeFirstOrThrow();
  return {
    calls: Number(r.calls),
    errors: Number(r.errors ?? 0),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    costUsd: Number(r.cost_usd),
    unpriced: Number(r.unpriced ?? 0),
    credits: Number(r.credits),
  };
}
