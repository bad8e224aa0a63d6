/**
 * Many speaker walls show a name, a photo and a link; the talk, and often the role and
 * company, are on the page the link opens: the speaker's own page or the session's.
 * For each person the listing gives no talk, that page is fetched when it is on the
 * same site (through the same guarded fetch, at most MAX_LINKED_PAGES per listing) and
 * read: the talk, and the role line where the listing gave neither title nor company.
 * A page that does not name the person, or does not answer, gives nothing; after
 * GIVE_UP_AFTER such pages in a row the site's pages are taken to hold nothing more.
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { FetchPage, Page, RawTalk, ScrapedSpeaker } from './types.js';
import { cleanText, descendants, isElement, isHtmlPage, loadHtml, textOf } from './extractors/html-common.js';
import { BARE_LABEL, cleanTalkTitle, hasTalkClass, isSectionTitle, isTalkElement, isTalkLink, labelledTalk, usable } from './extractors/talk-title.js';
import { nameAndAffiliation } from './extractors/affiliation.js';
import { nameScore } from './extractors/html-names.js';
import { roleLabel } from './extractors/html-roles.js';
import { eventNameOf } from './event-name.js';
import { foldText, splitTagline, withoutTitles } from './normalize.js';

export const MAX_LINKED_PAGES = 30;
/** When this many pages in a row give nothing (missing, or not about the person), the rest are not fetched either. */
const GIVE_UP_AFTER = 3;
/** A link more people share than a session has speakers leads to a common page (tickets, the schedule). */
const MAX_SHARING = 4;
/** A person's page listing more sessions than this is an index of the programme, not their talks. */
const MAX_TALK_LINKS = 3;
const NOT_A_PAGE = /\.(?:pdf|jpe?g|png|gif|webp|svg|zip|ics|mp[34]|vcf)$/i;
/** A heading over a person's sessions ("Talks", "Vorträge", "Sesiones"), beside the labels a single title takes. */
const TALKS_HEADING =
  /^(?:(?:my|their|his|her)\s+)?(?:talks|sessions|presentations|lectures|workshops|vorträge|sitzungen|charlas|ponencias|sesiones|talleres|palestras|sessões|sessies|lezingen|sessioni|interventi|conférences|interventions|ateliers|prelekcje|wykłady|講演|セッション|演讲|议题)\s*[:：]?$/iu;
const MAX_TAGLINE = 120;

interface Found {
  talk?: string;
  /** The talk is the main heading of a session's page. */
  fromHeading?: boolean;
  title?: string;
  company?: string;
}

/** Fills talks (and missing role lines) of the listing's speakers from the same-site pages their cards link to. */
export async function readLinkedPages(listing: Page, speakers: ScrapedSpeaker[], fetchPage: FetchPage): Promise<ScrapedSpeaker[]> {
  if (!isHtmlPage(listing)) return speakers;
  const read: Array<{ index: number; url: string; found: Found }> = [];
  // The conference the listing names; a linked page's own title names its person or session.
  const event = eventNameOf(listing);
  let fruitless = 0;
  for (const [url, indexes] of linkTargets(listing, speakers)) {
    if (fruitless >= GIVE_UP_AFTER) break;
    const found = await readLinked(
      url,
      listing,
      event,
      indexes.map((i) => (speakers[i] as ScrapedSpeaker).name),
      fetchPage,
    );
    const gave = found.some((f) => f.talk || f.title || f.company);
    fruitless = gave ? 0 : fruitless + 1;
    found.forEach((f, k) => read.push({ index: indexes[k] as number, url, found: f }));
  }
  // One heading over different sessions' pages is the site's banner, not a session.
  const headingUrls = new Map<string, Set<string>>();
  for (const r of read) if (r.found.fromHeading && r.found.talk) headingUrls.set(r.found.talk, (headingUrls.get(r.found.talk) ?? new Set()).add(r.url));
  const out = [...speakers];
  for (const { index, found } of read) {
    const banner = found.fromHeading && found.talk !== undefined && (headingUrls.get(found.talk)?.size ?? 0) > 1;
    out[index] = fill(out[index] as ScrapedSpeaker, banner ? { ...found, talk: undefined } : found);
  }
  return out;
}

