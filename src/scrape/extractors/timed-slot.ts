/**
 * Agenda rows that open with their time ("<time>09:15 - 09:45</time>", "10:00") and hold the
 * session above its speaker: "<h4>Keynote 1</h4><p>Title</p><a>Name</a> - Role", or
 * "<p>Title <span>- <a>Name</a> Role</span></p>". The last line of the row before the speaker's
 * name, the time and a bare session kind left out, is the session's title.
 */
import { type AnyNode, type Element, BLOCKS, classList, cleanText, descendants, isElement, isSkipped, linesOf, textOf } from './html-common.js';
import { nameScore } from './html-names.js';
import { namesCardOrganisation, sessionAboveOrganisation } from './organisation-heading.js';
import { cleanTalkTitle, isDateLine, isSectionTitle, isTimeOnly, usable } from './talk-title.js';

/** "10:15 - 10:45 CEST", "9:00 UTC+2": a time zone after the slot's time. */
const ZONE = /\s+(?:\p{Lu}{2,5}|(?:UTC|GMT)\s*[+-]\s*\d{1,2})$/u;

/** A slot's time alone, a time zone after it allowed, or its date and time ("8 June 11am CET"). */
function slotTime(line: string): boolean {
  return isTimeOnly(line.replace(ZONE, '')) || isDateLine(line);
}

/** A separator left at the end of the line before the name ("Title -", "Title |"). */
const TRAILING_SEPARATOR = /\s*[-–—|·•:]\s*$/u;

/** The lines of `card` in document order up to `stop`, a block boundary starting a new line. */
function linesBefore(card: Element, stop: Element): string[] {
  const lines: string[] = [''];
  let done = false;
  const walk = (node: AnyNode): void => {
    if (done) return;
    if (node === stop) {
      done = true;
      return;
    }
    if (!isElement(node)) {
      if (node.type === 'text') lines[lines.length - 1] += (node as AnyNode & { data: string }).data;
      return;
    }
    if (isSkipped(node)) return;
    const block = BLOCKS.has(node.name) || node.name === 'br';
    if (block) lines.push('');
    for (const child of node.children) walk(child);
    if (block && !done) lines.push('');
  };
  walk(card);
  return lines.map((l) => cleanText(l)).filter(Boolean);
}

/** The host a link points to, or undefined when the element is no link to another site. */
export function linkHost(el: Element): string | undefined {
  return el.name === 'a' ? /^https?:\/\/([^/]+)/i.exec(el.attribs.href ?? '')?.[1]?.toLowerCase() : undefined;
}

/**
 * The row's first speaker when its speakers are linked to their profiles ("<a>A</a> Role & <a>B</a> Role"):
 * the first link to the same site as the name's whose text reads as a name; else the name itself.
 */
function firstSpeaker(card: Element, nameEl: Element): Element {
  const host = linkHost(nameEl);
  if (!host) return nameEl;
  return descendants(card).find((el) => el === nameEl || (linkHost(el) === host && nameScore(textOf(el)) >= 0.5)) ?? nameEl;
}

/** The session title of a row that opens with its time, read above its first speaker's name; undefined for any other card. */
export function timedRowTalk(card: Element, nameEl: Element, name: string): string | undefined {
  const lines = linesBefore(card, firstSpeaker(card, nameEl));
  if (lines.length < 2 || !slotTime(lines[0] as string)) return undefined;
  for (const raw of lines.slice(1).reverse()) {
    const line = raw.replace(TRAILING_SEPARATOR, '');
    if (!line || slotTime(line)) continue;
    const title = cleanTalkTitle(line);
    return usable(title, name) && !isSectionTitle(title) ? title : undefined;
  }
  return undefined;
}

/** The last usable line of those between a slot's time and its speaker, as a session title. */
function lastTitle(lines: string[], name: string): string | undefined {
  const line = lines[lines.length - 1];
  const title = line ? cleanTalkTitle(line.replace(TRAILING_SEPARATOR, '')) : '';
  return title && usable(title, name) && !isSectionTitle(title) ? title : undefined;
}

/** A box classed as where the slot takes place ("speaker-time-location", "room", "venue"). */
const PLACE_BOX = /(?:^|[-_])(?:rooms?|locations?|venues?|places?|salles?|salas?|raum|lieu)(?:$|[-_])/i;

/** Lines at most this many between the slot's time and the speaker's block. */
const MAX_LINES_ABOVE = 3;

/**
 * "<h3>10:15 - 10:45</h3><h4>Title</h4><div class=block>…<h4>Name</h4>…</div>": a programme
 * written as a run of siblings, the slot's time, then its title, then the speaker's block. Walking
 * back from the card through the elements before it and its containers, no other card passed, the
 * line above the speaker under the nearest time is the session's title.
 */
export function timedBlockTalk(card: Element, cards: Set<Element>, name: string): string | undefined {
  const lines: string[] = [];
  // The element of the line nearest the card: a heading naming the card's organisation sends the search above it.
  let nearest: Element | undefined;
  let node: Element = card;
  for (let depth = 0; depth < 5 && node.name !== 'body' && isElement(node.parent); depth++, node = node.parent) {
    for (let prev = node.prev; prev; prev = prev.prev) {
      if (!isElement(prev) || isSkipped(prev)) continue;
      if (cards.has(prev) || descendants(prev).some((d) => cards.has(d))) return undefined;
      // "<div class=time-location><p>11:00</p><p>LT1</p></div>": the room beside the time is no line of the session.
      const place = classList(prev).some((c) => PLACE_BOX.test(c));
      for (const line of linesOf(prev).reverse()) {
        if (slotTime(line)) {
          const title = lastTitle(lines, name);
          return title && nearest && namesCardOrganisation(title, card) ? sessionAboveOrganisation(nearest, cards, slotTime) : title;
        }
        if (place) continue;
        nearest ??= prev;
        lines.unshift(line);
        if (lines.length > MAX_LINES_ABOVE) return undefined;
      }
    }
  }
  return undefined;
}
