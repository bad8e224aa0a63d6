/**
 * Sched speaker pages (`/speakers`, `/directory/speakers`): each person links to
 * `/speaker/<username>`, with the name in `.sched-person-name` or an `h2 a`, and
 * role and company in `.sched-person-position` / `.sched-event-details-position`
 * and `.sched-person-company` / `.sched-event-details-company`, sessions as links
 * to `/event/<id>/<slug>`.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Extractor, Page, RawSpeaker } from '../types.js';
import { type Element, absoluteUrl, cleanText, isHtmlPage, linesOf, loadHtml, outboundLinks, photoOf, textOf } from './html-common.js';
import { cleanTalkTitle } from './talk-title.js';

const SPEAKER_HREF = /\/speaker\/([^/?#]+)\/?(?:[?#]|$)/;
const CARD = '.sched-person';
const NAME = '.sched-person-name';
const POSITION = '.sched-person-position, .sched-event-details-position, .sched-person-title';
const COMPANY = '.sched-person-company, .sched-event-details-company';
const BIO = '.sched-person-bio, .sched-person-about, .sched-person-description';
/** Sessions Sched lists under a person link to `/event/<id>/<slug>`. */
const SESSION = '.sched-person-session a, a[href*="/event/"]';
const MARKERS = /sched-person|sched-container-people|sched-page-speaker-list|sched-event-details-(position|company)/;

function usernameOf(a: Element): string | undefined {
  const match = SPEAKER_HREF.exec(a.attribs.href ?? '');
  return match ? decodeURIComponent(match[1]) : undefined;
}

function speakerLinks(scope: Cheerio<Element>): Element[] {
  return scope
    .find('a[href*="/speaker/"]')
    .toArray()
    .filter((a) => usernameOf(a) !== undefined);
}

/** The widest element around the link that holds no other person: the person's card. */
function cardOf($: CheerioAPI, link: Element, username: string): Element {
  const declared = $(link).closest(CARD).get(0) as Element | undefined;
  if (declared) return declared;
  let card = link;
  for (let parent = $(link).parent(); parent.length > 0 && !parent.is('body'); parent = parent.parent()) {
    if (speakerLinks(parent).some((a) => usernameOf(a) !== username)) break;
    card = parent.get(0) as Element;
  }
  return card;
}

/** Position lines split at <br>: Sched prints "Title<br>Company" when it has both. */
function lines(el: Cheerio<Element>): string[] {
  const node = el.get(0);
  return node ? linesOf(node) : [];
}

function nameOf($: CheerioAPI, card: Cheerio<Element>, links: Element[]): string | undefined {
  const declared = cleanText(card.find(NAME).first().text());
  if (declared) return declared;
  const heading = card.find('h2 a, h3 a').first();
  const fromHeading = cleanText(heading.clone().children().remove().end().text());
  if (fromHeading) return fromHeading;
  const linkText = links.map((a) => textOf(a)).find((t) => t.length > 0);
  return linkText ?? (cleanText($(links[0]).find('img').attr('alt')) || undefined);
}

function roleOf(card: Cheerio<Element>): { title?: string; company?: string } {
  const position = card.find(POSITION).first();
  const company = cleanText(card.find(COMPANY).first().text()) || undefined;
  const parts = lines(position);
  if (!company && parts.length >= 2) return { title: parts[0], company: parts.slice(1).join(', ') };
  const title = parts.join(', ') || undefined;
  return { title, company };
}

function readPerson($: CheerioAPI, username: string, links: Element[], base: string): RawSpeaker | undefined {
  const el = cardOf($, links[0], username);
  const card = $(el);
  const name = nameOf($, card, links);
  if (!name) return undefined;
  const speaker: RawSpeaker = { name };
  const { title, company } = roleOf(card);
  if (title) speaker.title = title;
  if (company) speaker.company = company;
  const bio = cleanText(card.find(BIO).first().text());
  if (bio) speaker.bio = bio;
  const photo = photoOf(el, base);
  if (photo) speaker.photoUrl = photo;
  const profile = absoluteUrl(links[0].attribs.href, base);
  if (profile) speaker.profileUrl = profile;
  const outbound = outboundLinks(el, base);
  if (outbound.length > 0) speaker.links = outbound;
  const talks = [
    ...new Set(
      card
        .find(SESSION)
        .toArray()
        .map((a) => cleanTalkTitle(textOf(a)))
        .filter((t) => t.length > 0),
    ),
  ];
  if (talks.length > 0) speaker.talks = talks.map((title) => ({ title }));
  return speaker;
}

export function readSchedSpeakers(html: string, base: string): RawSpeaker[] {
  const $ = loadHtml(html);
  const byUser = new Map<string, Element[]>();
  for (const a of speakerLinks($('body'))) {
    const user = usernameOf(a) as string;
    byUser.set(user, [...(byUser.get(user) ?? []), a]);
  }
  return [...byUser.entries()].map(([user, links]) => readPerson($, user, links, base)).filter((s): s is RawSpeaker => s !== undefined);
}

function isSchedHost(url: string): boolean {
  try {
    return /(^|\.)sched\.com$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

export const htmlSched: Extractor = {
  name: 'html-sched',
  detect(page: Page): number {
    if (!isHtmlPage(page) || !page.body.includes('/speaker/')) return 0;
    if (MARKERS.test(page.body)) return 0.9;
    return isSchedHost(page.url) ? 0.85 : 0;
  },
  extract: async (page: Page) => readSchedSpeakers(page.body, page.url),
};
