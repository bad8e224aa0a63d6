/**
 * What readers send by what a message names of the reader: its first sentence quotes a talk,
 * names a talk without its title, a role, a topic of their work, the employer alone or the event
 * alone. Every labelled text of the given samples counts once (a text drawn in several rounds is
 * one text), so the rounds' samples together say which hooks readers send and which they do not,
 * whatever the engine wrote in any one round.
 */
import { SLOTS, SPLITS, textHash, type LabelEntry, type SampledSequence, type Split } from './draft-labels-core.js';

export const HOOKS = ['talk quoted', 'talk unnamed', 'role', 'topic', 'employer only', 'event only', 'other'] as const;
export type Hook = (typeof HOOKS)[number];

/** The first sentence of the message's body: after the greeting line of a follow-up, the whole note of a connection request. */
function firstSentence(slot: number, content: string): string {
  const body = (slot > 1 ? (content.split('\n').slice(1).join('\n') ?? content) : content).trim();
  return body.split(/(?<=[.!?])\s/)[0] ?? body;
}

/** The kind of hook the message's first sentence opens on. */
export function hookOf(slot: number, content: string): Hook {
  const first = firstSentence(slot, content);
  if (/["\u201c]/.test(first)) return 'talk quoted';
  // "the Javafest programme", never "your work on program analysis".
  if (/speaker|line-up|schedule|sessions|agenda|\bprogramme\b/i.test(first) || /\b[Pp]rogram\b(?! analysis)/.test(first)) return 'event only';
  if (/your (?:work|job|role) as|\bas (?:a|an) /i.test(first)) return 'role';
  if (/(?:work you do|what you do|your work|your role|your job) at/i.test(first)) return 'employer only';
  if (/your (?:work|research|interest|mission|time) (?:on|in|to|as|teaching)/i.test(first)) return 'topic';
  if (/talk|session|workshop|keynote|tutorial|panel/i.test(first)) return 'talk unnamed';
  return 'other';
}

export interface HookCount {
  send: number;
  of: number;
}

export type HookTable = Record<Split, Record<string, Record<Hook, HookCount>>>;

/** SEND of labelled texts, by split, slot and hook; each (key, slot, text) once. */
export function hookTable(sequences: SampledSequence[], labels: LabelEntry[]): HookTable {
  const byText = new Map(labels.map((l) => [`${l.key}\u0000${l.slot}\u0000${l.text_hash}`, l.label]));
  const empty = (): Record<Hook, HookCount> => Object.fromEntries(HOOKS.map((h) => [h, { send: 0, of: 0 }])) as Record<Hook, HookCount>;
  const table = Object.fromEntries(SPLITS.map((s) => [s, Object.fromEntries(SLOTS.map((k) => [String(k), empty()]))])) as HookTable;
  const seen = new Set<string>();
  for (const q of sequences) {
    for (const m of q.messages) {
      const id = `${q.key}\u0000${m.slot}\u0000${textHash(m.content)}`;
      const label = byText.get(id);
      if (!label || seen.has(id)) continue;
      seen.add(id);
      const cell = table[q.split][String(m.slot)]?.[hookOf(m.slot, m.content)];
      if (!cell) continue;
      cell.of++;
      if (label === 'SEND') cell.send++;
    }
  }
  return table;
}

const pct = (c: HookCount): string => (c.of ? `${((100 * c.send) / c.of).toFixed(0)}% (${c.send}/${c.of})` : '–');

export function hookMarkdown(table: HookTable, split: Split): string {
  const rows = HOOKS.map((h) => `| ${h} | ${SLOTS.map((k) => pct(table[split][String(k)]?.[h] ?? { send: 0, of: 0 })).join(' | ')} |`);
  return [
    `SEND by what the message opens on (${split}, each labelled text once):`,
    '',
    '| hook | slot 1 | slot 2 | slot 3 |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
