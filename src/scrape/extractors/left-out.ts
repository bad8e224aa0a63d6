/**
 * Why the generic card reader passed over a card, in words for `greenroom scrape
 * --explain`. Asked only for cards already skipped, so reading pages costs nothing more.
 */
import type { LeftOutSink } from '../types.js';
import { type Element, linesOf } from './html-common.js';
import { type Skip, inStaffContext } from './html-roles.js';

/** A staff card: under an organisers' heading or class, or marked staff on the card itself. */
export function noteStaffCard(leftOut: LeftOutSink | undefined, name: string, context: Element, skip: Skip): void {
  if (!leftOut) return;
  leftOut(name, inStaffContext(context, skip) ? 'organizer section (organisers, hosts, sponsors or staff)' : 'staff role on the card (organiser, host, volunteer or sponsor)');
}

/** A card of the speakers' group in which no text reads as a person's name. */
export function noteNamelessCard(leftOut: LeftOutSink | undefined, card: Element): void {
  const first = leftOut ? linesOf(card)[0] : undefined;
  if (first) leftOut?.(first.length > 80 ? `${first.slice(0, 77)}...` : first, 'not a person: no name on the card');
}
