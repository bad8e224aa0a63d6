/**
 * The inside of one repeated card. Every element of a card gets a slot key (its
 * tag-and-class path from the card plus its occurrence), so the same field can be
 * found at the same place in every card of a group.
 */
import type { RawSpeaker } from '../types.js';
import { withoutHandles } from '../normalize-tagline.js';
import { isPlace } from '../normalize-org.js';
import {
  type AnyNode,
  type Element,
  BLOCKS,
  absoluteUrl,
  childElements,
  classList,
  cleanText,
  closestElement,
  contains,
  descendants,
  isElement,
  isExternal,
  isScreenReaderOnly,
  isSkipped,
  linesOf,
  onlyScreenReaderText,
  outboundLinks,
  ownText,
  photoOf,
  textData,
  textOf,
} from './html-common.js';
import { bracketedNames, looksLikeUsername, nameOrListScore, nameScore, splitNameList } from './html-names.js';
import { roleLabel, stripRoleWords } from './html-roles.js';
import { cardTalks } from './html-talks.js';
import { affiliationFields, nameAndAffiliation } from './affiliation.js';
import { isSlotField, isTalkElement, labelledTalk } from './talk-title.js';
import { hasFieldClass } from './field-classes.js';

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
  /** Piece key plus which text was read: the whole element, its own text nodes, or its first part. */
  slot: string;
  text: string;
  score: number;
  piece: Piece;
  /** What followed the name inside the same element ("Name<br>Role", "Name — Role"). */
  rest?: string;
  /** The organisation or role written with the name ("Name, Org", "Name (Org)"). */
  affiliation?: string;
}

/** Class tokens that differ between otherwise identical siblings: counters, states, BEM modifiers. */
const VOLATILE_CLASS = /\d|--|^(is|has)-|^(odd|even|first|last|active|current|selected|hidden|visible|open|show|in)$/i;

const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'br', 'cite', 'em', 'i', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u']);

/**
 * Texts that label controls rather than describe a person, in the languages conference pages are
 * written in ("Leia mais", "Lire la suite", "Weiterlesen", "Leer más", "Czytaj więcej"), and the
 * links to a talk's material ("Watch video", "Slides", "Watch the recording").
 */
const CONTROL_TEXT = new RegExp(
  '^(?:' +
    [
      'read more|more|less|next|previous|prev|view profile|view more|see more|show more|details|bio|close|×|x',
      '(?:(?:watch|view|see|download|get)(?: the)? )?(?:video|slides|recording|presentation|livestream|stream)|watch|(?:show|hide) (?:bio|description|abstract)',
      'leia mais|ler mais|saiba mais|veja mais|ver mais|leer m[aá]s|ver m[aá]s|saber m[aá]s|m[aá]s informaci[oó]n',
      'lire la suite|lire plus|en savoir plus|voir plus|plus|weiterlesen|mehr|mehr erfahren|mehr lesen',
      'leggi (?:tutto|di pi[uù])|scopri di pi[uù]|continua a leggere|lees meer|meer lezen|czytaj (?:wi[eę]cej|dalej)|wi[eę]cej|číst více|více',
    ].join('|') +
    ')(?:\\s*(?:…|\\.\\.\\.|»|›|→|>))?$',
  'iu',
);

/** Class words of a link styled as a button or a call to action, in English and the page's language. */
const BUTTON_CLASS = /^(?:btn|button|cta|botao|botão|boton|botón|bouton|knopf|pulsante)$/i;

function isButtonLink(el: Element): boolean {
  return el.name === 'a' && classList(el).some((c) => c.split(/[-_]+/).some((w) => BUTTON_CLASS.test(w)));
}

/** Class words for a place: a session's venue or room, a person's location. */
const PLACE_FIELD = /(?:^|[-_])(?:venues?|locations?|rooms?|places?|salles?|salas?|raum|lieu|ort)(?:$|[-_])/i;

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

const NAME_SEPARATOR = /\s+[-–—|•·]\s+|,\s+/;

/** "Co.", "Ltd.", "Inc", "GmbH", "LLC", "S.A.": the legal form that closes an organisation's name. */
const LEGAL_FORM = /(?:^|\s)(?:co\.?|ltd\.?|inc\.?|gmbh|llc|corp\.?|plc|s\.a\.?|ag|k\.k\.)(?:,|$|\s)/iu;

/**
 * A text's source line breaks, where the name of an organisation goes on across them
 * ("Acroquest\n Technology Co.,\n Ltd."): after a comma or "&", or before a line holding the legal
 * form, the break is a space. Elsewhere ("Eva Lind\nDirector, EFF" written as one paragraph) it
 * stays a line break.
 */
