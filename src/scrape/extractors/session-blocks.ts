/**
 * Talks read from around a speaker's card: the agenda slot it is listed in, the
 * session block holding it with the title beside it, or the session block placed
 * right after it.
 */
import { type AnyNode, type Element, classList, cleanText, contains, descendants, isElement, linesOf, ownText, rootOf, textOf } from './html-common.js';
import { type Skip, sectionHeading } from './html-roles.js';
import { nameScore, splitNameList } from './html-names.js';
import {
  NUMBERED_KIND,
  cleanTalkTitle,
  hasTalkClass,
  isPartHeading,
  isSectionTitle,
  isSiteTile,
  isTalkLink,
  labelledTalk,
  phraseWords,
  usable,
} from './talk-title.js';

/** "09:30", "9h30 – 10h15", "14.00-14.45:" before a programme's title. */
const LEADING_TIME = /^\d{1,2}[:.h]\d{2}(?:\s*[-–—]\s*\d{1,2}[:.h]\d{2})?\s*[-–—|·•:]?\s*/u;

/**
 * Agendas list speakers under each slot's title: when the card's nearest heading
 * opens a container that repeats (one per slot) and holds only a few people, that
 * heading is the talk.
 */
export function slotTalk(card: Element, cards: Set<Element>, skip: Skip): string | undefined {
  const heading = sectionHeading(card, skip);
  if (!heading || ofSectionRank(heading)) return undefined;
  let slot: Element | undefined;
  for (let node = card.parent; isElement(node) && node.name !== 'body'; node = node.parent) {
    if (isInside(heading, node)) {
      slot = node;
      break;
    }
  }
  // The slot is the lowest container around card and heading that repeats beside its kind.
  for (let depth = 0; slot && isElement(slot.parent) && depth < 4; depth++, slot = slot.parent as Element) {
    const key = signatureOf(slot);
    const repeats = slot.parent.children.filter((c) => isElement(c) && signatureOf(c) === key).length;
    if (repeats < 3) continue;
    const people = descendants(slot).filter((d) => cards.has(d)).length;
    // "<h3>10:00 - 11:00</h3><p>Title</p><ul><li>Speaker</li></ul>": a slot headed by its time alone
    // gives its title on the plain line above the speakers.
    const named = cleanTalkTitle(textOf(heading).replace(LEADING_TIME, ''));
    const title = named || lineAbove(card, slot, cards);
    // The line above is no card's: only a short one that reads as a name is left alone.
    const notName = (t: string) => nameScore(t) < 0.5 || t.split(/\s+/).length > 3;
    return title && people <= 6 && usable(title, '') && !isSectionTitle(title) && (named || notName(title)) ? title : undefined;
  }
  return undefined;
}

/** The last line of text in the slot before the card and the cards listed with it: a leaf element outside every card. */
function lineAbove(card: Element, slot: Element, cards: Set<Element>): string | undefined {
  let line: string | undefined;
  for (const el of descendants(slot)) {
    if (el === card) break;
    const inCard = [...cards].some((c) => c === el || contains(c, el) || contains(el, c));
    const leaf = el.children.every((c) => !isElement(c) || INLINE.has(c.name));
    if (!inCard && leaf && !/^h[1-6]$/.test(el.name) && textOf(el)) line = cleanTalkTitle(textOf(el));
  }
  return line;
}

const INLINE = new Set(['a', 'b', 'strong', 'em', 'i', 'span']);

function signatureOf(el: Element): string {
  return [el.name, ...classList(el).sort()].join('.');
}

/**
 * A session block holding one to three speaker cards and the session's title beside
 * them (an element classed as the talk, or a heading outside every card): the
 * title is each of those speakers' talk.
 */
