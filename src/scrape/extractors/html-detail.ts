/**
 * Cards that open a detail elsewhere in the page (a Bootstrap modal, a collapsed
 * panel, an anchor further down): the card names the person, the detail holds
 * the bio and the sessions. The card points at it by id (`data-target`,
 * `data-bs-target`, `aria-controls`, `href="#…"`).
 */
import type { RawSpeaker } from '../types.js';
import { type Element, cleanText, contains, descendants, isElement, textOf } from './html-common.js';
import { cardTalks } from './html-talks.js';

const POINTERS = ['data-target', 'data-bs-target', 'aria-controls', 'href'];
const MIN_BIO = 80;

/** Every element of the document that carries an id, by id. */
export function idsOf(anyMember: Element): Map<string, Element> {
  let root: Element = anyMember;
  while (isElement(root.parent)) root = root.parent;
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

/** Fills what the card left open from its detail: the sessions listed there and the bio. */
export function readDetail(speaker: RawSpeaker, detail: Element, base: string): void {
  const nameEl = descendants(detail).find((el) => cleanText(textOf(el)) === speaker.name);
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
