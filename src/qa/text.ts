/**
 * Text helpers shared by the QA checks. Everything here is allocation-light and
 * uses regexes compiled once at module load, because the gate scores whole
 * campaigns in a loop.
 */

// Look-alike letters from other scripts that spammers swap in to dodge filters.
const HOMOGLYPHS: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  ο: 'o',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
};
const HOMOGLYPH_RE = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'g');
const COMBINING_RE = /[\u0300-\u036f]/g;
const NON_ASCII_RE = /[^ -~\s]/;
const QUOTE_RE = /[\u2018\u2019\u02bc]/g;

/** Lower-case, strip accents, map look-alike letters and curly apostrophes to ASCII. */
export function fold(text: string): string {
  // Whole drafts are folded by several checks; words and names are cheaper to redo.
  return text.length > 40 ? foldMemo.get(text, () => foldRaw(text)) : foldRaw(text);
}

function foldRaw(text: string): string {
  let s = text.toLowerCase();
  if (NON_ASCII_RE.test(s)) {
    s = s
      .normalize('NFKD')
      .replace(COMBINING_RE, '')
      .replace(HOMOGLYPH_RE, (c) => HOMOGLYPHS[c] ?? c);
    s = s.replace(QUOTE_RE, "'");
  }
  return s;
}

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have having ' +
    'he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor ' +
    'not now of off on once only or other our ours ourselves out over own same she should so some such than that ' +
    'the their theirs them themselves then there these they this those through to too under until up very was we ' +
    'were what when where which while who whom why will with would you your yours yourself yourselves im ive id ' +
    'ill youre youve youd dont didnt cant wont isnt arent wasnt let lets get got us one two really still even ' +
    'much many well like thing things something anything way ways maybe perhaps quite sure yes yeah hi hey hello ' +
    'dear thanks thank best regards cheers quick short brief happy glad love loved great good just'
  ).split(' '),
);

const WORD_RE = /[a-z0-9]+(?:'[a-z]+)?/g;

/** Folded word tokens, apostrophes removed ("you're" becomes "youre"). */
export function words(text: string): readonly string[] {
  // A whole draft is split into words by several checks; a short phrase is cheaper to split again.
  return text.length > 40 ? wordsMemo.get(text, () => splitWords(text)) : splitWords(text);
}

function splitWords(text: string): string[] {
  const found = fold(text).match(WORD_RE);
  if (!found) return [];
  for (let i = 0; i < found.length; i += 1) {
    if (found[i].includes("'")) found[i] = found[i].replace("'", '');
  }
  return found;
}

/** A light suffix stripper: enough to equate talk/talks, scaling/scale, booked/book. */
export function stem(word: string): string {
  if (word.length <= 4 || /^\d/.test(word)) return word;
  if (word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Stems of the words that carry meaning (no stopwords, no one- or two-letter words). */
export function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if ((w.length > 2 || /^\d+$/.test(w)) && !STOPWORDS.has(w)) out.push(stem(w));
  }
  return out;
}

// A full stop inside a token ("Node.js", "$1.5M") does not end a sentence.
const SENTENCE_RE = /(?:[^.!?\n]|[.!?]+(?=[^\s.!?]))+(?:[.!?]+|$)/gm;
// Abbreviations whose full stop does not end a sentence.
const ABBREV_RE = /\b(?:e\.g|i\.e|mr|mrs|ms|dr|prof|vs|etc|approx|inc|st|no)\.$/i;

/** Sentences of a message; line breaks end a sentence too (greetings, sign-offs). */
export function sentences(text: string): readonly string[] {
  return sentenceMemo.get(text, () => splitSentences(text));
}

function splitSentences(text: string): string[] {
  const raw = text.match(SENTENCE_RE) ?? [];
  const out: string[] = [];
  let carry = '';
  for (const part of raw) {
    const piece = carry + part;
    if (ABBREV_RE.test(piece.trimEnd())) {
      carry = piece;
      continue;
    }
    carry = '';
    const t = piece.trim();
    if (t) out.push(t);
  }
  if (carry.trim()) out.push(carry.trim());
  return out;
}

/** Jaccard similarity of two sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (large.has(x)) inter += 1;
  return inter / (a.size + b.size - inter);
}

const NON_ALNUM_RE = /[^a-z0-9]+/g;

/** Folded text with every run of punctuation or space turned into one space, padded. */
export function flat(text: string): string {
  return ` ${fold(text).replace(NON_ALNUM_RE, ' ').trim()} `;
}

/** Escapes a literal for use inside a RegExp. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A bounded memo for derived data keyed by a string (grounding texts, term
 * lists): a sequence's three slots share one grounding, so it is prepared once.
 * It keeps the last `max` to 2 × `max` keys in two generations: when the recent one
 * is full it becomes the older and the oldest is dropped whole, which costs less
 * than dropping one key for every key added (most keys are looked up once or twice).
 */
export class Memo<V> {
  private recent = new Map<string, V>();
  private older = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string, make: () => V): V {
    let hit = this.recent.get(key);
    if (hit === undefined) hit = this.older.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (this.recent.size >= this.max) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, value);
    return value;
  }
}

// A message is analysed again as a sibling of each other slot; these memos keep
// that to one pass per distinct text. A sequence has a handful of texts, so a few
// dozen entries hold every reuse; more only keeps dead drafts alive in the heap.
const foldMemo = new Memo<string>(64);
const wordsMemo = new Memo<readonly string[]>(64);
const sentenceMemo = new Memo<readonly string[]>(64);
const stemSetMemo = new Memo<ReadonlySet<string>>(64);

/** The distinct content stems of a text, memoised. */
export function contentStemSet(text: string): ReadonlySet<string> {
  return stemSetMemo.get(text, () => new Set(contentStems(text)));
}

/** What one sequence's slots share: the recipient, the text their facts rest on, the campaign. */
interface SequenceParts {
  speaker: object;
  grounding: string;
  campaign: object;
}

/**
 * A value derived from what a sequence's slots share, made once for the sequence: each slot
 * is scored with the same speaker and campaign objects and the same grounding, so the
 * second and third slots find it by the speaker. Anything else (another campaign, another
 * grounding) makes it afresh.
 */
export class PerSequence<V> {
  private readonly kept = new WeakMap<object, { grounding: string; campaign: object; value: V }>();
  get(input: SequenceParts, make: () => V): V {
    const hit = this.kept.get(input.speaker);
    if (hit && hit.campaign === input.campaign && hit.grounding === input.grounding) return hit.value;
    const value = make();
    this.kept.set(input.speaker, { grounding: input.grounding, campaign: input.campaign, value });
    return value;
  }
}

/** The text with every mention of the speaker's event blanked: the event's name is every speaker's, not a fact of theirs. */
export function withoutEvents(text: string, speaker: { event?: string | null; evidence?: { event?: string } | null }): string {
  let out = text;
  for (const e of [speaker.event, speaker.evidence?.event]) {
    const v = e?.trim();
    if (v && v.length >= 3) out = out.split(v).join(' ');
  }
  return out;
}
