/**
 * Ungrounded claims: specific facts about the recipient (quoted titles, names,
 * figures) that nothing in the dossier, the research or the sender's own pitch
 * supports. Facts the sender states about themselves are not checked.
 */
import { GREETINGS, type Token, aboutRecipient, anchorsOf, tokenize } from './anchors.js';
import { isGenericCap } from './generic-caps.js';
import { Memo, STOPWORDS, flat, fold, sentences, stem, words } from './text.js';

export interface Known {
  flat: string;
  words: Set<string>;
  numbers: Set<string>;
  /** Where each stem occurs; built on first use, since only paraphrased quotes need it. */
  positions(): Map<string, number[]>;
}

const NUM_IN_TEXT_RE = /\d[\d,.]*\d|\d/g;

function numberForms(raw: string): string[] {
  const core = raw.replace(/^\$/, '').replace(/[%x]$/i, '');
  const m = /^([\d,.]+?)\s*([kmb])?(?:n|illion)?$/i.exec(core);
  if (!m) return [core];
  const digits = m[1].replace(/,/g, '').replace(/\.$/, '');
  const out = [digits];
  const mult = { k: 1e3, m: 1e6, b: 1e9 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'b'];
  if (mult) out.push(String(Math.round(Number(digits) * mult)));
  return out;
}

const knownMemo = new Memo<Known>(64);

/** Prepares the text a claim may rest on; memoised because a sequence shares it. */
export function prepareKnown(text: string): Known {
  return knownMemo.get(text, () => {
    const all = words(text);
    const numbers = new Set<string>();
    for (const m of text.matchAll(NUM_IN_TEXT_RE)) for (const f of numberForms(m[0])) numbers.add(f);
    for (const m of text.matchAll(/(\d[\d,.]*)\s*(k|m|b)(?:n|illion)?\b/gi)) for (const f of numberForms(m[1] + m[2])) numbers.add(f);
    let positions: Map<string, number[]> | null = null;
    const index = (): Map<string, number[]> => {
      if (positions) return positions;
      positions = new Map();
      for (let i = 0; i < all.length; i += 1) {
        const st = stem(all[i]);
        const list = positions.get(st);
        if (list) list.push(i);
        else positions.set(st, [i]);
      }
      return positions;
    };
    return { flat: flat(text), words: new Set(all), numbers, positions: index };
  });
}

const QUOTE_RES = [
  /\u201c([^\u201d\n]{2,160})\u201d/g,
  /"([^"\n]{2,160})"/g,
  /\u2018([^\u2019\n]{2,160})\u2019(?!\p{L})/gu,
  /(?<![\p{L}\p{N}])'([^'\n]{2,160})'(?![\p{L}\p{N}])/gu,
];

interface Quote {
  text: string;
  start: number;
  end: number;
}