/** What one linked page says of each of the people who link to it; nothing when it does not answer as an HTML page. */
async function readLinked(url: string, listing: Page, event: string | null, names: string[], fetchPage: FetchPage): Promise<Found[]> {
  let page: Page;
  try {
    page = await fetchPage(url);
  } catch {
    return names.map(() => ({}));
  }
  if (!isHtmlPage(page) || samePage(page.url, listing.url)) return names.map(() => ({}));
  const context = pageContext(loadHtml(page.body), page, event);
  return names.map((name) => readFor(context, name));
}

function samePage(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}

/** URL → the speakers it is followed for: talkless people, links on the listing's own site, in page order. */
function linkTargets(listing: Page, speakers: ScrapedSpeaker[]): Map<string, number[]> {
  let host: string;
  try {
    host = new URL(listing.url).host;
  } catch {
    return new Map();
  }
  const byUrl = new Map<string, number[]>();
  speakers.forEach((s, i) => {
    if (s.talks.length > 0 || !s.profileUrl) return;
    let url: URL;
    try {
      url = new URL(s.profileUrl);
    } catch {
      return;
    }
    url.hash = '';
    if (url.host !== host || !/^https?:$/.test(url.protocol) || NOT_A_PAGE.test(url.pathname) || samePage(url.href, listing.url)) return;
    byUrl.set(url.href, [...(byUrl.get(url.href) ?? []), i]);
  });
  const shared = (list: number[]) => list.length > MAX_SHARING;
  return new Map([...byUrl].filter(([, list]) => !shared(list)).slice(0, MAX_LINKED_PAGES));
}

interface Context {
  root: Element;
  url: string;
  /** The page's main heading: the first h1 of its content, else the first h2. */
  heading: Element | undefined;
  event: string | null;
}

/** The page's content without its navigation, banner and footer. */
function pageContext($: CheerioAPI, page: Page, event: string | null): Context {
  $('nav, [role=navigation], [role=banner], [role=contentinfo], form').remove();
  $('header, footer')
    .filter((_, el) => $(el).closest('main, article, [role=main]').length === 0)
    .remove();
  const root = ($('main, [role=main]').get(0) ?? $('body').get(0) ?? $.root().get(0)) as Element;
  const all = descendants(root);
  const heading = all.find((el) => el.name === 'h1' && textOf(el)) ?? all.find((el) => el.name === 'h2' && textOf(el));
  return { root, url: page.url, heading, event };
}

/** The smallest element whose text is the person's name, alone or with an affiliation ("Name (Org)"). */
function nameElement(root: Element, name: string): { el: Element; affiliation?: string } | undefined {
  const want = foldText(name);
  const matches: Array<{ el: Element; affiliation?: string }> = [];
  for (const el of descendants(root)) {
    const text = textOf(el);
    if (text.length > name.length + 80) continue;
    if (foldText(withoutTitles(text)) === want) matches.push({ el });
    else {
      const split = nameAndAffiliation(text);
      if (split && foldText(withoutTitles(split.name)) === want) matches.push({ el, affiliation: split.affiliation });
    }
  }
  return matches.find((m) => !matches.some((o) => o !== m && o.el !== m.el && isInside(o.el, m.el)));
}

function isInside(el: Element, ancestor: Element): boolean {
  for (let node = el.parent; isElement(node); node = node.parent) if (node === ancestor) return true;
  return false;
}

function readFor(context: Context, name: string): Found {
  const at = nameElement(context.root, name);
  if (!at) return {};
  const { heading } = context;
  const ownPage = heading !== undefined && (heading === at.el || isInside(at.el, heading));
  const stated = statedTalk(context, name) ?? (ownPage ? (sectionTalk(context, name) ?? linkedTalk(context, name)) : undefined);
  const titled = stated || ownPage ? undefined : sessionHeading(context, at.el, name);
  const talk = stated ?? titled;
  return { talk, fromHeading: titled !== undefined, ...roleOf(at.el, at.affiliation, talk) };
}

function acceptable(context: Context, text: string, name: string): string | undefined {
  const title = cleanTalkTitle(text);
  if (!usable(title, name) || isSectionTitle(title) || BARE_LABEL.test(title) || TALKS_HEADING.test(title)) return undefined;
  if (foldText(title) === foldText(name) || (context.event && foldText(title) === foldText(context.event))) return undefined;
  return title;
}