function foldWrappedName(text: string): string {
  const parts = text.split(/[ \t]*\r?\n[ \t]*/);
  return parts.reduce((acc, part, i) => {
    if (i === 0) return part;
    const before = acc.trimEnd();
    const wraps = before !== '' && part.trim() !== '' && (/[,&]$/.test(before) || LEGAL_FORM.test(part.trim()));
    return `${acc}${wraps ? ' ' : '\n'}${part}`;
  }, '');
}

/**
 * Lines of an element as a reader sees them: an organisation's name wrapped over the source's lines
 * inside one run of text ("<span>Acroquest\n    Technology Co.,\n    Ltd.</span>") is one line; a
 * break between elements, a <br> and a block's edge stay line breaks.
 */
function shownLines(el: Element): string[] {
  const out: string[] = [];
  const walk = (node: AnyNode): void => {
    if (isElement(node)) {
      if (isSkipped(node)) return;
      const block = BLOCKS.has(node.name);
      if (block) out.push('\n');
      for (const child of node.children) walk(child);
      if (block) out.push('\n');
    } else out.push(foldWrappedName(textData(node)));
  };
  walk(el);
  return out.join('').split('\n').map(cleanText).filter(Boolean);
}

/** The name at the head of a short element that also carries the role: split at a line break or a separator. */
function headCandidate(piece: Piece): NameCandidate | undefined {
  if (piece.full.length > MAX_TAGLINE_LENGTH + MAX_NAME_LENGTH || hasBlockChild(piece.el)) return undefined;
  const lines = shownLines(piece.el);
  let [head, rest] = lines.length >= 2 ? [lines[0], lines[1]] : [piece.full, undefined];
  const whole = rest === undefined ? nameAndAffiliation(piece.full) : undefined;
  // "Ada Lind, Quillstone", "Ada Lind (Quillstone)": the line is the name and the affiliation.
  if (whole)
    return { slot: `${piece.key}:head`, text: whole.name, score: nameScore(whole.name) * 0.9, piece, rest: whole.affiliation, affiliation: whole.affiliation };
  if (rest === undefined) {
    const match = NAME_SEPARATOR.exec(piece.full);
    if (!match) return undefined;
    [head, rest] = [piece.full.slice(0, match.index), piece.full.slice(match.index + match[0].length)];
  }
  if (!rest || rest.length > MAX_TAGLINE_LENGTH) return undefined;
  const withOrg = nameAndAffiliation(head);
  // A clean whole-element name is the better reading when both exist.
  return {
    slot: `${piece.key}:head`,
    text: withOrg?.name ?? head,
    score: nameScore(withOrg?.name ?? head) * 0.9,
    piece,
    rest,
    affiliation: withOrg?.affiliation,
  };
}

/** Name-like texts of a card: whole short elements, own text of elements that also hold children, heads of "Name, Role" lines. */
export function nameCandidates(card: Element): NameCandidate[] {
  const out: NameCandidate[] = [];
  for (const piece of cardPieces(card)) {
    // A badge beside the name ("Jane Doe Organizer", "Keynote") is a role, never part of the name.
    // A session's speakers in one line ("A, B & C") read as names too: each is split off later.
    const listed = piece.full.length <= MAX_NAME_LENGTH * 4 && !hasBlockChild(piece.el) ? bracketedNames(piece.full) : undefined;
    if (listed && listed.length >= 2) {
      // "A (Org), B (Org)": a session's speakers, each with their own affiliation; split later.
      out.push({ slot: `${piece.key}:full`, text: piece.full, score: Math.min(...listed.map((l) => nameScore(l.name))), piece });
    } else if (piece.full.length > 0 && piece.full.length <= MAX_NAME_LENGTH * 3 && !holdsField(piece.el)) {
      const stripped = stripRoleWords(piece.full);
      const withOrg = nameAndAffiliation(stripped);
      const text = withOrg?.name ?? stripped;
      // Only an element of inline text holds such a line; a block's text runs its lines together.
      const list = !withOrg && !hasBlockChild(piece.el) && splitNameList(text).length > 1;
      const score = list ? nameOrListScore(text) : piece.full.length <= MAX_NAME_LENGTH ? nameScore(text) : 0;
      if (score > 0 || piece.full.length <= MAX_NAME_LENGTH) out.push({ slot: `${piece.key}:full`, text, score, piece, affiliation: withOrg?.affiliation });
    }
    if (piece.own.length > 0 && piece.own !== piece.full && childElements(piece.el).length > 0) {
      const text = stripRoleWords(piece.own);
      out.push({ slot: `${piece.key}:own`, text, score: nameOrListScore(text), piece });
    }
    const head = piece.full.length > 0 ? headCandidate(piece) : undefined;
    if (head) out.push(head);
  }
  return out;
}