export function sessionTalk(card: Element, cards: Set<Element>): string | undefined {
  let node = card.parent;
  for (let depth = 0; isElement(node) && node.name !== 'body' && depth < 5; depth++, node = node.parent) {
    const inside = descendants(node).filter((d) => cards.has(d));
    if (inside.length > 3) return undefined;
    const outside = (el: Element): boolean => !inside.some((c) => c === el || isInside(el, c) || isInside(c, el));
    // A timetable tile that is one link to the session: its first line of two words or more outside the speakers is the title.
    if (isTalkLink(node) || isSiteTile(node)) {
      const line = descendants(node)
        .filter(outside)
        .map((el) => cleanTalkTitle(cleanText(ownText(el))))
        .find((t) => t && phraseWords(t) >= 2);
      // A short line that reads as a name is a speaker this reading missed; four words and more are a title.
      if (line && usable(line, '') && !isSectionTitle(line) && (nameScore(line) < 0.5 || phraseWords(line) >= 4)) return line;
    }
    for (const el of descendants(node)) {
      if (!outside(el)) continue;
      const classed = (hasTalkClass(el) && descendants(el).every((d) => !hasTalkClass(d))) || isTalkLink(el);
      const title = classed || (/^h[2-5]$/.test(el.name) && !ofSectionRank(el)) ? cleanTalkTitle(textOf(el)) : '';
      // A bare heading that is someone's name belongs to a card this reading missed, not to a
      // session; an element classed as the session's title is one, however its words read.
      if (title && usable(title, '') && !isSectionTitle(title) && !isPartHeading(title) && (classed || nameScore(title) < 0.5)) return title;
    }
  }
  return undefined;
}

/** The element sibling before `el`, text between left out. */
function previousElement(el: Element): Element | undefined {
  let node = el.prev;
  while (node && !isElement(node)) node = node.prev;
  return isElement(node) ? node : undefined;
}

const HEADING_LED = new WeakMap<Set<Element>, boolean>();

/**
 * "<h2>Title</h2><p>Ada Lind, Bo Berg</p><h2>Title</h2><p>…</p>": when most cards (two at
 * least) stand right under a heading of one rank and hold no heading of their own, the
 * headings lead the cards: each card's session is the heading above it, and the heading
 * after a card is the next card's.
 */
function headingLed(cards: Set<Element>): boolean {
  let led = HEADING_LED.get(cards);
  if (led === undefined) {
    const ranks = new Map<string, number>();
    for (const card of cards) {
      const prev = previousElement(card);
      const own = descendants(card).some((d) => /^h[1-6]$/.test(d.name));
      if (prev && /^h[2-6]$/.test(prev.name) && !cards.has(prev) && !own) ranks.set(prev.name, (ranks.get(prev.name) ?? 0) + 1);
    }
    const most = Math.max(0, ...ranks.values());
    led = most >= 2 && most >= cards.size * 0.6;
    HEADING_LED.set(cards, led);
  }
  return led;
}

/** The heading right above a card of a heading-led page, when it reads as a session title. */
export function headingAbove(card: Element, cards: Set<Element>): string | undefined {
  if (!headingLed(cards)) return undefined;
  const prev = previousElement(card);
  if (!prev || !/^h[2-6]$/.test(prev.name) || cards.has(prev) || ofSectionRank(prev)) return undefined;
  const title = cleanTalkTitle(textOf(prev));
  // The card holds the name; a heading of more than four words over it is no second person.
  const notName = nameScore(title) < 0.5 || title.split(/\s+/).length > 4;
  return usable(title, '') && !isSectionTitle(title) && notName ? title : undefined;
}

/**
 * "<div class=speaker>…</div><div class=session>…</div>": a session block placed right
 * after a person's card, before the next card, is that person's session. Its title is
 * a "Talk:" line, a link to the session, an element classed as the talk, or its heading.
 */
export function sessionAfter(card: Element, cards: Set<Element>, base: string): string | undefined {
  if (headingLed(cards)) return undefined;
  let seen = 0;
  for (let node = card.next; node && seen < 3; node = node.next) {
    if (!isElement(node)) continue;
    seen += 1;
    if (cards.has(node) || descendants(node).some((d) => cards.has(d))) return undefined;
    for (const el of [node, ...descendants(node)]) {
      const text = textOf(el);
      const labelled = labelledTalk(text);
      const found = labelled ?? (isTalkLink(el, base) || hasTalkClass(el) || /^h[2-6]$/.test(el.name) ? cleanTalkTitle(text) : undefined);
      if (found && usable(found, '') && !isSectionTitle(found) && nameScore(found) < 0.5) return found;
    }
  }
  return undefined;
}

