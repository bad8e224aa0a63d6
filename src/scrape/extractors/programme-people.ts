/**
 * Programme-only people. A page with speaker cards and a programme beside them may
 * name in the programme people who have no card (a workshop's second teacher, a late
 * addition). The programme's own markup says where its speaker lines sit: the lines
 * that name carded speakers and nothing else. A line of the same shape (the same
 * chain of element names up to its block) that names nobody carded, and reads as a
 * name or a list of names, is the speaker line of a person the cards leave out.
 * Their session is then found like any other speaker's, by joinTalksByName.
 */
import type { CheerioAPI } from 'cheerio';
import type { RawSpeaker } from '../types.js';
import { withoutTitles } from '../normalize.js';
import { tablePeople } from './html-table.js';
import { type Element, cleanText, descendants, isElement, textOf } from './html-common.js';
import { nameScore } from './html-names.js';
import { cleanTalkTitle, usable } from './talk-title.js';
import { isOrganisationName } from './affiliation.js';
import { INLINE, LEADING_GROUP, fold, inFurniture, isLine, namePattern, onlyNames, wholeName } from './talks-by-name.js';

/** How many inline elements around a speaker line make its shape. */
const MAX_INLINE = 4;
/** Speaker lines of carded people needed before the shape is trusted. */
const MIN_KNOWN = 2;
/** What separates the names of a session's speakers on one line. */
const LIST_JOINER = /\s*(?:[,;|]|\s[&+]\s|\s(?:and|und|et|y|e|i|en)\s)\s*/iu;

/**
 * The line's element names up to the block holding it, each with its place among its
 * siblings, the block by name alone: "td>a@2>strong@0". A title and a speaker line may
 * be the same elements; their places in the block tell them apart.
 */
function shapeOf(el: Element): string {
  const steps: string[] = [];
  let node: Element | null = el;
  for (let depth = 0; node && depth <= MAX_INLINE; depth++) {
    const parent: Element | null = isElement(node.parent) ? node.parent : null;
    steps.unshift(`${node.name}@${parent ? parent.children.filter(isElement).indexOf(node) : 0}`);
    node = parent;
    if (!node || !INLINE.has(node.name)) break;
  }
  steps.unshift(node?.name ?? '');
  return steps.join('>');
}

/** The names a speaker line holds, or none when any part of it reads as something else. */
function namesIn(text: string): string[] {
  // "Ada Lind, J.D., Ph.D": the post-nominals after a name are no second person.
  const parts = withoutTitles(cleanText(text.replace(LEADING_GROUP, ' ')))
    .split(LIST_JOINER)
    .map((p) => p.trim())
    .filter(Boolean);
  const full = (p: string): boolean => p.split(/\s+/).length >= 2 && nameScore(p) >= 0.5;
  return parts.length > 0 && parts.every(full) ? parts : [];
}

/** The people the programme names in speaker lines shaped like the carded speakers' own, who have no card. */
export function programmeOnlyPeople(body: Element, speakers: RawSpeaker[], inCard: (el: Element) => boolean): RawSpeaker[] {
  const known = speakers.filter((s) => s.name.split(/\s+/).length >= 2).map((s) => ({ speaker: s, pattern: namePattern(s.name) }));
  if (known.length < MIN_KNOWN) return [];
  const lines = descendants(body).filter((el) => isLine(el) && !inCard(el) && !inFurniture(el) && textOf(el).length <= 120);
  const innermost = lines.filter((el) => !lines.some((other) => other !== el && descendants(el).includes(other)));
  const knownShapes = new Map<string, number>();
  const strangers: Element[] = [];
  for (const el of innermost) {
    const text = textOf(el);
    const named = known.filter((k) => k.pattern.test(fold(text))).map((k) => k.speaker);
    if (named.length === 0) strangers.push(el);
    else if (onlyNames(text, named)) knownShapes.set(shapeOf(el), (knownShapes.get(shapeOf(el)) ?? 0) + 1);
  }
  const seen = new Set(speakers.map((s) => fold(s.name)));
  // A title-case session title reads like a name: one a speaker already gives is never a person.
  const titles = new Set(speakers.flatMap((s) => (s.talks ?? []).map((t) => fold(t.title))));
  // "Ana Maria Lima", "Lari Maza": the programme's spelling of a carded person is no one new.
  const variants = speakers.map((s) => wholeName(s.name));
  const found: RawSpeaker[] = [];
  for (const el of strangers) {
    if ((knownShapes.get(shapeOf(el)) ?? 0) < MIN_KNOWN) continue;
    const text = textOf(el);
    const group = cleanText(LEADING_GROUP.exec(text)?.[0].replace(/[()[\]]/g, ''));
    const company = group && isOrganisationName(group) ? group : undefined;
    for (const name of namesIn(text)) {
      if (seen.has(fold(name)) || titles.has(fold(name)) || variants.some((v) => v.test(fold(name)))) continue;
      seen.add(fold(name));
      found.push(company ? { name, company } : { name });
    }
  }
  return found;
}