/**
 * "<div><h5>Gomex</h5><p class="position">Crossover</p></div>": a block whose children include one
 * classed as the job or the organisation runs the name and that field together; its whole text is
 * never the name (a one-word name in the heading would otherwise lose to "Gomex Crossover").
 */
function holdsField(el: Element): boolean {
  return hasBlockChild(el) && descendants(el).some((d) => d !== el && hasFieldClass(d));
}

function hasBlockChild(el: Element): boolean {
  return childElements(el).some((c) => !INLINE.has(c.name));
}

/**
 * The text a piece contributes when read as a field: inline markup joined, line
 * breaks kept as commas ("Role<br>Company"), block children and the name left out.
 */
function fieldText(piece: Piece, name?: NameCandidate): string {
  if (hasBlockChild(piece.el) || (name && contains(piece.el, name.piece.el))) return ownLines(piece);
  const broken = cardPieces(piece.el).some((p) => p.el.name === 'br');
  // "Role<br>Talk: Title": the talk line is read as a talk, not as part of the role line.
  return broken ? joinWrapped(linesOf(piece.el).filter((line) => labelledTalk(line) === undefined)).join(', ') : piece.full;
}

/** A line that goes on from the one above: it opens with a word in lower case ("en journalisme", "de D-view") or a bracket. */
const CONTINUED = /^(?:\p{Ll}+\s|\()/u;

/** "Enseignant chercheur<br>en journalisme": a phrase wrapped onto the next line is one line again. */
export function joinWrapped(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (out.length > 0 && CONTINUED.test(line)) out[out.length - 1] = `${out[out.length - 1]} ${line}`;
    else out.push(line);
  }
  return out;
}

/** The element's own text, a line break kept as a comma ("<b>Name</b><br>Role<br>Company" gives "Role, Company"). */
function ownLines(piece: Piece): string {
  const lines: string[] = [''];
  for (const child of piece.el.children) {
    if (isElement(child) && child.name === 'br') lines.push('');
    else if (!isElement(child)) lines[lines.length - 1] += textData(child);
  }
  const kept = joinWrapped(lines.map((l) => cleanText(l)).filter(Boolean));
  return kept.length > 1 ? kept.join(', ') : piece.own;
}

/** Pieces after the name in document order; unless only its own text is the name, the name element is used up. */
function piecesAfter(card: Element, name: NameCandidate): Piece[] {
  const whole = !name.slot.endsWith(':own');
  return cardPieces(card).filter((p) => p.index > name.piece.index && !(whole && contains(name.piece.el, p.el)));
}

/** The name's parent, when text follows the name inside it ("<strong>Name</strong><br>Role"). */
function trailingParent(card: Element, name: NameCandidate): Piece | undefined {
  let node = name.piece.el.next;
  while (node && ((isElement(node) && node.name === 'br') || (!isElement(node) && !textData(node).trim()))) {
    node = node.next;
  }
  if (!node || isElement(node) || (node.type as string) !== 'text') return undefined;
  return cardPieces(card).find((p) => p.el === name.piece.el.parent);
}

/** The name's parent when text trails the name in it, and that text reads as a field line. */
export function trailingPiece(card: Element, name: NameCandidate): Piece | undefined {
  const parent = trailingParent(card, name);
  const text = parent ? fieldText(parent, name) : '';
  return parent && text.length > 0 && text.length <= MAX_TAGLINE_LENGTH && text !== name.text && isFieldText(parent, text) ? parent : undefined;
}

/** Where a tagline can be: text trailing the name in its parent, then the pieces after the name. */
export function followingPieces(card: Element, name: NameCandidate): Piece[] {
  const parent = trailingParent(card, name);
  const after = piecesAfter(card, name);
  return parent ? [parent, ...after] : after;
}

/** The first short text after the name: where cards put a role, a company or a one-line tagline. */
export function taglinePiece(card: Element, name: NameCandidate): Piece | undefined {
  return followingPieces(card, name).find((p) => {
    const text = fieldText(p, name);
    return text.length > 0 && text.length <= MAX_TAGLINE_LENGTH && text !== name.text && isFieldText(p, text);
  });
}

