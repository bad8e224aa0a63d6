/**
 * The inside of one repeated card. Every element of a card gets a slot key (its
 * tag-and-class path from the card plus its occurrence), so the same field can be
 * found at the same place in every card of a group.
 */
import type { RawSpeaker } from '../types.js';
import {
  type Element,
  absoluteUrl,
  childElements,
  classList,
  cleanText,
  closestElement,
  contains,
  isExternal,
  isSkipped,
  outboundLinks,
  ownText,
  photoOf,
  textOf,
} from './html-common.js';
import { looksLikeUsername, nameScore } from './html-names.js';

export interface Piece {
  el: Element;
  /** Path of tags and stable classes from the card, plus the occurrence of that path. */
  key: string;
  full: string;
  own: string;
  /** Position in document order within the card. */
  index: number;
}

export interface NameCandidate {
  /** Piece key plus which text was read: the whole element or only its own text nodes. */
  slot: string;
  text: string;
  score: number;
  piece: Piece;
}

/** Class tokens that differ between otherwise identical siblings: counters, states, BEM modifiers. */
const VOLATILE_CLASS = /\d|--|^(is|has)-|^(odd|even|first|last|active|current|selected|hidden|visible|open|show|in)$/i;

const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'cite', 'em', 'i', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u']);

/** Texts that label controls rather than describe a person. */
const CONTROL_TEXT = /^(read more|more|less|next|previous|prev|view profile|view more|see more|show more|details|bio|close|×|x)$/i;

const MAX_NAME_LENGTH = 80;
const MAX_TAGLINE_LENGTH = 160;

export function signature(el: Element): string {
  const classes = classList(el)
    .filter((c) => !VOLATILE_CLASS.test(c))
    .sort();
  return [el.name, ...classes].join('.');
}

const textCache = new WeakMap<Element, string>();

export function fullText(el: Element): string {
  let text = textCache.get(el);
  if (text === undefined) {
    text = textOf(el);
    textCache.set(el, text);
  }
  return text;
}

const pieceCache = new WeakMap<Element, Piece[]>();

/** Every visible element of the card (the card itself first) with its slot key and texts. */
export function cardPieces(card: Element): Piece[] {
  const cached = pieceCache.get(card);
  if (cached) return cached;
  const pieces: Piece[] = [];
  const seen = new Map<string, number>();
  const visit = (el: Element, path: string): void => {
    const occurrence = seen.get(path) ?? 0;
    seen.set(path, occurrence + 1);
    pieces.push({ el, key: `${path}#${occurrence}`, full: fullText(el), own: ownText(el), index: pieces.length });
    for (const child of childElements(el)) {
      if (!isSkipped(child)) visit(child, `${path}/${signature(child)}`);
    }
  };
  visit(card, '.');
  pieceCache.set(card, pieces);
  return pieces;
}

/** Name-like texts of a card: whole short elements, and the own text of elements that also hold children. */
export function nameCandidates(card: Element): NameCandidate[] {
  const out: NameCandidate[] = [];
  for (const piece of cardPieces(card)) {
    if (piece.full.length > 0 && piece.full.length <= MAX_NAME_LENGTH) {
      out.push({ slot: `${piece.key}:full`, text: piece.full, score: nameScore(piece.full), piece });
    }
    if (piece.own.length > 0 && piece.own !== piece.full && childElements(piece.el).length > 0) {
      out.push({ slot: `${piece.key}:own`, text: piece.own, score: nameScore(piece.own), piece });
    }
  }
  return out;
}

function hasBlockChild(el: Element): boolean {
  return childElements(el).some((c) => !INLINE.has(c.name));
}

/** The text a piece contributes when read as a field: inline markup joined, block children left to themselves. */
function fieldText(piece: Piece): string {
  return hasBlockChild(piece.el) ? piece.own : piece.full;
}

