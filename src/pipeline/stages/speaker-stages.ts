import type { SpeakerRow } from '../../../db/types.js';
import { qaColumns, scoreSequence } from '../../core/message-qa.js';
import { enrichmentOf, prequalifyOf, signalsOf, speakerInput } from '../brief.js';
import type { Effect, StageFn, Work } from '../work.js';
import type { NewMessage } from './effects.js';

/** prequalify: a verdict from title, company and bio against the ICP; the disqualified stop here. */
const prequalify: StageFn = async (w, s) => {
  const r = await w.engine.prequalify(speakerInput(s), w.brief);
  const out = r.verdict === 'disqualified';
  return { speaker: { prequalify_verdict: r.verdict, prequalify_reasons: JSON.stringify(r.reasons), stage: out ? 'done' : 'enrich', qualified: out ? 0 : null } };
};

/** enrich: LinkedIn, company site and domain, role and seniority; billed once per speaker, ever. */
const enrich: StageFn = async (w, s) => {
  if (s.enriched_at) return { speaker: { stage: 'qualify' } };
  const e = await w.engine.enrich(speakerInput(s));
  return {
    speaker: { enrichment: JSON.stringify(e), enriched_at: w.services.clock.now().toISOString(), linkedin_url: s.linkedin_url ?? e.linkedinUrl, stage: 'qualify' },
    charge: { stage: 'enrich', description: `Enrichment of ${s.name}` },
  };
};

/** qualify: the final fit; only qualified speakers are researched and drafted. */
const qualify: StageFn = async (w, s) => {
  const r = await w.engine.qualify(speakerInput(s), enrichmentOf(s), prequalifyOf(s), w.brief);
  const ok = r.qualified && s.prequalify_verdict !== 'disqualified';
  return { speaker: { fit_score: Math.round(r.score), qualified: ok ? 1 : 0, qualify_reasons: JSON.stringify(r.reasons), stage: ok ? 'research' : 'done' } };
};

/** research: signals with the source text each came from, so drafts cite only what was found. */
const research: StageFn = async (w, s) => {
  const signals = await w.engine.research(speakerInput(s), enrichmentOf(s), w.brief);
  return { speaker: { signals: JSON.stringify(signals), researched_at: w.services.clock.now().toISOString(), stage: 'draft' } };
};

/** draft: three slots, each scored by the QA gate as it is stored; unselected speakers get none. */
const draft: StageFn = async (w, s) => {
  if (s.selected !== 1 || s.drafted_at) return { speaker: { stage: 'done' } };
  const slots = await w.engine.draft(speakerInput(s), signalsOf(s), w.brief);
  const now = w.services.clock.now().toISOString();
  const qa = scoreSequence(s, w.qaBrief, slots.map((d) => ({ slot: d.slot, content: d.content, angle: d.angle })), w.services.config.qa);
  const messages: NewMessage[] = slots.map((d) => ({
    id: w.services.ids.uuid(),
    campaign_id: s.campaign_id,
    speaker_id: s.id,
    user_id: s.user_id,
    slot: d.slot,
    angle: d.angle,
    content: d.content,
    sent: 0,
    sent_at: null,
    sent_via: null,
    drafted_at: now,
    content_updated_at: now,
    hand_edited: 0,
    approved_at: null,
    founder_stamp: null,
    updated_at: now,
    ...qaColumns(qa.get(d.slot)!, now),
  }));
  return { speaker: { drafted_at: now, stage: 'done' }, messages, charge: { stage: 'draft', description: `Drafts for ${s.name}` } };
};

export const SPEAKER_STAGES = { prequalify, enrich, qualify, research, draft } as const satisfies Record<string, StageFn>;
export type SpeakerStageName = keyof typeof SPEAKER_STAGES;

export async function computeAll(w: Work, stage: SpeakerStageName, speakers: SpeakerRow[]): Promise<Effect[]> {
  return Promise.all(speakers.map((s) => SPEAKER_STAGES[stage](w, s)));
}
