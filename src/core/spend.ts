import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { insertMany } from '../../db/insert-many.js';
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
export function spendRows(
  deps: { clock: Clock; ids: IdSource },
  owner: SpendOwner,
  calls: CallRecord[],
  credits: (call: CallRecord, i: number) => number = () => 0,
): NewModelSpend[] {
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
    waited_ms: Math.round(c.waitedMs ?? 0),
    created_at: now,
  }));
}

/** Inserts spend rows in statements of bounded size (SQLite caps bound variables per statement). */
export async function insertSpend(db: Db, rows: NewModelSpend[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    if (!(await insertMany(db, 'model_spend', part))) await db.insertInto('model_spend').values(part).execute();
  }
}

/** The ledger a campaign's engine writes its calls to, outside any run (createEngines receives it). */
export function campaignCallLedger(store: { db: Db; clock: Clock; ids: IdSource }) {
  return (campaign: { id: string; user_id: string }, calls: CallRecord[]): Promise<void> =>
    insertSpend(store.db, spendRows(store, { userId: campaign.user_id, campaignId: campaign.id, runId: null, speakerId: null }, calls));
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

/** One line of a spend listing: a campaign's calls to one provider's model. */
export interface SpendLine {
  campaign_id: string | null;
  campaign_name: string | null;
  provider: string;
  model: string;
  priced: boolean;
  calls: number;
  failed_calls: number;
  input_tokens: number;
  output_tokens: number;
  /** Null: unknown, because calls of a model without a price are among them (unpriced_calls). */
  cost_usd: number | null;
  unpriced_calls: number;
  credits: number;
  /** Time the calls waited out the vendor's rate limits (429, Retry-After). */
  rate_limit_wait_ms: number;
}

export interface SpendListing {
  lines: SpendLine[];
  totals: Omit<SpendLine, 'campaign_id' | 'campaign_name' | 'provider' | 'model' | 'priced'> & { priced_usd: number };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A user's model spend by campaign, provider and model, optionally for one campaign or
 * from a time on. A cost that includes calls of an unpriced model is unknown (null), with
 * the count of those calls, never a partial sum that reads as the whole; the totals keep
 * the priced part apart (priced_usd). Calls made outside a campaign (compare_models) have
 * campaign_id null.
 */
export async function listSpend(db: Db, userId: string, filter: { campaignId?: string; since?: string } = {}): Promise<SpendListing> {
  let q = db
    .selectFrom('model_spend')
    .leftJoin('campaigns', 'campaigns.id', 'model_spend.campaign_id')
    .select([
      'model_spend.campaign_id',
      'campaigns.name as campaign_name',
      'model_spend.provider',
      'model_spend.model',
      sql<number>`count(*)`.as('calls'),
      sql<number>`sum(case when model_spend.outcome = 'error' then 1 else 0 end)`.as('failed'),
      sql<number>`coalesce(sum(model_spend.input_tokens), 0)`.as('input_tokens'),
      sql<number>`coalesce(sum(model_spend.output_tokens), 0)`.as('output_tokens'),
      sql<number>`coalesce(sum(model_spend.cost_usd), 0)`.as('cost_usd'),
      sql<number>`sum(case when model_spend.cost_usd is null then 1 else 0 end)`.as('unpriced'),
      sql<number>`coalesce(sum(model_spend.credits), 0)`.as('credits'),
      sql<number>`coalesce(sum(model_spend.waited_ms), 0)`.as('waited'),
    ])
    .where('model_spend.user_id', '=', userId);
  if (filter.campaignId) q = q.where('model_spend.campaign_id', '=', filter.campaignId);
  if (filter.since) q = q.where('model_spend.created_at', '>=', filter.since);
  const rows = await q
    .groupBy(['model_spend.campaign_id', 'campaigns.name', 'model_spend.provider', 'model_spend.model'])
    .orderBy('campaigns.name')
    .orderBy('model_spend.provider')
    .orderBy('model_spend.model')
    .execute();
  const lines = rows.map((r): SpendLine => {
    const unpriced = Number(r.unpriced ?? 0);
    return {
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name ?? null,
      provider: r.provider,
      model: r.model,
      priced: unpriced === 0,
      calls: Number(r.calls),
      failed_calls: Number(r.failed ?? 0),
      input_tokens: Number(r.input_tokens),
      output_tokens: Number(r.output_tokens),
      cost_usd: unpriced > 0 ? null : round6(Number(r.cost_usd)),
      unpriced_calls: unpriced,
      credits: Number(r.credits),
      rate_limit_wait_ms: Number(r.waited ?? 0),
    };
  });
  const sum = (k: 'calls' | 'failed_calls' | 'input_tokens' | 'output_tokens' | 'unpriced_calls' | 'credits' | 'rate_limit_wait_ms') =>
    lines.reduce((a, l) => a + l[k], 0);
  const priced = round6(rows.reduce((a, r) => a + Number(r.cost_usd), 0));
  const unpriced = sum('unpriced_calls');
  return {
    lines,
    totals: {
      calls: sum('calls'),
      failed_calls: sum('failed_calls'),
      input_tokens: sum('input_tokens'),
      output_tokens: sum('output_tokens'),
      cost_usd: unpriced > 0 ? null : priced,
      priced_usd: priced,
      unpriced_calls: unpriced,
      credits: sum('credits'),
      rate_limit_wait_ms: sum('rate_limit_wait_ms'),
    },
  };
}
