import { sql } from 'kysely';
import type { CampaignRow, SpeakerRow } from '../../../db/types.js';
import type { VendorId } from '../../model-settings.js';
import { campaignBrief, signalsOf, speakerInput } from '../brief.js';
import { agreement, gateVerdicts, judgeInput, judgeWith, mean } from './common.js';
import { attempt, type ColumnResult } from './ledger.js';
import type { CompareEnv, Item, Mode } from './runner.js';

type SpeakerItem = Item & { speaker: SpeakerRow; campaign: CampaignRow };
type Verdicts = Awaited<ReturnType<typeof judgeWith>>;

/** A campaign's researched, qualified speakers, in scrape order. */
export async function researchedSpeakers(env: CompareEnv, offset: number, limit: number): Promise<{ total: number; items: SpeakerItem[] }> {
  const campaign = env.plan.campaign as CampaignRow;
  const q = env.ctx.db.selectFrom('speakers').where('campaign_id', '=', campaign.id).where('qualified', '=', 1).where('researched_at', 'is not', null);
  const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('seq').limit(limit).offset(offset).execute();
  return {
    total,
    items: rows.map((s) => ({ kind: 'speaker' as const, id: s.id, label: s.name, campaignId: campaign.id, speakerId: s.id, speaker: s, campaign })),
  };
}

/**
 * draft: each provider drafts the three slots for a campaign's researched speakers from
 * the stored signals; the QA gate scores every draft and, unless judge is false, the
 * judge provider reviews it. Nothing is stored but spend.
 */
export const draftMode: Mode<SpeakerItem> = {
  page: (env, offset, limit) => researchedSpeakers(env, offset, limit),
  callsPerItem: (plan) => [
    ...plan.providers.map((provider) => ({ provider, stage: 'draft' as const, count: 1 })),
    ...(plan.judge && plan.judgeProvider ? [{ provider: plan.judgeProvider, stage: 'judge' as const, count: plan.providers.length }] : []),
  ],
  async run(env, item) {
    const results = await Promise.all(env.plan.providers.map((p) => attempt(env.ledger, p, () => draftFor(env, p, item))));
    return { results };
  },
};

async function draftFor(env: CompareEnv, p: VendorId, item: SpeakerItem): Promise<Pick<ColumnResult, 'metrics' | 'detail'>> {
  const brief = await campaignBrief(env.ctx.db, item.campaign);
  const s = speakerInput(item.speaker);
  const signals = signalsOf(item.speaker);
  const owner = env.ownerOf(item);
  const slots = await env.stage(p, 'draft', owner, (e, m) => e.draft(s, signals, brief, m));
  const qa = gateVerdicts(env.ctx.config, s, signals, brief, slots);
  const metrics: ColumnResult['metrics'] = {
    qa_score: mean(qa.map((v) => v.score)),
    qa_pass: qa.every((v) => v.hard_fail_codes.length === 0),
    approvable_slots: qa.filter((v) => v.approvable).length,
  };
  const judge = env.plan.judgeProvider;
  let judged: Verdicts | null = null;
  if (env.plan.judge && judge) {
    // The judge failing or reaching its cap leaves the draft's own figures standing.
    const verdict = await attempt(env.ledger, judge, async () => ({
      metrics: {},
      detail: await judgeWith(env, judge, env.plan.modelFor(judge, 'judge'), judgeInput('full', s, signals, brief, slots), owner),
    }));
    judged = verdict.ok ? (verdict.detail as Verdicts) : null;
    if (judged) Object.assign(metrics, { judge_score: mean([...judged.values()].map((j) => j.score)), judge_agrees_gate: agreement(qa, judged).agreement });
    else metrics.judge_error = verdict.skipped ?? verdict.error;
  }
  return { metrics, detail: slots.map((d, i) => ({ ...d, qa: qa[i], judge: judged?.get(d.slot) ?? null })) };
}
