/**
 * Ungrounded claims: specific facts about the recipient (quoted titles, names,
 * figures) that nothing in the dossier, the research or the sender's own pitch
 * supports. Facts the sender states about themselves are not checked.
 */
import { type Token, aboutRecipient, anchorsOf, tokenize } from './anchors.js';
import { isGenericCap } from './generic-caps.js';
import { Memo, STOPWORDS, flat, fold, sentences, stem, words } from './text.js';

export interface Known {
  flat: string;
  words: Set<string>;
  stems: string[];
  positions: Map<string, number[]>;
  numbers: Set<string>;
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
    const stems = words(text).map(stem);
    const positions = new Map<string, number[]>();
    stems.forEach((s, i) => {
      const list = positions.get(s);
      if (list) list.push(i);
      else positions.set(s, [i]);
    });
    const numbers = new Set<string>();
    for (const m of text.matchAll(NUM_IN_TEXT_RE)) for (const f of numberForms(m[0])) numbers.add(f);
    for (const m of text.matchAll(/(\d[\d,.]*)\s*(k|m|b)(?:n|illion)?\b/gi)) for (const f of numberForms(m[1] + m[2])) numbers.add(f);
    return { flat: flat(text), words: new Set(words(text)), stems, positions, numbers };
  });
}

const QUOTE_RES = [/\u201c([^\u201d\n]{2,160})\u201d/g, /"([^"\n]{2,160})"/g, /\u2018([^\u2019\n]{2,160})\u2019(?!\p{L})/gu, /(?<![\p{L}\p{N}])'([^'\n]{2,160})'(?![\p{L}\p{N}])/gu];

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
  const qs = words(quote).filter((w) => !STOPWORDS.has(w)).map(stem);
  if (qs.length === 0) return true;
  for (const startPos of known.positions.get(qs[0]) ?? []) {
    let pos = startPos;
    let ok = true;
    for (let i = 1; i < qs.length && ok; i += 1) {
      const next = (known.positions.get(qs[i]) ?? []).find((p) => p > pos && p <= pos + 4);
      if (next === undefined) ok = false;
      else pos = next;
    }
    if (ok) return true;
  }
  return false;
}

const TIME_UNIT_AFTER_RE = /^[\s-]*(?:min|mins|minutes?|hours?|hrs?|h|am|pm|a\.m\.|p\.m\.|seconds?|secs?|days?|weeks?)\b/i;
const TIME_RE = /^\d{1,2}[:.]\d{2}$/;

function numberKnown(tok: Token, sentence: string, known: Known): boolean {
  if (TIME_UNIT_AFTER_RE.test(sentence.slice(tok.end)) || TIME_RE.test(tok.text)) return true;
  return numberForms(tok.text).some((f) => known.numbers.has(f));
}

export interface ClaimContext {
  known: Known;
  recipientNames: ReadonlySet<string>;
  senderNames: ReadonlySet<string>;
}


// The name after "Hi" is the wrong-recipient check's business, not a claim.
const GREETINGS = new Set(['hi', 'hey', 'hello', 'dear', 'hiya', 'morning', 'afternoon', 'evening']);

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
    const isCap = t.kind === 'word' && /^\p{Lu}/u.test(t.text) && !isGenericCap(t.text);
    const joins = cur.length > 0 && (isCap || /^(?:\p{Lu}|\d+)$/u.test(t.text)) && toks[i - 1].end + 1 >= t.start;
    if (joins) cur.push(t);
    else {
      flush();
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

function sentenceClaims(sentence: string, ctx: ClaimContext): string[] {
  const toks = tokenize(sentence);
  const anchors = anchorsOf(toks, ctx.recipientNames, ctx.senderNames);
  if (anchors.recipient.length === 0) return [];
  const out: string[] = [];
  toks.forEach((t, i) => {
    if (t.kind === 'num' && aboutRecipient(toks, i, anchors) && !numberKnown(t, sentence, ctx.known)) out.push(t.text);
  });
  for (const p of capPhrases(toks)) {
    if (aboutRecipient(toks, p.index, anchors) && !phraseKnown(p.words, ctx.known)) {
      out.push(p.words.map((w) => w.text).join(' '));
    }
  }
  return out;
}

const TITLE_CASE_RE = /^(?:\p{Lu}[\p{L}\p{N}'-]*|\d+|a|an|the|of|in|on|for|to|and|or|with|at|by|from|vs\.?)(?:\s+(?:\p{Lu}[\p{L}\p{N}'-]*|\d+|a|an|the|of|in|on|for|to|and|or|with|at|by|from|vs\.?|[:&-]))*$/u;

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
