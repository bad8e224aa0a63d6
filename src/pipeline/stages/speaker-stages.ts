import type { SpeakerRow } from '../../../db/types.js';
import { scoreSequence } from '../../core/message-qa.js';
import { ModelCallError, type CallRecord, type DraftSlot, type Meter } from '../../engine/types.js';
import { enrichmentOf, prequalifyOf, signalsOf, speakerInput } from '../../core/brief.js';
import type { Effect, StageFn, Work } from '../work.js';
import { draftMessages, retryFailedSlots } from './draft-qa.js';
import { distinctFromColleagues } from './colleagues.js';
import { campaignLinesForStep } from './campaign-lines.js';
import { leadActions } from './intent.js';
import { enrichChargeDescription, enrichmentFound, prequalifyFit } from '../../core/credit-rules.js';

/** prequalify: a verdict from title, company and bio against the ICP; the disqualified stop here. */
const prequalify: StageFn = async (w, s, m) => {
  const r = await w.engine.prequalify(speakerInput(s), w.brief, m);
  const out = r.verdict === 'disqualified';
  // The fit runs take the paid stages in, best first (chunks.ts); a new verdict leaves the speaker waiting for a chunk.
  const fit = prequalifyFit(speakerInput(s), r, w.brief);
  return {
    speaker: {
      prequalify_verdict: r.verdict,
      prequalify_reasons: JSON.stringify(r.reasons),
      prequalify_fit: fit,
      wave: null,
      stage: out ? 'done' : 'enrich',
      qualified: out ? 0 : null,
    },
  };
};

/**
 * enrich: LinkedIn, company site and domain, role and seniority. Charges nothing itself: what
 * it found beyond the page's record is kept, and the speaker's draft charges for it
 * (core/credit-rules.ts), so a speaker who is never drafted costs nothing.
 */
const enrich: StageFn = async (w, s, m) => {
  if (s.enriched_at) return { speaker: { stage: 'qualify' } };
  const e = await w.engine.enrich(speakerInput(s), m);
  return {
    speaker: {
      enrichment: JSON.stringify(e),
      enriched_at: w.services.clock.now().toISOString(),
      linkedin_url: s.linkedin_url ?? e.linkedinUrl,
      enrich_found: enrichmentFound(s, e),
      stage: 'qualify',
    },
  };
};

/** qualify: the final fit; only qualified speakers are researched and drafted. */
const qualify: StageFn = async (w, s, m) => {
  const r = await w.engine.qualify(speakerInput(s), enrichmentOf(s), prequalifyOf(s), w.brief, m);
  const ok = r.qualified && s.prequalify_verdict !== 'disqualified';
  return { speaker: { fit_score: Math.round(r.score), qualified: ok ? 1 : 0, qualify_reasons: JSON.stringify(r.reasons), stage: ok ? 'research' : 'done' } };
};

/**
 * research: signals with the source text each came from, so drafts cite only what was
 * found. An intent lead's LinkedIn actions come first: they are why it is a lead.
 */
const research: StageFn = async (w, s, m) => {
  const found = await w.engine.research(speakerInput(s), enrichmentOf(s), w.brief, m);
  const signals = s.source === 'intent' ? [...(await leadActions(w, s)), ...found] : found;
  return { speaker: { signals: JSON.stringify(signals), researched_at: w.services.clock.now().toISOString(), stage: 'draft' } };
};

/**
 * draft: three slots, each scored by the QA gate as it is stored; unselected speakers get
 * none. A model's draft that trips a hard fail is retried once with the fix hints as the
 * instruction; what still fails keeps the better text and waits for a person (draft-qa.ts).
 * The draft charges its credit and, when the enrichment found something, the enrichment's,
 * in the same ledger batch: both are paid for a sequence, or neither is.
 */
const draft: StageFn = async (w, s, m) => {
  if (s.selected !== 1 || s.drafted_at) return { speaker: { stage: 'done' } };
  // Taken before the first await: the step's speakers are numbered in the chunk's order.
  const place = placeInStep(w);
  const lines = await campaignLinesForStep(w);
  // The engine's fixed wordings (if it has any) go round the campaign, each sequence taking the next.
  const turn = w.engine.route('draft').provider === 'offline' ? { turn: lines.sequences + place } : {};
  // Read once for every wording asked of the engine: the offline engine keeps its reading of the speaker across them.
  const input = { ...speakerInput(s), ...turn };
  const signals = signalsOf(s);
  const first = await distinctFromColleagues(w, s, (variant) => w.engine.draft(variant ? { ...input, variant } : input, signals, w.brief, m));
  const score = (slots: DraftSlot[]) =>
    scoreSequence(
      s,
      w.qaBrief,
      slots.map((d) => ({ slot: d.slot, content: d.content, angle: d.angle })),
      w.services.config.qa,
      new Map(),
      lines,
      w.services.clock.now(),
    );
  const { slots, qa } =
    w.engine.route('draft').provider !== 'offline' ? await retryFailedSlots(w, s, first, score(first), m, score) : { slots: first, qa: score(first) };
  const now = w.services.clock.now().toISOString();
  return {
    speaker: { drafted_at: now, stage: 'done' },
    messages: draftMessages(w, s, slots, qa, now),
    charges: [
      ...(s.enrich_found !== null ? [{ stage: 'enrich' as const, description: enrichChargeDescription(s.name, s.enrich_found) }] : []),
      { stage: 'draft', description: `Drafts for ${s.name}` },
    ],
  };
};

const drafting = new WeakMap<Work, number>();

/** The next place among the speakers one step drafts: 0, 1, 2, ... */
function placeInStep(w: Work): number {
  const n = drafting.get(w) ?? 0;
  drafting.set(w, n + 1);
  return n;
}

export const SPEAKER_STAGES = { prequalify, enrich, qualify, research, draft } as const satisfies Record<string, StageFn>;
export type SpeakerStageName = keyof typeof SPEAKER_STAGES;

/**
 * Runs one stage for a chunk of speakers at once (the vendor lanes bound how many calls
 * are in flight). A vendor that fails a speaker's call fails that speaker's step only:
 * it is marked with the reason and the stage, and leaves the run (the next run sends it
 * back to that stage); the calls it made are kept as spend. A step that succeeds clears
 * an earlier failure.
 */
export async function computeAll(w: Work, stage: SpeakerStageName, speakers: SpeakerRow[]): Promise<Effect[]> {
  return Promise.all(
    speakers.map(async (s) => {
      const calls: CallRecord[] = [];
      const meter: Meter = { record: (r) => void calls.push(r) };
      try {
        const done = await SPEAKER_STAGES[stage](w, s, meter);
        const cleared = s.model_error !== null || s.model_error_stage !== null ? { model_error: null, model_error_stage: null } : {};
        return { ...done, speaker: { ...cleared, ...done.speaker }, calls };
      } catch (err) {
        if (!(err instanceof ModelCallError)) throw err;
        return { speaker: { model_error: err.message, model_error_stage: stage, stage: 'done' }, calls };
      }
    }),
  );
}
