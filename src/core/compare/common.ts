import type { MessageRow } from '../../../db/types.js';
import type { Config } from '../../config.js';
import { fictionalSpeakers } from '../fictional-speakers.js';
import { campaignFacts, speakerFacts } from '../../engine/prompts/index.js';
import { JUDGE_PROMPT, type JudgeOutput } from '../../engine/prompts/judge.js';
import type { VendorId } from '../../model-settings.js';
import type { CampaignBrief, Signal, SpeakerInput } from '../../engine/types.js';
import type { SpendOwner } from '../spend.js';
import { scoreSequence, type QaBrief } from '../message-qa.js';
import type { CompareEnv } from './runner.js';
import { hardFailCodes } from '../../../db/cast.js';

/** The fixed campaign the fixtures and signals modes run on: the same facts on every call, so runs compare. */
export const FIXTURE_BRIEF: CampaignBrief = Object.freeze({
  name: 'Fixture Conf 2026',
  pitch: 'We help engineering leaders turn conference talks into hiring pipelines.',
  cta: 'Would a 15-minute call next week be useful?',
  yourName: 'Sam Rivera',
  yourRole: 'Founder',
  tone: 'friendly',
  positioning: 'Speaker coaching for engineering leaders',
  icp: {
    titles: ['CTO', 'VP Engineering', 'Head of Platform', 'Director of Data', 'Staff Engineer', 'Principal Architect'],
    seniority: [],
    industries: [],
    keywords: ['platform', 'postgres', 'observability'],
    exclusions: ['recruiter', 'student'],
    competitors: [],
  },
  exemplars: [],
});

export const FIXTURE_COUNT = 30;

/** Thirty fictional speakers (src/core/fictional-speakers.ts), the fixtures every fixtures-mode call draws from. */
export function fixtureSpeakers(): SpeakerInput[] {
  return fictionalSpeakers(FIXTURE_COUNT).map((p) => ({
    name: `${p.first} ${p.last}`,
    title: p.title,
    company: p.company,
    tagline: `${p.title} at ${p.company}`,
    bio: p.bio,
    talks: [p.talk],
    linkedinUrl: p.linkedin,
    companyLinkedinUrl: null,
    links: p.linkedin ? [p.linkedin] : [],
    profileUrl: null,
    sourceUrl: 'https://fixtures.greenroom.invalid/speakers',
    conferenceName: FIXTURE_BRIEF.name,
  }));
}

export interface SlotVerdict {
  slot: number;
  score: number;
  approvable: boolean;
  hard_fail_codes: string[];
}

/** The QA gate's verdict on slots drafted for a speaker known only in memory (nothing is stored). */
export function gateVerdicts(
  config: Config,
  s: SpeakerInput,
  signals: Signal[],
  brief: CampaignBrief,
  slots: Array<{ slot: number; content: string; angle?: string | null }>,
): SlotVerdict[] {
  const dossier = {
    name: s.name,
    title: s.title,
    company: s.company,
    tagline: s.tagline,
    bio: s.bio,
    talks: JSON.stringify(s.talks),
    signals: JSON.stringify(signals),
    enrichment: null,
  };
  // The sender's company, role and positioning too: the gate reads them as the sender's facts and catches them pasted.
  const qaBrief: QaBrief = {
    cta: brief.cta,
    yourName: brief.yourName,
    yourCompany: brief.yourCompany,
    yourRole: brief.yourRole,
    tone: brief.tone,
    pitch: brief.pitch,
    positioning: brief.positioning,
    icp: brief.icp,
    name: brief.name,
  };
  const qa = scoreSequence(
    dossier,
    qaBrief,
    slots.map((m) => ({ slot: m.slot, content: m.content, angle: m.angle ?? null })),
    config.qa,
  );
  return slots.map((m) => {
    const r = qa.get(m.slot);
    return { slot: m.slot, score: r?.score ?? 0, approvable: r?.approvable ?? false, hard_fail_codes: r?.hardFails ?? [] };
  });
}

/** The stored QA verdict of a message. */
export const storedVerdict = (m: MessageRow): SlotVerdict => ({
  slot: m.slot,
  score: m.qa_score ?? 0,
  approvable: m.approvable === 1,
  hard_fail_codes: hardFailCodes.read(m.hard_fails),
});

/** What a judge is shown: the message alone (with the names it must get right), or the whole dossier and campaign. */
export function judgeInput(
  context: 'message' | 'full',
  s: SpeakerInput,
  signals: Signal[],
  brief: CampaignBrief,
  messages: Array<{ slot: number; content: string }>,
  recipe?: unknown,
) {
  const base =
    context === 'full'
      ? { speaker: speakerFacts(s), signals: signals.map((g) => ({ kind: g.kind, value: g.value, source_text: g.sourceText })), campaign: campaignFacts(brief) }
      : { speaker: { name: s.name }, campaign: { cta: brief.cta, sender_name: brief.yourName } };
  return { context, ...base, ...(recipe === undefined ? {} : { recipe }), messages: messages.map((m) => ({ slot: m.slot, content: m.content })) };
}

/** One judge call on a provider; verdicts keyed by slot. */
export async function judgeWith(
  env: CompareEnv,
  p: VendorId,
  model: string,
  input: unknown,
  owner: SpendOwner,
): Promise<Map<number, JudgeOutput['messages'][number]>> {
  const out = await env.ask(p, model, JUDGE_PROMPT, input, owner);
  return new Map(out.messages.map((m) => [m.slot, m]));
}

const mean = (xs: number[]): number | null => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : null);
export { mean };

/** How a judge's verdicts sit beside reference verdicts (the gate's, or a person's). */
export function agreement(reference: SlotVerdict[], judged: Map<number, { score: number; approvable: boolean; hard_fail_codes: string[] }>) {
  const pairs = reference
    .map((r) => [r, judged.get(r.slot)] as const)
    .filter((x): x is readonly [SlotVerdict, NonNullable<(typeof x)[1]>] => x[1] !== undefined);
  return {
    agreement: mean(pairs.map(([r, j]) => (r.approvable === j.approvable ? 1 : 0))),
    score_diff: mean(pairs.map(([r, j]) => Math.abs(r.score - j.score))),
    hard_fail_match: mean(pairs.map(([r, j]) => (sameSet(r.hard_fail_codes, j.hard_fail_codes) ? 1 : 0))),
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