/** A title the page marks as the talk: an element classed so, or a "Talk: Title" line. */
function statedTalk(context: Context, name: string): string | undefined {
  for (const el of descendants(context.root)) {
    const text = textOf(el);
    const labelled = text.length <= 240 ? labelledTalk(text) : undefined;
    const candidate = labelled ?? (hasTalkClass(el) && descendants(el).every((d) => !hasTalkClass(d)) ? text : undefined);
    const title = candidate ? acceptable(context, candidate, name) : undefined;
    if (title) return title;
  }
  return undefined;
}

/** "<h2>Talks</h2><h3>Title</h3>": the first text after a heading over the person's sessions. */
function sectionTalk(context: Context, name: string): string | undefined {
  const all = descendants(context.root);
  const label = all.find((el) => /^(?:h[2-6]|dt|strong|b)$/.test(el.name) && (BARE_LABEL.test(textOf(el)) || TALKS_HEADING.test(textOf(el))));
  if (!label) return undefined;
  const next = all.slice(all.indexOf(label) + 1).find((el) => !isInside(el, label) && textOf(el).length > 0);
  if (!next) return undefined;
  // The element holding the title may run on into its abstract: the first line is the title.
  const inner = descendants(next).filter((d) => textOf(d));
  const first = inner.find((d) => /^(?:h[1-6]|a|strong|b|dt)$/.test(d.name)) ?? inner.find((d) => d.name === 'li') ?? next;
  const text = textOf(first);
  return text.length <= 200 ? acceptable(context, text, name) : undefined;
}

/** A person's page that links to one to three sessions on the site: the first is their talk. */
function linkedTalk(context: Context, name: string): string | undefined {
  const titles = new Set<string>();
  for (const el of descendants(context.root)) {
    if (!isTalkLink(el, context.url)) continue;
    const title = acceptable(context, textOf(el), name);
    if (title) titles.add(title);
  }
  return titles.size > 0 && titles.size <= MAX_TALK_LINKS ? [...titles][0] : undefined;
}

/** On a session's page the person is listed under its title: the main heading, when it comes first and is no name. */
function sessionHeading(context: Context, nameEl: Element, name: string): string | undefined {
  const { heading } = context;
  if (!heading) return undefined;
  const all = descendants(context.root);
  if (all.indexOf(heading) > all.indexOf(nameEl)) return undefined;
  const text = textOf(heading);
  return nameScore(text) < 0.5 ? acceptable(context, text, name) : undefined;
}

/** The role line: an affiliation written with the name, else the short line after the name element. */
function roleOf(nameEl: Element, affiliation: string | undefined, talk: string | undefined): Pick<Found, 'title' | 'company'> {
  const line = affiliation ?? lineAfter(nameEl);
  if (!line || (talk && foldText(line) === foldText(talk))) return {};
  const parts = splitTagline(line);
  return { ...(parts.title ? { title: parts.title } : {}), ...(parts.company ? { company: parts.company } : {}) };
}

/** The first text after the name in its block, when it reads as a role line rather than a sentence or a talk. */
function lineAfter(nameEl: Element): string | undefined {
  const block = nameEl.parent;
  if (!isElement(block)) return undefined;
  const all = descendants(block);
  const next = all.slice(all.indexOf(nameEl) + 1).find((el) => !isInside(el, nameEl) && textOf(el).length > 0);
  if (!next) return undefined;
  const text = cleanText(textOf(next));
  const sentence = /[.!?]\s+\p{Lu}\p{Ll}/u.test(text) || text.split(/\s+/).length > 10;
  if (text.length > MAX_TAGLINE || sentence || isTalkElement(next) || roleLabel(text) !== undefined || BARE_LABEL.test(text) || TALKS_HEADING.test(text))
    return undefined;
  return text;
}

function fill(speaker: ScrapedSpeaker, found: Found): ScrapedSpeaker {
  const talks: RawTalk[] = speaker.talks.length === 0 && found.talk ? [{ title: found.talk }] : speaker.talks;
  const role = speaker.title || speaker.company ? {} : { title: found.title ?? null, company: found.company ?? null };
  return { ...speaker, talks, ...role };
}
