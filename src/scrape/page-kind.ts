/**
 * Pages that are not speaker pages at all, told apart before or after extraction so
 * that a run reports why a page gave nobody instead of storing a shop's products as
 * people: a PDF or an image is not an HTML page, and entries whose only details are
 * prices are products, not people.
 */
import { looksLikeJobTitle } from './normalize.js';
import type { LeftOut, Page, ScrapedSpeaker } from './types.js';

const DOCUMENT_TYPES: Array<[RegExp, string]> = [
  [/^application\/pdf$/, 'a PDF document'],
  [/^image\//, 'an image'],
  [/^(?:audio|video)\//, 'a media file'],
  [/^font\//, 'a font'],
  [/^application\/(?:zip|gzip|x-tar|octet-stream|msword|vnd\.)/, 'a binary file'],
];

/** Magic numbers, for servers that send a PDF or an image as text/html or without a type. */
const SIGNATURES: Array<[RegExp, string]> = [
  [/^%PDF-/, 'a PDF document'],
  [/^\uFFFDPNG\r\n/, 'an image'],
  [/^GIF8[79]a/, 'an image'],
  [/^\uFFFD\uFFFD\uFFFD/, 'an image'],
  [/^RIFF.{4}WEBP/s, 'an image'],
];

/** Why the page is not a page of text the extractors read, or null when it is one. */
export function notHtmlReason(page: Page): string | null {
  const head = page.body.slice(0, 16);
  const kind = DOCUMENT_TYPES.find(([type]) => type.test(page.contentType))?.[1] ?? SIGNATURES.find(([sig]) => sig.test(head))?.[1];
  if (!kind) return null;
  return `not an HTML page: ${page.url} is ${kind}${page.contentType ? ` (${page.contentType})` : ''}; give the address of the page that lists the speakers`;
}

const PRICE = /^(?:(?:from|ab|dès|desde|da)\s+)?(?:[$€£¥₹]\s?\d[\d.,\s]*|\d[\d.,\s]*\s?(?:[$€£¥₹]|usd|eur|gbp|chf|pln|kr|zł))(?:\s*(?:\/|per)\s*\S+)?$/i;

/** True when the text is a price ("$50", "49,90 €", "from $20 / month"). */
export function isPrice(text: string | null | undefined): boolean {
  return text != null && PRICE.test(text.trim());
}

function isProduct(s: ScrapedSpeaker): boolean {
  return [s.title, s.company, s.tagline].some(isPrice);
}

/** Something about the record that only a person has: a profile, a talk, a job title. */
function personEvidence(s: ScrapedSpeaker): boolean {
  return s.linkedinUrl !== null || s.talks.length > 0 || (s.title !== null && looksLikeJobTitle(s.title));
}

export interface PeopleCheck {
  speakers: ScrapedSpeaker[];
  /** Set when the page's entries are not people at all. */
  warning: string | null;
}

/**
 * Drops entries that are products, not people. When most entries are products and
 * none carries anything only a person has, the page is not a speakers page and gives nobody.
 */
export function keepPeople(speakers: ScrapedSpeaker[], leftOut: LeftOut[]): PeopleCheck {
  const products = speakers.filter(isProduct);
  if (products.length === 0) return { speakers, warning: null };
  const note = (s: ScrapedSpeaker) => {
    const price = [s.title, s.company, s.tagline].find(isPrice);
    leftOut.push({ text: s.name, reason: price ? `not a person: "${price}" is a price` : 'not a person: listed among products' });
  };
  if (products.length * 2 >= speakers.length && !speakers.some(personEvidence)) {
    for (const s of speakers) note(s);
    const example = products[0] as ScrapedSpeaker;
    const warning = `not a speakers page: none of its ${speakers.length} entries reads as a person (${products.length} are priced like products, e.g. "${example.name}" at "${[example.title, example.company, example.tagline].find(isPrice)}"); no speakers taken from it`;
    return { speakers: [], warning };
  }
  for (const s of products) note(s);
  return { speakers: speakers.filter((s) => !isProduct(s)), warning: null };
}
