import { draftSlots } from '../offline/draft.js';
import { prequalifySpeaker } from '../offline/prequalify.js';
import { DEFAULT_QUALIFY_THRESHOLD, qualifySpeaker } from '../offline/qualify.js';
import { researchSpeaker } from '../offline/research.js';
import { rewriteSlot } from '../offline/rewrite.js';
import { INPUT_MARKER } from '../prompts/index.js';
import { compareAnswer } from './compare-answer.js';
import type { PromptStage } from '../prompts/index.js';
import type { CampaignBrief, Enrichment, Icp, Signal, SlotNumber, SpeakerInput } from '../types.js';

// The prompt's input is JSON that our own prompts wrote; this stand-in reads it loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** What the loopback model is asked: the stage and the prompt's JSON input. */
export interface ModelAsk {
  stage: PromptStage;
  input: Loose;
}

/** Finds the stage prompt's input among a request's strings. */
export function askOf(strings: string[]): ModelAsk | null {
  for (const s of strings) {
    const at = s.indexOf(INPUT_MARKER);
    if (at < 0) continue;
    const stage = /Task: (\w+)/.exec(s)?.[1] as PromptStage | undefined;
    if (!stage) continue;
    return { stage, input: JSON.parse(s.slice(at + INPUT_MARKER.length)) };
  }
  return null;
}

const EMPTY_ICP: Icp = { titles: [], seniority: [], industries: [], keywords: [], exclusions: [], competitors: [] };

function speakerOf(f: Loose): SpeakerInput {
  return {
    name: f.name,
    title: f.title,
    company: f.company,
    tagline: f.tagline,
    bio: f.bio,
    talks: f.talks ?? [],
    linkedinUrl: null,
    companyLinkedinUrl: null,
    links: [],
    profileUrl: null,
    sourceUrl: '',
    conferenceName: f.conference,
  };
}

function enrichmentOf(f: Loose | undefined): Enrichment {
  return {
    linkedinUrl: null,
    companyWebsite: f?.company_website ?? null,
    companyDomain: f?.company_domain ?? null,
    role: f?.role ?? null,
    seniority: f?.seniority ?? 'unknown',
    sources: [],
  };
}

function campaignOf(f: Loose | undefined, icp?: Icp): CampaignBrief {
  return {
    name: '',
    pitch: f?.pitch ?? '',
    cta: f?.cta ?? '',
    yourName: f?.sender_name ?? '',
    yourRole: f?.sender_role ?? '',
    tone: f?.tone ?? '',
    positioning: f?.positioning ?? '',
    icp: f?.icp ?? icp ?? EMPTY_ICP,
    exemplars: f?.exemplars ?? [],
  };
}

const signalsOf = (list: Array<{ kind: Signal['kind']; value: string; source_text: string }>): Signal[] =>
  list.map((g) => ({ kind: g.kind, value: g.value, sourceText: g.source_text, sourceUrl: null }));

/**
 * A competent stand-in model: it answers each stage prompt with what the rules engine
 * makes of the same input, in the stage's output schema. Good enough that drafts pass
 * the QA gate, so tests can tell a broken wire from a bad answer.
 */
export function rulesAnswer({ stage, input }: ModelAsk): unknown {
  const s = input.speaker ? speakerOf(input.speaker) : null;
  switch (stage) {
    case 'judge':
    case 'founder_judge':
    case 'x_signals':
      return compareAnswer({ stage, input });
    case 'prequalify': {
      const p = prequalifySpeaker(s as SpeakerInput, campaignOf(undefined, input.icp));
      return { verdict: p.verdict, reasons: p.reasons.length ? p.reasons.slice(0, 5) : ['no ICP signal'] };
    }
    case 'qualify': {
      const q = qualifySpeaker(
        s as SpeakerInput,
        enrichmentOf(input.enrichment),
        input.prequalify,
        campaignOf(undefined, input.icp),
        DEFAULT_QUALIFY_THRESHOLD,
      );
      return { score: Math.max(0, Math.min(100, Math.round(q.score))), reasons: q.reasons.length ? q.reasons.slice(0, 6) : ['no ICP signal'] };
    }
    case 'research': {
      const c = campaignOf({ pitch: input.pitch, icp: { ...EMPTY_ICP, keywords: input.icp_keywords ?? [] } });
      return {
        signals: researchSpeaker(s as SpeakerInput, enrichmentOf(input.enrichment), c)
          .slice(0, 8)
          .map((g) => ({ kind: g.kind, value: g.value, source_text: g.sourceText })),
      };
    }
    case 'draft':
      return { messages: draftSlots(s as SpeakerInput, signalsOf(input.signals), campaignOf(input.campaign)) };
    case 'rewrite':
      return {
        content: rewriteSlot({
          slot: input.slot as SlotNumber,
          content: input.content,
          instruction: input.instruction,
          speaker: s as SpeakerInput,
          signals: signalsOf(input.signals),
          campaign: campaignOf(input.campaign),
          otherSlots: input.other_slots,
        }),
      };
  }
}
