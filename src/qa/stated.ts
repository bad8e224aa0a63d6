/**
 * The facts a draft states about its recipient, read from the wording writers use
 * for them: an employer or event after "at", an event before "speaker list" or
 * "programme", a quoted talk title, a role after "you're a", an area of work
 * after "your work on" or "deep in". Each is later read against its evidence.
 */
import { Memo } from './text.js';

export type FactKind = 'org' | 'event' | 'talk' | 'role' | 'theme';

export interface StatedFact {
  kind: FactKind;
  value: string;
  /** The words around it, for the finding's detail. */
  phrase: string;
}

/** Quoted stretches, kept apart so a title's own words are not read as the sentence's. */
const QUOTE_RE = /"([^"\n]{1,200})"|\u201c([^\u201d\n]{1,200})\u201d/g;

export function maskQuotes(text: string): string {
  // A message's text and its body are masked by several checks each.
  return maskMemo.get(text, () => text.replace(QUOTE_RE, (m) => `"${'Q'.repeat(Math.max(0, m.length - 2))}"`));
}

const maskMemo = new Memo<string>(64);

/** After "at": a capitalised name (joined by of/for/and), or whatever non-letter junk stands there. */
const AT_RE =
  /\bat\s+(?:the\s+)?((?:[\p{Lu}][^\s,;:?!"\u201c]*|[#(\u2026\u00bb\u203a|\u2022.][^,;:?!\n"]*)(?:[ \t]+(?:(?:of|for|de|and|&|du|del|da|von|van)[ \t]+)?[\p{Lu}\p{N}][^\s,;:?!"\u201c]*)*)/gu;

/** A pattern and the lower-case words every match of it holds (checked first: most drafts hold none). */
type Pattern = readonly [RegExp, string];

const EVENT_RES: Pattern[] = [
  [
    /\b(?:the|of the|among the|through the|on the)\s+([^\n.,;!?]{1,60}?)\s+(?:speaker list|speakers|speaker line-up|line-up|lineup|programme|program|schedule|agenda)\b/giu,
    'the',
  ],
  [/\b(?:part of|through)\s+(?!the\b|a\b|your\b|my\b|our\b)([^\n,;!?]{1,60}?)(?=[.,;!?\n]|$)/giu, ''],
];

const TALK_BEFORE_RE = /\b(?:talk|session|keynote|presentation|workshop|panel|lecture|title|abstract)\s*(?:on|about|called|titled|named)?\s*$/i;

const ROLE_RES: Pattern[] = [
  [/\byou(?:'re|\u2019re| are)\s+an?\s+([^\n.,;!?]{2,60}?)(?=\s+(?:at|with|and|in|for|who)\b|[.,;!?\n]|$)/giu, 'you'],
  [
    /\b(?:you|role)\s+as\s+an?\s+([^\n.,;!?]{2,60}?)(?=\s+(?:at|with|in|for|made|makes|is|was|caught|came|brought|prompted|led|got|stood|drew|sparked|gave|put)\b|[.,;!?\n]|$)/giu,
    'as',
  ],
  [/(?:^|[.!?]\s+|\n)As\s+an?\s+([^\n.,;!?]{2,60}?)(?:\s+at\s+[^,\n]{1,60})?,\s+you\b/gu, 'as'],
];

// Words after a field of work that end it: "notes on surveys either way".
const THEME_END = String.raw`(?=\s+(?:at|either|anytime|any|sometime|some|together|too|soon|again|with|if|when|whenever|later|over|one|first|sometimes|someday|there|here)\b|[.,;!?\n]|$)`;
const theme = (head: string): RegExp => new RegExp(head + String.raw`\s+([^\n.,;!?]{2,50}?)` + THEME_END, 'giu');

// Where a draft names the recipient's field; the pattern holds the word that ties it to them.
const THEME_RES: Pattern[] = [
  [theme(String.raw`\bdeep in`), 'deep in'],
  [
    /\byour (?:work|focus|research) (?:on|in)\s+([^\n.,;!?]{2,50}?)(?=\s+at\b|\s+in mind\b|\s+(?:is|made|came|caught|stuck|stayed|stood|lines|keeps|got|prompted|sounds|and|then|before|after|since|still|fits|seemed|remains)\b|[.,;!?\n]|$)/giu,
    'your ',
  ],
  [theme(String.raw`\byou (?:work|focus|spend time) on`), 'you '],
  [theme(String.raw`\b(?:swapping|swap|compare|comparing) notes on`), ' notes on'],
  // A word may hold a dot (".NET", "Node.js") but never end on one: "your diary. Your work" is two sentences.
  [
    /\byour\s+(?!own\b|team\b|talk\b|session\b|recent\b|current\b|work\b)([\p{L}#+-](?:[\p{L}.#+-]*[\p{L}#+-])?(?:\s+[\p{L}.#+-]*[\p{L}#+-])?)\s+work\b/giu,
    'work',
  ],
  [/\b(?:since|given that)\s+([^\n.,;!?]{2,40}?)\s+is part of your work\b/giu, 'is part of your work'],
];

// Under the i and u flags "\u017f" (long s) and the Kelvin sign match s and k as well: a text
// holding either is read with every pattern.
const FOLDS_TO_ASCII_RE = /[\u017f\u212a]/;

function collect(text: string, res: readonly Pattern[], kind: FactKind): StatedFact[] {
  const out: StatedFact[] = [];
  const lower = FOLDS_TO_ASCII_RE.test(text) ? null : text.toLowerCase();
  for (const [re, needs] of res) {
    if (lower !== null && !lower.includes(needs)) continue;
    for (const m of text.matchAll(re)) {
      const value = (m[1] ?? '').trim();
      if (value) out.push({ kind, value, phrase: m[0].trim() });
    }
  }
  return out;
}

/** "Shopify's" names Shopify; a full stop or "…)" after a name is the sentence's, not the name's. */
function cleanOrg(raw: string): string {
  // "at Global Azure 2021. It was…": a full stop ends the name even when a capital follows.
  let v = (raw.split(/\.\s+/)[0] as string).trim().replace(/['\u2019]s$/, '');
  if (!/^[(#\u2026\u00bb\u203a|\u2022.]/u.test(v)) v = v.replace(/[.)]+$/, '');
  return v.trim();
}

function orgs(text: string): StatedFact[] {
  const out: StatedFact[] = [];
  for (const m of text.matchAll(AT_RE)) {
    const value = cleanOrg(m[1] as string);
    // "at 3pm", "at 9": a time, or a number the plausibility check reads.
    if (!value || /^\p{N}/u.test(value) || /^Q+$/.test(value)) continue;
    out.push({ kind: 'org', value, phrase: m[0].trim() });
  }
  return out;
}

function talks(text: string): StatedFact[] {
  const out: StatedFact[] = [];
  for (const m of text.matchAll(QUOTE_RE)) {
    const value = (m[1] ?? m[2] ?? '').trim();
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (value && (TALK_BEFORE_RE.test(before) || /\byour\s+$/i.test(before)))
      out.push({ kind: 'talk', value, phrase: `${before.trim().split(/\s+/).slice(-2).join(' ')} ${m[0]}`.trim() });
  }
  return out;
}

// "notes on how Ledgerly handles replays" names a question, not a field of work.
const CLAUSE_START_RE = /^(?:how|what|why|whether|where|when|which|who|it|this|that|these|those|them|a|an|the)\b/i;

function isTopicPhrase(v: string): boolean {
  return !CLAUSE_START_RE.test(v) && v.split(/\s+/).length <= 4;
}

// A sequence's texts are read here once each as the scored message and again as an earlier slot.
const factsMemo = new Memo<readonly StatedFact[]>(64);

/** Every fact the draft states about its recipient, in the order the kinds are listed. */
export function statedFacts(content: string): readonly StatedFact[] {
  return factsMemo.get(content, () => readFacts(content));
}

function readFacts(content: string): StatedFact[] {
  const masked = maskQuotes(content);
  return [
    ...orgs(masked),
    ...collect(masked, EVENT_RES, 'event').filter((f) => !/^Q+$|"Q/.test(f.value)),
    ...talks(content),
    ...collect(masked, ROLE_RES, 'role'),
    ...collect(masked, THEME_RES, 'theme').filter((f) => !/"Q/.test(f.value) && isTopicPhrase(f.value)),
  ];
}
