import type { Ctx } from '../../context.js';
import type { VendorId } from '../../model-settings.js';
import type { CompareOutput } from '../../../schemas/compare.js';
import { getBalance } from '../credits.js';
import { priceOf } from '../../engine/prices.js';
import type { CompareArgs, CompareMode } from './input.js';
import { fixturesMode } from './mode-fixtures.js';
import { draftMode } from './mode-draft.js';
import { founderDraftMode } from './mode-founder-draft.js';
import { founderMode, humanMode, judgeMode } from './mode-judging.js';
import { signalsMode, xSignalsMode } from './mode-signals.js';
import { keysConfigured, planOf, requireOwner, type Plan } from './plan.js';
import { compareEnv, runPage, type CompareEnv, type Item, type ItemOut, type Mode } from './runner.js';

// Each mode narrows Item to what it carries; here they are only run, never looked into.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const MODES: Record<CompareMode, Mode<any>> = {
  fixtures: fixturesMode,
  judge: judgeMode,
  draft: draftMode,
  x_signals: xSignalsMode,
  human: humanMode,
  signals: signalsMode,
  founder: founderMode,
  founder_draft: founderDraftMode,
};

/** compare_models: one page of a mode's items, or its dry run. Writes nothing but spend rows. */
export async function compareModels(ctx: Ctx, args: CompareArgs): Promise<CompareOutput> {
  await requireOwner(ctx);
  const plan = await planOf(ctx, args);
  const env = compareEnv(ctx, plan);
  const mode = MODES[plan.mode];
  const head = {
    mode: plan.mode,
    providers: plan.providers,
    judge_provider: plan.mode === 'draft' || plan.mode === 'founder_draft' ? plan.judgeProvider : null,
    offset: plan.offset,
    limit: plan.limit,
    max_cost_usd: plan.capUsd,
    budget_ms: plan.budgetMs,
    keys_configured: keysConfigured(ctx),
  };
  if (plan.dryRun) return { ...head, ...(await dryRun(env, mode)) };
  const out = await runPage(env, mode);
  const done = plan.offset + out.items.length;
  return {
    ...head,
    dry_run: false,
    total_items: out.total,
    next_offset: done < out.total ? done : null,
    items_done: out.items.length,
    elapsed_ms: out.elapsedMs,
    stopped: out.stopped,
    summary: {
      // A model without a price makes the provider's cost unknown (null), as the dry run and list_model_spend say it.
      providers: env.ledger
        .all()
        .map(({ capped_usd: _capped, ...t }) => ({ ...t, models: [...t.models], cost_usd: t.unpriced_calls > 0 ? null : Math.round(t.cost_usd * 1e6) / 1e6 })),
      columns: columnSummary(out.items),
    },
    items: out.items,
  };
}

async function dryRun(env: CompareEnv, mode: Mode<Item>) {
  const { plan, ctx } = env;
  const { total, items } = await mode.page(env, plan.offset, plan.limit);
  const per = new Map<VendorId, { models: Set<string>; calls: number; usd: number | null; unpriced: number }>();
  for (const c of mode.callsPerItem(plan)) {
    const model = c.model ?? plan.modelFor(c.provider, c.stage);
    const e = per.get(c.provider) ?? { models: new Set<string>(), calls: 0, usd: 0, unpriced: 0 };
    const calls = c.count * items.length;
    const priced = priceOf(ctx.config.models, model) !== null;
    e.models.add(model);
    e.calls += calls;
    if (!priced) e.unpriced += calls;
    e.usd = e.usd === null || !priced ? null : e.usd + env.ledger.estimate(model, c.stage) * calls;
    per.set(c.provider, e);
  }
  const estimated = [...per].map(([provider, e]) => ({
    provider,
    models: [...e.models],
    calls: e.calls,
    usd: e.usd === null ? null : Math.round(e.usd * 1e4) / 1e4,
    unpriced_calls: e.unpriced,
  }));
  const calls = estimated.reduce((a, e) => a + e.calls, 0);
  const note = estimated
    .map(
      (e) =>
        `${e.provider}: ${e.calls} calls, ${e.usd === null ? `cost unknown (${e.unpriced_calls} call(s) of a model without a price)` : `about $${e.usd.toFixed(4)}`}`,
    )
    .join('; ');
  const done = plan.offset + items.length;
  return {
    dry_run: true,
    total_items: total,
    next_offset: done < total ? done : null,
    calls,
    estimated_usd: estimated,
    cost_preview: {
      credits: 0,
      model_calls: calls,
      lines: [{ operation: 'compare_models', count: items.length, unit_credits: 0, credits: 0 }],
      balance: await getBalance(ctx.db, ctx.principal.userId),
      sufficient: true,
      note: `compare_models spends no credits; vendor calls are capped at $${plan.capUsd} per provider${note ? `. ${note}` : ''}`,
    },
  };
}

/** Per column: items, outcomes, and each metric's mean (numbers) or share of yes (booleans). */
function columnSummary(items: ItemOut[]) {
  const cols = new Map<string, { column: string; items: number; ok: number; errors: number; skipped: number; sums: Map<string, { n: number; sum: number }> }>();
  for (const r of items.flatMap((i) => i.results)) {
    const c = cols.get(r.column) ?? { column: r.column, items: 0, ok: 0, errors: 0, skipped: 0, sums: new Map() };
    cols.set(r.column, c);
    c.items++;
    if (r.ok) c.ok++;
    else if (r.skipped) c.skipped++;
    else c.errors++;
    for (const [k, v] of Object.entries(r.metrics)) {
      if (typeof v !== 'number' && typeof v !== 'boolean') continue;
      const s = c.sums.get(k) ?? { n: 0, sum: 0 };
      s.n++;
      s.sum += Number(v);
      c.sums.set(k, s);
    }
  }
  return [...cols.values()].map(({ sums, ...c }) => ({
    ...c,
    metrics: Object.fromEntries([...sums].map(([k, s]) => [k, Math.round((s.sum / s.n) * 100) / 100])),
  }));
}

export type { Plan };
