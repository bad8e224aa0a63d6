/**
 * How far two readers of the same drafts agree, and what that says about the gate's goals.
 * The labels file is one reader's verdicts; a second reader labels the same texts blind
 * (bench/labels/drafts-second-reader.json). The second reader, read as if it were a gate,
 * gets a recall on the first reader's defects and a share of the first reader's SEND it
 * would send too: the most a gate can be expected to reach against one reader's labels is
 * about what another careful reader reaches. The gate's own figures on the same messages
 * are printed beside it, against each reader.
 */
import { SLOTS, SPLITS, flagged, join, share, type LabelEntry, type Ratio, type SampledSequence, type Split } from './draft-labels-core.js';

export interface ReaderAgreement {
  /** Messages both readers labelled on their current text. */
  both: number;
  agree: Ratio;
  /** Cohen's kappa of the two readers' SEND/DEFECT verdicts: agreement beyond chance. */
  kappa: number | null;
  agreeBySlot: Record<'1' | '2' | '3', Ratio>;
  sendShare: { first: Ratio; second: Ratio };
  /** The second reader as a gate on the first reader's labels. */
  secondAsGate: { recall: Ratio; sendApprovable: Ratio };
  /** The QA gate on the same messages, against the first reader and against the second. */
  gateVsFirst: { recall: Ratio; sendApprovable: Ratio };
  gateVsSecond: { recall: Ratio; sendApprovable: Ratio };
}

const ratio = (n = 0, of = 0): Ratio => ({ n, of });

interface Pair {
  slot: number;
  first: 'SEND' | 'DEFECT';
  second: 'SEND' | 'DEFECT';
  gateFlags: boolean;
}

function kappa(pairs: Pair[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const observed = pairs.filter((p) => p.first === p.second).length / n;
  const firstSend = pairs.filter((p) => p.first === 'SEND').length / n;
  const secondSend = pairs.filter((p) => p.second === 'SEND').length / n;
  const chance = firstSend * secondSend + (1 - firstSend) * (1 - secondSend);
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}

/** Recall on `truth`'s defects and the share of its SEND left through, by a judge that flags or not. */
function asGate(pairs: Pair[], truth: (p: Pair) => 'SEND' | 'DEFECT', flags: (p: Pair) => boolean): { recall: Ratio; sendApprovable: Ratio } {
  const defects = pairs.filter((p) => truth(p) === 'DEFECT');
  const sends = pairs.filter((p) => truth(p) === 'SEND');
  return { recall: ratio(defects.filter(flags).length, defects.length), sendApprovable: ratio(sends.filter((p) => !flags(p)).length, sends.length) };
}

function agreementOf(pairs: Pair[]): ReaderAgreement {
  const bySlot = Object.fromEntries(
    SLOTS.map((s) => {
      const mine = pairs.filter((p) => p.slot === s);
      return [String(s), ratio(mine.filter((p) => p.first === p.second).length, mine.length)];
    }),
  ) as ReaderAgreement['agreeBySlot'];
  const first = (p: Pair) => p.first;
  const second = (p: Pair) => p.second;
  return {
    both: pairs.length,
    agree: ratio(pairs.filter((p) => p.first === p.second).length, pairs.length),
    kappa: kappa(pairs),
    agreeBySlot: bySlot,
    sendShare: {
      first: ratio(pairs.filter((p) => p.first === 'SEND').length, pairs.length),
      second: ratio(pairs.filter((p) => p.second === 'SEND').length, pairs.length),
    },
    secondAsGate: asGate(pairs, first, (p) => p.second === 'DEFECT'),
    gateVsFirst: asGate(pairs, first, (p) => p.gateFlags),
    gateVsSecond: asGate(pairs, second, (p) => p.gateFlags),
  };
}

/** Per split, the two readers' agreement on the sampled messages both labelled for their current text. */
export function agreement(sample: SampledSequence[], first: LabelEntry[], second: LabelEntry[]): Record<Split, ReaderAgreement> {
  const a = join(sample, first).messages;
  const b = new Map(join(sample, second).messages.map((m) => [`${m.key}\u0000${m.slot}`, m]));
  const pairs: Record<Split, Pair[]> = { dev: [], holdout: [] };
  for (const m of a) {
    const other = b.get(`${m.key}\u0000${m.slot}`);
    if (m.state !== 'labelled' || other?.state !== 'labelled' || !m.label || !other.label) continue;
    pairs[m.split].push({ slot: m.slot, first: m.label.label, second: other.label.label, gateFlags: flagged(m.qa) });
  }
  return Object.fromEntries(SPLITS.map((s) => [s, agreementOf(pairs[s])])) as Record<Split, ReaderAgreement>;
}

const pct = (r: Ratio): string => {
  const v = share(r);
  return v === null ? '–' : `${(v * 100).toFixed(1)}% (${r.n}/${r.of})`;
};

export function agreementMarkdown(result: Record<Split, ReaderAgreement>): string {
  const rows: Array<[string, (a: ReaderAgreement) => string]> = [
    ['messages both readers labelled', (a) => String(a.both)],
    ['same verdict', (a) => pct(a.agree)],
    ...SLOTS.map((s): [string, (a: ReaderAgreement) => string] => [`  slot ${s}`, (a) => pct(a.agreeBySlot[String(s) as '1'])]),
    ["Cohen's kappa", (a) => (a.kappa === null ? '–' : a.kappa.toFixed(2))],
    ['SEND, first reader', (a) => pct(a.sendShare.first)],
    ['SEND, second reader', (a) => pct(a.sendShare.second)],
    ["second reader as a gate: recall on the first's DEFECT", (a) => pct(a.secondAsGate.recall)],
    ["second reader as a gate: first's SEND it sends", (a) => pct(a.secondAsGate.sendApprovable)],
    ['QA gate vs first reader: recall on DEFECT', (a) => pct(a.gateVsFirst.recall)],
    ['QA gate vs first reader: SEND approvable', (a) => pct(a.gateVsFirst.sendApprovable)],
    ['QA gate vs second reader: recall on DEFECT', (a) => pct(a.gateVsSecond.recall)],
    ['QA gate vs second reader: SEND approvable', (a) => pct(a.gateVsSecond.sendApprovable)],
  ];
  return ['| | dev | holdout |', '|---|---|---|', ...rows.map(([name, f]) => `| ${name} | ${f(result.dev)} | ${f(result.holdout)} |`)].join('\n');
}
