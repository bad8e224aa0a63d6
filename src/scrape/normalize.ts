/**
 * Turns what extractors saw into the cleaned speaker record the pipeline stores.
 * Everything here is deterministic and offline: no fetches, no guessing beyond
 * patterns that conference sites use consistently.
 */
import * as cheerio from 'cheerio';
import type { RawSpeaker, RawTalk, ScrapedSpeaker } from './types.js';
import { companyProblem, titleProblem, withoutTrailingUrl } from './normalize-org.js';
import { looksLikeJobTitle, severalEmployers, splitTagline, withoutPlace } from './normalize-tagline.js';
import { isHandleName, splitNameAndOrg } from './normalize-name.js';

export { splitTagline, looksLikeJobTitle } from './normalize-tagline.js';
export type { TaglineParts } from './normalize-tagline.js';

const HONORIFICS =
  /^(?:(?:the\s+hon(?:ourable|orable)?|hon|dr|prof|professor|mr|mrs|ms|mx|miss|sir|dame|rev|ing|mag|dipl|avv|dott|dott\.ssa|ing|lic|mtro|mtra|sr|sra)\.?\s+)+/i;
// Post-nominals after a name ("PhD", "MBA", ", CCP", "MP", "AO"); "Jr." and "III" belong to the name and stay.
const CREDENTIALS = /(?:,?\s+(?:ph\.?\s?d\.?|m\.?d\.?|mba|msc|m\.sc\.|bsc|b\.sc\.|dphil|esq\.?|ccp|cpa|pmp|cissp))+$/i;
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

