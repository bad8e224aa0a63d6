import type { MessageRow, SpeakerRow } from '../../db/types.js';
import { scoreMessage, type QaResult } from './qa/score.js';
import type { Slot } from './qa/types.js';
import type { Icp } from '../../schemas/fields.js';

/** What the QA gate needs to know of a campaign. */
export interface QaBrief {
  cta: string;
  yourName: string;
  tone: string;
  pitch: string;
  icp: Pick<Icp, 'exclusions' | 'competitors'>;
}

export interface SlotText {
  slot: number;
  content: string;
  angle: string | null;
}

/** Everything known about the recipient, joined: a draft may only claim what is in here. */
export function groundingFor(s: Pick<SpeakerRow, 'name' | 'title' | 'company' | 'tagline' | 'bio' | 'talks' | 'signals' | 'enrichment'>): string {
  const talks = JSON.parse(s.talks) as Array<{ title: string; abstract?: string }>;
  const signals = JSON.parse(s.signals) as Array<{ value: string; sourceText: string }>;
  const parts = [s.name, s.title, s.company, s.tagline, s.bio, ...talks.flatMap((t) => [t.title, t.abstract]), ...signals.flatMap((g) => [g.value, g.sourceText])];
  if (s.enrichment) {
    const e = JSON.parse(s.enrichment) as { companyDomain?: string | null; role?: string | null };
    parts.push(e.companyDomain, e.role);
  }
  return parts.filter((p): p is string => Boolean(p)).join('\n');
}

/** Scores every slot of one speaker's sequence against the others. */
export function scoreSequence(
  speaker: Pick<SpeakerRow, 'name' | 'title' | 'company' | 'tagline' | 'bio' | 'talks' | 'signals' | 'enrichment'>,
  brief: QaBrief,
  slots: SlotText[],
  stamps: Map<number, MessageRow['founder_stamp']> = new Map(),
): Map<number, QaResult> {
  const grounding = groundingFor(speaker);
  const out = new Map<number, QaResult>();
  for (const s of slots) {
    const stamp = stamps.get(s.slot);
    out.set(
      s.slot,
      scoreMessage({
        slot: s.slot as Slot,
        content: s.content,
        angle: s.angle,
        speaker: { name: speaker.name, company: speaker.company, title: speaker.title },
        grounding,
        campaign: { cta: brief.cta, senderName: brief.yourName, tone: brief.tone, pitch: brief.pitch, exclusions: brief.icp.exclusions, competitors: brief.icp.competitors },
        otherSlots: slots.filter((o) => o.slot !== s.slot).map((o) => ({ slot: o.slot as Slot, content: o.content, angle: o.angle })),
        stamps: { founderApproved: stamp === 'approved', founderRejected: stamp === 'rejected' },
      }),
    );
  }
  return out;
}

/** The message columns a QA result sets. */
export function qaColumns(r: QaResult, at: string) {
  return {
    qa_score: r.score,
    qa_evaluated_at: at,
    qa_flags: JSON.stringify(r.flags),
    qa_reasons: JSON.stringify(r.reasons),
    hard_fails: JSON.stringify(r.hardFails),
    fix_hints: JSON.stringify(r.fixHints),
    needs_human: r.needsHuman ? 1 : 0,
    needs_redo: r.needsRedo ? 1 : 0,
    approvable: r.approvable ? 1 : 0,
  };
}