/** Not a control, a role badge, a talk line or an icon link's text ("in"). */
export function isFieldText(piece: Piece, text: string): boolean {
  // "Imparte:", "Bio:": a label announces the field after it and is never one itself.
  if (CONTROL_TEXT.test(text) || /^[\p{L} ]{2,30}[:：]$/u.test(text) || roleLabel(text) !== undefined || isTalkElement(piece.el)) return false;
  // "Horário: 19h", "Duração: 2 horas": the slot's time or length under a label.
  if (isSlotField(text)) return false;
  // A link drawn as a button ("Acessar formulário de inscrição", "Register") is a control, whatever it says.
  const button = closestElement(piece.el, isButtonLink) ?? descendants(piece.el).find(isButtonLink);
  if (button && cleanText(textOf(button)) === cleanText(text)) return false;
  // A label for screen readers ("Ada Lind social media links") names a control, not the person's role.
  if (onlyScreenReaderText(piece.el) || closestElement(piece.el, isScreenReaderOnly)) return false;
  // An element classed as where the session or the person is ("venue", "location", "room") names a place or a host group.
  if (classList(piece.el).some((c) => PLACE_FIELD.test(c))) return false;
  const link = closestElement(piece.el, (e) => e.name === 'a');
  // The bold title inside a link to the session is the session's, not a role line.
  return !(link && (text.length <= 3 || isTalkElement(link)));
}

export function taglineText(piece: Piece | undefined, name: NameCandidate): string | undefined {
  if (!piece) return undefined;
  const text = withoutHandles(fieldText(piece, name));
  return text.length > 0 && text.length <= MAX_TAGLINE_LENGTH && text !== name.text && !/^@[\p{L}\p{N}_.]+$/u.test(text) ? text : undefined;
}

const BIO_HINT = /bio|about|description|summary|intro/i;

/** A paragraph about the speaker: a hinted element after the name, else the first long text after it. */
function bioOf(card: Element, name: NameCandidate, tagline: Piece | undefined): string | undefined {
  const after = piecesAfter(card, name).filter((p) => p !== tagline && !(tagline && contains(p.el, tagline.el)));
  const hinted = after.find((p) => BIO_HINT.test(classList(p.el).join(' ')) && p.full.length >= 40);
  if (hinted) return hinted.full;
  return after.map((p) => fieldText(p)).find((t) => t.length >= 80);
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
  if (chosen && describedAsThing(chosen.text, card)) return undefined;
  if (chosen && chosen.score >= 0.25 && !looksLikeUsername(chosen.text)) return chosen;
  // In place of the group's name slot, a line naming a place ("Hong Kong", "Tencent China": where the person is) is no name.
  // A card without the group's slot keeps to the slot's kind of element (a link to the person where the others have one).
  const tag = chosen ? undefined : /([a-z][a-z0-9]*)[^/]*#\d+:[a-z]+$/.exec(slot)?.[1];
  const kin = (c: NameCandidate): number => (tag && c.piece.el.name === tag && c.slot.endsWith(':full') ? 1 : 0);
  const best = candidates
    .filter((c) => c.score >= 0.5 && (!chosen || c.piece.index >= chosen.piece.index) && !endsInPlace(c.text))
    .sort((a, b) => kin(b) - kin(a) || b.score - a.score)[0];
  if (best) return best;
  if (chosen && chosen.score >= 0.25) return chosen;
  // A handle where the other cards have a name is this person's only name: kept, and marked as a handle later.
  return chosen && handleInSlot(chosen.text, card) ? chosen : undefined;
}

/** What a tool, a product or a firm is called in a sentence that says what it is, in the languages pages use. */
const THING_WORDS =
  'tool|app|application|platform|software|library|framework|service|product|startup|company|' +
  'herramienta|aplicaci[oó]n|plataforma|librer[ií]a|biblioteca|empresa|outil|logiciel|entreprise|' +
  'werkzeug|plattform|bibliothek|firma|ferramenta|aplicativo|strumento|piattaforma|azienda|bedrijf';
const ARTICLE = 'an?|the|una?|el|la|une?|ein(?:e|en)?|um(?:a)?|uno|het';
/** Words that tie a person to a thing ("un diseñador de software", "a developer at a startup"): never crossed. */
const LINKS = 'de|del|da|do|di|of|for|at|in|en|von|für|bei|chez|per|na|no';

/**
 * "Prototypo es una herramienta online …", "Fontwerk is an open-source tool …": a one-word name that the
 * card's own text says is a tool, a product or a firm names that thing, not a person.
 */
