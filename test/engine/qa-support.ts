/** Runs engine drafts through the QA gate the way the pipeline does. */
import { scoreMessage, type QaResult } from '../../src/qa/score.js';
import { createOfflineEngine } from '../../src/engine/offline/index.js';
import type { CampaignBrief, DraftSlot, Signal, SpeakerInput } from '../../src/engine/types.js';

const engine = createOfflineEngine();

/** What the QA gate may check claims against: the dossier and the research source texts. */
export function groundingOf(s: SpeakerInput, signals: readonly Signal[]): string {
  return [
    s.bio ?? '',
    ...s.talks.flatMap((t) => [t.title, t.abstract ?? '']),
    s.company ?? '',
    s.title ?? '',
    // The pipeline stores the event the speaker's page names with the speaker (groundingFor).
    s.conferenceName ?? '',
    ...signals.map((x) => x.sourceText),
  ].join('\n');
}

export interface Scored {
  speaker: SpeakerInput;
  slots: DraftSlot[];
  results: QaResult[];
}

export async function draftAndScore(s: SpeakerInput, c: CampaignBrief): Promise<Scored> {
  const e = await engine.enrich(s);
  const signals = await engine.research(s, e, c);
  const slots = await engine.draft(s, signals, c);
  const grounding = groundingOf(s, signals);
  const results = slots.map((m) =>
    scoreMessage({
      slot: m.slot,
      content: m.content,
      angle: m.angle,
      speaker: { name: s.name, company: s.company, title: s.title },
      grounding,
      campaign: {
        cta: c.cta,
        senderName: c.yourName,
        tone: c.tone,
        exclusions: c.icp.exclusions,
        competitors: c.icp.competitors,
        pitch: c.pitch,
      },
      otherSlots: slots.filter((o) => o !== m).map((o) => ({ slot: o.slot, content: o.content, angle: o.angle })),
    }),
  );
  return { speaker: s, slots, results };
}

export interface Tally {
  messages: number;
  hardFails: string[];
  atLeast8: number;
  needsHuman: number;
  failures: string[];
}

export function tally(runs: Scored[]): Tally {
  const t: Tally = { messages: 0, hardFails: [], atLeast8: 0, needsHuman: 0, failures: [] };
  for (const run of runs) {
    run.results.forEach((r, k) => {
      t.messages += 1;
      if (r.score >= 8) t.atLeast8 += 1;
      if (r.needsHuman) t.needsHuman += 1;
      t.hardFails.push(...r.hardFails);
      if (r.hardFails.length || r.score < 8) {
        t.failures.push(`${run.speaker.name} slot ${k + 1} score ${r.score}: ${r.reasons.join('; ')}\n${run.slots[k].content}`);
      }
    });
  }
  return t;
}
