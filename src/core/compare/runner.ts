import type { Ctx } from '../../context.js';
import type { VendorId } from '../../model-settings.js';
import type { VendorStages } from '../../engine/engines.js';
import type { Meter } from '../../engine/types.js';
import type { StagePrompt } from '../../engine/prompts/index.js';
import type { SpendOwner } from '../spend.js';
import type { z } from 'zod';
import { CompareLedger, type ColumnResult } from './ledger.js';
import { providersUsed, type CompareStage, type Plan } from './plan.js';

export interface Item {
  kind: 'speaker' | 'sequence' | 'message' | 'event';
  /** The speaker's or message's id; null for fixtures. */
  id: string | null;
  label: string;
  campaignId: string | null;
  speakerId: string | null;
}

export interface ItemOut {
  index: number;
  kind: Item['kind'];
  id: string | null;
  label: string;
  results: ColumnResult[];
  notes: string[];
}

/** The calls one item costs a provider, for dry runs. */
export type CallPlan = Array<{ provider: VendorId; stage: CompareStage; count: number; model?: string }>;

export interface Mode<I extends Item> {
  page(env: CompareEnv, offset: number, limit: number): Promise<{ total: number; items: I[] }>;
  callsPerItem(plan: Plan): CallPlan;
  run(env: CompareEnv, item: I): Promise<{ results: ColumnResult[]; notes?: string[] }>;
}

export interface CompareEnv {
  ctx: Ctx;
  plan: Plan;
  ledger: CompareLedger;
  ownerOf(item: Item): SpendOwner;
  /** One prompt to one provider's model: refused past the cost cap, metered as spend. */
  ask<S extends z.ZodType>(p: VendorId, model: string, prompt: StagePrompt<S>, input: unknown, owner: SpendOwner): Promise<z.output<S>>;
  /** A pipeline stage on a provider, on the model the plan picks, under the same cap and meter. */
  stage<T>(p: VendorId, stage: CompareStage, owner: SpendOwner, fn: (engine: VendorStages, meter: Meter) => Promise<T>, model?: string): Promise<T>;
}

export function compareEnv(ctx: Ctx, plan: Plan): CompareEnv {
  const ledger = new CompareLedger(ctx, plan.capUsd);
  for (const p of providersUsed(plan)) ledger.tally(p);
  return {
    ctx,
    plan,
    ledger,
    ownerOf: (item) => ({ userId: ctx.principal.userId, campaignId: item.campaignId, runId: null, speakerId: item.speakerId }),
    ask: async (p, model, prompt, input, owner) => {
      const release = ledger.reserve(p, model, prompt.stage as CompareStage);
      try {
        return await ctx.engines.laneFor(p).call(model, prompt, input, ledger.meter(owner));
      } finally {
        release();
      }
    },
    stage: async (p, stage, owner, fn, model) => {
      const release = ledger.reserve(p, model ?? plan.modelFor(p, stage), stage);
      try {
        return await fn(
          ctx.engines.vendorEngine(p, (s) => model ?? plan.modelFor(p, s as CompareStage)),
          ledger.meter(owner),
        );
      } finally {
        release();
      }
    },
  };
}

export interface RunOutcome {
  total: number;
  items: ItemOut[];
  elapsedMs: number;
  stopped: 'time_budget' | null;
}

/**
 * Works through one page of items, several at a time (the vendor lanes bound the calls
 * in flight), and takes no new item once the time budget is spent; items already
 * started finish. Spend rows are written as each item ends.
 */
export async function runPage<I extends Item>(env: CompareEnv, mode: Mode<I>): Promise<RunOutcome> {
  const started = performance.now();
  const { total, items } = await mode.page(env, env.plan.offset, env.plan.limit);
  const outs: ItemOut[] = [];
  let next = 0;
  let stopped: RunOutcome['stopped'] = null;
  const worker = async () => {
    while (next < items.length) {
      if (performance.now() - started >= env.plan.budgetMs) {
        stopped = 'time_budget';
        return;
      }
      const i = next++;
      const item = items[i] as I;
      try {
        const r = await mode.run(env, item);
        outs[i] = { index: env.plan.offset + i, kind: item.kind, id: item.id, label: item.label, results: r.results, notes: r.notes ?? [] };
      } finally {
        await env.ledger.flush();
      }
    }
  };
  const workers = Math.max(1, Math.min(env.ctx.config.models.concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { total, items: outs.slice(0, next), elapsedMs: Math.round(performance.now() - started), stopped };
}
