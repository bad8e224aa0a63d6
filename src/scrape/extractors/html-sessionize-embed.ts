/**
 * Pages that embed Sessionize. When the embed was rendered into the page, its
 * speaker markup (`.sz-speaker`, `.sz-speaker__name`, `__tagline`, `__bio`,
 * `__links`, sessions) is read directly. When the page only carries the loader
 * script (`https://sessionize.com/api/v2/<id>/view/Speakers`, `SpeakerWall`,
 * `GridSmart`...), the event id is taken from it and the `All` view is read
 * through the Sessionize API reader.
 */
import type { CheerioAPI } from 'cheerio';
import type { Extractor, FetchPage, Page, RawSpeaker, RawTalk } from '../types.js';
import { type Element, absoluteUrl, cleanText, isHtmlPage, linkTarget, loadHtml, textOf } from './html-common.js';
import { readSessionizeApi, sessionizeApiUrls } from './sessionize-api.js';
import { fetchOptional, pageJson } from './structured-util.js';

const EMBED_URL = /sessionize\.com\/api\/v2\/([a-z0-9]+)\/view\/[A-Za-z]+/i;
const RENDERED = /class=["'][^"']*\bsz-(?:speaker|session)\b/;
const SESSION_TITLE = '.sz-session__title, .sz-speaker__sessions a, .sz-speaker__session a';

function talksOf($: CheerioAPI, card: Element): RawTalk[] {
  const titles = $(card)
    .find(SESSION_TITLE)
    .toArray()
    .map((el) => textOf(el))
    .filter((t) => t.length > 0);
  return [...new Set(titles)].map((title) => ({ title }));
}

function linksOf($: CheerioAPI, card: Element, base: string): string[] {
  const links = $(card)
    .find('.sz-speaker__links a, a.sz-speaker__link')
    .toArray()
    .map((a) => linkTarget(a.attribs.href, base))
    .filter((l): l is string => l !== undefined);
  return [...new Set(links)];
}

function readCard($: CheerioAPI, card: Element, base: string): RawSpeaker | undefined {
  const $card = $(card);
  const name = cleanText($card.find('.sz-speaker__name').first().text());
  if (!name) return undefined;
  const speaker: RawSpeaker = { name };
  const tagline = cleanText($card.find('.sz-speaker__tagline').first().text());
  if (tagline) speaker.tagline = tagline;
  const bio = cleanText($card.find('.sz-speaker__bio').first().text());
  if (bio) speaker.bio = bio;
  const img = $card.find('.sz-speaker__photo img, img').first();
  const photo = absoluteUrl(img.attr('src') ?? img.attr('data-src'), base);
  if (photo) speaker.photoUrl = photo;
  const links = linksOf($, card, base);
  if (links.length > 0) speaker.links = links;
  const talks = talksOf($, card);
  if (talks.length > 0) speaker.talks = talks;
  return speaker;
}

/** Wall and list views can show a person twice (card and detail); the fuller record is kept. */
function mergeByName(speakers: RawSpeaker[]): RawSpeaker[] {
  const byName = new Map<string, RawSpeaker>();
  for (const s of speakers) {
    const key = s.name.toLocaleLowerCase();
    const known = byName.get(key);
    byName.set(key, known && Object.keys(known).length >= Object.keys(s).length ? known : s);
  }
  return [...byName.values()];
}

interface GridSession {
  title: string;
  speakers: Array<{ id?: string; name: string }>;
}

/**
 * Sessions the grid and list views render (`.sz-session`, `.sz-session__title`, and
 * `.sz-session__speakers li[data-speakerid]` per speaker), in page order. Service
 * sessions (breaks, registration) name nobody and are passed over.
 */
function gridSessions($: CheerioAPI): GridSession[] {
  const out: GridSession[] = [];
  for (const el of $('.sz-session').toArray()) {
    const $el = $(el);
    if ($el.hasClass('sz-session--service')) continue;
    const title = cleanText($el.find('.sz-session__title').first().text());
    const speakers = $el
      .find('.sz-session__speakers li')
      .toArray()
      .map((li) => ({ id: li.attribs['data-speakerid'], name: cleanText($(li).text()) }))
      .filter((s) => s.name.length > 0);
    if (title && speakers.length > 0) out.push({ title, speakers });
  }
  return out;
}

/**
 * The wall shows people, the grid their sessions: each session is joined to its
 * speakers by Sessionize's speaker id, else by name. A grid without a wall names
 * the speakers itself.
 */
function joinSessions(speakers: RawSpeaker[], ids: Map<string, string>, sessions: GridSession[]): RawSpeaker[] {
  const byName = new Map(speakers.map((s) => [s.name.toLocaleLowerCase(), s]));
  const out = [...speakers];
  for (const session of sessions) {
    for (const person of session.speakers) {
      const key = (person.id ? ids.get(person.id) : undefined) ?? person.name.toLocaleLowerCase();
      let speaker = byName.get(key);
      if (!speaker) {
        if (speakers.length > 0) continue;
        speaker = { name: person.name };
        byName.set(person.name.toLocaleLowerCase(), speaker);
        out.push(speaker);
      }
      const talks = speaker.talks ?? [];
      if (!talks.some((t) => t.title === session.title)) speaker.talks = [...talks, { title: session.title }];
    }
  }
  return out;
}

/** Speakers rendered into the page by the embed, if any, with the sessions its grid or list shows for them. */
export function readSessionizeEmbed(html: string, base: string): RawSpeaker[] {
  const $ = loadHtml(html);
  /** Sessionize speaker id → the name its card shows, lower case. */
  const ids = new Map<string, string>();
  const speakers: RawSpeaker[] = [];
  for (const card of $('.sz-speaker').toArray()) {
    const speaker = readCard($, card, base);
    if (!speaker) continue;
    speakers.push(speaker);
    const id = card.attribs['data-speakerid'];
    if (id) ids.set(id, speaker.name.toLocaleLowerCase());
  }
  return joinSessions(mergeByName(speakers), ids, gridSessions($));
}

/** The Sessionize event id named by the embed script or its load URL. */
export function sessionizeEmbedId(html: string): string | undefined {
  return EMBED_URL.exec(html)?.[1];
}

async function readThroughApi(id: string, fetchPage: FetchPage): Promise<RawSpeaker[]> {
  const all = await fetchOptional(fetchPage, sessionizeApiUrls(id).all);
  return all ? readSessionizeApi(pageJson(all)) : [];
}

export const htmlSessionizeEmbed: Extractor = {
  name: 'html-sessionize-embed',
  detect(page: Page): number {
    if (!isHtmlPage(page)) return 0;
    if (RENDERED.test(page.body)) return 0.95;
    return sessionizeEmbedId(page.body) ? 0.9 : 0;
  },
  async extract(page: Page, fetchPage: FetchPage): Promise<RawSpeaker[]> {
    const rendered = readSessionizeEmbed(page.body, page.url);
    const id = sessionizeEmbedId(page.body);
    // Wall and grid views render names and photos only; the API has the rest when it answers.
    if (id && rendered.every((s) => !s.bio)) {
      const full = await readThroughApi(id, fetchPage);
      if (full.length >= rendered.length && full.length > 0) return full;
    }
    return rendered;
  },
};