/** "Ada Lind - ", "Ada Lind: ": a name written before the session's title in the same cell. */
const NAME_BEFORE_TITLE = /^(.+?)\s*(?:\s[-–—]|:)\s*$/u;

/**
 * "<td><a>Ada Lind</a> - <strong>Title</strong></td>" down a schedule's column, and one cell
 * "<td>Bo Berg - <strong>Title</strong></td>" whose speaker has no link: in a table column where
 * two cells at least hold a carded speaker, a cell that opens with a full name nobody carded,
 * then a separator and a title element, names a speaker of that session.
 */
export function columnOnlyPeople(body: Element, speakers: RawSpeaker[], inCard: (el: Element) => boolean): RawSpeaker[] {
  const cells = descendants(body).filter((el) => el.name === 'td');
  const column = (td: Element): string => {
    const row = isElement(td.parent) ? td.parent : undefined;
    const table = closestTable(td);
    return row && table ? `${descendants(body).indexOf(table)}:${row.children.filter(isElement).indexOf(td)}` : '';
  };
  const carded = new Map<string, number>();
  for (const td of cells) if (descendants(td).some(inCard)) carded.set(column(td), (carded.get(column(td)) ?? 0) + 1);
  const seen = new Set(speakers.map((s) => fold(s.name)));
  const found: RawSpeaker[] = [];
  for (const td of cells) {
    if ((carded.get(column(td)) ?? 0) < MIN_KNOWN || descendants(td).some(inCard)) continue;
    const first = td.children.find((c) => isElement(c) || textOf(c).trim() !== '');
    const titleEl = first && !isElement(first) ? td.children.find(isElement) : undefined;
    const lead = first && !isElement(first) ? NAME_BEFORE_TITLE.exec(cleanText(textOf(first))) : null;
    const name = lead?.[1] ?? '';
    if (!titleEl || !name || name.split(/\s+/).length < 2 || nameScore(name) < 0.5 || seen.has(fold(name))) continue;
    const title = cleanTalkTitle(textOf(titleEl));
    seen.add(fold(name));
    found.push(usable(title, name) ? { name, talks: [{ title }] } : { name });
  }
  return found;
}

function closestTable(el: Element): Element | undefined {
  for (let node = el.parent; isElement(node); node = node.parent) if (node.name === 'table') return node;
  return undefined;
}

/** The carded speaker a programme names, in the card's spelling or the programme's ("Ana Maria Lima", "Lari Moreau"). */
function carded(speakers: RawSpeaker[], name: string): RawSpeaker | undefined {
  const folded = fold(name);
  return speakers.find((s) => fold(s.name) === folded) ?? speakers.find((s) => wholeName(s.name).test(folded));
}

/**
 * A programme table beside the cards ("Course title | Instructor", "Título do Minicurso |
 * Proponente Principal"): its people without a card are speakers too, and a carded one whose
 * card gave no session takes the table's.
 */
export function joinTablePeople($: CheerioAPI, speakers: RawSpeaker[], base: string): void {
  for (const person of tablePeople($, base, true)) {
    const known = carded(speakers, person.name);
    if (!known) speakers.push(person);
    else if (!known.talks?.length && person.talks?.length) known.talks = person.talks;
  }
}
