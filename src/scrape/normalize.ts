/**
 * Names, links and folding for the cleaned speaker record (speaker-record.ts builds it)
 * and for the rest of the service. Everything here is deterministic and offline: no
 * fetches, no markup parsing, no guessing beyond patterns conference sites use consistently.
 */
import type { ScrapedSpeaker } from './types.js';
import { isHandleName } from './normalize-name.js';

export { splitTagline, looksLikeJobTitle } from './normalize-tagline.js';
export type { TaglineParts } from './normalize-tagline.js';

const HONORIFICS =
  /^(?:(?:the\s+hon(?:ourable|orable)?|hon|dr|prof|professor|mr|mrs|ms|mx|miss|sir|dame|rev|ing|mag|dipl|avv|dott|dott\.ssa|ing|lic|mtro|mtra|sr|sra)\.?\s+)+/i;
// Post-nominals after a name ("PhD", "MBA", ", CCP", ", J.D., Ph.D", "MP", "AO"); "Jr." and "III" belong to the name and stay.
const CREDENTIALS = /(?:,?\s+(?:ph\.?\s?d\.?|m\.?d\.?|j\.\s?d\.?|ed\.\s?d\.?|mba|msc|m\.sc\.|bsc|b\.sc\.|dphil|esq\.?|ccp|cpa|pmp|cissp))+$/i;
// Short post-nominals count only in capitals and after two words: "Ma" and "Ao" are also surnames.
const CAPITAL_POSTNOMINALS = /(?<=\S+\s+\S+)(?:,?\s+(?:MA|BA|MP|AO|AC|AM|OBE|MBE|CBE|FRS|RN|MD))+$/u;
// "John Waterman, PMP, GISP": after two words, a comma-separated run of capitalised letters is a list of credentials.
const COMMA_CREDENTIALS = /(?<=\S+\s+\S+)(?:,\s*\p{Lu}{2,6})+$/u;
// Emoji, pictographs, regional-indicator flags, skin tones, joiners and variation selectors.
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0E|\uFE0F|\u20E3/gu;
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'das',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'y',
  'e',
  'ten',
  'ter',
  'bin',
  'ibn',
  'zu',
  'af',
  'av',
]);
const QUOTE_PAIRS: Array<[string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['«', '»'],
  ['„', '“'],
];

/** Collapses all runs of whitespace (including no-break spaces) into single spaces. */
export function collapseSpace(text: string): string {
  return text.replace(/[\s\u00A0\u2000-\u200B\u202F\u205F\u3000]+/g, ' ').trim();
}

function stripSurroundingQuotes(text: string): string {
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length > 1 && text.startsWith(open) && text.endsWith(close)) {
      return text.slice(open.length, text.length - close.length).trim();
    }
  }
  return text;
}

function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

