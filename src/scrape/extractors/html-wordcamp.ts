/**
 * WordCamp speaker pages: the `[speakers]` shortcode markup (`.wcorg-speakers` >
 * `.wcorg-speaker`, name in h2, gravatar and bio in `.wcorg-speaker-description`)
 * and the Speakers block (`.wordcamp-speakers__post`, name in
 * `.wordcamp-speakers__title`, bio in `.wordcamp-speakers__content`, session links).
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Extractor, Page, RawSpeaker, RawTalk } from '../types.js';
import { type Element, absoluteUrl, cleanText, isHtmlPage, loadHtml, outboundLinks, photoOf, textOf } from './html-common.js';

const CARD = '.wcorg-speaker, .wordcamp-speakers__post';
const NAME = '.wordcamp-speakers__title, .wcorg-speaker-name, h2, h3';
const BIO = '.wcorg-speaker-bio, .wordcamp-speakers__content, .wcorg-speaker-description';
const SESSIONS = '.wcorg-speaker-sessions, .wordcamp-speakers__sessions';
const SESSION_LINK = '.wordcamp-speakers__session-link, .wcorg-speaker-sessions a, a[href*="/session/"]';
const PHOTO = 'img.wcorg-speaker-gravatar, .wordcamp-image__avatar-container img, img.avatar, img';

/** Bio text without the sessions list and its heading, which some themes nest inside the description. */
function bioText(card: Cheerio<Element>): string | undefined {
  const bio = card.find(BIO).first();
  if (bio.length === 0) return undefined;
  const copy = bio.clone();
  copy.find(`${SESSIONS}, img, h2, h3, h4`).remove();
  const text = cleanText(
    copy
      .toArray()
      .map((el) => textOf(el))
      .join(' '),
  );
  return text || undefined;
}

function talksOf(card: Cheerio<Element>): RawTalk[] {
  const titles = card
    .find(SESSION_LINK)
    .toArray()
    .map((a) => textOf(a))
    .filter((t) => t.length > 0);
  return [...new Set(titles)].map((title) => ({ title }));
}

function readCard($: CheerioAPI, el: Element, base: string): RawSpeaker | undefined {
  const card = $(el);
  const heading = card.find(NAME).first();
  const name = cleanText(heading.text());
  if (!name) return undefined;
  const speaker: RawSpeaker = { name };
  const profile = absoluteUrl(heading.find('a').attr('href') ?? heading.closest('a').attr('href'), base);
  if (profile) speaker.profileUrl = profile;
  const photo = card.find(PHOTO).first().get(0);
  const photoUrl = photo ? photoOf(photo, base) : undefined;
  if (photoUrl) speaker.photoUrl = photoUrl;
  const bio = bioText(card);
  if (bio) speaker.bio = bio;
  const talks = talksOf(card);
  if (talks.length > 0) speaker.talks = talks;
  const sessionLinks = new Set(card.find(SESSION_LINK).toArray());
  const links = outboundLinks(el, base, (a) => sessionLinks.has(a) || /gravatar\.com/.test(a.attribs.href ?? ''));
  if (links.length > 0) speaker.links = links;
  return speaker;
}

export function readWordcampSpeakers(html: string, base: string): RawSpeaker[] {
  const $ = loadHtml(html);
  return $(CARD)
    .toArray()
    .map((el) => readCard($, el, base))
    .filter((s): s is RawSpeaker => s !== undefined);
}

export const htmlWordcamp: Extractor = {
  name: 'html-wordcamp',
  detect(page: Page): number {
    if (!isHtmlPage(page)) return 0;
    return /class=["'][^"']*\b(wcorg-speaker|wordcamp-speakers__post)\b/.test(page.body) ? 0.9 : 0;
  },
  extract: async (page: Page) => readWordcampSpeakers(page.body, page.url),
};
