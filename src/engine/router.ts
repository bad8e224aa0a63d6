import type { CallRecord, EngineStage, Meter, ModelProvider, StageEngine, StageRoute } from './types.js';

export const RULES_MODEL = 'rules';

export interface StageEngineParts {
  id: string;
  offline: ModelProvider;
  /** The vendor engine, when a vendor serves any stage. */
  vendor: Omit<ModelProvider, 'enrich'> | null;
  route(stage: EngineStage): StageRoute;
  /** Stores the calls of a method called without a meter. */
  store(calls: CallRecord[]): Promise<void>;
}

/**
 * Sends each stage to the rules or to the vendor, as the settings route it, and meters
 * every call: a rules call is recorded too (no tokens, no cost), so the spend ledger
 * accounts for every credit charged.
 */
export function createStageEngine(p: StageEngineParts): StageEngine {
  async function run<T>(stage: EngineStage, meter: Meter | undefined, rules: () => Promise<T>, vendor: (m: Meter) => Promise<T>): Promise<T> {
    const buffer: CallRecord[] = [];
    const m: Meter = meter ?? { record: (r) => void buffer.push(r) };
    try {
      if (p.route(stage).provider !== p.vendor?.id) return await metered(stage, m, rules);
      return await vendor(m);
    } finally {
      if (!meter && buffer.length) await p.store(buffer);
    }
  }
  const vendor = () => p.vendor as NonNullable<StageEngineParts['vendor']>;
  return {
    id: p.id,
    route: p.route,
    prequalify: (s, c, meter) =>
      run(
        'prequalify',
        meter,
        () => p.offline.prequalify(s, c),
        (m) => vendor().prequalify(s, c, m),
      ),
    enrich: (s, meter) =>
      run(
        'enrich',
        meter,
        () => p.offline.enrich(s),
        () => p.offline.enrich(s),
      ),
    qualify: (s, e, pq, c, meter) =>
      run(
        'qualify',
        meter,
        () => p.offline.qualify(s, e, pq, c),
        (m) => vendor().qualify(s, e, pq, c, m),
      ),
    research: (s, e, c, meter) =>
      run(
        'research',
        meter,
        () => p.offline.research(s, e, c),
        (m) => vendor().research(s, e, c, m),
      ),
    draft: (s, signals, c, meter) =>
      run(
        'draft',
        meter,
        () => p.offline.draft(s, signals, c),
        (m) => vendor().draft(s, signals, c, m),
      ),
    rewrite: (input, meter) =>
      run(
        'rewrite',
        meter,
        () => p.offline.rewrite(input),
        (m) => vendor().rewrite(input, m),
      ),
  };
}

async function metered<T>(stage: EngineStage, meter: Meter, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await fn();
  meter.record({
    provider: 'offline',
    model: RULES_MODEL,
    stage,
    promptVersion: null,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    ok: true,
    error: null,
    durationMs: performance.now() - started,
  });
  return out;
}
