/** Small text helpers shared by the offline stages. Regexes are compiled once, here. */
import { isHandleName } from '../../scrape/normalize-name.js';

const WS = /\s+/g;
const DIACRITICS = /[\u0300-\u036f]/g;
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;
const HONORIFIC = /^(?:dr|prof|mr|mrs|ms|mx|sir|dame|ing|dipl)\.?$/i;
const NAME_TRIM = /^[^\p{L}]+|[^\p{L}'’-]+$/gu;
const LETTERS = /\p{L}/gu;
const UPPER = /\p{Lu}/gu;
const SENTENCE_END = /[.!?](?=["”')\]]*(?:\s|$))|\n/g;
/** Words a full stop shortens, not ends: "Acme Inc. is", "St. Louis", "e.g. Rust". */
const ABBREVIATION =
  /(?:^|[\s(])(?:inc|ltd|co|corp|llc|plc|st|mt|ft|dr|mr|mrs|ms|mx|prof|sr|jr|vs|etc|approx|no|nr|dept|univ|est|ca|cf|al|fig|vol|ed|eds|[a-z]\.[a-z]|[\p{Lu}])$/iu;
const STEM_SUFFIX = /(?:ing|s)$/;

/** Collapses runs of whitespace and trims. */
export function squash(text: string): string {
  return text.replace(WS, ' ').trim();
}

/** Lower-cases and strips diacritics so "Müller" and "muller" compare equal. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
}

export function escapeRegex(text: string): string {
  return text.replace(REGEX_SPECIAL, '\\$&');
}

/** FNV-1a: a stable 32-bit hash, so template choice is deterministic without randomness. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(options: readonly T[], seed: number, salt = 0): T {
  return options[(seed + salt * 7919) % options.length];
}

/** True when most letters are capitals, e.g. an ALL-CAPS bio pasted from a flyer. */
export function isShouting(text: string): boolean {
  const letters = text.match(LETTERS)?.length ?? 0;
  if (letters < 4) return false;
  const upper = text.match(UPPER)?.length ?? 0;
  return upper / letters > 0.8;
}

function capitalizeWord(word: string): string {
  return word
    .split('-')
    .map((part) => (part ? part[0].toUpperCase() + part.slice(1).toLowerCase() : part))
    .join('-');
}

/**
 * The name to greet someone by. Skips honorifics, reads "Last, First", and fixes
 * all-caps or all-lower names so the greeting looks typed by a person.
 */
export function firstName(fullName: string): string {
  const name = squash(fullName);
  // An e-mail address or a handle ("bigalex", "@pkoerner81929", the scraper's `nameIsHandle`)
  // is not a name: guessing "Piet" from an address, or greeting "Hey codieplusplus,", greets
  // a username as if it were a first name. '' is returned, and the greeting then carries no
  // name ("Hey,"), as for a lone initial.
  if (isHandleName(name)) return '';
  const commaAt = name.indexOf(',');
  const ordered = commaAt > 0 ? `${name.slice(commaAt + 1)} ${name.slice(0, commaAt)}` : name;
  const words = ordered
    .split(' ')
    .map((w) => w.replace(NAME_TRIM, ''))
    .filter((w) => w.length > 0 && !HONORIFIC.test(w));
  // "J. Robert Oppenheimer" goes by Robert; "J. Smith" gives no first name to use.
  const initial = (words[0] ?? '').length === 1;
  const first = initial ? (words.length >= 3 ? words[1] : '') : (words[0] ?? '');
  if (!first || first.length === 1) return '';
  // "Akat1 Majorana": a word with digits is a handle, and "Akat" a name nobody has.
  const raw = ordered.split(' ').find((w) => w.replace(NAME_TRIM, '') === first) ?? '';
  if (/\d/.test(raw)) return '';
  const mixed = first !== first.toUpperCase() && first !== first.toLowerCase();
  const given = mixed ? first : capitalizeWord(first);
  // "Jose Miguel Izquierdo", "Ana Paula Souza": a compound given name is said whole.
  const second = words[1] ?? '';
  if (!initial && words.length >= 3 && COMPOUND_FIRST.has(foldName(first)) && COMPOUND_SECOND.has(foldName(second)))
    return `${given} ${capitalizeWord(second)}`;
  return given;
}

/** Given names that open a compound one in Spanish, Portuguese and French ("José Miguel", "Ana Paula", "Jean Marc"). */
const COMPOUND_FIRST = new Set('jose juan maria ana luis joao jean marie pedro'.split(' '));
/** Given names that close one. */
const COMPOUND_SECOND = new Set(
  (
    'miguel carlos antonio luis manuel jose maria pablo angel ignacio francisco javier pedro eduardo fernando alberto ramon jesus emilio andres enrique ' +
    'elena isabel teresa carmen luisa fernanda paula eugenia cristina sofia victoria laura clara lucia beatriz mariana eduarda vitor victor gabriel ' +
    'pierre paul claude luc marc baptiste francois michel louise claire christine anne'
  ).split(' '),
);

/** A name folded to plain lower-case letters: "José" is "jose". */
const foldName = (w: string): string => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Sentences of a text as exact substrings (trimmed), so they can serve as source quotes. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m; m = SENTENCE_END.exec(text)) {
    if (!endsSentence(text, m.index)) continue;
    const end = m.index + (m[0] === '\n' ? 0 : 1);
    const piece = text.slice(start, end).trim();
    if (piece) out.push(piece);
    start = m.index + 1;
  }
  const tail = text.slice(start).trim();
  if (tail) out.push(tail);
  return out;
}

/**
 * Whether the mark at `i` ends a sentence. A dot inside a word (".NET", "Node.js"), after
 * an abbreviation or an initial ("Inc.", "e.g.", "J. Smith"), or before a word in lower
 * case does not: splitting there cuts names and quotes in half.
 */
export function endsSentence(text: string, i: number): boolean {
  const c = text[i];
  if (c === '\n') return true;
  if (!'.!?'.includes(c)) return false;
  let j = i + 1;
  while (j < text.length && '"”\')]'.includes(text[j])) j++;
  if (j < text.length && !/\s/.test(text[j])) return false;
  if (c !== '.') return true;
  if (ABBREVIATION.test(text.slice(Math.max(0, i - 8), i))) return false;
  const next = /^\s+(\S)/.exec(text.slice(j, j + 4))?.[1];
  return !(next && /\p{Ll}/u.test(next));
}

/** The sentence of `text` that contains position `index`, as an exact trimmed substring. */
export function sentenceAround(text: string, index: number, maxLength = 280): string {
  let start = index;
  while (start > 0 && !endsSentence(text, start - 1)) start--;
  let end = index;
  while (end < text.length && !endsSentence(text, end)) end++;
  if (end < text.length && text[end] !== '\n') end++;
  let piece = text.slice(start, end).trim();
  if (piece.length > maxLength) {
    const from = Math.max(0, index - start - Math.floor(maxLength / 2));
    piece = text.slice(start + from, start + from + maxLength).trim();
  }
  return piece;
}

/** Cuts at a word boundary so the result fits `max` characters. */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.5 ? cut.slice(0, space) : text.slice(0, max)).trimEnd();
}

