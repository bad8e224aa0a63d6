/**
 * schema.org Person data embedded in a page: JSON-LD blocks (plain, arrays,
 * @graph, Event performers and actors) and microdata (itemscope Person). Persons
 * that are only a page's author or publisher are not speakers and are left out.
 */
import type { CheerioAPI } from 'cheerio';
import type { Extractor, Page, RawSpeaker, RawTalk } from '../types.js';
import { type Element, absoluteUrl, cleanText, isElement, isExternal, isHtmlPage, linkTarget, loadHtml, parseJsonLoose, textOf } from './html-common.js';
import { extractCards } from './html-generic.js';

type JsonRecord = Record<string, unknown>;

/** Keys under which an Event names the people who present it. */
const PERFORMER_KEYS = ['performer', 'performers', 'actor', 'actors', 'speaker', 'speakers', 'presenter'];
/** Keys that lead to more events or lists of people. */
const CONTAINER_KEYS = ['@graph', 'subEvent', 'subEvents', 'itemListElement', 'item', 'mainEntity', 'hasPart', 'event', 'events'];
/** Roles of people who made the page rather than speak at the event. */
const AUTHOR_KEYS = ['author', 'publisher', 'creator', 'editor', 'founder', 'copyrightHolder', 'accountablePerson', 'organizer', 'maintainer'];

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function str(value: unknown): string | undefined {
  if (typeof value === 'string') return cleanText(value) || undefined;
  if (Array.isArray(value)) return value.map(str).find((s) => s !== undefined);
  if (isRecord(value)) return str(value['@value'] ?? value.name);
  return undefined;
}

