/**
 * Cards that open a detail elsewhere in the page (a Bootstrap modal, a collapsed
 * panel, an anchor further down): the card names the person, the detail holds
 * the bio and the sessions. The card points at it by id (`data-target`,
 * `data-bs-target`, `aria-controls`, `href="#…"`).
 */
import type { RawSpeaker } from '../types.js';
import { type Element, cleanText, contains, descendants, isElement, linkTarget, rootOf, textOf } from './html-common.js';
import { cardTalks } from './html-talks.js';
import { splitTagline, looksLikeJobTitle } from '../normalize.js';
import { isOrganisationName } from './affiliation.js';

const POINTERS = ['data-target', 'data-bs-target', 'aria-controls', 'href'];
const MIN_BIO = 80;

/** Every element of the document that carries an id, by id. */
export function idsOf(anyMember: Element): Map<string, Element> {
  const root = rootOf(anyMember);
  const ids = new Map<string, Element>();
  for (const el of [root, ...descendants(root)]) {
    const id = el.attribs.id;
    if (id && !ids.has(id)) ids.set(id, el);
  }
  return ids;
}

/** The card and every element in it, buttons included (they carry the pointer, and no text worth reading). */
function withButtons(card: Element): Element[] {
  const out: Element[] = [card];
  for (let i = 0; i < out.length; i++) for (const child of out[i].children) if (isElement(child)) out.push(child);
  return out;
}

/** The element the card opens: a pointer by id to something outside the card that names the person. */
export function detailOf(card: Element, name: string, ids: Map<string, Element>): Element | undefined {
  for (const el of withButtons(card)) {
    for (const attr of POINTERS) {
      const value = el.attribs[attr]?.trim();
      const id = value?.startsWith('#') ? value.slice(1) : attr === 'aria-controls' ? value : undefined;
      const target = id ? ids.get(id) : undefined;
      if (!target || contains(target, card) || contains(card, target)) continue;
      if (cleanText(textOf(target)).includes(name)) return target;
    }
  }
  return undefined;
}

/** The element right after the detail's name (its heading), when it is a short line: where a modal puts the role. */
function lineAfterName(nameEl: Element | undefined): string | undefined {
  let next = nameEl?.next;
  while (next && !isElement(next)) next = next.next;
  if (!next || !isElement(next) || descendants(next).some((d) => d.name === 'p' || d.name === 'div')) return undefined;
  const text = cleanText(textOf(next));
  return text.length >= 2 && text.length <= 100 ? text : undefined;
}

/** A line that says who the person is: "Title, Company", "Title at Company", a job, or an organisation. */
function readsAsRole(line: string): boolean {
  const split = splitTagline(line);
  return split.company !== null || looksLikeJobTitle(line) || isOrganisationName(line);
}

/** Letters and digits only: "Lego4Scrum" and "Lego 4 Scrum" are one title. */
const bare = (text: string): string => text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A heading or bold line of the detail other than its name: the talk's title in a modal that describes it. */
function repeatsAsHeading(detail: Element, text: string, nameEl: Element | undefined): boolean {
  const key = bare(text);
  return (
    key.length > 0 &&
    descendants(detail).some(
      (el) => /^(?:h[1-6]|strong|b)$/.test(el.name) && !(nameEl && (contains(nameEl, el) || contains(el, nameEl))) && bare(textOf(el)) === key,
    )
  );
}

const PROFILE = /linkedin\.com\/(?:in|pub)\//i;

/**
 * Fills what the card left open from its detail: the role line under the detail's name, the
 * person's profile links, the sessions listed there and the bio. A card whose line under the name
 * comes back in the detail as a heading over the talk's description ("Google a iOS" on the card and
 * over the abstract), while the detail's own line under the name is the role, shows its talk there.
 */
export function readDetail(speaker: RawSpeaker, detail: Element, base: string): void {
  const nameEl = descendants(detail).find((el) => cleanText(textOf(el)) === speaker.name);
  const role = lineAfterName(nameEl);
  const cardLine = speaker.tagline;
  if (role && !speaker.title && !speaker.company && role !== cardLine) {
    const talkOnCard = cardLine !== undefined && !speaker.talks?.length && repeatsAsHeading(detail, cardLine, nameEl);
    if (talkOnCard) speaker.talks = [{ title: cardLine }];
    if (talkOnCard || (!cardLine && readsAsRole(role))) speaker.tagline = role;
  }
  for (const a of descendants(detail)) {
    const link = a.name === 'a' ? linkTarget(a.attribs.href, base) : undefined;
    if (link && PROFILE.test(link) && !(speaker.links ?? []).some((l) => PROFILE.test(l))) speaker.links = [...(speaker.links ?? []), link];
  }
  if (!speaker.talks?.length) {
    const talks = cardTalks(detail, speaker.name, base, nameEl);
    if (talks.length > 0) speaker.talks = talks;
  }
  if (!speaker.bio) {
    const bio = descendants(detail)
      .filter((el) => el.name === 'p')
      .map((el) => cleanText(textOf(el)))
      .find((t) => t.length >= MIN_BIO);
    if (bio) speaker.bio = bio;
  }
}
