/**
 * The cleaned speaker record made from what an extractor saw: markup stripped, the role
 * and employer picked from the fields and the tagline, links summarised. Kept apart from
 * normalize.ts, which the rest of the service reads for names and folding, so the HTML
 * parser is loaded only where pages are read.
 */
import * as cheerio from 'cheerio';
import type { RawSpeaker, RawTalk, ScrapedSpeaker } from './types.js';
import { companyProblem, titleProblem, withoutTrailingUrl } from './normalize-org.js';
import { looksLikeJobTitle, severalEmployers, splitTagline, withoutPlace } from './normalize-tagline.js';
import { splitNameAndOrg } from './normalize-name.js';
import { cleanName, collapseSpace, foldText, normalizeLinkedIn, resolveUrl } from './normalize.js';
import { isHandleName } from './normalize-name.js';
import { splitKindLabel } from './extractors/talk-title.js';

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

function cleanField(value: string | null | undefined): string | null {
  const text = stripHtml(value);
  return text ? collapseSpace(text) : null;
}

function dedupeTalks(talks: RawTalk[] | undefined): RawTalk[] {
  const seen = new Map<string, RawTalk>();
  for (const talk of talks ?? []) {
    // "Panel: Title" from any reader: the kind labelling the title is no part of it, and is kept as the talk's kind.
    const cleaned = cleanField(talk?.title);
    if (!cleaned) continue;
    const { title, kind = talk.kind } = splitKindLabel(cleaned);
    const key = foldText(title);
    const abstract = stripHtml(talk.abstract) ?? undefined;
    const known = seen.get(key);
    if (!known) seen.set(key, { title, ...(abstract ? { abstract } : {}), ...(kind ? { kind } : {}) });
    else {
      if (!known.abstract && abstract) known.abstract = abstract;
      if (!known.kind && kind) known.kind = kind;
    }
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
const UNNAMED = new Set([
  'no word (a flag, an icon or a mark)',
  'two organisations',
  'a label and its value (a link written out)',
  'a social handle after a label',
  'a web address alone',
]);

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
  if (title && !company && descriptorList(raw.title ?? tagline)) title = null;
  return { title, company };
}

const OFFICE_FIRST =
  /^(?:c[eotfip]o|co-?founder|founder|owner|president|vice president|vp|director|managing director|head of|partner|chair(?:man|woman|person)?)\b/i;

/**
 * "JavaScript ninja, image processing expert, software quality fanatic", "Software Coach,
 * Pluralsight Author, .NET & DDD": three or more short phrases (two to four words each) and
 * no employer among them are a slogan about the person, not one job to name them by.
 */
function descriptorList(line: string | null | undefined): boolean {
  const parts = (line ?? '').split(/\s*,\s*/).filter(Boolean);
  // "CEO atwork, MVP Office 365, Microsoft RD": a list that opens on an office names the job first.
  if (OFFICE_FIRST.test(parts[0] ?? '')) return false;
  // A part of one word is as likely a place or an employer ("Head of Mobile, Lviv, Northgate").
  return parts.length >= 3 && parts.every((p) => p.split(/\s+/).length >= 2 && p.split(/\s+/).length <= 4);
}

/** A handle in Latin letters as the whole name ("n00bz", "@kr0l", "nagachika"); a one-word name in a caseless script is no handle. */
function handleOnly(name: string): boolean {
  return /^@?[\p{Script=Latin}\d._-]+$/u.test(name) && isHandleName(name);
}

/** Cleans one raw record; links are resolved against the page they were found on. */
export function normalizeSpeaker(raw: RawSpeaker, baseUrl: string): ScrapedSpeaker {
  const named = splitNameAndOrg(cleanName(stripHtml(raw.name ?? '') ?? ''));
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
    ...(handleOnly(named.name) ? { nameIsHandle: true as const } : {}),
    evidence: {},
  };
}
