/**
 * pretalx public speaker pages (`/<event>/speaker/`). The page links its event's
 * API through `<link rel="alternate" type="application/json">`; the speakers list
 * there is read by the pretalx API reader. Without that link (or when the API
 * does not answer) the HTML list itself is read: one link per speaker to
 * `/<event>/speaker/<code>/`, holding the name and, in current versions, the
 * biography and talk titles.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Extractor, FetchPage, Page, RawSpeaker, RawTalk } from '../types.js';
import { type Element, absoluteUrl, cleanText, isHtmlPage, linesOf, loadHtml, photoOf, textOf } from './html-common.js';
import { roleFromBio } from './bio-role.js';
import { cleanTalkTitle } from './talk-title.js';
import { pretalxApi } from './pretalx-api.js';
import { fetchOptional } from './structured-util.js';

const SPEAKER_HREF = /\/speaker\/([A-Za-z0-9]{3,})\/?(?:[?#]|$)/;
const SPEAKER_HREF_IN_BODY = /href=["'][^"']*\/speaker\/[A-Za-z0-9]{3,}\/?["'?#]/;
const EVENT_API = /\/api\/events\/[^/]+\/?$/;
const LIST_SCOPE = '.speaker-list, section.speakers, section.pretalx-list-day, #speakers';
const NAME = '.title, .name, .speaker-name, h2, h3, h4';
const BIO = '.abstract, .biography, .speaker-bio';

/** The API address the page advertises, pointed at its speakers list. */
export function pretalxSpeakersApiUrl(html: string, base: string): string | undefined {
  const $ = loadHtml(html);
  const href = $('link[rel~="alternate"][type="application/json"]').first().attr('href');
  const api = absoluteUrl(href, base);
  if (!api) return undefined;
  return EVENT_API.test(new URL(api).pathname) ? `${api.replace(/\/?$/, '/')}speakers/` : api;
}

function codeOf(a: Element): string | undefined {
  return SPEAKER_HREF.exec(a.attribs.href ?? '')?.[1];
}

/** The speaker code a card stands for: a speaker link around it, else the first one inside it. */
function cardCode($: CheerioAPI, card: Element): { code: string; link: Element } | undefined {
  const links = [...$(card).parents('a[href*="/speaker/"]').toArray(), ...$(card).find('a[href*="/speaker/"]').toArray()];
  const link = links.find((a) => codeOf(a) !== undefined);
  return link ? { code: codeOf(link) as string, link } : undefined;
}

/** The element that stands for one speaker: the link itself when it wraps the details, else its item or section. */
function cardOf($: CheerioAPI, link: Element): Cheerio<Element> {
  const $link = $(link);
  if ($link.find(NAME).length > 0) return $link;
  const item = $link.closest('li, .speaker, article, section') as Cheerio<Element>;
  return item.length > 0 &&
    item
      .find('a[href*="/speaker/"]')
      .toArray()
      .every((a) => codeOf(a) === codeOf(link))
    ? item
    : $link;
}

function talksOf(card: Cheerio<Element>): RawTalk[] {
  const titles = [...card.find('ul li').toArray(), ...card.find('a[href*="/talk/"]').toArray()]
    .map((el) => cleanTalkTitle(textOf(el)))
    .filter((t) => t.length > 0);
  return [...new Set(titles)].map((title) => ({ title }));
}

function readSpeaker(card: Cheerio<Element>, link: Element, base: string): RawSpeaker | undefined {
  const named = card.find(NAME).first();
  const name = cleanText(named.length > 0 ? named.text() : textOf(link));
  if (!name) return undefined;
  const speaker: RawSpeaker = { name };
  const profile = absoluteUrl(link.attribs.href, base);
  if (profile) speaker.profileUrl = profile;
  const bioEl = card.find(BIO).first().get(0);
  const bio = bioEl ? textOf(bioEl) : '';
  if (bio) speaker.bio = bio;
  // pretalx has no title or company field; speakers state them in the biography's first line.
  const role = bioEl ? roleFromBio(linesOf(bioEl)[0]) : undefined;
  if (role?.title) speaker.title = role.title;
  if (role?.company) speaker.company = role.company;
  const photo = photoOf(card.get(0) as Element, base);
  // The placeholder avatar pretalx shows for speakers without a picture is not a photo.
  if (photo && !/\/avatar\.svg(\?|$)/.test(photo)) speaker.photoUrl = photo;
  const talks = talksOf(card);
  if (talks.length > 0) speaker.talks = talks;
  return speaker;
}

/**
 * Reads the speaker list from the HTML of a pretalx speakers page. Versions from
 * 2020 on render one `.pretalx-session` block per speaker (some with a speaker
 * link nested inside the outer one, which HTML parsing splits apart, so the block
 * rather than the link is the card); older ones a heading link per speaker.
 */
export function readPretalxHtml(html: string, base: string): RawSpeaker[] {
  const $ = loadHtml(html);
  const scope = $(LIST_SCOPE).length > 0 ? $(LIST_SCOPE) : $('body');
  const seen = new Set<string>();
  const speakers: RawSpeaker[] = [];
  const add = (code: string, card: Cheerio<Element>, link: Element): void => {
    if (seen.has(code)) return;
    const speaker = readSpeaker(card, link, base);
    if (!speaker) return;
    seen.add(code);
    speakers.push(speaker);
  };
  for (const block of scope.find('.pretalx-session').toArray()) {
    const found = $(block).find(NAME).length > 0 ? cardCode($, block) : undefined;
    if (found) add(found.code, $(block), found.link);
  }
  for (const link of scope.find('a[href*="/speaker/"]').toArray()) {
    const code = codeOf(link);
    if (code) add(code, cardOf($, link), link);
  }
  return speakers;
}

async function readThroughApi(url: string, fetchPage: FetchPage): Promise<RawSpeaker[]> {
  const api = await fetchOptional(fetchPage, url);
  try {
    return api ? await pretalxApi.extract(api, fetchPage) : [];
  } catch {
    // An API of another shape than expected: the HTML list is still there.
    return [];
  }
}

function looksLikePretalx(page: Page): boolean {
  return /pretalx/i.test(page.body);
}

export const htmlPretalx: Extractor = {
  name: 'html-pretalx',
  detect(page: Page): number {
    if (!isHtmlPage(page) || !looksLikePretalx(page)) return 0;
    if (pretalxSpeakersApiUrl(page.body, page.url)) return 0.9;
    return SPEAKER_HREF_IN_BODY.test(page.body) ? 0.85 : 0;
  },
  async extract(page: Page, fetchPage: FetchPage): Promise<RawSpeaker[]> {
    const api = pretalxSpeakersApiUrl(page.body, page.url);
    const fromApi = api ? await readThroughApi(api, fetchPage) : [];
    return fromApi.length > 0 ? fromApi : readPretalxHtml(page.body, page.url);
  },
};
