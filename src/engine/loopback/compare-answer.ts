import { scoreSequence, type QaBrief } from '../../core/message-qa.js';
import type { ModelAsk } from './answer.js';

// The prompt's input is JSON that compare_models wrote; this stand-in reads it loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const QA = { approveScore: 8, followupMax: 1000, maxDraftAgeDays: 21 };

/** The QA gate's view of what a judge prompt carries: as much of the dossier and campaign as the context gave. */
function gate(input: Loose, messages: Array<{ slot: number; content: string; angle?: string | null }>) {
  const sp: Loose = input.speaker ?? {};
  const rules: Loose = input.recipe ?? input.campaign ?? {};
  const campaign: Loose = input.campaign ?? {};
  const brief: QaBrief = {
    cta: rules.cta ?? campaign.cta ?? '',
    yourName: rules.sender_name ?? campaign.sender_name ?? '',
    tone: rules.tone ?? campaign.tone ?? '',
    pitch: rules.pitch ?? campaign.pitch ?? '',
    icp: { exclusions: rules.icp?.exclusions ?? [], competitors: rules.icp?.competitors ?? [] },
  };
  const signals = (input.signals ?? []) as Array<{ value: string; source_text: string }>;
  const dossier = {
    name: sp.name ?? '',
    title: sp.title ?? null,
    company: sp.company ?? null,
    tagline: sp.tagline ?? null,
    bio: sp.bio ?? null,
    talks: JSON.stringify(sp.talks ?? []),
    signals: JSON.stringify(signals.map((g) => ({ value: g.value, sourceText: g.source_text }))),
    enrichment: null,
  };
  return scoreSequence(
    dossier,
    brief,
    messages.map((m) => ({ slot: m.slot, content: m.content, angle: m.angle ?? null })),
    QA,
  );
}

/**
 * compare_models' own tasks, answered by the QA gate and the page's facts: a judge
 * that agrees with the gate, a founder judge that ranks by the gate's mean score, and
 * an X researcher that finds posts only when the page linked an X profile.
 */
export function compareAnswer({ stage, input }: ModelAsk): unknown {
  switch (stage) {
    case 'judge': {
      const qa = gate(input, input.messages);
      return {
        messages: (input.messages as Array<{ slot: number }>).map((m) => {
          const r = qa.get(m.slot);
          return {
            slot: m.slot,
            score: r?.score ?? 0,
            approvable: r?.approvable ?? false,
            hard_fail_codes: r?.hardFails ?? [],
            reason: r?.reasons[0] ?? 'reads clean',
          };
        }),
      };
    }
    case 'founder_judge':
      return {
        rankings: (input.candidates as Array<{ id: string; messages: Array<{ slot: number; content: string }> }>).map((c) => {
          const scores = [...gate(input, c.messages).values()].map((r) => r.score);
          return { id: c.id, score: Math.round(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length)), reason: 'mean QA score' };
        }),
      };
    case 'x_signals': {
      const profile = input.x_profile as string | null;
      const title = input.speaker?.title as string | null;
      if (!profile || !title) return { signals: [] };
      return { signals: [{ kind: 'role', value: title, source_text: title, source_url: `${profile.replace(/\/$/, '')}/status/1` }] };
    }
    default:
      return null;
  }
}
