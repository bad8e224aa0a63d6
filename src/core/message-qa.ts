import type { CampaignRow, MessageRow, SpeakerRow } from '../../db/types.js';
import type { Config } from '../config.js';
import { scoreSequence as scoreSlots, type QaResult } from '../qa/score.js';
import type { CampaignLines, Evidence, Slot } from '../qa/types.js';
import type { Icp } from '../../schemas/fields.js';
import { parseIcp } from './campaigns.js';
import { DEFAULT_CTAS } from '../engine/offline/templates.js';
import { hardFailCodes } from '../../db/cast.js';
import { enrichmentColumn, evidenceColumn, signalsColumn, talksColumn } from './speaker-columns.js';
import { fixHintsColumn, qaFlagsColumn, qaReasonsColumn } from './message-columns.js';

/** The offline writer's calls to action for a campaign that sets none, one sentence each. */
const DEFAULT_CTA_LINES = Object.values(DEFAULT_CTAS).join(' ');

/** What the QA gate needs to know of a campaign. */
export interface QaBrief {
  cta: string;
  yourName: string;
  yourCompany?: string;
  yourRole?: string;
  tone: string;
  pitch: string;
  positioning?: string;
  icp: Pick<Icp, 'exclusions' | 'competitors'> & Partial<Pick<Icp, 'keywords' | 'titles'>>;
  /** Campaign name: a draft may name the conference. */
  name?: string;
}

export const qaBriefOf = (c: CampaignRow): QaBrief => ({
  cta: c.cta,
  yourName: c.your_name,
  yourCompany: c.your_company,
  yourRole: c.your_role,
  tone: c.tone,
  pitch: c.pitch,
  positioning: c.positioning,
  icp: parseIcp(c.icp),
  name: c.name,
});

export type QaSettings = Config['qa'];

export interface SlotState {
  stamp?: MessageRow['founder_stamp'];
  /** A person approved this exact text: routing flags no longer ask for one. */
  approvedCurrent?: boolean;
}

export interface SlotText {
  slot: number;
  content: string;
  angle: string | null;
}

/** Everything known about the recipient, joined: a draft may only claim what is in here. */
export function groundingFor(
  s: Pick<SpeakerRow, 'name' | 'title' | 'company' | 'tagline' | 'bio' | 'talks' | 'signals' | 'enrichment'> & { event_name?: string | null },
): string {
  const talks = talksColumn.read(s.talks);
  const signals = signalsColumn.read(s.signals);
  // The event the speaker's page names is a fact about them: a draft may name it.
  const parts = [
    s.name,
    s.title,
    s.company,
    s.tagline,
    s.bio,
    s.event_name,
    ...talks.flatMap((t) => [t.title, t.abstract]),
    ...signals.flatMap((g) => [g.value, g.sourceText]),
  ];
  const e = enrichmentColumn.read(s.enrichment);
  if (e) parts.push(e.companyDomain, e.role);
  return parts.filter((p): p is string => Boolean(p)).join('\n');
}

/** The evidence column extraction is adding: a JSON object of field to page span. Read only when present. */
type WithEvidence = { evidence?: string | Evidence | null };

type Dossier = Pick<SpeakerRow, 'name' | 'title' | 'company' | 'tagline' | 'bio' | 'talks' | 'signals' | 'enrichment'> & {
  event_name?: string | null;
} & WithEvidence;

function evidenceOf(s: WithEvidence): Evidence | null {
  const raw = s.evidence;
  if (!raw) return null;
  const parsed: unknown = typeof raw === 'string' ? evidenceColumn.read(raw) : raw;
  if (!parsed || typeof parsed !== 'object') return null;
  const out: Evidence = {};
  for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' && v.trim()) out[k as keyof Evidence] = v;
  return out;
}

const talkTitles = (s: Pick<SpeakerRow, 'talks'>): string[] =>
  talksColumn
    .read(s.talks)
    .map((t) => t.title)
    .filter(Boolean);

/** The talks the page gave a kind other than a talk's (a panel, a workshop, a shared session). */
const sessionKinds = (s: Pick<SpeakerRow, 'talks'>): Array<{ title: string; kind: string }> =>
  talksColumn.read(s.talks).flatMap((t) => (t.title && t.kind && t.kind !== 'talk' ? [{ title: t.title, kind: t.kind }] : []));

/**
 * An evidence span read from a JSON view keeps the view's keys (`"sessions":[{"title":…`): the
 * file's structure, not the page's words about the person, so they are not read as what the
 * page says of them ("sessions" is no word of a speaker's work).
 */
const withoutKeys = (span: string): string => span.replace(/"[A-Za-z_][\w-]*"\s*:/g, ' ');

/** Scores every slot of one speaker's sequence, each against the others. */
export function scoreSequence(
  speaker: Dossier,
  brief: QaBrief,
  slots: SlotText[],
  settings: QaSettings,
  state: Map<number, SlotState> = new Map(),
  campaignLines: CampaignLines | null = null,
  today?: Date,
): Map<number, QaResult> {
  const evidence = evidenceOf(speaker);
  // A span the page gave for a field backs that fact as much as the bio does.
  const grounding = [groundingFor(speaker), brief.name, ...Object.values(evidence ?? {}).map(withoutKeys)].filter(Boolean).join('\n');
  const results = scoreSlots({
    speaker: {
      name: speaker.name,
      company: speaker.company,
      title: speaker.title,
      evidence,
      talks: talkTitles(speaker),
      sessionKinds: sessionKinds(speaker),
      event: speaker.event_name ?? null,
    },
    campaignLines,
    ...(today ? { today } : {}),
    grounding,
    campaign: {
      cta: brief.cta,
      ctaLines: brief.cta.trim() ? brief.cta : DEFAULT_CTA_LINES,
      senderName: brief.yourName,
      senderCompany: brief.yourCompany ?? null,
      senderRole: brief.yourRole ?? null,
      tone: brief.tone,
      pitch: brief.pitch,
      positioning: brief.positioning ?? null,
      field: [...(brief.icp.keywords ?? []), ...(brief.icp.titles ?? [])],
      exclusions: brief.icp.exclusions,
      competitors: brief.icp.competitors,
    },
    limits: { approveScore: settings.approveScore, followupMax: settings.followupMax },
    messages: slots.map((s) => ({
      slot: s.slot as Slot,
      content: s.content,
      angle: s.angle,
      stamps: { founderApproved: state.get(s.slot)?.stamp === 'approved', founderRejected: state.get(s.slot)?.stamp === 'rejected' },
      // A person's approval of the current text settles routing flags and human_review hard fails.
      personApproved: state.get(s.slot)?.approvedCurrent === true,
    })),
  });
  const out = new Map<number, QaResult>();
  slots.forEach((s, i) => out.set(s.slot, results[i] as QaResult));
  return out;
}

/** The message columns a QA result sets. */
export function qaColumns(r: QaResult, at: string) {
  return {
    qa_score: r.score,
    qa_evaluated_at: at,
    qa_flags: qaFlagsColumn.write(r.flags),
    qa_reasons: qaReasonsColumn.write(r.reasons),
    hard_fails: hardFailCodes.write(r.hardFails),
    fix_hints: fixHintsColumn.write(r.fixHints),
    needs_human: r.needsHuman ? 1 : 0,
    needs_redo: r.needsRedo ? 1 : 0,
    approvable: r.approvable ? 1 : 0,
  };
}
