import { costUsd, priceOf } from '../engine/prices.js';
import type { ModelSettings } from '../model-settings.js';
import type { EngineStage, StageRoute } from '../engine/types.js';

/**
 * What the pipeline charges and what its model calls cost. Enrichment and drafting are
 * billed in credits once per speaker, ever, under a unique ledger reference; the other
 * stages cost model calls but no credits. Model calls are priced in USD from the table
 * in src/engine/prices.ts (GREENROOM_MODEL_PRICES overrides or adds entries).
 */
export const STAGE_CREDITS = { enrich: 1, draft: 1 } as const;

/** Model calls each stage makes per speaker (the offline engine counts like a vendor would). */
export const STAGE_MODEL_CALLS = { prequalify: 1, enrich: 1, qualify: 1, research: 1, draft: 1 } as const;

export const chargeReference = (stage: keyof typeof STAGE_CREDITS, speakerId: string): string => `${stage}:${speakerId}`;

/** Credits a stage's call carries on its spend row (the ledger charge it belongs to). */
export const stageCredits = (stage: EngineStage): number => (stage === 'enrich' || stage === 'draft' ? STAGE_CREDITS[stage] : 0);

/** Tokens a typical call of each stage uses, for previews (measured on the prompts in src/engine/prompts). */
export const TYPICAL_TOKENS: Readonly<Record<EngineStage, { input: number; output: number }>> = Object.freeze({
  prequalify: { input: 700, output: 80 },
  enrich: { input: 0, output: 0 },
  qualify: { input: 900, output: 120 },
  research: { input: 1100, output: 400 },
  draft: { input: 1600, output: 450 },
  rewrite: { input: 1400, output: 200 },
});

export interface StageCount {
  stage: EngineStage;
  count: number;
}

/**
 * Estimated USD of running these stage counts on these routes; null when a routed
 * model has no price. Vendor calls only: the rules cost nothing.
 */
export function estimateUsd(
  settings: Pick<ModelSettings, 'prices'>,
  route: (stage: EngineStage) => StageRoute,
  counts: StageCount[],
): { usd: number | null; vendorCalls: number } {
  let usd: number | null = 0;
  let vendorCalls = 0;
  for (const { stage, count } of counts) {
    const r = route(stage);
    if (r.provider === 'offline' || count === 0) continue;
    vendorCalls += count;
    const t = TYPICAL_TOKENS[stage];
    const one = costUsd(priceOf(settings, r.model), t.input, t.output);
    usd = one === null || usd === null ? null : usd + one * count;
  }
  return { usd, vendorCalls };
}

export type RunStageCounts = Record<keyof typeof STAGE_MODEL_CALLS, number>;

export interface RunCost {
  credits: number;
  model_calls: number;
  lines: Array<{ stage: string; count: number; unit_credits: number; credits: number }>;
  /** Which vendor the calls go to and their estimated USD, when a vendor serves any stage. */
  vendorNote: string | null;
}

/** Credits, model calls and the vendor estimate of a run, all from the tables above. */
export function runCost(counts: RunStageCounts, route: (stage: EngineStage) => StageRoute, settings: Pick<ModelSettings, 'prices'>): RunCost {
  const lines = (['enrich', 'draft'] as const).map((stage) => ({
    stage,
    count: counts[stage],
    unit_credits: STAGE_CREDITS[stage],
    credits: counts[stage] * STAGE_CREDITS[stage],
  }));
  const stages = Object.keys(STAGE_MODEL_CALLS) as Array<keyof typeof STAGE_MODEL_CALLS>;
  const model_calls = stages.reduce((a, s) => a + counts[s] * STAGE_MODEL_CALLS[s], 0);
  const est = estimateUsd(
    settings,
    route,
    stages.map((stage) => ({ stage, count: counts[stage] * STAGE_MODEL_CALLS[stage] })),
  );
  let vendorNote: string | null = null;
  if (est.vendorCalls > 0) {
    const routed = stages
      .filter((s) => counts[s] > 0)
      .map((s) => [s, route(s)] as const)
      .filter(([, r]) => r.provider !== 'offline');
    const models = [...new Set(routed.map(([s, r]) => `${r.provider} ${r.model} (${s})`))].join(', ');
    const usd =
      est.usd === null
        ? 'cost unknown (a model has no price: set GREENROOM_MODEL_PRICES)'
        : `about $${est.usd < 0.01 ? est.usd.toFixed(4) : est.usd.toFixed(2)}`;
    vendorNote = `${est.vendorCalls} of the model calls go to ${models}: ${usd}, before any retries`;
  }
  return { credits: lines.reduce((a, l) => a + l.credits, 0), model_calls, lines, vendorNote };
}
