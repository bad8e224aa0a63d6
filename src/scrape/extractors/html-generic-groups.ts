/**
 * Finding the repeated element that is one speaker card. Elements are grouped by
 * their tag-and-class path from the body, so cards split across layout rows
 * still form one group, and each group is scored on how consistently one slot
 * of its cards reads as a person's name.
 */
import { type Element, childElements, classList, closestElement, contains, isElement, isSkipped } from './html-common.js';
import { cardPieces, fullText, nameCandidates, signature } from './html-generic-cards.js';

export interface ScoredGroup {
  members: Element[];
  /** The name slot shared by the cards. */
  slot: string;
  score: number;
}

export interface PageGroups {
  groups: Element[][];
  /** Document order of every element, for merging groups back into page order. */
  order: Map<Element, number>;
}

const MIN_REPEAT = 3;
const HINT = /speaker|person|people|presenter|profile|member|author|bio|team|faculty/i;
const NAVIGATION = /(^|[-_\s])(nav|navbar|navigation|menu|footer|breadcrumbs?|sidebar|widget)([-_\s]|$)/i;

function push(map: Map<string, Element[]>, key: string, el: Element): void {
  const list = map.get(key);
  if (list) list.push(el);
  else map.set(key, [el]);
}

/** Groups every element under the root by its full signature path, and by tag alone under the same parent path. */
export function collectGroups(root: Element): PageGroups {
  const strict = new Map<string, Element[]>();
  const loose = new Map<string, Element[]>();
  const order = new Map<Element, number>();
  const ids = new Map<string, number>();
  const intern = (key: string): number => {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const walk = (el: Element, parentId: number): void => {
    for (const child of childElements(el)) {
      if (isSkipped(child)) continue;
      order.set(child, order.size);
      const key = `${parentId}>${signature(child)}`;
      push(strict, key, child);
      push(loose, `${parentId}>${child.name}`, child);
      walk(child, intern(key));
    }
  };
  walk(root, intern('root'));
  const groups: Element[][] = [];
  const seen = new Set<string>();
  for (const list of [...strict.values(), ...loose.values()]) {
    const id = `${order.get(list[0])}:${list.length}`;
    if (list.length < MIN_REPEAT || seen.has(id)) continue;
    seen.add(id);
    groups.push(list);
  }
  return { groups, order };
}

/** Share of cards with a picture, a link, more than one text and a longer text: what speaker cards carry. */
function richness(card: Element): number {
  const pieces = cardPieces(card);
  const picture = pieces.some((p) => p.el.name === 'img' || /background/i.test(p.el.attribs.style ?? ''));
  const link = pieces.some((p) => p.el.name === 'a' && /^[^#]/.test(p.el.attribs.href ?? ''));
  const texts = new Set(pieces.map((p) => p.own).filter((t) => t.length > 0));
  const long = fullText(card).length >= 120;
  return [picture, link, texts.size >= 2, long].filter(Boolean).length / 4;
}

function attributeText(node: Element['parent'] | Element | undefined): string {
  return isElement(node) ? `${classList(node).join(' ')} ${node.attribs.id ?? ''}` : '';
}

/** Weak generic hints: speaker-ish class names near the card help, navigation containers hurt. */
function contextFactor(card: Element): number {
  let factor = 1;
  const near = [card, card.parent, card.parent?.parent].map(attributeText).join(' ');
  if (HINT.test(near)) factor *= 1.3;
  const inNavigation = closestElement(card, (e) => ['nav', 'header', 'footer', 'aside'].includes(e.name) || NAVIGATION.test(attributeText(e)));
  if (inNavigation) factor *= 0.2;
  return factor;
}

interface SlotTally {
  sum: number;
  named: number;
  texts: Set<string>;
}

function tallySlots(members: Element[]): Map<string, SlotTally> {
  const tallies = new Map<string, SlotTally>();
  for (const card of members) {
    for (const candidate of nameCandidates(card)) {
      if (candidate.score <= 0) continue;
      let tally = tallies.get(candidate.slot);
      if (!tally) tallies.set(candidate.slot, (tally = { sum: 0, named: 0, texts: new Set() }));
      tally.sum += candidate.score;
      if (candidate.score >= 0.5) {
        tally.named += 1;
        tally.texts.add(candidate.text.toLocaleLowerCase());
      }
    }
  }
  return tallies;
}

/**
 * True when the card holds a second, different name in another occurrence of the
 * name slot: it is a container of people (an agenda slot listing its panel), and
 * the people inside it are the cards.
 */
function holdsSeveral(card: Element, slot: string): boolean {
  const shape = (s: string) => s.replace(/#\d+:/, '#:');
  const names = nameCandidates(card).filter((c) => c.score >= 0.5 && shape(c.slot) === shape(slot));
  const other = names.find((c) => c.text.toLocaleLowerCase() !== names[0].text.toLocaleLowerCase());
  if (!other) return false;
  // Two names in sibling paragraphs are a username and a real name; two names in
  // repeated wrappers that each hold more than the name are two people.
  const a = unitUnder(names[0].piece.el, other.piece.el);
  const b = unitUnder(other.piece.el, names[0].piece.el);
  return a !== names[0].piece.el && signature(a) === signature(b);
}

/** The ancestor of `el` (or `el`) whose parent also holds `other`. */
function unitUnder(el: Element, other: Element): Element {
  let unit = el;
  while (isElement(unit.parent) && !contains(unit.parent, other)) unit = unit.parent;
  return unit;
}

/**
 * The members of containers that hold the name slot's element or a name: the rows of a
 * two-column table after a three-column programme ("5.00 - 6.00 | Drinks") share the rows'
 * markup but have no speaker column and name no one, so they are another list, not cards.
 */
function ofSlotShape(members: Element[], slot: string): Element[] {
  const key = slot.replace(/:[a-z]+$/, '');
  const shaped = new Map<Element['parent'], boolean>();
  for (const card of members) {
    const has = cardPieces(card).some((p) => p.key === key) || nameCandidates(card).some((c) => c.score >= 0.5);
    shaped.set(card.parent, (shaped.get(card.parent) ?? false) || has);
  }
  if (![...shaped.values()].includes(false)) return members;
  return members.filter((card) => shaped.get(card.parent));
}

/** Scores a candidate group, or rejects it when fewer than half its cards carry a name in the same slot. */
export function scoreGroup(all: Element[]): ScoredGroup | undefined {
  let best: [string, SlotTally] | undefined;
  for (const entry of tallySlots(all)) {
    if (!best || entry[1].sum > best[1].sum) best = entry;
  }
  if (!best) return undefined;
  const slot = best[0];
  let [members, tally]: [Element[], SlotTally | undefined] = [all, best[1]];
  // Too few named: the rows of another list that share the cards' markup may be what dilutes them.
  if (tally.named / members.length < 0.5) {
    members = ofSlotShape(all, slot);
    tally = tallySlots(members).get(slot);
  }
  if (!tally || tally.named < MIN_REPEAT || tally.named / members.length < 0.5) return undefined;
  const distinct = tally.texts.size / tally.named;
  const rich = members.reduce((sum, card) => sum + richness(card), 0) / members.length;
  const leaves = members.filter((card) => childElements(card).length === 0).length / members.length;
  const context = contextFactor(members[0]);
  const crowded = members.some((card) => holdsSeveral(card, slot)) ? 0.3 : 1;
  const score = tally.sum * distinct * distinct * (1 + rich) * (1 - leaves / 2) * context * crowded;
  return { members, slot, score };
}

/**
 * "<h4>Ada Lind</h4>" in most blocks, "<h5>Bo Berg</h5>" in a few: a bare name heading one rank
 * below the cards' own, in a container like theirs, is the same kind of card written by another hand.
 */
function nextRank(el: Element, card: Element): boolean {
  const rank = (e: Element) => (/^h[1-6]$/.test(e.name) && classList(e).length === 0 ? Number(e.name[1]) : 0);
  const [a, b] = [rank(el), rank(card)];
  return b > 0 && a === b + 1;
}

/**
 * Cards of the same kind placed in a second container (keynotes above the
 * rest, one list per day): same card signature, same parent signature (or a
 * card classed alike in another wrapper), same name slot reading as a name in every card.
 */
export function withKin(best: ScoredGroup, page: PageGroups): Element[] {
  const first = best.members[0];
  const cardSig = signature(first);
  const parentSig = isElement(first.parent) ? signature(first.parent) : '';
  const members = new Set(best.members);
  for (const el of page.order.keys()) {
    // A lower heading beside a card's own is part of that card (its tagline), never a card.
    if (members.has(el) || (signature(el) !== cardSig && !(nextRank(el, first) && best.members.every((m) => m.parent !== el.parent)))) continue;
    // A classed card may sit one wrapper deeper than its kin (a block editor's group around some cards).
    if (!isElement(el.parent) || (signature(el.parent) !== parentSig && !cardSig.includes('.'))) continue;
    if ([...members].some((m) => contains(m, el) || contains(el, m))) continue;
    if (nameCandidates(el).some((c) => c.slot === best.slot && c.score >= 0.5)) members.add(el);
  }
  return [...members].sort((a, b) => (page.order.get(a) ?? 0) - (page.order.get(b) ?? 0));
}