/** Cleans a displayed name: decoration, honorifics and shouting removed, diacritics kept. */
export function cleanName(raw: string): string {
  let name = collapseSpace(stripHtml(raw ?? '') ?? '').replace(EMOJI, '');
  name = name.replace(/[!¡?¿*#~_|•★☆♥<>[\]{}]+/g, ' ');
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

/** Removes markup and decodes entities, keeping paragraph breaks as blank lines. */
export function stripHtml(html: string | null | undefined): string | null {
  if (html == null) return null;
  let text = String(html);
  if (/[<&]/.test(text)) {
    const withBreaks = text.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n\n');
    text = cheerio.load(`<div id="x">${withBreaks}</div>`, null, false)('#x').text();
  }
  text = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00A0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > 0 ? text : null;
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

function cleanField(value: string | null | undefined): string | null {
  const text = stripHtml(value);
  return text ? collapseSpace(text) : null;
}

function dedupeTalks(talks: RawTalk[] | undefined): RawTalk[] {
  const seen = new Map<string, RawTalk>();
  for (const talk of talks ?? []) {
    const title = cleanField(talk?.title);
    if (!title) continue;
    const key = foldText(title);
    const abstract = stripHtml(talk.abstract) ?? undefined;
    const known = seen.get(key);
    if (!known) seen.set(key, abstract ? { title, abstract } : { title });
    else if (!known.abstract && abstract) known.abstract = abstract;
  }
  return [...seen.values()];
}

interface LinkSummary {
  links: string[];
  linkedinUrl: string | null;
  companyLinkedinUrl: string | null;
}

function summariseLinks(raw: string[] | undefined, baseUrl: string): LinkSummary {
  const links: string[] = [];
  let linkedinUrl: string | null = null;
  let companyLinkedinUrl: string | null = null;
  for (const link of raw ?? []) {
    const resolved = resolveUrl(link, baseUrl);
    if (!resolved || links.includes(resolved)) continue;
    links.push(resolved);
    const ref = normalizeLinkedIn(resolved);
    if (ref?.kind === 'person') linkedinUrl ??= ref.url;
    if (ref?.kind === 'company') companyLinkedinUrl ??= ref.url;
  }
  return { links, linkedinUrl, companyLinkedinUrl };
}

/**
 * Explicit fields win; the tagline only fills gaps. A title that itself reads
 * "Role @ Company" is trimmed to the role when the company agrees with the explicit one.
 */
/** ", Datalia", "| CTO": what a page puts between the name and the field is not part of it. */
function roleField(value: string | undefined): string | null {
  return cleanField(value)?.replace(/^[,;:|·•–—-]+\s*/u, '') || null;
}

/** "Ingeniera de datos.Organizadora del GDG": two sentences are a bio, not a job title. */
const SENTENCES = /\p{Ll}{2}[.!?]\s*\p{Lu}\p{Ll}/u;

/** "… als Teamleiter. Er spricht über …": a second sentence that goes on in lower-case words ("Dist. Professor, X" does not). */
const PROSE = /\p{Ll}{2}[.!?]\s+\p{Lu}\p{Ll}*(?:\s+\p{Ll}{2,}){2}/u;

/** What a company slot holds that names no one employer. */
const UNNAMED = new Set(['no word (a flag, an icon or a mark)', 'two organisations', 'a label and its value (a link written out)']);

function pickRole(raw: RawSpeaker): { title: string | null; company: string | null } {
  let title = roleField(raw.title);
  if (title && (SENTENCES.test(title) || severalEmployers(title) || companyProblem(title) === 'no employer')) title = null;
  // "Developer, Berlin" in the job field: the place is where, not what.
  const placed = title ? withoutPlace(title) : undefined;
  if (placed?.dropped && looksLikeJobTitle(placed.text)) title = placed.text;
  let company = roleField(raw.company);
  // "Kelpware https://kelpware.example": the address appended is no part of the name; a flag, or two organisations, name no one.
  if (company) company = withoutTrailingUrl(company);
  if (company && UNNAMED.has(companyProblem(company) ?? '')) company = null;
  if (title && company) {
    const inner = splitTagline(title);
    if (inner.title && inner.company && foldText(inner.company) === foldText(company)) title = inner.title;
    // A line that gave the company is not also the job ("Datalia" under the name, and worksFor Datalia).
    else if (foldText(title) === foldText(company)) title = null;
  }
  if (title && !company) {
    // A job field that reads "Developer at SponsorPay" names the employer too.
    const inner = splitTagline(title);
    if (inner.title && inner.company && /\s(?:at|@|\/\/|\|)\s/i.test(title)) [title, company] = [inner.title, inner.company];
  }
  const tagline = cleanField(raw.tagline);
  // "X arbeitet bei Y als Z. Er spricht …": two sentences are a bio, never a role line split in two.
  if (tagline && !PROSE.test(tagline) && (!title || !company)) {
    const parts = splitTagline(tagline);
    title ??= parts.title;
    company ??= parts.company;
  }
  // "Directeur de l'association https://…": a role line that carries a web address is no job title.
  if (title && titleProblem(title) === 'a web address') title = null;
  return { title, company };
}

/** Cleans one raw record; links are resolved against the page they were found on. */
export function normalizeSpeaker(raw: RawSpeaker, baseUrl: string): ScrapedSpeaker {
  const named = splitNameAndOrg(cleanName(raw.name ?? ''));
  const { title, company } = pickRole(raw);
  const { links, linkedinUrl, companyLinkedinUrl } = summariseLinks(raw.links, baseUrl);
  const sourceId = raw.sourceId?.trim();
  return {
    name: named.name,
    title,
    // An organisation in parentheses after the name is the company when no field gave one.
    company: company ?? named.company,
    tagline: cleanField(raw.tagline),
    bio: stripHtml(raw.bio),
    talks: dedupeTalks(raw.talks),
    linkedinUrl,
    companyLinkedinUrl,
    links,
    photoUrl: resolveUrl(raw.photoUrl, baseUrl),
    profileUrl: resolveUrl(raw.profileUrl, baseUrl),
    ...(sourceId ? { sourceId } : {}),
    evidence: {},
  };
}

/** Identity of a speaker within a page: the LinkedIn profile when known, else name and company. */
export function dedupeKey(s: ScrapedSpeaker): string {
  if (s.linkedinUrl) return s.linkedinUrl;
  return `${foldText(s.name)}|${foldText(s.company)}`;
}
