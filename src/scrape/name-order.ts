/**
 * Pages that list people family name first ("HALLADE Jean", "Hallade, Jean", or plain
 * "Nagy Péter" where the LinkedIn slugs say /in/peter-nagy) are recognised, and their
 * names stored given name first, so that a greeting uses the given name. The order is a
 * convention of the page, so it is decided once per page, from the signs its names
 * carry, and only when they agree: a page of "Jean-Michel ARMAND" with one "FELD Boris"
 * is a given-first page and is left as written. Names in scripts other than Latin (Han,
 * kana, Hangul, Cyrillic...) are always kept as written, and so is any name whose split
 * between family and given names cannot be seen.
 */
import { foldText, titleCaseToken } from './normalize.js';
import type { ScrapedSpeaker } from './types.js';

export type NameOrder = 'family-first' | 'given-first';

/** What one name says about the order it is written in, and where its family name ends. */
interface Sign {
  order: NameOrder;
  /** What showed it: capitals on the family name, a comma after it, or the LinkedIn slug. */
  by: 'caps' | 'comma' | 'slug';
  /** For family-first: the family name as written, and the given names. */
  family?: string[];
  given?: string[];
}

const LATIN_WORD = /^[\p{Script=Latin}][\p{Script=Latin}\p{M}'’.-]*$/u;
/** A word in capitals, at least two letters: "HALLADE", "DE", "O'NEILL". */
const CAPS_WORD = /^\p{Lu}[\p{Lu}\p{M}'’-]*\p{Lu}[\p{Lu}\p{M}]*$/u;
/** A capitalised word with lower case in it: "Jean", "Jean-Michel", "O'Neill", "McKay", "d'Arc". */
const MIXED_WORD = /^(?:\p{Ll}{1,3}['’])?\p{Lu}[\p{L}\p{M}'’.-]*$/u;
const isMixed = (w: string): boolean => MIXED_WORD.test(w) && /\p{Ll}/u.test(w);
/** Lower-case particles inside names ("van", "de", "da"): on either side of the split. */
const PARTICLE = /^\p{Ll}{1,3}$/u;
/** What may follow a comma after a name without being a given name. */
const SUFFIX = /^(?:jr|sr|ii|iii|iv|phd|md|mba|esq)\.?$/i;
/** Words that make the part after a comma an organisation ("Jane Doe, Acme Labs"). */
const ORG_WORD =
  /^(?:inc|ltd|llc|gmbh|corp|co|ag|sa|srl|bv|labs?|university|universit\p{L}*|institut\p{L}*|group|foundation|team|studio|systems|software|technologies|consulting)\.?$/iu;
/** Family-first signs must outnumber given-first ones this many times. */
const AGREEMENT = 3;
/** Pages with fewer names than this are not checked for alphabetical order. */
const MIN_FOR_ORDER = 4;

const words = (name: string): string[] => name.trim().split(/\s+/).filter(Boolean);
const isLatinName = (parts: string[]): boolean => parts.length >= 2 && parts.every((w) => LATIN_WORD.test(w));
const nameWords = (name: string): string[] => words(name.replace(',', ' '));

/** "Hallade, Jean": family name, a comma, given names; "Martin King, Jr." and "Jane Doe, Acme Labs" are not one. */
function commaSign(name: string): Sign | undefined {
  const m = /^([^,]+),\s*([^,]+)$/.exec(name.trim());
  if (!m) return undefined;
  const family = words(m[1] as string);
  const given = words(m[2] as string);
  if (family.length > 3 || given.length > 2) return undefined;
  if (!family.every((w) => isMixed(w) || CAPS_WORD.test(w) || PARTICLE.test(w)) || !family.some((w) => !PARTICLE.test(w))) return undefined;
  if (!given.every(isMixed) || given.some((w) => SUFFIX.test(w) || ORG_WORD.test(w))) return undefined;
  return { order: 'family-first', by: 'comma', family, given };
}

/** "HALLADE Jean" (family first) or "Jean HALLADE" (given first): the capitals mark the family name. */
function capsSign(parts: string[]): Sign | undefined {
  const kind = parts.map((w) => (PARTICLE.test(w) ? 'particle' : CAPS_WORD.test(w) ? 'caps' : isMixed(w) ? 'mixed' : 'other'));
  if (kind.includes('other') || !kind.includes('caps') || !kind.includes('mixed')) return undefined;
  const firstMixed = kind.indexOf('mixed');
  const lastCaps = kind.lastIndexOf('caps');
  // Capitals, then given names: family first.
  if (lastCaps < firstMixed) return { order: 'family-first', by: 'caps', family: parts.slice(0, firstMixed), given: parts.slice(firstMixed) };
  // Given names, then capitals: given first.
  const firstCaps = kind.indexOf('caps');
  if (kind.lastIndexOf('mixed') < firstCaps) return { order: 'given-first', by: 'caps' };
  return undefined;
}

/** The words of a LinkedIn profile's slug, without the numeric or hex id LinkedIn appends. */
function slugWords(linkedinUrl: string | null): string[] {
  const slug = linkedinUrl ? /\/in\/([^/?#]+)/.exec(linkedinUrl)?.[1] : undefined;
  if (!slug) return [];
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // Kept as written.
  }
  return foldText(decoded.replace(/-/g, ' '))
    .split(' ')
    .filter((w) => w && !/\d/.test(w));
}

/** A slug with the name's words turned round ("/in/jean-hallade" for "Hallade Jean") shows the family name first. */
function slugSign(parts: string[], linkedinUrl: string | null): Sign | undefined {
  const slug = slugWords(linkedinUrl).join('');
  if (!slug) return undefined;
  const folded = parts.map((w) => foldText(w).replace(/ /g, ''));
  if (folded.join('') === slug) return { order: 'given-first', by: 'slug' };
  for (let k = 1; k < parts.length; k++) {
    if ([...folded.slice(k), ...folded.slice(0, k)].join('') === slug)
      return { order: 'family-first', by: 'slug', family: parts.slice(0, k), given: parts.slice(k) };
  }
  return undefined;
}

function signOf(s: ScrapedSpeaker): Sign | undefined {
  const comma = commaSign(s.name);
  if (comma) return comma;
  const parts = words(s.name);
  if (!isLatinName(parts)) return undefined;
  return capsSign(parts) ?? slugSign(parts, s.linkedinUrl);
}

/** True when the keys never go down, and do go up somewhere: the list is sorted by them. */
function sortedBy(keys: string[]): boolean {
  let rises = false;
  for (let i = 1; i < keys.length; i++) {
    const c = (keys[i - 1] as string).localeCompare(keys[i] as string);
    if (c > 0) return false;
    if (c < 0) rises = true;
  }
  return rises;
}

/** What a page's names show: its convention, and whether it marks family names (capitals, commas). */
export interface PageNames {
  order: NameOrder | null;
  /** True when the family-first signs are marks on the names, not LinkedIn slugs or order alone. */
  marked: boolean;
}

/**
 * The page's convention, or null when it cannot be told: family-first when some names
 * show it (capitals, a comma, a turned-round LinkedIn slug), far more of them than show
 * the opposite, and either enough of them or a list sorted by its first words (as a
 * family-first list is) rather than by its last.
 */
export function pageNameOrder(speakers: readonly ScrapedSpeaker[]): PageNames {
  const latin = speakers.filter((s) => isLatinName(nameWords(s.name)));
  let family = 0;
  let given = 0;
  let marked = false;
  for (const s of latin) {
    const sign = signOf(s);
    if (sign?.order === 'family-first') {
      family += 1;
      marked ||= sign.by !== 'slug';
    } else if (sign?.order === 'given-first') given += 1;
  }
  const notFamilyFirst = { order: given > 0 ? ('given-first' as const) : null, marked: false };
  if (family === 0 || family < AGREEMENT * given) return notFamilyFirst;
  const checked = latin.length >= MIN_FOR_ORDER;
  const firsts = latin.map((s) => foldText(nameWords(s.name)[0]));
  const lasts = latin.map((s) => foldText(nameWords(s.name).at(-1)));
  if (checked && sortedBy(lasts) && !sortedBy(firsts)) return notFamilyFirst;
  const alphabetical = checked && sortedBy(firsts) && !sortedBy(lasts);
  return family >= 3 || family * 2 >= latin.length || alphabetical ? { order: 'family-first', marked } : notFamilyFirst;
}

/** A family name written in capitals as a marker reads as a name once it stands last: "HALLADE" → "Hallade". */
function asWritten(word: string): string {
  return CAPS_WORD.test(word) ? titleCaseToken(word, false) : word;
}

/**
 * One name given name first, when its split is known; else null. On a page that marks
 * its family names, a name without the mark is not in the page's convention and stays.
 */
function turned(s: ScrapedSpeaker, marked: boolean): string | null {
  const sign = signOf(s);
  if (sign?.order === 'given-first') return null;
  let family = sign?.family;
  let given = sign?.given;
  if (!family || !given) {
    // No sign of its own: on a page of plain family-first names, two words are family then given.
    const parts = words(s.name);
    if (marked || !isLatinName(parts) || parts.length !== 2) return null;
    [family, given] = [[parts[0] as string], [parts[1] as string]];
  }
  return [...given, ...family.map(asWritten)].join(' ');
}

/**
 * Speakers of a family-first page with their names given name first; the evidence
 * (read before this) keeps the name as the page writes it. Other pages are unchanged.
 */
export function inGivenNameOrder(speakers: ScrapedSpeaker[]): ScrapedSpeaker[] {
  const page = pageNameOrder(speakers);
  if (page.order !== 'family-first') return speakers;
  return speakers.map((s) => {
    const name = turned(s, page.marked);
    return name && name !== s.name ? { ...s, name } : s;
  });
}
