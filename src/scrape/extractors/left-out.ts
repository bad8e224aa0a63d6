/**
 * Why the generic card reader passed over a card, in words for `greenroom scrape
 * --explain`. Asked only for cards already skipped, so reading pages costs nothing more.
 */
import type { LeftOutSink } from '../types.js';
import { type Element, linesOf } from './html-common.js';
import { type Skip, inStaffContext } from './html-roles.js';

/** How much of a nameless card's text is quoted. */
const MAX_QUOTE = 80;

/** A staff card: under an organisers' heading or class, or marked staff on the card itself. */
export function noteStaffCard(leftOut: LeftOutSink | undefined, name: string, context: Element, skip: Skip): void {
  if (!leftOut) return;
  leftOut(
    name,
    inStaffContext(context, skip)
      ? 'organizer section (organisers, hosts, sponsors or staff)'
      : 'staff role on the card (organiser, host, volunteer or sponsor)',
  );
}

/**
 * A card of the speakers' group in which no text reads as a person's name. Its lines
 * are quoted together ("12:00 · Lunch"): a time alone would not say which card it was.
 */
export function noteNamelessCard(leftOut: LeftOutSink | undefined, card: Element): void {
  if (!leftOut) return;
  const text = linesOf(card).join(' · ');
  if (text) leftOut(text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 3)}...` : text, 'not a person: no name on the card');
}
