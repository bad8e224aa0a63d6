/**
 * Wrong-recipient detection: the name a draft greets or addresses must be the
 * speaker's. A nickname passes only when it is an obvious prefix of the real
 * name (Rob/Robert, Alex/Alexandra), never a guess (Bob/Robert).
 */
import type { QaSpeaker } from './types.js';
import { COMMON_FIRST_NAMES } from './first-names.js';
import { Memo, fold } from './text.js';

const HONORIFIC = new Set(['mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'professor', 'sir', 'madam']);
const SUFFIX = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'mba', 'esq']);

// Capitalised words that follow "Hi" without being a person's name.
const NOT_A_NAME = new Set([
  'there',
  'all',
  'team',
  'everyone',
  'folks',
  'friend',
  'friends',
  'again',
  'both',
  'guys',
  'yall',
  "y'all",
  'i',
  "i'm",
  'im',
  "it's",
  'its',
  'this',
  'my',
  'we',
  'our',
  'quick',
  'just',
  'hope',
  'from',
  'and',
  'again',
  'you',
  'sir',
  'madam',
  'colleague',
  'colleagues',
  'speaker',
  'speakers',
  'people',
  'crew',
  'everybody',
]);
const GROUP_NOUN_RE = /^\s+(?:team|folks|crew|people|friends|gang|squad)\b/i;

const GREET_RE =
  /^\s*(?:hi|hey|hello|dear|hiya|howdy|greetings|good\s+(?:morning|afternoon|evening)|morning)\b[ \t]*,?[ \t]*(?:(mr|mrs|ms|mx|dr|prof)\.?[ \t]+)?([^\s,!.:;?\u2014\u2013]+)/i;
const VOCATIVE_RE = /^[ \t]*(\p{Lu}[\p{Ll}'-]+)[ \t]*(?:,|\u2014|\u2013| - )/gmu;
const INLINE_RE =
  /\b(?:thanks|thank you|congrats|congratulations|great to meet you|nice to meet you|hope you're well|hope you are well|hope all is well|good to see you)(?:\s+again)?,[ \t]+([^\s,!.?]+)(?=[ \t]*[!.,?])/gi;

// "Thanks for connecting, Priya!": a first name closing a clause addresses the reader wherever it stands.
const TRAILING_RE = /,[ \t]+(\p{Lu}[\p{Ll}'-]+)[ \t]*(?=[!.?,]|$)/gmu;

const tokenMemo = new Memo<ReadonlySet<string>>(256);

/** Folded tokens of every name the speaker goes by, without honorifics or suffixes. */
export function nameTokens(speaker: QaSpeaker): ReadonlySet<string> {
  return tokenMemo.get(`${speaker.name}\u0000${speaker.firstName ?? ''}`, () => splitName(speaker));
}

function splitName(speaker: QaSpeaker): Set<string> {
  const out = new Set<string>();
  for (const src of [speaker.name, speaker.firstName ?? '']) {
    for (const raw of fold(src).split(/[^a-z'-]+/)) {
      const t = raw.replace(/^['-]+|['-]+$/g, '');
      if (t.length > 0 && !HONORIFIC.has(t) && !SUFFIX.has(t)) out.add(t);
    }
  }
  return out;
}

function matchesSpeaker(word: string, tokens: ReadonlySet<string>): boolean {
  const w = fold(word).replace(/'s$/, '');
  if (tokens.has(w)) return true;
  for (const t of tokens) {
    if (Math.min(t.length, w.length) >= 3 && (t.startsWith(w) || w.startsWith(t))) return true;
  }
  return false;
}

const isCapitalised = (w: string): boolean => /^\p{Lu}/u.test(w);

/** Where the sign-off line starts; a one-line message has none. */
function lastLineStart(text: string): number {
  const cut = text.trimEnd().lastIndexOf('\n');
  return cut < 0 ? Number.POSITIVE_INFINITY : cut + 1;
}

function greetedName(text: string, tokens: ReadonlySet<string>, company: ReadonlySet<string>): string | null {
  const m = GREET_RE.exec(text);
  if (!m) return null;
  const word = m[2].replace(/['\u2019]s$/, '');
  if (!isCapitalised(word) || NOT_A_NAME.has(fold(word))) return null;
  if (company.has(fold(word)) || GROUP_NOUN_RE.test(text.slice(m.index + m[0].length))) return null;
  return matchesSpeaker(word, tokens) ? null : word;
}

/** The wrong name the draft addresses, or null when every address fits the speaker. */
export function wrongName(text: string, speaker: QaSpeaker, senderName?: string | null): string | null {
  const tokens = nameTokens(speaker);
  if (tokens.size === 0) return null;
  const company = new Set(
    fold(speaker.company ?? '')
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  const sender: ReadonlySet<string> = senderName ? nameTokens({ name: senderName }) : new Set<string>();
  const greeted = greetedName(text, tokens, company);
  if (greeted) return greeted;
  const signOff = lastLineStart(text);
  for (const m of text.matchAll(VOCATIVE_RE)) {
    const word = m[1];
    if (m.index >= signOff || !COMMON_FIRST_NAMES.has(fold(word))) continue;
    if (!matchesSpeaker(word, tokens) && !sender.has(fold(word))) return word;
  }
  for (const m of text.matchAll(INLINE_RE)) {
    const word = m[1];
    if (m.index >= signOff || !isCapitalised(word) || NOT_A_NAME.has(fold(word))) continue;
    if (!matchesSpeaker(word, tokens) && !sender.has(fold(word)) && !company.has(fold(word))) return word;
  }
  for (const m of text.matchAll(TRAILING_RE)) {
    const word = m[1] as string;
    if (m.index >= signOff || !COMMON_FIRST_NAMES.has(fold(word))) continue;
    if (!matchesSpeaker(word, tokens) && !sender.has(fold(word)) && !company.has(fold(word))) return word;
  }
  return null;
}

// Family names that often come first, so the last word of the name may be the given name.
const FAMILY_FIRST = new Set(
  (
    'chen wang li zhang liu yang huang zhao wu zhou xu sun ma zhu hu guo he lin gao luo zheng liang xie song tang han feng deng ' +
    'kim lee park choi jung kang cho yoon jang lim nguyen tran le pham hoang phan vu dang bui do ho ngo duong ' +
    'sato suzuki takahashi tanaka watanabe ito yamamoto nakamura kobayashi kato yoshida yamada sasaki yamaguchi matsumoto'
  ).split(' '),
);

/**
 * The surname a greeting uses in place of the first name ("Hey Hallade," to Jean
 * Hallade), or null. With an honorific ("Dear Dr. Mensah") a surname is right, and
 * a name whose order is unclear ("Chen Wei" without a first name given) is let be.
 */
export function surnameGreeting(text: string, speaker: QaSpeaker): string | null {
  const m = GREET_RE.exec(text);
  if (!m || m[1] || speaker.name.includes(',')) return null;
  const word = fold((m[2] as string).replace(/['\u2019]s$/, ''));
  const parts = fold(speaker.name)
    .split(/[^a-z'-]+/)
    .filter((t) => t && !HONORIFIC.has(t) && !SUFFIX.has(t));
  if (parts.length < 2) return null;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const given = speaker.firstName ? fold(speaker.firstName).split(/[^a-z'-]+/) : [first];
  if (word !== last || given.includes(word)) return null;
  if (!speaker.firstName && (COMMON_FIRST_NAMES.has(last) || FAMILY_FIRST.has(first))) return null;
  return m[2] as string;
}