/**
 * "<p><b>Palestra 1: Title</b><br>12/09 – 16h30</p><table>…cards…</table>": a line opening
 * with a numbered session kind, right before the block of cards (nothing but other cards and
 * pictures between), is the session of every card in that block. A bracketed list of names
 * after the title ("(Ana Lima, Bo Berg e Cy Dahl)") is the panel, not part of the title.
 */
export function sessionBefore(card: Element, cards: Set<Element>): string | undefined {
  let node: Element = card;
  for (let depth = 0; depth < 5 && isElement(node.parent) && node.parent.name !== 'body'; depth++, node = node.parent) {
    let prev = node.prev;
    while (prev && (!isElement(prev) || textOf(prev).trim() === '')) prev = prev.prev;
    if (!isElement(prev)) continue;
    const first = linesOf(prev)[0] ?? '';
    if (NUMBERED_KIND.test(first)) {
      const title = cleanTalkTitle(withoutPanelList(first));
      return usable(title, '') && !isSectionTitle(title) ? title : undefined;
    }
    if (!cards.has(prev) && !descendants(prev).some((d) => cards.has(d))) return undefined;
  }
  return undefined;
}

function withoutPanelList(line: string): string {
  const m = /\s*\(([^()]+)\)\s*$/u.exec(line);
  if (!m) return line;
  return splitNameList(m[1] as string).length > 1 ? line.slice(0, m.index) : line;
}

const SECTION_RANKS = new WeakMap<Element, Set<string>>();

/**
 * "<h2>Plenary Speakers</h2> … <h2>Panelists</h2> … <h2>Step Up for Women</h2>": a heading of the
 * rank at which the page names at least two of its parts ("… Speakers", "Panelists") is one
 * more such part, not a session, whatever its words.
 */
function ofSectionRank(heading: Element): boolean {
  const root = rootOf(heading);
  let ranks = SECTION_RANKS.get(root);
  if (!ranks) {
    const count = new Map<string, number>();
    for (const el of descendants(root)) {
      if (/^h[1-6]$/.test(el.name) && isSectionTitle(cleanTalkTitle(textOf(el)))) count.set(el.name, (count.get(el.name) ?? 0) + 1);
    }
    ranks = new Set([...count].filter(([, n]) => n >= 2).map(([rank]) => rank));
    SECTION_RANKS.set(root, ranks);
  }
  return ranks.has(heading.name);
}

function isInside(el: Element, ancestor: Element): boolean {
  return el !== ancestor && contains(ancestor, el);
}

/**
 * "<dt>09:30 Title</dt><dd>Speaker, Org</dd>": in a programme written as a definition
 * list the term above the speakers' entries is their session, its time left off. The
 * card is the entry (or what it holds), or the term itself when the page's terms were
 * read as cards, the speaker's name then being in the entry below.
 */
export function termTalk(card: Element, name: string): string | undefined {
  let term: AnyNode | null | undefined = card.name === 'dt' ? card : undefined;
  const entry = card.name === 'dd' ? card : isElement(card.parent) && card.parent.name === 'dd' ? card.parent : undefined;
  // Several entries may stand under one term: each speaker's.
  for (let node: AnyNode | null | undefined = entry?.prev; node && !term; node = node.prev) {
    if (isElement(node) && node.name === 'dt') term = node;
    else if (isElement(node) && node.name !== 'dd') break;
  }
  if (!isElement(term) || textOf(term).includes(name)) return undefined;
  const text = textOf(term);
  const timed = LEADING_TIME.test(text);
  const title = cleanTalkTitle(text.replace(LEADING_TIME, ''));
  // A timed term is a slot of the programme, whatever its words look like; an untimed one must not read as a name.
  return title && usable(title, '') && !isSectionTitle(title) && (timed || nameScore(title) < 0.5) ? title : undefined;
}