function typesOf(node: JsonRecord): string[] {
  return asList(node['@type']).map((t) => String(t).replace(/^https?:\/\/schema\.org\//i, ''));
}

const isPerson = (node: JsonRecord): boolean => typesOf(node).includes('Person');
const isEvent = (node: JsonRecord): boolean => typesOf(node).some((t) => /Event$/.test(t));

interface FoundPerson {
  node: JsonRecord;
  talk?: string;
}

interface Walk {
  ids: Map<string, JsonRecord>;
  authors: Set<string>;
  found: FoundPerson[];
}

/** Indexes nodes by @id (performers often point into @graph) and notes which ids are authors. */
function indexNodes(value: unknown, walk: Walk): void {
  for (const item of asList(value)) {
    if (!isRecord(item)) continue;
    const id = typeof item['@id'] === 'string' ? item['@id'] : undefined;
    if (id && Object.keys(item).length > 1) walk.ids.set(id, item);
    for (const [key, child] of Object.entries(item)) {
      if (AUTHOR_KEYS.includes(key)) {
        for (const ref of asList(child)) if (isRecord(ref) && typeof ref['@id'] === 'string') walk.authors.add(ref['@id']);
        continue;
      }
      if (typeof child === 'object') indexNodes(child, walk);
    }
  }
}

function resolve(node: JsonRecord, walk: Walk): JsonRecord {
  const id = node['@id'];
  return typeof id === 'string' && Object.keys(node).length === 1 ? (walk.ids.get(id) ?? node) : node;
}

/** Collects Persons reachable through containers and event performers; `nested` marks sessions inside an event. */
function collectPersons(value: unknown, walk: Walk, nested: boolean, talk?: string): void {
  for (const item of asList(value)) {
    if (!isRecord(item)) continue;
    const node = resolve(item, walk);
    if (isPerson(node)) {
      const id = typeof node['@id'] === 'string' ? node['@id'] : undefined;
      if (talk !== undefined || !id || !walk.authors.has(id)) walk.found.push({ node, talk });
      continue;
    }
    const event = isEvent(node);
    const session = event && (nested || node.superEvent !== undefined) ? str(node.name) : undefined;
    if (event) for (const key of PERFORMER_KEYS) collectPersons(node[key], walk, true, session ?? talk);
    for (const key of CONTAINER_KEYS) collectPersons(node[key], walk, nested || event);
  }
}

function organisationName(value: unknown): string | undefined {
  for (const item of asList(value)) {
    const name = isRecord(item) ? str(item.name) : str(item);
    if (name) return name;
  }
  return undefined;
}

function imageUrl(value: unknown, base: string): string | undefined {
  for (const item of asList(value)) {
    const raw = isRecord(item) ? str(item.url ?? item.contentUrl) : str(item);
    const url = raw ? absoluteUrl(raw, base) : undefined;
    if (url) return url;
  }
  return undefined;
}

interface PersonFields {
  name?: string;
  title?: string;
  company?: string;
  bio?: string;
  photoUrl?: string;
  urls: string[];
  talks: RawTalk[];
}

/** Builds the raw record; the person's own URL is a profile on this site or an outbound link elsewhere. */
function toSpeaker(fields: PersonFields, base: string): RawSpeaker | undefined {
  if (!fields.name) return undefined;
  const speaker: RawSpeaker = { name: fields.name };
  if (fields.title) speaker.title = fields.title;
  if (fields.company) speaker.company = fields.company;
  if (fields.bio) speaker.bio = fields.bio;
  if (fields.photoUrl) speaker.photoUrl = fields.photoUrl;
  const links: string[] = [];
  for (const raw of fields.urls) {
    const link = linkTarget(raw, base);
    if (!link) continue;
    if (!isExternal(link, base)) speaker.profileUrl ??= link;
    else if (!links.includes(link)) links.push(link);
  }
  if (links.length > 0) speaker.links = links;
  if (fields.talks.length > 0) speaker.talks = fields.talks;
  return speaker;
}

function fromJsonLd(found: FoundPerson, base: string): RawSpeaker | undefined {
  const p = found.node;
  const joined = [str(p.givenName), str(p.familyName)].filter(Boolean).join(' ');
  return toSpeaker(
    {
      name: str(p.name) ?? (joined || undefined),
      title: str(p.jobTitle),
      company: organisationName(p.worksFor) ?? organisationName(p.affiliation),
      bio: str(p.description),
      photoUrl: imageUrl(p.image, base),
      urls: [...asList(p.url), ...asList(p.sameAs)].map(str).filter((u): u is string => u !== undefined),
      talks: found.talk ? [{ title: found.talk }] : [],
    },
    base,
  );
}

function topLevel(blocks: unknown[]): JsonRecord[] {
  return blocks
    .flatMap(asList)
    .filter(isRecord)
    .flatMap((node) => (node['@graph'] !== undefined ? asList(node['@graph']).filter(isRecord) : [node]));
}

function jsonLdSpeakers($: CheerioAPI, base: string): RawSpeaker[] {
  const blocks = $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => parseJsonLoose($(el).text()))
    .filter((data) => data !== undefined);
  const walk: Walk = { ids: new Map(), authors: new Set(), found: [] };
  for (const data of blocks) indexNodes(data, walk);
  // Several events side by side are a schedule: each one is a session its performers give.
  const schedule = topLevel(blocks).filter(isEvent).length >= 2;
  for (const data of blocks) collectPersons(data, walk, schedule);
  return walk.found.map((f) => fromJsonLd(f, base)).filter((s): s is RawSpeaker => s !== undefined);
}

const PERSON_TYPE = /schema\.org\/Person\b/i;

function itemValue(el: Element): string | undefined {
  const a = el.attribs;
  if (el.name === 'meta') return a.content;
  if (['a', 'link', 'area'].includes(el.name)) return a.href;
  if (['img', 'audio', 'video', 'source', 'embed'].includes(el.name)) return a.src;
  if (el.name === 'time') return a.datetime ?? textOf(el);
  if (el.name === 'data' || el.name === 'meter') return a.value;
  return a.content ?? textOf(el);
}

/** The itemprop elements that belong to this scope and not to a scope nested inside it. */
function scopeProperties(scope: Element): Map<string, Element[]> {
  const props = new Map<string, Element[]>();
  const visit = (el: Element): void => {
    for (const element of el.children) {
      if (!isElement(element)) continue;
      for (const name of (element.attribs.itemprop ?? '').split(/\s+/).filter(Boolean)) {
        props.set(name, [...(props.get(name) ?? []), element]);
      }
      if (element.attribs.itemscope === undefined) visit(element);
    }
  };
  visit(scope);
  return props;
}

function propText(props: Map<string, Element[]>, name: string): string | undefined {
  for (const el of props.get(name) ?? []) {
    const value = el.attribs.itemscope !== undefined ? propText(scopeProperties(el), 'name') : itemValue(el);
    const text = cleanText(value);
    if (text) return text;
  }
  return undefined;
}

/** The session a microdata Person performs in, when it sits in an Event's performer slot. */
function microdataTalk(scope: Element): RawTalk[] {
  if (!/performer|actor|speaker/i.test(scope.attribs.itemprop ?? '')) return [];
  let parent = scope.parent as Element | null;
  while (parent && parent.attribs?.itemscope === undefined) parent = parent.parent as Element | null;
  if (!parent || !/Event/i.test(parent.attribs.itemtype ?? '')) return [];
  const title = propText(scopeProperties(parent), 'name');
  return title ? [{ title }] : [];
}

function microdataSpeakers($: CheerioAPI, base: string): RawSpeaker[] {
  const scopes = $('[itemscope][itemtype]')
    .toArray()
    .filter((el) => PERSON_TYPE.test(el.attribs.itemtype ?? ''));
  return scopes.flatMap((scope) => {
    const props = scopeProperties(scope);
    if (/author|publisher|creator|editor/i.test(scope.attribs.itemprop ?? '')) return [];
    const joined = [propText(props, 'givenName'), propText(props, 'familyName')].filter(Boolean).join(' ');
    const urls = ['url', 'sameAs'].flatMap((n) => (props.get(n) ?? []).map(itemValue)).filter((u): u is string => !!u);
    const image = propText(props, 'image');
    const speaker = toSpeaker(
      {
        name: propText(props, 'name') ?? (joined || undefined),
        title: propText(props, 'jobTitle'),
        company: propText(props, 'worksFor') ?? propText(props, 'affiliation'),
        bio: propText(props, 'description'),
        photoUrl: image ? absoluteUrl(image, base) : undefined,
        urls,
        talks: microdataTalk(scope),
      },
      base,
    );
    return speaker ? [speaker] : [];
  });
}

/** One record per name: the same person appears once per session they perform in. */
function mergeByName(speakers: RawSpeaker[]): RawSpeaker[] {
  const byName = new Map<string, RawSpeaker>();
  for (const s of speakers) {
    const key = s.name.toLocaleLowerCase();
    const known = byName.get(key);
    if (!known) {
      byName.set(key, { ...s });
      continue;
    }
    const talks = [...(known.talks ?? []), ...(s.talks ?? [])];
    const links = [...new Set([...(known.links ?? []), ...(s.links ?? [])])];
    byName.set(key, { ...s, ...known, talks: talks.length ? talks : undefined, links: links.length ? links : undefined });
  }
  return [...byName.values()].map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as RawSpeaker);
}

