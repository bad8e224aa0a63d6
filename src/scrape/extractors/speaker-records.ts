/**
 * Generic reading of speaker lists published as data (Hoverboard JSON, Jekyll
 * `_data` YAML, site-specific JSON): one record per speaker under whichever of
 * the common key names the site chose. Shared by the JSON and YAML extractors.
 */
import type { FetchPage, RawSpeaker, RawTalk } from '../types.js';
import { asArray, fetchOptional, firstStr, idOf, isRecord, str, type JsonRecord } from './structured-util.js';

export interface KeyedRecord {
  /** The record's id, or its key when the list is an object keyed by id. */
  id?: string;
  record: JsonRecord;
}

const WRAPPERS = ['speakers', 'data', 'items', 'results', 'people'];
const NAME_KEYS = ['fullName', 'full_name', 'fullname', 'displayName', 'display_name', 'name'];
const FIRST_KEYS = ['firstName', 'first_name', 'firstname', 'givenName', 'given_name'];
const LAST_KEYS = ['lastName', 'last_name', 'lastname', 'familyName', 'family_name', 'surname'];
const TITLE_KEYS = ['jobTitle', 'job_title', 'jobtitle', 'position', 'role', 'title', 'job'];
const COMPANY_KEYS = ['company', 'companyName', 'company_name', 'organization', 'organisation', 'org', 'employer', 'affiliation'];
const TAGLINE_KEYS = ['tagline', 'tagLine', 'headline'];
const BIO_KEYS = ['bio', 'biography', 'about', 'description', 'shortBio', 'longBio', 'summary'];
const PHOTO_KEYS = [
  'photoUrl',
  'photoURL',
  'photo',
  'avatar',
  'avatar_url',
  'avatarUrl',
  'image',
  'imageUrl',
  'picture',
  'pic',
  'thumbnailUrl',
  'thumbnail',
  'profilePicture',
  'img',
];
const PROFILE_KEYS = ['profileUrl', 'profile_url', 'permalink', 'page'];
const LINK_LIST_KEYS = ['socials', 'social', 'links', 'socialLinks', 'social_links', 'profiles', 'accounts'];
const STRONG_KEYS = [
  'bio',
  'biography',
  'about',
  'company',
  'companyName',
  'organization',
  'organisation',
  'socials',
  'social',
  'role',
  'position',
  'jobTitle',
  'tagline',
  'tagLine',
  'talk',
  'talks',
  'surname',
  'firstName',
  'lastName',
  'first_name',
  'last_name',
  'twitter',
  'linkedin',
  'photoUrl',
  'avatar',
];
const HANDLE_SITES: Record<string, string> = {
  twitter: 'https://twitter.com/',
  x: 'https://x.com/',
  github: 'https://github.com/',
  linkedin: 'https://www.linkedin.com/in/',
};

/** Finds the speaker records in a parsed document: a list, an object keyed by id, or either under a wrapper key. */
export function speakerRecords(data: unknown, depth = 0): KeyedRecord[] {
  if (Array.isArray(data)) {
    return data.filter(isRecord).map((record) => ({ id: idOf(record.id), record }));
  }
  if (!isRecord(data) || depth > 1) return [];
  for (const key of WRAPPERS) {
    if (key in data && (Array.isArray(data[key]) || isRecord(data[key]))) return speakerRecords(data[key], depth + 1);
  }
  const entries = Object.entries(data);
  if (entries.length === 0 || !entries.every(([, v]) => isRecord(v))) return [];
  return entries.map(([key, record]) => ({ id: idOf((record as JsonRecord).id) ?? key, record: record as JsonRecord }));
}

/** Most records carry a name and something only a speaker entry would have. */
export function looksLikeSpeakerList(records: KeyedRecord[]): boolean {
  if (records.length === 0) return false;
  const named = records.filter(({ record }) => nameOf(record) !== undefined).length;
  const strong = records.filter(({ record }) => STRONG_KEYS.some((k) => k in record)).length;
  return named / records.length >= 0.5 && strong / records.length >= 0.5;
}

function nameOf(record: JsonRecord): string | undefined {
  const last = firstStr(record, LAST_KEYS);
  const full = firstStr(record, NAME_KEYS);
  if (full) {
    const tokens = full.toLowerCase().split(/\s+/);
    // Some sites split "name" and "surname"; others repeat the surname inside name.
    return last && !tokens.includes(last.toLowerCase()) ? `${full} ${last}` : full;
  }
  const first = firstStr(record, FIRST_KEYS);
  const joined = [first, last].filter(Boolean).join(' ');
  return joined || undefined;
}

