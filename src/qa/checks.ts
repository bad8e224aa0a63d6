/**
 * The mechanical hard-fail checks: length, links, reply prefixes, forbidden
 * terms and the call to action. Each returns a detail string when it fails.
 */
import { Memo, contentStems, escapeRe, fold, words } from './text.js';

export function lengthDetail(text: string, max: number): string | null {
  const n = text.trim().length;
  return n > max ? `${n} characters, limit ${max}` : null;
}

export function tooShortDetail(text: string, minChars: number): string | null {
  const t = text.trim();
  if (t.length === 0) return 'empty';
  if (t.length < minChars) return `${t.length} characters, minimum ${minChars}`;
  if (words(t).length < 4) return 'fewer than four words';
  return null;
}

const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>()]+/i;
const EMAIL_RE = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
// Top-level domains are matched in lower case only, and English two-letter words
// (so, me, us, to, in, it...) are left out, so "there.So" typos are not links.
const DOMAIN_RE =
  /(?<![@\w.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:com|io|ai|co|net|org|dev|app|xyz|ly|gg|tech|cloud|uk|de|fr|eu|info|biz|link|sh|tv|fm|ca|nl|ch|se|jp|au|edu|gov|vc|gl|page|site|online|store)(?![A-Za-z0-9-])(?:\/[^\s]*)?/;
const SPOKEN_DOMAIN_RE = /\b[a-z0-9-]+\s*(?:\(dot\)|\[dot\]|\sdot\s)\s*(?:com|io|ai|co|net|org|dev|app)\b/i;

/** The first link, bare domain or email address in the text, or null. */
export function findLink(text: string): string | null {
  for (const re of [URL_RE, EMAIL_RE, DOMAIN_RE, SPOKEN_DOMAIN_RE]) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}

const REPLY_PREFIX_RE = /^\s*(?:subject:\s*)?(?:re|fwd?|fw|aw|sv|tr)\s*(?:\[\d+\]|\(\d+\))?\s*:/i;

export function replyPrefix(text: string): string | null {
  const m = REPLY_PREFIX_RE.exec(text);
  return m ? m[0].trim() : null;
}

interface TermMatcher {
  re: RegExp;
  byFolded: Map<string, string>;
}

const termMemo = new Memo<TermMatcher | null>(128);

function termMatcher(terms: string[]): TermMatcher | null {
  const clean = terms.map((t) => t.trim()).filter((t) => t.length > 0);
  if (clean.length === 0) return null;
  return termMemo.get(clean.join('\u0000'), () => {
    const byFolded = new Map<string, string>();
    for (const t of clean) byFolded.set(fold(t).replace(/\s+/g, ' '), t);
    const alts = [...byFolded.keys()].sort((a, b) => b.length - a.length).map((t) => escapeRe(t).replace(/ /g, '\\s+'));
    const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alts.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
    return { re, byFolded };
  });
}

/** Campaign exclusions and competitor names found as whole words, in their configured spelling. */
export function findForbidden(text: string, terms: string[]): string[] {
  const matcher = termMatcher(terms);
  if (!matcher) return [];
  const found = new Set<string>();
  for (const m of fold(text).matchAll(matcher.re)) {
    found.add(matcher.byFolded.get(m[0].replace(/\s+/g, ' ')) ?? m[0]);
  }
  return [...found];
}

// Words that name the same step of a call to action; a draft may say "grab 15
// minutes" for a CTA of "book a 15-minute call".
const CANON: Record<string, string> = {};
const GROUPS: Record<string, string[]> = {
  schedule: ['book', 'schedule', 'schedul', 'grab', 'find', 'pick', 'arrange', 'calendar', 'slot', 'time', 'set'],
  conversation: ['call', 'chat', 'meeting', 'meet', 'conversation', 'zoom', 'sync', 'coffee', 'catch'],
  demo: ['demo', 'walkthrough', 'walk', 'tour'],
  minute: ['minute', 'min', 'mins'],
  reply: ['reply', 'respond', 'answer', 'write'],
  intro: ['intro', 'introduction', 'introduce'],
};
for (const [canon, list] of Object.entries(GROUPS)) for (const w of list) CANON[w] = canon;

const CTA_FILLER = new Set(['would', 'open', 'available', 'possible', 'worth', 'interested', 'chance', 'please', 'kindly', 'next', 'week']);

function ctaKeys(text: string): Set<string> {
  const out = new Set<string>();
  for (const s of contentStems(text)) {
    if (CTA_FILLER.has(s)) continue;
    out.add(CANON[s] ?? s);
  }
  return out;
}

const ctaMemo = new Memo<{ keys: Set<string>; link: string | null }>(64);
// A message is asked for its call to action by several checks.
const haveMemo = new Memo<ReadonlySet<string>>(64);

/**
 * Whether the text carries the CTA: at least half of the CTA's content words
 * (after folding synonyms), and its link when the CTA is a link.
 */
export function hasCta(text: string, cta: string): boolean {
  if (!cta.trim()) return true;
  const want = ctaMemo.get(cta, () => ({ keys: ctaKeys(cta.replace(URL_RE, ' ')), link: findLink(cta) }));
  if (want.link) {
    const bare = fold(want.link)
      .replace(/^https?:\/\/(?:www\.)?/, '')
      .replace(/\/$/, '');
    if (fold(text).includes(bare)) return true;
    if (want.keys.size === 0) return false;
  }
  if (want.keys.size === 0) return true;
  const have = haveMemo.get(text, () => ctaKeys(text));
  let hit = 0;
  for (const k of want.keys) if (have.has(k)) hit += 1;
  return hit >= Math.ceil(want.keys.size / 2);
}
