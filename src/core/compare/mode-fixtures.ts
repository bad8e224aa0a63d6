import { createOfflineEngine } from '../../engine/index.js';
import type { VendorId } from '../../model-settings.js';
import type { SpeakerInput } from '../../engine/types.js';
import { FIXTURE_BRIEF, fixtureSpeakers, gateVerdicts, mean } from './common.js';
import { attempt, type ColumnResult } from './ledger.js';
import type { CompareEnv, Item, Mode } from './runner.js';

type FixtureItem = Item & { speaker: SpeakerInput };

const offline = createOfflineEngine();

/**
 * fixtures: every provider runs the pipeline's stages (prequalify, qualify, and for the
 * speakers it qualifies research and draft) on thirty fixed fictional speakers and one
 * fixed campaign; the first provider is the baseline the others' verdicts are compared
 * with, and every draft goes through the QA gate. Enrichment is the rules', as in a run.
 */
export const fixturesMode: Mode<FixtureItem> = {
  async page(_env, offset, limit) {
    const all = fixtureSpeakers();
    const items = all
      .slice(offset, offset + limit)
      .map((speaker, i) => ({ kind: 'speaker' as const, id: `fixture-${offset + i + 1}`, label: speaker.name, campaignId: null, speakerId: null, speaker }));
    return { total: all.length, items };
  },
  callsPerItem: (plan) =>
    plan.providers.flatMap((provider) => (['prequalify', 'qualify', 'research', 'draft'] as const).map((stage) => ({ provider, stage, count: 1 }))),
  async run(env, item) {
    const results = await Promise.all(env.plan.providers.map((p) => attempt(env.ledger, p, () => stages(env, p, item))));
    const base = results[0];
    for (const r of results.slice(1)) {
      if (!base?.ok || !r.ok) continue;
      r.metrics.agrees_verdict = r.metrics.verdict === base.metrics.verdict;
      r.metrics.agrees_qualified = r.metrics.qualified === base.metrics.qualified;
    }
    return { results };
  },
};

async function stages(env: CompareEnv, p: VendorId, item: FixtureItem): Promise<Pick<ColumnResult, 'metrics' | 'detail'>> {
  const s = item.speaker;
  const owner = env.ownerOf(item);
  const pq = await env.stage(p, 'prequalify', owner, (e, m) => e.prequalify(s, FIXTURE_BRIEF, m));
  const enrichment = await offline.enrich(s);
  const q = await env.stage(p, 'qualify', owner, (e, m) => e.qualify(s, enrichment, pq, FIXTURE_BRIEF, m));
  const metrics: ColumnResult['metrics'] = { verdict: pq.verdict, qualified: q.qualified, fit_score: Math.round(q.score) };
  if (!q.qualified) return { metrics, detail: { prequalify_reasons: pq.reasons, qualify_reasons: q.reasons } };
  const signals = await env.stage(p, 'research', owner, (e, m) => e.research(s, enrichment, FIXTURE_BRIEF, m));
  const slots = await env.stage(p, 'draft', owner, (e, m) => e.draft(s, signals, FIXTURE_BRIEF, m));
  const qa = gateVerdicts(env.ctx.config, s, signals, FIXTURE_BRIEF, slots);
  Object.assign(metrics, {
    signals: signals.length,
    qa_score: mean(qa.map((v) => v.score)),
    qa_pass: qa.every((v) => v.hard_fail_codes.length === 0),
    approvable_slots: qa.filter((v) => v.approvable).length,
  });
  return {
    metrics,
    detail: {
      prequalify_reasons: pq.reasons,
      qualify_reasons: q.reasons,
      signals: signals.map((g) => ({ kind: g.kind, value: g.value, source_text: g.sourceText })),
      drafts: slots.map((d, i) => ({ ...d, qa: qa[i] })),
    },
  };
}