function describedAsThing(name: string, card: Element): boolean {
  const word = cleanText(name);
  if (!/^\p{Lu}[\p{L}\p{N}.-]+$/u.test(word)) return false;
  const says = new RegExp(
    `(?:^|[^\\p{L}])${escapeRegExp(word)}\\s+(?:is|es|est|ist|è|é|was|era)\\s+(?:${ARTICLE})\\s+(?:(?!(?:${LINKS})\\s)[\\p{L}-]+\\s+){0,2}?(?:${THING_WORDS})(?![\\p{L}])`,
    'iu',
  );
  return says.test(cleanText(textOf(card)));
}

/** How many of the cards that have the group's name slot must show a picture for a card without both to be none. */
const PICTURED_SHARE = 0.9;

/**
 * Members of a group without its name slot, where the cards that have the slot show a picture and this
 * one shows none: a block of the page in the same markup as the cards (a newsletter box, a contact
 * footer, a "Made with ♥ by …" credit line), not a card. The links in it name no speaker.
 */
export function strayMembers(members: Element[], slot: string): Set<Element> {
  const slotted = members.filter((m) => nameCandidates(m).some((c) => c.slot === slot));
  const pictured = (m: Element): boolean => descendants(m).some((d) => d.name === 'img' || d.name === 'picture');
  if (slotted.length < 3 || slotted.filter(pictured).length < slotted.length * PICTURED_SHARE) return new Set();
  return new Set(members.filter((m) => !slotted.includes(m) && !pictured(m)));
}

/** "Hong Kong", "Tencent China": a place, or a line whose last word is a country or city. */
function endsInPlace(text: string): boolean {
  const words = cleanText(text).split(' ');
  return isPlace(text) || (words.length >= 2 && isPlace(words[words.length - 1] as string));
}

/** One word that may be a handle: letters, digits, ".", "_", "-", an "@" before it. */
const HANDLE_WORD = /^@?[\p{Script=Latin}\d][\p{Script=Latin}\d._-]{2,29}$/u;

/**
 * "n00bz", "@kr0l", "joker1007", or "nagachika" where the card also shows "@nagachika", links
 * to a profile ending in it or shows "nagachika's icon": a handle standing in the name slot. A plain lower-case
 * word without that evidence ("lunch", "tba") is not taken.
 */
function handleInSlot(raw: string, card: Element): boolean {
  const text = cleanText(raw);
  if (!HANDLE_WORD.test(text) || !/\p{L}{2}/u.test(text)) return false;
  if (/^@|[\d_]/.test(text)) return true;
  const word = text.toLocaleLowerCase();
  const shown = cardPieces(card).some((p) => cleanText(p.full).toLocaleLowerCase() === `@${word}`);
  const linked = descendants(card).some((a) => a.name === 'a' && new RegExp(`/@?${escapeRegExp(word)}/?$`, 'i').test(a.attribs.href ?? ''));
  // "<img alt="uji's icon">": the card's picture is of someone going by that word.
  const portrait = new RegExp(`^${escapeRegExp(word)}['’]s\\s+(?:icon|avatar|photo|picture|portrait|image)$`, 'iu');
  const pictured = descendants(card).some((img) => img.name === 'img' && portrait.test(cleanText(img.attribs.alt ?? '')));
  return shown || linked || pictured;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface CardFields {
  name: NameCandidate;
  tagline?: Piece;
}

export function readCard(card: Element, fields: CardFields, base: string): RawSpeaker {
  const { name } = fields;
  const speaker: RawSpeaker = { name: cleanText(name.text) };
  const tagline = name.rest ?? taglineText(fields.tagline, name);
  if (tagline) speaker.tagline = tagline;
  if (name.affiliation) {
    const org = affiliationFields(name.affiliation);
    if (org.company) speaker.company = org.company;
    // "Name (Role at Org) – Talk": the role line beside the name comes before a line after it.
    else if (org.tagline) speaker.tagline = org.tagline;
  }
  const bio = bioOf(card, name, fields.tagline);
  if (bio) speaker.bio = bio;
  const links = outboundLinks(card, base);
  if (links.length > 0) speaker.links = links;
  const photo = photoOf(card, base);
  if (photo) speaker.photoUrl = photo;
  const profile = profileOf(card, name, base);
  if (profile) speaker.profileUrl = profile;
  const talks = cardTalks(card, speaker.name, base, name.slot.endsWith(':own') ? undefined : name.piece.el);
  if (talks.length > 0) speaker.talks = talks;
  return speaker;
}