function handleToUrl(kind: string, value: string): string | undefined {
  if (/^(https?:)?\/\//i.test(value) || /^[\w-]+(\.[\w-]+)+\//.test(value) || value.startsWith('mailto:')) return value;
  const site = HANDLE_SITES[kind.toLowerCase()];
  if (site && /^@?[\w.-]+$/.test(value)) return site + value.replace(/^@/, '');
  return /^[\w-]+(\.[\w-]+)+$/.test(value) ? value : undefined;
}

function linkFrom(item: unknown, kind = ''): string | undefined {
  if (isRecord(item)) {
    const value = firstStr(item, ['link', 'url', 'href', 'value']);
    const itemKind = firstStr(item, ['name', 'icon', 'type', 'linkType', 'title']) ?? kind;
    return value ? handleToUrl(itemKind.replace(/^.*[:/]/, ''), value) : undefined;
  }
  const value = str(item);
  return value ? handleToUrl(kind, value) : undefined;
}

function linksOf(record: JsonRecord): string[] {
  const links: string[] = [];
  for (const key of LINK_LIST_KEYS) {
    const value = record[key];
    if (Array.isArray(value)) value.forEach((item) => links.push(linkFrom(item) ?? ''));
    else if (isRecord(value)) Object.entries(value).forEach(([kind, item]) => links.push(linkFrom(item, kind) ?? ''));
  }
  for (const key of ['twitter', 'x', 'linkedin', 'github', 'website', 'homepage', 'web', 'blog', 'mastodon', 'url']) {
    if (key in record) links.push(linkFrom(record[key], key) ?? '');
  }
  return [...new Set(links.filter((l) => l.length > 0))];
}

function talkFrom(item: unknown): RawTalk | null {
  if (!isRecord(item)) {
    const title = typeof item === 'string' && /\s/.test(item.trim()) ? item.trim() : undefined;
    return title ? { title } : null;
  }
  const title = firstStr(item, ['title', 'name']);
  return title ? { title, abstract: firstStr(item, ['abstract', 'description', 'summary']) } : null;
}

function ownTalks(record: JsonRecord): RawTalk[] {
  const talks: RawTalk[] = [];
  for (const key of ['talk', 'session', 'talks', 'sessions', 'presentations']) {
    const value = record[key];
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      const talk = talkFrom(item);
      if (talk) talks.push(talk);
    }
  }
  return talks;
}

function photoOf(record: JsonRecord): string | undefined {
  for (const key of PHOTO_KEYS) {
    const value = record[key];
    const url = isRecord(value) ? firstStr(value, ['url', 'src', 'href']) : str(value);
    if (url) return url;
  }
  return undefined;
}

/** One record as a raw speaker; hidden entries and records without a name give null. */
export function recordToSpeaker(record: JsonRecord, joinedTalks: RawTalk[] = [], id?: string): RawSpeaker | null {
  if (record.hide === true || record.hidden === true || record.draft === true) return null;
  const name = nameOf(record);
  if (!name) return null;
  return {
    name,
    title: firstStr(record, TITLE_KEYS),
    company: firstStr(record, COMPANY_KEYS),
    tagline: firstStr(record, TAGLINE_KEYS),
    bio: firstStr(record, BIO_KEYS),
    photoUrl: photoOf(record),
    profileUrl: firstStr(record, PROFILE_KEYS),
    links: linksOf(record),
    talks: [...ownTalks(record), ...joinedTalks],
    sourceId: id,
  };
}

/** Session records (a list, or an object keyed by id) indexed by the speaker ids they name. */
export function talksBySpeakerId(sessionsData: unknown): Map<string, RawTalk[]> {
  const bySpeaker = new Map<string, RawTalk[]>();
  for (const { id, record } of speakerRecords(sessionsData)) {
    const talk = talkFrom(record);
    if (!talk) continue;
    const speakerIds = [...asArray(record.speakers), ...asArray(record.speakerIds), record.speaker];
    for (const raw of speakerIds) {
      const speakerId = idOf(isRecord(raw) ? raw.id : raw);
      if (speakerId) bySpeaker.set(speakerId, [...(bySpeaker.get(speakerId) ?? []), talk]);
    }
    if (id) bySpeaker.set(`session:${id}`, [talk]);
  }
  return bySpeaker;
}

/** Talks for one speaker: sessions naming the speaker, plus sessions the speaker names by id. */
export function joinedTalks(entry: KeyedRecord, index: Map<string, RawTalk[]>): RawTalk[] {
  const byId = entry.id ? (index.get(entry.id) ?? []) : [];
  const named = asArray(entry.record.sessions).flatMap((s) => {
    const sessionId = idOf(s);
    return sessionId ? (index.get(`session:${sessionId}`) ?? []) : [];
  });
  return [...new Set([...byId, ...named])];
}

/** A sibling "sessions" file next to a "speakers" file (speakers.json → sessions.json), if the page is one. */
export async function fetchSiblingSessions(pageUrl: string, fetchPage: FetchPage): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  const match = /^(.*\/)speakers(\.[a-z]+)$/i.exec(url.pathname);
  if (!match) return null;
  const sibling = new URL(`${match[1]}sessions${match[2]}`, url.origin).href;
  const page = await fetchOptional(fetchPage, sibling);
  return page?.body ?? null;
}

/** Turns the records of a speaker list into raw speakers, joining talks from a sessions document when given. */
export function speakersFromRecords(records: KeyedRecord[], sessionsData?: unknown): RawSpeaker[] {
  const index = sessionsData === undefined ? new Map<string, RawTalk[]>() : talksBySpeakerId(sessionsData);
  return records.flatMap((entry) => recordToSpeaker(entry.record, joinedTalks(entry, index), entry.id) ?? []);
}