/** Pieces after the name in document order; when the name is a whole element, its inside is the name. */
function piecesAfter(card: Element, name: NameCandidate): Piece[] {
  const whole = name.slot.endsWith(':full');
  return cardPieces(card).filter((p) => p.index > name.piece.index && !(whole && contains(name.piece.el, p.el)));
}

/** The first short text after the name: where cards put a role, a company or a one-line tagline. */
export function taglinePiece(card: Element, name: NameCandidate): Piece | undefined {
  return piecesAfter(card, name).find((p) => {
    const text = fieldText(p);
    return text.length > 0 && text.length <= MAX_TAGLINE_LENGTH && text !== name.text && !CONTROL_TEXT.test(text);
  });
}

export function taglineText(piece: Piece | undefined, name: NameCandidate): string | undefined {
  if (!piece) return undefined;
  const text = fieldText(piece);
  return text.length > 0 && text.length <= MAX_TAGLINE_LENGTH && text !== name.text ? text : undefined;
}

const BIO_HINT = /bio|about|description|summary|intro/i;

/** A paragraph about the speaker: a hinted element after the name, else the first long text after it. */
function bioOf(card: Element, name: NameCandidate, tagline: Piece | undefined): string | undefined {
  const after = piecesAfter(card, name).filter((p) => p !== tagline && !(tagline && contains(p.el, tagline.el)));
  const hinted = after.find((p) => BIO_HINT.test(classList(p.el).join(' ')) && p.full.length >= 40);
  if (hinted) return hinted.full;
  return after.map(fieldText).find((t) => t.length >= 80);
}

function internalLink(a: Element, base: string): string | undefined {
  const url = absoluteUrl(a.attribs.href, base);
  return url && !isExternal(url, base) && url.split('#')[0] !== base.split('#')[0] ? url : undefined;
}

/** The speaker's page on the site: the name's own link, else the card's first link within the site. */
function profileOf(card: Element, name: NameCandidate, base: string): string | undefined {
  const around = closestElement(name.piece.el, (e) => e.name === 'a');
  const inside = cardPieces(card).filter((p) => p.el.name === 'a' && contains(name.piece.el, p.el));
  for (const a of [around, ...inside.map((p) => p.el)]) {
    const url = a && contains(card, a) ? internalLink(a, base) : undefined;
    if (url) return url;
  }
  for (const p of cardPieces(card)) {
    const url = p.el.name === 'a' ? internalLink(p.el, base) : undefined;
    if (url) return url;
  }
  return undefined;
}

/**
 * The name to use for one card: the group's name slot when it reads as a name,
 * else the most name-like text of the card (a username link followed by the real
 * name is the common case).
 */
export function pickName(card: Element, slot: string): NameCandidate | undefined {
  const candidates = nameCandidates(card);
  const chosen = candidates.find((c) => c.slot === slot);
  if (chosen && chosen.score >= 0.25 && !looksLikeUsername(chosen.text)) return chosen;
  const best = candidates
    .filter((c) => c.score >= 0.5 && (!chosen || c.piece.index >= chosen.piece.index))
    .sort((a, b) => b.score - a.score)[0];
  return best ?? (chosen && chosen.score >= 0.25 ? chosen : undefined);
}

export interface CardFields {
  name: NameCandidate;
  tagline?: Piece;
}

export function readCard(card: Element, fields: CardFields, base: string): RawSpeaker {
  const { name } = fields;
  const speaker: RawSpeaker = { name: cleanText(name.text) };
  const tagline = taglineText(fields.tagline, name);
  if (tagline) speaker.tagline = tagline;
  const bio = bioOf(card, name, fields.tagline);
  if (bio) speaker.bio = bio;
  const links = outboundLinks(card, base);
  if (links.length > 0) speaker.links = links;
  const photo = photoOf(card, base);
  if (photo) speaker.photoUrl = photo;
  const profile = profileOf(card, name, base);
  if (profile) speaker.profileUrl = profile;
  return speaker;
}
