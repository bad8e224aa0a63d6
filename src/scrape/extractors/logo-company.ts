/**
 * Cards that show the employer as a logo beside the person ("<img alt="Fjordpay">",
 * "/img/companies/brightwater-analytics.png"). A logo is read only where the cards
 * agree on it: the same place in several cards, a different image in each, never
 * the person's photo, a shared icon, the event's own logo or a sponsor's badge.
 */
import { splitTagline } from '../normalize.js';
import { isOrganisationName } from './affiliation.js';
import { type Element, classList, closestElement, descendants, imageSource, rootOf, textOf } from './html-common.js';
import { type Piece, cardPieces } from './html-generic-cards.js';
import type { CardRead } from './html-generic-people.js';

/** "Fjordpay logo", "Logo of Fjordpay", "logo-fjordpay": the word "logo" and its joiners are not the name. */
const LOGO_WORDS = /(?:^|[\s_-])(?:company\s+)?(?:logo(?:type)?|logotipo|icon|image|img)(?:\s+(?:of|de|von|di))?(?=$|[\s_-])/giu;
/** Retina and size marks in file names: "@2x", "-300x120", "-small". */
const SIZE_MARK = /(?:@\d+x|[-_]\d+x\d+|[-_](?:small|large|sm|lg|dark|light|white|black|color|colour|mono))+$/i;
/** A badge rather than an employer: who sponsors or presents the session or the event. */
const SPONSOR = /sponsor|partner|presented|powered|hosted|supported|patrocin|förder/i;
/** Logos must be a different image in most of the cards that carry one. */
const DISTINCT_SHARE = 0.8;
const AGREEMENT = 0.4;

interface Logo {
  piece: Piece;
  src: string;
  company: string;
}

function fileStem(src: string): string {
  const file = decodeURIComponent(src.split(/[?#]/)[0]?.split('/').pop() ?? '');
  return file.replace(/\.(?:png|jpe?g|gif|svg|webp|avif)$/i, '').replace(SIZE_MARK, '');
}

/** Words of a file name ("brightwater-analytics") as a name; hashes and numbered files give none. */
function nameFromFile(stem: string): string | undefined {
  // Upload folders number their files ("acme-2024", "acme_1"): the numbers are not the name.
  const words = stem
    .replace(LOGO_WORDS, ' ')
    .split(/[\s_-]+/)
    .filter((w) => w && !/^\d+$/.test(w));
  if (words.length === 0 || words.length > 3 || words.some((w) => !/^\p{L}[\p{L}.&]*$/u.test(w))) return undefined;
  return words.map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

const folded = (text: string): string =>
  text
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** True when the text names the person (a photo's alt text or file name). */
function namesPerson(text: string, person: string): boolean {
  const words = folded(person)
    .split(' ')
    .filter((w) => w.length > 1);
  const t = ` ${folded(text)} `;
  return words.some((w) => t.includes(` ${w} `));
}

/** The event's own name and logo: the page title's words and the images outside every card. */
interface PageMarks {
  title: string;
  outside: Set<string>;
}

function pageMarks(root: Element, cards: Element[]): PageMarks {
  const titleEl = descendants(root).find((e) => e.name === 'title');
  const outside = new Set<string>();
  for (const img of descendants(root)) {
    if (img.name !== 'img' || cards.some((c) => closestElement(img, (e) => e === c))) continue;
    const src = imageSource(img);
    if (src) outside.add(fileStem(src).toLocaleLowerCase());
  }
  return { title: titleEl ? folded(textOf(titleEl)) : '', outside };
}

/** Alt texts of a portrait: never an employer. */
const PHOTO_WORDS = /photo|foto|headshot|portrait|avatar|picture|bild|imagen|immagine|speaker|profile|placeholder/i;
const BACKGROUND_URL = /background(?:-image)?\s*:[^;]*url\(\s*(['"]?)([^'")]+)\1\s*\)/i;

/** The picture an element shows: an <img>, or a CSS background set inline. */
function pictureOf(el: Element): string | undefined {
  return el.name === 'img' ? imageSource(el) : BACKGROUND_URL.exec(el.attribs.style ?? '')?.[2];
}

/** `named`: only a picture whose text says what it shows may be read (a card's only picture may be the portrait). */
function logoOf(piece: Piece, person: string, marks: PageMarks, named = false): Logo | undefined {
  const img = piece.el;
  const src = pictureOf(img);
  if (!src) return undefined;
  const stem = fileStem(src);
  const label = img.attribs.alt ?? img.attribs['aria-label'] ?? img.attribs.title ?? '';
  const alt = label.replace(LOGO_WORDS, ' ').replace(/\s+/g, ' ').trim();
  const company = alt || (named ? undefined : nameFromFile(stem));
  if (!company || PHOTO_WORDS.test(label) || namesPerson(company, person) || namesPerson(stem, person)) return undefined;
  // The event's logo repeated on cards, and a sponsor's badge, say nothing of the person.
  if (marks.outside.has(stem.toLocaleLowerCase()) || (folded(company).length > 2 && marks.title.includes(folded(company)))) return undefined;
  const around = closestElement(
    img,
    (e) => SPONSOR.test(`${classList(e).join(' ')} ${e.attribs.title ?? ''}`) || (e.name === 'a' && SPONSOR.test(e.attribs.href ?? '')),
  );
  if (around || SPONSOR.test(alt)) return undefined;
  return isOrganisationName(company) ? { piece, src, company } : undefined;
}

/**
 * Sets the company of cards that name none from the logo slot the cards agree on:
 * at least two cards, four in ten of those read, each a different image.
 */
export function fillCompanyFromLogos(reads: CardRead[], contexts: Element[]): void {
  if (reads.length < 2 || contexts.length === 0) return;
  const marks = pageMarks(rootOf(contexts[0] as Element), contexts);
  const found = new Map<CardRead, Logo>();
  const votes = new Map<string, number>();
  for (const read of reads) {
    const pieces = cardPieces(read.card).filter((p) => pictureOf(p.el) !== undefined);
    // The first picture of a card is the person's photo; a card's only picture is a logo only by what its text says.
    const only = pieces.length === 1;
    for (const piece of only ? pieces : pieces.slice(1)) {
      const logo = logoOf(piece, read.speaker.name, marks, only);
      if (!logo) continue;
      found.set(read, logo);
      votes.set(piece.key, (votes.get(piece.key) ?? 0) + 1);
      break;
    }
  }
  let best: [string, number] | undefined;
  for (const entry of votes) if (!best || entry[1] > best[1]) best = entry;
  if (!best || best[1] < 2 || best[1] < reads.length * AGREEMENT) return;
  const agreed = [...found].filter(([, logo]) => logo.piece.key === (best as [string, number])[0]);
  if (new Set(agreed.map(([, logo]) => logo.src)).size < agreed.length * DISTINCT_SHARE) return;
  // Every card naming the same "company" is the event's or a template's picture, not each person's employer.
  if (agreed.length >= 3 && new Set(agreed.map(([, logo]) => logo.company)).size === 1) return;
  for (const [read, logo] of agreed) {
    const { speaker } = read;
    if (!speaker.company && splitTagline(speaker.tagline).company === null) speaker.company = logo.company;
  }
}
