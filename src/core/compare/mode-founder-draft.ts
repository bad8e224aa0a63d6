import type { CampaignRow, SpeakerRow } from '../../../db/types.js';
import { notFound } from '../../errors.js';
import { createOfflineEngine } from '../../engine/index.js';
import { FOUNDER_JUDGE_PROMPT } from '../../engine/prompts/founder-judge.js';
import { speakerFacts } from '../../engine/prompts/index.js';
import type { CampaignBrief, Signal, SpeakerInput } from '../../engine/types.js';
import { campaignBrief, signalsOf, speakerInput } from '../brief.js';
import { gateVerdicts, mean } from './common.js';
import { attempt, type ColumnResult } from './ledger.js';
import { researchedSpeakers } from './mode-draft.js';
import { recipeOf } from './mode-judging.js';
import type { CompareEnv, Item, Mode } from './runner.js';

type SpeakerItem = Item & { speaker: SpeakerRow; campaign: CampaignRow };
type Candidate = { column: string; slots: Array<{ slot: number; content: string; angle?: string | null }> };

const offline = createOfflineEngine();

/**
 * founder_draft: for each speaker, candidate sequences (one per writer model, the
 * stored drafts and the built-in engine's as baselines, and extra_candidates) are
 * scored by the QA gate and ranked by a founder judge reading the founder's recipe
 * (the one given, else the campaign's brief, ICP and approved exemplars).
 */
export const founderDraftMode: Mode<SpeakerItem> = {
  async page(env, offset, limit) {
    const ids = env.plan.speakerIds;
    if (!ids) return researchedSpeakers(env, offset, limit);
    const campaign = env.plan.campaign as CampaignRow;
    const rows = await env.ctx.db.selectFrom('speakers').selectAll().where('campaign_id', '=', campaign.id).where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw notFound(`speaker_ids ${missing.slice(0, 5).join(', ')} in this campaign`);
    const ordered = ids.map((id) => rows.find((r) => r.id === id) as SpeakerRow);
    return {
      total: ids.length,
      items: ordered
        .slice(offset, offset + limit)
        .map((s) => ({ kind: 'speaker' as const, id: s.id, label: s.name, campaignId: campaign.id, speakerId: s.id, speaker: s, campaign })),
    };
  },
  callsPerItem: (plan) => [
    ...plan.writers.map((w) => ({ provider: w.provider, stage: 'draft' as const, count: 1, model: w.model })),
    ...(plan.judge && plan.judgeProvider
      ? [{ provider: plan.judgeProvider, stage: 'founder_judge' as const, count: 1, model: plan.judgeModel ?? undefined }]
      : []),
  ],
  async run(env, item) {
    const brief = await campaignBrief(env.ctx.db, item.campaign);
    const recipe = env.plan.recipe ?? recipeOf(item.campaign, brief);
    const s = speakerInput(item.speaker);
    const signals = signalsOf(item.speaker);
    const { candidates, results } = await gatherCandidates(env, item, s, signals, brief, recipe);
    for (const c of candidates) {
      const qa = gateVerdicts(env.ctx.config, s, signals, brief, c.slots);
      const r = results.find((x) => x.column === c.column) as ColumnResult;
      Object.assign(r.metrics, { qa_score: mean(qa.map((v) => v.score)), qa_pass: qa.every((v) => v.hard_fail_codes.length === 0) });
      r.detail = c.slots.map((d, i) => ({ ...d, qa: qa[i] }));
    }
    const notes = await rank(env, item, s, signals, recipe, candidates, results);
    return { results, notes };
  },
};

async function gatherCandidates(env: CompareEnv, item: SpeakerItem, s: SpeakerInput, signals: Signal[], brief: CampaignBrief, recipe: Record<string, unknown>) {
  const candidates: Candidate[] = [];
  const results: ColumnResult[] = [];
  const owner = env.ownerOf(item);
  const written = await Promise.all(
    env.plan.writers.map((w) => {
      const column = `${w.provider}:${w.model}`;
      return attempt(env.ledger, column, async () => {
        // The writer gets the recipe as the brief: the founder's rules are what it writes to.
        const recipeBrief: CampaignBrief = { ...brief, ...briefFromRecipe(recipe) };
        const slots = await env.stage(w.provider, 'draft', owner, (e, m) => e.draft(s, signals, recipeBrief, m), w.model);
        candidates.push({ column, slots });
        return { metrics: {} };
      });
    }),
  );
  results.push(...written);
  const fixed: Candidate[] = [];
  if (env.plan.includeBaselines) {
    const stored = await env.ctx.db
      .selectFrom('messages')
      .select(['slot', 'content', 'angle'])
      .where('speaker_id', '=', item.speaker.id)
      .orderBy('slot')
      .execute();
    if (stored.length) fixed.push({ column: 'baseline:stored', slots: stored });
    fixed.push({ column: 'baseline:offline', slots: await offline.draft(s, signals, brief) });
  }
  for (const x of env.plan.extras.filter((e) => !e.speaker_id || e.speaker_id === item.speaker.id))
    fixed.push({ column: `extra:${x.label}`, slots: x.messages });
  for (const c of fixed) {
    candidates.push(c);
    results.push({ column: c.column, ok: true, error: null, skipped: null, metrics: {} });
  }
  return { candidates, results };
}

/** Recipe fields a writer can use as its brief; anything else in the recipe is the judge's to read. */
function briefFromRecipe(r: Record<string, unknown>): Partial<CampaignBrief> {
  const str = (k: string) => (typeof r[k] === 'string' ? { [k]: r[k] as string } : {});
  const out: Partial<CampaignBrief> = { ...str('pitch'), ...str('cta'), ...str('tone'), ...str('positioning') };
  if (typeof r.sender_name === 'string') out.yourName = r.sender_name;
  if (Array.isArray(r.exemplars)) out.exemplars = r.exemplars.filter((e): e is string => typeof e === 'string');
  return out;
}

async function rank(
  env: CompareEnv,
  item: SpeakerItem,
  s: SpeakerInput,
  signals: Signal[],
  recipe: Record<string, unknown>,
  candidates: Candidate[],
  results: ColumnResult[],
): Promise<string[]> {
  const judge = env.plan.judgeProvider;
  if (!env.plan.judge || !judge || candidates.length === 0) return [];
  const input = {
    recipe,
    speaker: speakerFacts(s),
    signals: signals.map((g) => ({ kind: g.kind, value: g.value, source_text: g.sourceText })),
    candidates: candidates.map((c) => ({ id: c.column, messages: c.slots.map((m) => ({ slot: m.slot, content: m.content })) })),
  };
  let scores = new Map<string, number>();
  const verdict = await attempt(env.ledger, judge, async () => {
    const out = await env.ask(judge, env.plan.judgeModel as string, FOUNDER_JUDGE_PROMPT, input, env.ownerOf(item));
    scores = new Map(out.rankings.map((x) => [x.id, x.score]));
    return { metrics: {} };
  });
  if (!verdict.ok) return [`founder judge ${judge}: ${verdict.skipped ?? verdict.error}`];
  const best = Math.max(...candidates.map((c) => scores.get(c.column) ?? -1));
  for (const r of results.filter((x) => x.ok)) {
    const score = scores.get(r.column);
    Object.assign(r.metrics, { founder_score: score ?? null, founder_best: score !== undefined && score === best });
  }
  return [];
}