/** Title-cases one space-separated token; hyphen and apostrophe parts are capitalised on their own. */
export function titleCaseToken(token: string, first: boolean): string {
  const lower = token.toLocaleLowerCase();
  if (!first && PARTICLES.has(lower)) return lower;
  return lower
    .split('-')
    .map((part) => {
      const apostrophe = /^([a-z])['’](\p{L}.*)$/u.exec(part);
      if (apostrophe) return `${apostrophe[1].toUpperCase()}'${capitalise(apostrophe[2])}`;
      const mc = /^mc(\p{L}.*)$/u.exec(part);
      if (mc) return `Mc${capitalise(mc[1])}`;
      return capitalise(part);
    })
    .join('-');
}

/**
 * True when the name is written all in capitals ("JOHN DOE"), a page's shouting whose
 * capitalisation carries no information. A name all in lower case ("isis lovecruft") is
 * how its owner writes it and stays as written.
 */
function isShouted(name: string): boolean {
  const hasLetters = name.toLocaleLowerCase() !== name.toLocaleUpperCase();
  return hasLetters && name === name.toLocaleUpperCase();
}

/** A displayed name without the honorifics before it and the post-nominals after it. */
export function withoutTitles(name: string): string {
  return name
    .replace(HONORIFICS, '')
    .replace(CREDENTIALS, '')
    .replace(CAPITAL_POSTNOMINALS, '')
    .replace(COMMA_CREDENTIALS, '')
    .replace(/[\s,;]+$/, '');
}

/** Cleans a displayed name (text, markup already stripped): decoration, honorifics and shouting removed, diacritics kept. */
export function cleanName(raw: string): string {
  let name = collapseSpace(raw ?? '').replace(EMOJI, '');
  // "Joel Ostblom¶", "Jane Doe §": a heading's anchor mark is no part of the name.
  name = name.replace(/[!¡?¿*#~_|•★☆♥<>[\]{}¶§\u{1F517}]+/gu, ' ');
  name = collapseSpace(name);
  name = name.replace(/^[\s,;:\-–—.]+|[\s,;:\-–—]+$/g, '');
  name = stripSurroundingQuotes(name);
  name = name.replace(HONORIFICS, '').replace(CREDENTIALS, '').replace(CAPITAL_POSTNOMINALS, '').replace(COMMA_CREDENTIALS, '');
  name = collapseSpace(name.replace(/[\s,;:\-–—]+$/g, ''));
  // "RND" is a handle; capitalised it becomes a name nobody has.
  if (isShouted(name) && !isHandleName(name)) {
    name = name
      .split(' ')
      .map((token, i) => titleCaseToken(token, i === 0))
      .join(' ');
  }
  return name;
}

const PLACEHOLDER_NAMES = new Set([
  'name',
  'name surname',
  'first last',
  'firstname lastname',
  'first name last name',
  'speaker',
  'speaker name',
  'your name',
  'tba',
  'tbd',
  'tbc',
  'to be announced',
  'to be confirmed',
  'a anunciar',
  'organization',
  'organisation',
  'organização',
  'organizacion',
  'organización',
  'organizers',
  'organisers',
  'organizer',
  'organiser',
  'team',
  'staff',
  'lorem ipsum',
]);

/** Names that templates and schedules use for "nobody yet"; such records are not speakers. */
export function isPlaceholderName(name: string): boolean {
  const folded = collapseSpace(name).toLocaleLowerCase();
  return folded.length === 0 || PLACEHOLDER_NAMES.has(folded);
}

export type LinkedInKind = 'person' | 'company';
export interface LinkedInRef {
  kind: LinkedInKind;
  url: string;
}

const COMPANY_SECTIONS = new Set(['company', 'school', 'showcase']);

function parseLinkedInHost(raw: string): URL | null {
  let text = collapseSpace(raw ?? '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    text = text.replace(/^\/\//, '');
    if (!/^([a-z0-9-]+\.)*linkedin\.com(\/|$)/i.test(text)) return null;
    text = `https://${text}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  return host === 'linkedin.com' || host.endsWith('.linkedin.com') ? url : null;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function canonicalSlug(raw: string | undefined): string | null {
  if (!raw) return null;
  const slug = decodeSegment(raw)?.trim().toLocaleLowerCase();
  if (!slug || /[\s/?#]/.test(slug)) return null;
  return encodeURIComponent(slug);
}

/**
 * Old public profiles (/pub/name/x/y/z) redirect to /in/name-zyx: the hex id
 * segments reversed, the two lower groups zero-padded to three digits. A bare
 * /pub/name was a vanity form of /in/name.
 */
function pubSlug(segments: string[]): string | null {
  const [name, ...ids] = segments;
  if (!name || name === 'dir') return null;
  if (ids.length === 0) return name;
  if (ids.length !== 3 || !ids.every((id) => /^[0-9a-f]{1,3}$/i.test(id))) return null;
  const [high, mid, low] = ids;
  return `${name}-${low.padStart(3, '0')}${mid.padStart(3, '0')}${high}`;
}

/** Classifies and canonicalises a LinkedIn URL; anything that is not a profile or an organisation page gives null. */
export function normalizeLinkedIn(raw: string): LinkedInRef | null {
  const url = parseLinkedInHost(raw);
  if (!url) return null;
  const segments = url.pathname.split('/').filter((s) => s.length > 0);
  if (segments[0] === 'mwlite' || segments[0] === 'm') segments.shift();
  const section = segments[0]?.toLowerCase();
  if (section === 'in') {
    const slug = canonicalSlug(segments[1]);
    return slug ? { kind: 'person', url: `https://www.linkedin.com/in/${slug}` } : null;
  }
  if (section === 'pub') {
    const slug = canonicalSlug(pubSlug(segments.slice(1)) ?? undefined);
    return slug ? { kind: 'person', url: `https://www.linkedin.com/in/${slug}` } : null;
  }
  if (section && COMPANY_SECTIONS.has(section)) {
    const slug = canonicalSlug(segments[1]);
    return slug ? { kind: 'company', url: `https://www.linkedin.com/${section}/${slug}` } : null;
  }
  return null;
}

const BARE_HOST =
  /^(?:www\.|(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|me|co|info|biz|eu|uk|de|fr|es|it|nl|pl|pt|ua|ru|ch|at|be|se|no|dk|fi|cz|ie|us|ca|au|in|br|app|tech|xyz|blog|page|site|ai)(?:\/|$))/i;

/** Resolves a link as a browser would, treating "www.x.com/..." as absolute rather than relative. */
export function resolveUrl(link: string | null | undefined, baseUrl: string): string | null {
  const text = collapseSpace(link ?? '');
  if (!text || text === '#' || /^(javascript|data|tel):/i.test(text)) return null;
  const candidate = BARE_HOST.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(candidate, baseUrl || undefined);
    if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Lower case, diacritics folded, punctuation dropped: the form used to compare names. */
export function foldText(text: string | null | undefined): string {
  return collapseSpace(
    (text ?? '')
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLocaleLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' '),
  );
}

/** Identity of a speaker within a page: the LinkedIn profile when known, else name and company. */
export function dedupeKey(s: ScrapedSpeaker): string {
  if (s.linkedinUrl) return s.linkedinUrl;
  return `${foldText(s.name)}|${foldText(s.company)}`;
}