function findQuotes(text: string): Quote[] {
  const out: Quote[] = [];
  for (const re of QUOTE_RES) {
    for (const m of text.matchAll(re)) {
      if (out.some((q) => m.index < q.end && q.start < m.index + m[0].length)) continue;
      out.push({ text: m[1], start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

/** Whether the quoted words appear in the known text, verbatim or in order with small gaps. */
function quoteKnown(quote: string, known: Known): boolean {
  const f = flat(quote);
  if (f.trim() && known.flat.includes(f)) return true;
  const qs = words(quote)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
  if (qs.length === 0) return true;
  const positions = known.positions();
  for (const startPos of positions.get(qs[0]) ?? []) {
    let pos = startPos;
    let ok = true;
    for (let i = 1; i < qs.length && ok; i += 1) {
      const next = (positions.get(qs[i]) ?? []).find((p) => p > pos && p <= pos + 4);
      if (next === undefined) ok = false;
      else pos = next;
    }
    if (ok) return true;
  }
  return false;
}

const TIME_UNIT_AFTER_RE = /^[\s-]*(?:min|mins|minutes?|hours?|hrs?|h|am|pm|a\.m\.|p\.m\.|seconds?|secs?|days?|weeks?)\b/i;
const TIME_RE = /^\d{1,2}[:.]\d{2}$/;

// "100%" is an intensifier far more often than a measurement.
const IDIOM_NUMBERS = new Set(['100%']);

function numberKnown(tok: Token, sentence: string, known: Known): boolean {
  if (TIME_UNIT_AFTER_RE.test(sentence.slice(tok.end)) || TIME_RE.test(tok.text) || IDIOM_NUMBERS.has(tok.text)) return true;
  return numberForms(tok.text).some((f) => known.numbers.has(f));
}

export interface ClaimContext {
  known: Known;
  recipientNames: ReadonlySet<string>;
  senderNames: ReadonlySet<string>;
}

// Capitals that are emphasis or obfuscation ("URGENT", "FR3E"), not a name;
// short acronyms such as AWS or IBM still count as names.
const SHOUTED_RE = /^(?=.*\p{Lu}.*\d|.*\d.*\p{Lu})|^[\p{Lu}\d_]{4,}$/u;

const isNameLike = (t: Token): boolean => t.kind === 'word' && /^\p{Lu}/u.test(t.text) && !isGenericCap(t.text) && !SHOUTED_RE.test(t.text);

/** Groups runs of capitalised, non-initial, non-generic words into phrases. */
function capPhrases(toks: Token[]): Array<{ words: Token[]; index: number }> {
  const out: Array<{ words: Token[]; index: number }> = [];
  let cur: Token[] = [];
  let at = 0;
  const flush = (): void => {
    if (cur.length) out.push({ words: cur, index: at });
    cur = [];
  };
  toks.forEach((t, i) => {
    const isCap = isNameLike(t);
    const joins = cur.length > 0 && (isCap || /^(?:\p{Lu}|\d+)$/u.test(t.text)) && toks[i - 1].end + 1 >= t.start;
    if (joins) cur.push(t);
    else {
      flush();
      // The name after "Hi" is the wrong-recipient check's business, not a claim.
      if (isCap && !t.initial && !GREETINGS.has(toks[i - 1]?.key ?? '')) {
        cur = [t];
        at = i;
      }
    }
  });
  flush();
  return out;
}

function phraseKnown(phrase: Token[], known: Known): boolean {
  const f = flat(phrase.map((t) => t.text).join(' '));
  if (known.flat.includes(f)) return true;
  return phrase.every((t) => known.words.has(fold(t.text).replace(/['\u2019]/g, '')));
}

// A clause with no digit and no capital past its first word states nothing checkable.
const FACT_HINT_RE = /\d|\S\s+\p{Lu}/u;

function clauseClaims(clause: string, ctx: ClaimContext): string[] {
  if (!FACT_HINT_RE.test(clause)) return [];
  const toks = tokenize(clause);
  const anchors = anchorsOf(toks, ctx.recipientNames, ctx.senderNames);
  if (anchors.recipient.length === 0 && anchors.backward.length === 0) return [];
  const out: string[] = [];
  toks.forEach((t, i) => {
    if (t.kind === 'num' && aboutRecipient(toks, i, anchors) && !numberKnown(t, clause, ctx.known)) out.push(t.text);
  });
  for (const p of capPhrases(toks)) {
    if (aboutRecipient(toks, p.index, anchors) && !phraseKnown(p.words, ctx.known)) {
      out.push(p.words.map((w) => w.text).join(' '));
    }
  }
  return out;
}

// A colon, semicolon or dash often pivots to a new statement ("a thought after
// your talk: the FDA guidance..."), so an anchor does not reach across one.
const CLAUSE_SPLIT_RE = /[:;]\s|\s[-\u2014\u2013]\s|[\u2014\u2013]/;
// A yes/no question asks about a fact instead of asserting it.
const YES_NO_RE = /^(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will)\b[^?]*\?$/i;

function sentenceClaims(sentence: string, ctx: ClaimContext): string[] {
  return sentence
    .split(CLAUSE_SPLIT_RE)
    .filter((clause) => !YES_NO_RE.test(clause.trim()))
    .flatMap((clause) => clauseClaims(clause, ctx));
}

const TITLE_CASE_RE =
  /^(?:\p{Lu}[\p{L}\p{N}'-]*|\d+|a|an|the|of|in|on|for|to|and|or|with|at|by|from|vs\.?)(?:\s+(?:\p{Lu}[\p{L}\p{N}'-]*|\d+|a|an|the|of|in|on|for|to|and|or|with|at|by|from|vs\.?|[:&-]))*$/u;

function quoteAbout(q: Quote, text: string, ctx: ClaimContext): boolean {
  const from = Math.max(text.lastIndexOf('\n', q.start), ...['. ', '! ', '? '].map((d) => text.lastIndexOf(d, q.start))) + 1;
  const endCut = text.slice(q.end).search(/[.!?\n]/);
  const around = text.slice(from, endCut < 0 ? text.length : q.end + endCut);
  const toks = tokenize(around.replace(q.text, ' '));
  const anchors = anchorsOf(toks, ctx.recipientNames, ctx.senderNames);
  if (anchors.recipient.length > 0) return true;
  return anchors.sender.length === 0 && words(q.text).length >= 3 && TITLE_CASE_RE.test(q.text.trim());
}

/** Claims about the recipient that the known text does not back, in order of appearance. */
export function ungroundedClaims(text: string, ctx: ClaimContext): string[] {
  const out: string[] = [];
  const quotes = findQuotes(text);
  let masked = text;
  for (const q of quotes) {
    masked = masked.slice(0, q.start) + ' '.repeat(q.end - q.start) + masked.slice(q.end);
    if (words(q.text).length >= 2 && quoteAbout(q, text, ctx) && !quoteKnown(q.text, ctx.known)) out.push(`"${q.text}"`);
  }
  for (const s of sentences(masked)) out.push(...sentenceClaims(s, ctx));
  return out;
}