/**
 * Structured data is often a summary (one sameAs, no bio) of cards shown on the
 * same page; the cards fill what it leaves out. Only people the structured data
 * names are kept, so its precision is not traded away.
 */
function enrichFromCards(speakers: RawSpeaker[], html: string, base: string): RawSpeaker[] {
  const cards = new Map(extractCards(html, base).map((c) => [c.name.toLocaleLowerCase(), c]));
  return speakers.map((speaker) => {
    const card = cards.get(speaker.name.toLocaleLowerCase());
    if (!card) return speaker;
    const links = [...new Set([...(speaker.links ?? []), ...(card.links ?? [])])];
    const merged: RawSpeaker = { ...card, ...speaker };
    if (links.length > 0) merged.links = links;
    return merged;
  });
}

const cache = new WeakMap<Page, RawSpeaker[]>();

/** Every schema.org speaker of the page, JSON-LD first, as the structured data alone describes them. */
export function schemaOrgSpeakers(page: Page): RawSpeaker[] {
  const cached = cache.get(page);
  if (cached) return cached;
  let speakers: RawSpeaker[] = [];
  if (isHtmlPage(page) && /schema\.org/i.test(page.body) && /Person/.test(page.body)) {
    const $ = loadHtml(page.body);
    speakers = mergeByName([...jsonLdSpeakers($, page.url), ...microdataSpeakers($, page.url)]);
  }
  cache.set(page, speakers);
  return speakers;
}

export const htmlSchemaOrg: Extractor = {
  name: 'html-schema-org',
  detect(page: Page): number {
    const count = schemaOrgSpeakers(page).length;
    // A lone Person is often a profile page, or an author the filter could not tell apart:
    // let the card reader try first and fall back to it.
    if (count >= 2) return 0.85;
    return count === 1 ? 0.05 : 0;
  },
  async extract(page: Page): Promise<RawSpeaker[]> {
    const speakers = schemaOrgSpeakers(page);
    return speakers.length > 0 ? enrichFromCards(speakers, page.body, page.url) : [];
  },
};