/** Tokens for fuzzy title comparison: folded, punctuation split, light stemming. */
export function titleTokens(text: string): string[] {
  const out: string[] = [];
  const canonical = fold(text).replace(TITLE_PHRASES, (m) => TITLE_PHRASE_MAP.get(m) ?? m);
  for (const raw of canonical.split(/[^a-z0-9+#]+/)) {
    if (!raw || TITLE_STOPWORDS.has(raw)) continue;
    const alias = TITLE_ALIASES.get(raw);
    if (alias) {
      out.push(...alias);
      continue;
    }
    out.push(raw.length > 4 ? raw.replace(STEM_SUFFIX, '') : raw);
  }
  return out;
}

/** Spelled-out titles folded to their abbreviation before tokenising. */
const TITLE_PHRASE_MAP = new Map<string, string>([
  ['chief technology officer', 'cto'],
  ['chief technical officer', 'cto'],
  ['chief executive officer', 'ceo'],
  ['chief financial officer', 'cfo'],
  ['chief operating officer', 'coo'],
  ['chief information security officer', 'ciso'],
  ['chief information officer', 'cio'],
  ['chief product officer', 'cpo'],
  ['chief marketing officer', 'cmo'],
  ['chief revenue officer', 'cro'],
  ['chief data officer', 'cdo'],
  ['vice president', 'vp'],
  ['co-founder', 'founder'],
  ['co founder', 'founder'],
  ['cofounder', 'founder'],
]);
const TITLE_PHRASES = new RegExp([...TITLE_PHRASE_MAP.keys()].map((k) => `\\b${escapeRegex(k)}\\b`).join('|'), 'g');

const TITLE_STOPWORDS = new Set(['of', 'and', 'the', 'for', 'at', 'in', 'a', 'an', '&', 'to']);

/** Abbreviations folded to one spelling so "Sr. Eng" matches "Senior Engineer". */
const TITLE_ALIASES = new Map<string, string[]>([
  ['sr', ['senior']],
  ['jr', ['junior']],
  ['eng', ['engineer']],
  ['engineering', ['engineer']],
  ['dev', ['develop']],
  ['developer', ['develop']],
  ['development', ['develop']],
  ['mgr', ['manager']],
  ['mgmt', ['management']],
  ['svp', ['vp']],
  ['evp', ['vp']],
  ['avp', ['vp']],
  ['dir', ['director']],
  ['swe', ['software', 'engineer']],
  ['sre', ['site', 'reliability', 'engineer']],
  ['ml', ['machine', 'learn']],
  ['ai', ['ai']],
]);
