/**
 * "<h3>Exchange points</h3> … <h5>KELPNET</h5><div class=card>Ada Lind · Kelpnet - www.kelpnet.example</div>":
 * in an agenda, a heading right above a card that names the organisation the card itself names (a line
 * opening with it, a link to its site) says whom the speaker is there for, not what they speak on. The
 * session is the higher-ranked heading above it, past the slot's time, the other organisations' headings
 * and their cards.
 */
import { type Element, cleanText, descendants, isElement, textOf } from './html-common.js';
import { cleanTalkTitle, isSectionTitle, usable } from './talk-title.js';

/** How many elements back the session heading is looked for. */
const MAX_BACK = 16;

const fold = (text: string): string => text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** True when the card names the heading as an organisation: a line of it opens with the heading, or a link goes to a site of that name. */
export function namesCardOrganisation(heading: string, card: Element): boolean {
  const name = fold(heading);
  if (name.length < 3 || cleanText(heading).split(/\s+/).length > 4) return false;
  return descendants(card).some((el) => {
    if (el.name !== 'a' && el.name !== 'p' && el.name !== 'span' && el.name !== 'div') return false;
    const line = cleanText(textOf(el));
    const opens =
      line.length > heading.length && fold(line.slice(0, cleanText(heading).length)) === name && /^[\s,:–—|-]/u.test(line.slice(cleanText(heading).length));
    let host = '';
    try {
      host = el.name === 'a' && el.attribs.href ? new URL(el.attribs.href, 'http://page.invalid/').hostname : '';
    } catch {
      host = '';
    }
    return opens || host.split('.').some((part) => fold(part) === name);
  });
}

const RANK = /^h([1-6])$/;

/**
 * The session heading above an organisation's heading: the first of higher rank that is no slot time (`isTime`, the
 * caller's reading of one), an <hr> ending the search.
 */
export function sessionAboveOrganisation(orgHeading: Element, cards: Set<Element>, isTime: (line: string) => boolean): string | undefined {
  const rank = Number(RANK.exec(orgHeading.name)?.[1] ?? 0);
  let node = orgHeading.prev;
  for (let seen = 0; node && seen < MAX_BACK; node = node.prev) {
    if (!isElement(node)) continue;
    seen += 1;
    if (node.name === 'hr') return undefined;
    const m = RANK.exec(node.name);
    const text = cleanText(textOf(node));
    if (cards.has(node) || !m || !text || Number(m[1]) >= rank || isTime(text)) continue;
    const title = cleanTalkTitle(text);
    return usable(title, '') && !isSectionTitle(title) ? title : undefined;
  }
  return undefined;
}

/** The heading right before the card (or before a wrapper it opens) when it names the card's organisation: whom the speaker is there for. */
export function organisationHeadingAbove(card: Element, cards: Set<Element>): string | undefined {
  let node: Element = card;
  for (let depth = 0; depth < 3 && isElement(node.parent) && node.name !== 'body'; depth++, node = node.parent) {
    let prev = node.prev;
    while (prev && !isElement(prev)) prev = prev.prev;
    if (!prev || !isElement(prev)) continue;
    if (cards.has(prev)) return undefined;
    const text = cleanText(textOf(prev));
    if (/^h[2-6]$/.test(prev.name) && namesCardOrganisation(text, card)) return text;
    if (text) return undefined;
  }
  return undefined;
}
