/**
 * Reading a stated value in the text it came from. A value is supported when the
 * text holds it as a whole name; it is cut when the text only holds it as part
 * of a longer one ("Georgia Institute" of "Georgia Institute of Technology",
 * "Distributive" of "Center for Distributive, Labor and Social Studies").
 */
import { INNER_JOINERS } from './lexicon.js';
import { escapeRe } from './text.js';
import { WholeWords } from './whole-words.js';

export type Reading = { kind: 'whole' } | { kind: 'cut'; longer: string } | { kind: 'absent' };

// Capitalised words that start a sentence or a clause without being part of a name.
const NOT_NAME = new Set([
  'at',
  'in',
  'the',
  'a',
  'an',
  'and',
  'for',
  'of',
  'on',
  'with',
  'by',
  'from',
  'to',
  'i',
  'we',
  'our',
  'my',
  'your',
  'his',
  'her',
  'their',
  'he',
  'she',
  'they',
  'this',
  'that',
  'talk',
  'session',
  'keynote',
  'about',
  'as',
  'is',
  'was',
  'join',
  'meet',
  'speaker',
  'currently',
  'previously',
  'formerly',
  'now',
  'since',
  'before',
  'after',
  'also',
  'both',
  'then',
]);

const strip = (tok: string): string => tok.replace(/^[("'\u201c\u2018]+|[)"'\u201d\u2019]+$/g, '');
const nameWord = (tok: string): boolean => /^[\p{Lu}\p{N}]/u.test(strip(tok)) && !NOT_NAME.has(strip(tok).toLowerCase());
const ENDS_CLAUSE_RE = /[,.;:!?)\u2014\u2013|\n]\s*$|\s[-\u2013\u2014]\s*$|^\s*$/;

/** Whether the words right before a position continue a name ("Center for |Distributive"). */
function nameBefore(before: string): boolean {
  if (ENDS_CLAUSE_RE.test(before)) return false;
  const toks = before.trimEnd().split(/[ \t]+/);
  const last = toks[toks.length - 1] ?? '';
  if (nameWord(last)) return true;
  const prev = toks[toks.length - 2] ?? '';
  return INNER_JOINERS.has(last.toLowerCase()) && nameWord(prev) && !/[,.;:!?]$/.test(prev);
}

const TAIL_RE = /^[ \t]+(?:of|for|de|der|des|du|del|da|di|und|y|van|von)[ \t]+[\p{Lu}]/u;

/** The whole name a fragment was cut from, for the finding's detail. */
function longerName(text: string, start: number, end: number): string {
  const left =
    text
      .slice(0, start)
      .split(/[,;:!?.()\n\u2014\u2013|]/)
      .pop() ?? '';
  const leftToks = left.split(/[ \t]+/).filter(Boolean);
  let from = leftToks.length;
  while (
    from > 0 &&
    (nameWord(leftToks[from - 1] as string) ||
      (INNER_JOINERS.has((leftToks[from - 1] as string).toLowerCase()) && from > 1 && nameWord(leftToks[from - 2] as string)))
  )
    from -= 1;
  const right = text.slice(end).split(/[;:!?()\n\u2014\u2013|]|[.,](?:\s|$)/)[0] ?? '';
  const rightToks = right.split(/[ \t]+/).filter(Boolean);
  let to = 0;
  while (
    to < rightToks.length &&
    (nameWord(rightToks[to] as string) ||
      (INNER_JOINERS.has((rightToks[to] as string).toLowerCase()) && to + 1 < rightToks.length && nameWord(rightToks[to + 1] as string)))
  )
    to += 1;
  return [...leftToks.slice(from), text.slice(start, end), ...rightToks.slice(0, to)].join(' ').replace(/\s+/g, ' ').trim();
}

// A value is looked for in several texts (its field's span, the dossier, the sender's text): compiled once.
const valueRes = new Map<string, WholeWords>();

function valuePattern(v: string): WholeWords {
  let re = valueRes.get(v);
  if (!re) {
    if (valueRes.size >= 1000) valueRes.clear();
    re = new WholeWords(escapeRe(v).replace(/\s+/g, '\\s+'), true);
    valueRes.set(v, re);
  }
  return re;
}

/** How the text holds the value: as a whole name, only cut from a longer one, or not at all. */
export function readIn(value: string, text: string): Reading {
  const v = value.trim();
  if (!v || !text) return { kind: 'absent' };
  const re = valuePattern(v);
  let cut: string | null = null;
  for (let f = re.find(text); f; f = re.find(text, f.end)) {
    const { start, end } = f;
    const fragment = nameBefore(text.slice(Math.max(0, start - 80), start)) || TAIL_RE.test(text.slice(end, end + 40));
    if (!fragment) return { kind: 'whole' };
    cut ??= longerName(text, start, end);
  }
  return cut ? { kind: 'cut', longer: cut } : { kind: 'absent' };
}
