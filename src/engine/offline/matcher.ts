/**
 * Whole-word phrase matching. Many phrases are joined into one regex so a text is
 * scanned once, however long the phrase list: a bio costs one pass, not one per term.
 */
import { escapeRegex, fold, squash } from './text.js';

export interface PhraseMatcher {
  readonly re: RegExp;
  /** Folded phrase -> the label it stands for. */
  readonly labels: ReadonlyMap<string, string>;
}

export interface Hit {
  label: string;
  /** Where the match starts in the scanned text. */
  index: number;
  /** The matched text exactly as written. */
  text: string;
}

/** Letters and digits on either side would make "java" match inside "javascript". */
const BEFORE = '(?<![\\p{L}\\p{N}_])';
const AFTER = '(?![\\p{L}\\p{N}_])';

/**
 * Builds a matcher from label -> phrases. Phrases are matched case-insensitively;
 * whitespace inside a phrase matches any run of whitespace or a hyphen.
 */
export function buildMatcher(entries: Iterable<readonly [string, readonly string[]]>): PhraseMatcher | null {
  const labels = new Map<string, string>();
  for (const [label, phrases] of entries) {
    for (const phrase of phrases) {
      const key = normalizeKey(phrase);
      if (key && !labels.has(key)) labels.set(key, label);
    }
  }
  if (labels.size === 0) return null;
  const alternatives = [...labels.keys()].sort((a, b) => b.length - a.length).map((k) => escapeRegex(k).replace(/ /g, '[\\s-]+'));
  const re = new RegExp(`${BEFORE}(?:${alternatives.join('|')})${AFTER}`, 'giu');
  return { re, labels };
}

function normalizeKey(phrase: string): string {
  return squash(fold(phrase).replace(/-/g, ' '));
}

/** Every hit in order of appearance; with `firstOnly`, one hit per label. */
export function findHits(matcher: PhraseMatcher | null, text: string | null, firstOnly = true): Hit[] {
  if (!matcher || !text) return [];
  const hits: Hit[] = [];
  const seen = new Set<string>();
  const re = matcher.re;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const label = matcher.labels.get(normalizeKey(m[0]));
    if (label === undefined) continue;
    if (firstOnly && seen.has(label)) continue;
    seen.add(label);
    hits.push({ label, index: m.index, text: m[0] });
  }
  return hits;
}

/** Like findHits but only reports whether anything matched. */
export function hasHit(matcher: PhraseMatcher | null, text: string | null): boolean {
  if (!matcher || !text) return false;
  matcher.re.lastIndex = 0;
  return matcher.re.test(text);
}
