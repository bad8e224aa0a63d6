/**
 * Decisions the generic card reader makes about the people on a card: whether the
 * card is a speaker at all (organisers, hosts and sponsors share the markup), which
 * slot after the role line holds the employer, and when one card names two people.
 */
import { splitTagline, looksLikeJobTitle } from '../normalize.js';
import { isLabelValue } from '../normalize-org.js';
import { BARE_LABEL, isSectionTitle, isTimeOnly, phraseWords, usable } from './talk-title.js';
import { affiliationFields, isRoom, nameAndAffiliation } from './affiliation.js';
import type { RawSpeaker } from '../types.js';
import { type Element, classList, cleanText, closestElement, contains, isElement, linesOf, textOf } from './html-common.js';
import { type NameCandidate, type Piece, cardPieces, isFieldText } from './html-generic-cards.js';
import { bracketedNames, nameScore, splitNameList } from './html-names.js';
import { hasFieldClass } from './field-classes.js';
import { linkHost } from './timed-slot.js';
import { type Skip, hasStaffClass, inStaffContext, opensWithStaffLabel, roleLabel } from './html-roles.js';

/**
 * A staff badge or class on the card, a staff role line, or a staff section around it.
 * `classes` is false when every card of the group carries the same staff class: a
 * template reused for the speakers page ("organizer-left"), which decides nothing.
 */
export function isStaffCard(card: Element, context: Element, name: NameCandidate, tagline: Piece | undefined, skip: Skip, classes = true): boolean {
  if (inStaffContext(context, skip, classes)) return true;
  for (const piece of cardPieces(card)) {
    if (piece.el === card) continue;
    // Badges sit inside or beside the name; a long text that merely contains a role word is not one.
    if (piece.full.length <= 40 && roleLabel(piece.full) === 'staff') return true;
    if (classes && hasStaffClass(piece.el) && !contains(piece.el, name.piece.el)) return true;
  }
  const line = name.rest ?? (tagline ? linesOf(tagline.el)[0] : undefined);
  return line !== undefined && opensWithStaffLabel(line);
}

const MAX_COMPANY_WORDS = 8;

/** "Aoife scales teams.": a line closed by a full stop with words in lower case is a sentence, never an organisation. */
const CLOSED_SENTENCE = /^(?=.*[.!?]$).*\s(?!(?:of|and|for|the|de|du|des|la|le|di|der|und|y|e)\s)\p{Ll}{2,}/u;

/** Classes of the element naming the place or time of a session. */
const PLACE_CLASS = /room|salle|sala|raum|location|venue|track|stage|time|horaire|date/i;

function companyLike(text: string): boolean {
  return (
    text.length > 0 &&
    !isRoom(text) &&
    text.length <= 80 &&
    text.split(/\s+/).length <= MAX_COMPANY_WORDS &&
    !/[.!?]\s/.test(text) &&
    !CLOSED_SENTENCE.test(text) &&
    !looksLikeJobTitle(text) &&
    !isLabelValue(text) &&
    splitTagline(text).company === null
  );
}

/** The first text after the role line, when it is short and reads as an organisation (or, asked so, as a job). */
function pieceAfterTagline(card: Element, tagline: Piece, name: NameCandidate, reads: (text: string) => boolean = companyLike): Piece | undefined {
  const next = cardPieces(card).find(
    (p) => p.index > tagline.index && !contains(tagline.el, p.el) && !contains(p.el, name.piece.el) && !contains(p.el, tagline.el) && p.full.length > 0,
  );
  if (!next || isList(next.el) || !isFieldText(next, next.full)) return undefined;
  const link = closestElement(next.el, (e) => e.name === 'a');
  if (link && !linksToOwnSite(link, next.full)) return undefined;
  if (classList(next.el).some((c) => PLACE_CLASS.test(c))) return undefined;
  return reads(next.full) ? next : undefined;
}

/** "<a href="https://quillstone.example">Quillstone</a>": a link to the site its text names (the employer's), not to a talk or a profile. */
function linksToOwnSite(a: Element, text: string): boolean {
  let host: string;
  try {
    host = new URL(a.attribs.href ?? '').hostname.toLowerCase();
  } catch {
    return false;
  }
  const first = text
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .find((w) => w.length >= 3);
  return (
    first !== undefined &&
    host
      .replace(/^www\./, '')
      .split('.')
      .slice(0, -1)
      .join('.')
      .includes(first)
  );
}

/**
 * The piece after each eligible card's tagline, kept only where enough cards agree on
 * that slot: at least two, and at least four in ten of the eligible cards.
 */
function agreedSlot(reads: CardRead[], eligible: (read: CardRead & { tagline: Piece }) => boolean, accept?: (text: string) => boolean): Map<CardRead, Piece> {
  const votes = new Map<string, number>();
  const found = new Map<CardRead, Piece>();
  let count = 0;
  for (const read of reads) {
    if (!read.tagline || !eligible(read as CardRead & { tagline: Piece })) continue;
    count += 1;
    const next = pieceAfterTagline(read.card, read.tagline, read.name, accept);
    if (!next) continue;
    found.set(read, next);
    votes.set(next.key, (votes.get(next.key) ?? 0) + 1);
  }
  let best: [string, number] | undefined;
  for (const entry of votes) if (!best || entry[1] > best[1]) best = entry;
  if (!best || best[1] < 2 || best[1] < count * 0.4) return new Map();
  const winner = best[0];
  const agreed = new Map([...found].filter(([, piece]) => piece.key === winner));
  // A few values shared by many cards ("Business", "Development", "Workshop") are the cards' tracks or kinds, not who they work for.
  const values = new Set([...agreed.values()].map((p) => p.full));
  return agreed.size >= 6 && values.size < agreed.size * 0.3 ? new Map() : agreed;
}

/**
 * Sites that put the organisation first ("Huawei" over "Solution Architect"): when
 * the line after the name was read as the company, the job is the line after it,
 * where enough cards agree on that slot.
 */
export function fillTitleSlot(reads: CardRead[]): void {
  const agreed = agreedSlot(
    reads,
    (r) => !r.speaker.title && r.speaker.company === r.speaker.tagline,
    (t) => t.length <= 80 && looksLikeJobTitle(t),
  );
  for (const [read, piece] of agreed) read.speaker.title = piece.full;
}

/**
 * "Lumenworks" over "Engineering Manager": a card whose line after the name reads as
 * an organisation (no role word, no separator, short) and whose next line is a job
 * title puts the company above the title, whatever the other cards do.
 */
export function fillCompanyAboveTitle(reads: CardRead[], isOrganisation: (line: string) => boolean): void {
  for (const read of reads) {
    const { speaker, tagline } = read;
    if (!tagline || !speaker.tagline || speaker.title || speaker.company || !isOrganisation(speaker.tagline)) continue;
    const next = pieceAfterTagline(read.card, tagline, read.name, (t) => t.length <= 80 && looksLikeJobTitle(t) && splitTagline(t).company === null);
    if (!next) continue;
    speaker.company = speaker.tagline;
    speaker.title = next.full;
  }
}

export interface CardRead {
  card: Element;
  name: NameCandidate;
  tagline?: Piece;
  speaker: RawSpeaker;
}

/**
 * Sites that give title and company their own fields put the company right after
 * the role line. When enough cards agree on that slot (and the role lines do not
 * already name a company), its text is the company for every card that fills it.
 */
export function fillCompanySlot(reads: CardRead[]): void {
  // A line after a bio sentence is not a company, nor is a heading over the sessions ("Sessions", "Talks").
  // A line under the name in capitals alone ("NOKIA") is the organisation itself: the line after it is something else.
  const roleLine = (r: CardRead) =>
    !!r.speaker.tagline &&
    !/[.!?]$|[.!?]\s+\p{Lu}/u.test(r.speaker.tagline) &&
    splitTagline(r.speaker.tagline).company === null &&
    !/^[\p{Lu}\d&.-]{2,}$/u.test(r.speaker.tagline);
  const agreed = agreedSlot(reads, roleLine, (t) => companyLike(t) && !isSectionTitle(t) && !BARE_LABEL.test(t));
  for (const [read, piece] of agreed) if (!read.speaker.company) read.speaker.company = piece.full;
  // The role line above an agreed company slot is the job, when most such lines read as one ("Java Champion" too).
  const lines = [...agreed.keys()].map((read) => read.speaker.tagline as string);
  if (lines.filter((t) => looksLikeJobTitle(t)).length < lines.length * 0.6) return;
  for (const read of agreed.keys()) {
    const line = read.speaker.tagline as string;
    if (!read.speaker.title && line.length <= 60 && line.split(/\s+/).length <= 6 && !/[.!?]\s|[.!?]$/.test(line)) read.speaker.title = line;
  }
}

/** "<h3>Ada Lind<br>Bo Berg</h3>": a name element whose every line is a full name names each of them. */
export function namesOnLines(read: CardRead): void {
  const lines = linesOf(read.name.piece.el).map(cleanText).filter(Boolean);
  if (lines.length < 2 || cleanText(lines.join(' ')) !== cleanText(read.speaker.name)) return;
  if (lines.every((l) => l.split(' ').length >= 2 && nameScore(l) >= 0.5)) read.speaker.name = lines.join(', ');
}

/** One record per person named: shared fields copied, links and photo kept only for a single person. */
export function peopleOf(speaker: RawSpeaker): RawSpeaker[] {
  const listed = bracketedNames(speaker.name);
  if (listed && listed.length >= 2) {
    // Each of "A (Org), B (Org)" has their own affiliation; the card's role line is none of theirs.
    const { links: _links, photoUrl: _photo, profileUrl: _profile, title: _title, company: _company, tagline: _tagline, ...shared } = speaker;
    return listed.map(({ name, affiliation }) => ({ ...shared, name, ...affiliationFields(affiliation) }));
  }
  const names = splitNameList(speaker.name);
  if (names.length === 1) return [speaker];
  return names.map((name) => {
    const { links: _links, photoUrl: _photo, profileUrl: _profile, ...shared } = speaker;
    return { ...shared, name };
  });
}

/**
 * "<p>Title</p><ul><li>Ada Lind (Quillstone)</li><li>Bo Berg (Kelpware)</li></ul>": when the
 * card's name is one item of a list whose every item names a person, the other items are
 * the session's other speakers, each with their own affiliation and the card's talks.
 */
export function listMates(read: CardRead): RawSpeaker[] {
  const units = unitMates(read);
  if (units.length > 0) return units;
  const inline = inlineMates(read);
  if (inline.length > 0) return inline;
  const item = closestElement(read.name.piece.el, (e) => e.name === 'li');
  const list = item?.parent;
  if (!item || item === read.card || !contains(read.card, item) || !isElement(list) || !isList(list)) return [];
  const others = list.children.filter((c): c is Element => isElement(c) && c.name === 'li' && c !== item);
  const mates = others.map((li) => {
    const text = cleanText(textOf(li));
    const split = nameAndAffiliation(text);
    const name = split?.name ?? text;
    if (nameScore(name) < 0.5 || name.split(/\s+/).length < 2) return undefined;
    return { name, ...(split ? affiliationFields(split.affiliation) : {}), ...(read.speaker.talks ? { talks: read.speaker.talks } : {}) };
  });
  return mates.every((m) => m !== undefined) ? (mates as RawSpeaker[]) : [];
}

/** The text after a link up to the next link beside it: that person's role, a joining "&" or "and" at its end left off. */
function roleAfter(link: Element): string {
  let text = '';
  for (let node = link.next; node && !(isElement(node) && node.name === 'a'); node = node.next) text += ` ${textOf(node)}`;
  return cleanText(text)
    .replace(/^[-–—|,:]\s*/u, '')
    .replace(/\s*(?:&|\band\b|,)$/u, '');
}

/**
 * "<a>Ada Lind</a> Cloud Architect & <a>Bo Berg</a> Technical Manager": speakers of one session linked
 * to their profiles on one line, each followed by their role. The links beside the name's, to the same
 * site, that read as names are the session's other speakers, each with their role and the card's talks.
 */
function inlineMates(read: CardRead): RawSpeaker[] {
  const link = closestElement(read.name.piece.el, (e) => e.name === 'a');
  const host = link ? linkHost(link) : undefined;
  if (!link || !host || !isElement(link.parent)) return [];
  const others = link.parent.children.filter(
    (c): c is Element =>
      isElement(c) && c !== link && linkHost(c) === host && nameScore(cleanText(textOf(c))) >= 0.5 && cleanText(textOf(c)).split(/\s+/).length >= 2,
  );
  if (others.length === 0) return [];
  const own = roleAfter(link);
  if (read.speaker.tagline && !read.speaker.title && !read.speaker.company) {
    if (own) read.speaker.tagline = own;
    else delete read.speaker.tagline;
  }
  return others.map((a) => {
    const role = roleAfter(a);
    const href = a.attribs.href as string;
    return { name: cleanText(textOf(a)), links: [href], ...(role ? { tagline: role } : {}), ...(read.speaker.talks ? { talks: read.speaker.talks } : {}) };
  });
}

function hasPhoto(el: Element): boolean {
  return el.children.some((c) => isElement(c) && (c.name === 'img' || (c.name !== 'a' && hasPhoto(c))));
}

/** How far above the name a co-speaker's unit may begin. */
const UNIT_DEPTH = 4;

/** The child positions leading from `from` down to `to`, or undefined when `to` is not inside it. */
function routeTo(from: Element, to: Element): number[] | undefined {
  const route: number[] = [];
  for (let el = to; el !== from;) {
    const parent = el.parent;
    if (!isElement(parent)) return undefined;
    route.unshift(parent.children.filter(isElement).indexOf(el));
    el = parent;
  }
  return route;
}

/** The element at the same place in another unit, if it has one. */
function alongRoute(from: Element, route: number[]): Element | undefined {
  let el: Element | undefined = from;
  for (const i of route) el = el?.children.filter(isElement)[i];
  return el;
}

/**
 * A session card that shows each of its speakers as a unit of its own (photo and name in
 * one wrapper, the wrappers side by side): the units beside the name's, each holding only
 * a name, are the session's other speakers, with the card's talks; their names are taken off
 * the card's own person, whose tagline slot they would otherwise fill.
 */
function unitMates(read: CardRead): RawSpeaker[] {
  let unit = read.name.piece.el;
  for (let depth = 0; depth < UNIT_DEPTH && unit !== read.card; depth++) {
    const parent = unit.parent;
    if (!isElement(parent) || !contains(read.card, parent)) return [];
    const kin = parent.children.filter((c): c is Element => isElement(c) && c.name === unit.name && c.attribs.class === unit.attribs.class);
    // The unit is the name alone, or the name with the person's own lines (organisation, country) under it.
    const route = cleanText(textOf(unit)) === read.speaker.name ? [] : routeTo(unit, read.name.piece.el);
    if (kin.length >= 2 && route && cleanText(textOf(alongRoute(unit, route) as Element)) === read.speaker.name) {
      if (!kin.every(hasPhoto)) return [];
      const names = kin
        .filter((k) => k !== unit)
        .map((k) => {
          const at = alongRoute(k, route);
          return at ? cleanText(textOf(at)) : '';
        });
      if (!names.every((n) => nameScore(n) >= 0.5 && /^\p{Lu}/u.test(n))) return [];
      // The next speaker's name is no line of the card's own person.
      const speaker = read.speaker;
      if (speaker.tagline && names.includes(speaker.tagline)) delete speaker.tagline;
      if (speaker.company && names.includes(speaker.company)) delete speaker.company;
      if (speaker.title && names.includes(speaker.title)) delete speaker.title;
      return names.map((name) => ({ name, ...(read.speaker.talks ? { talks: read.speaker.talks } : {}) }));
    }
    unit = parent;
  }
  return [];
}

const LIST = /^(?:ul|ol)$/;

function isList(el: Element): boolean {
  return LIST.test(el.name);
}

/** The texts of an item and the items beside it in its list inside the card ("<li>Talk A</li><li>Talk B</li>"), or none. */
function listItems(el: Element, card: Element): string[] {
  const item = closestElement(el, (e) => e.name === 'li');
  const list = item?.parent;
  if (!item || item === card || !contains(card, item) || !isElement(list) || !isList(list)) return [];
  return list.children
    .filter((c): c is Element => isElement(c) && c.name === 'li')
    .map((li) => cleanText(textOf(li)))
    .filter(Boolean);
}

/** A phrase that can be a session title: a few words, no full stop inside or at the end, not a role. */
function titleLike(text: string): boolean {
  const words = text.split(/\s+/).length;
  return phraseWords(text) >= 2 && words <= 20 && text.length <= 150 && !/[.!?]\s+\p{Lu}/u.test(text) && !/\.$/.test(text) && !looksLikeJobTitle(text);
}

/** "Title." : a full stop closing a short line is not part of the title; a longer line ending so is a sentence. */
function withoutFullStop(text: string): string {
  return text.split(/\s+/).length <= 12 ? text.replace(/(?<!\.)\.$/, '') : text;
}

/** A line that opens with the speaker's own first name, or a pronoun, is about them: their bio. */
function aboutThem(text: string, name: string): boolean {
  const first = name.split(/\s+/)[0]?.toLocaleLowerCase();
  const opening = text.split(/\s+/)[0]?.toLocaleLowerCase();
  return opening === first || /^(?:he|she|they|il|elle|er|sie|ella|lei|lui|ele|hij|zij)$/.test(opening ?? '');
}

/**
 * "<tr><td>09:30</td><td>Title</td><td>Name</td><td>Company</td></tr>": in a schedule
 * row the session's cell may come before the speaker's. A cell of the row, with words in it.
 */
function cellApart(read: CardRead, piece: Piece): boolean {
  return read.card.name === 'tr' && piece.el.parent === read.card && (piece.el.name === 'td' || piece.el.name === 'th') && /\p{L}{3}/u.test(piece.full);
}

/**
 * "<td><div class="title">Title</div><div class="speaker">Name</div></td>": a card that is one
 * cell of an agenda table is the session, so its title may stand above the speaker.
 */
function sessionCell(card: Element): boolean {
  return card.name === 'td' || card.name === 'th';
}

/**
 * "<tr><td>10:00</td><td><b>Title</b><br><a>Name</a></td></tr>": in a schedule row the line
 * above the name inside the name's own cell is the session's title.
 */
function aboveInCell(read: CardRead, piece: Piece): boolean {
  if (read.card.name !== 'tr' || piece.index >= read.name.piece.index || contains(piece.el, read.name.piece.el)) return false;
  const cell = (el: Element) => closestElement(el, (e) => e.name === 'td' || e.name === 'th');
  const own = cell(read.name.piece.el);
  return own !== undefined && own !== piece.el && cell(piece.el) === own;
}

/**
 * "<a href="/sessions/A1"><p>Title</p><span>Name</span></a>": a card that is one link as a whole (a
 * session tile of a timetable) may put the session's title above the speaker's name.
 */
function aboveInTile(read: CardRead, piece: Piece): boolean {
  return read.card.name === 'a' && piece.index < read.name.piece.index && !contains(piece.el, read.name.piece.el) && cleanText(piece.own).length > 0;
}

/** A text of the card that may name its session: a field, or inside a session tile the line above the name (the tile's link is the session's). */
function sessionText(read: CardRead, piece: Piece, text: string): boolean {
  return isFieldText(piece, text) || (aboveInTile(read, piece) && text.length > 3 && roleLabel(text) === undefined);
}

function isPlace(piece: Piece, text: string): boolean {
  return isTimeOnly(text) || isRoom(text) || classList(piece.el).some((c) => PLACE_CLASS.test(c));
}

/**
 * A piece's place seen from the name: its path below the element it shares with the
 * name. Cards of one list nested one wrapper deeper than the others still agree.
 */
function besideName(piece: Piece, name: NameCandidate): string {
  const [path, occurrence] = piece.key.split('#') as [string, string];
  const own = path.split('/');
  const theirs = name.piece.key.split('#')[0].split('/');
  let shared = 0;
  while (shared < own.length && own[shared] === theirs[shared]) shared++;
  return `${own.slice(shared).join('/')}#${occurrence}`;
}

/**
 * Cards that show a short phrase under the role line and no bio ("Story of
 * Permaculture in Europe"): when one slot after the tagline holds such a phrase in
 * most cards, different in each, and longer than an organisation's name, it is
 * the speaker's session.
 */
export function fillTalkSlot(reads: CardRead[]): void {
  const candidates = new Map<string, Array<[CardRead, string]>>();
  if (reads.filter((r) => r.speaker.talks?.length).length > reads.length * 0.2) return;
  for (const read of reads) {
    for (const piece of cardPieces(read.card)) {
      const before = piece.index <= (read.tagline?.index ?? read.name.piece.index);
      const apart = cellApart(read, piece) || sessionCell(read.card) || aboveInCell(read, piece) || aboveInTile(read, piece);
      if ((before && !apart) || contains(piece.el, read.name.piece.el)) continue;
      if (read.tagline && (contains(piece.el, read.tagline.el) || contains(read.tagline.el, piece.el))) continue;
      const text = withoutFullStop(piece.full);
      // A list of sessions is read item by item, never as one run-together title.
      if (isList(piece.el) || hasFieldClass(piece.el) || !sessionText(read, piece, text) || !titleLike(text) || aboutThem(text, read.speaker.name)) continue;
      if (isLabelValue(text)) continue;
      // A slot's time, room or track is where the session is, never what it is called.
      if (isPlace(piece, text)) continue;
      const slot = besideName(piece, read.name);
      const list = candidates.get(slot) ?? [];
      if (!list.some(([r]) => r === read)) list.push([read, text]);
      candidates.set(slot, list);
    }
  }
  for (const [key, list] of candidates) {
    const texts = list.map(([, t]) => t);
    const distinct = new Set(texts).size;
    const words = texts.map(phraseWords).sort((a, b) => a - b);
    const median = words[Math.floor(words.length / 2)] ?? 0;
    if (list.length < 3 || list.length < reads.length * 0.5 || distinct < list.length * 0.8 || median < 3) continue;
    // The slot outranks a title borrowed from around the card.
    for (const [read, text] of list) {
      const piece = cardPieces(read.card).find(
        (p) => (sessionCell(read.card) || aboveInCell(read, p) || aboveInTile(read, p) || p.index > read.name.piece.index) && besideName(p, read.name) === key,
      );
      const items = piece ? listItems(piece.el, read.card).filter(titleLike) : [];
      read.speaker.talks = (items.length > 1 ? items : [text]).map((title) => ({ title }));
      if (read.speaker.company === text || read.speaker.company === piece?.full) delete read.speaker.company;
    }
    // Once the slot is settled, a card that fills it with a shorter phrase ("Re-Alliance") names its session too.
    const taken = new Set(list.map(([read]) => read));
    for (const read of reads) {
      if (taken.has(read) || read.speaker.talks?.length) continue;
      const inCell = (p: Piece) => sessionCell(read.card) || aboveInCell(read, p) || aboveInTile(read, p);
      const piece = cardPieces(read.card).find((p) => (inCell(p) || p.index > read.name.piece.index) && besideName(p, read.name) === key);
      const cell = piece !== undefined && inCell(piece);
      const text = piece ? withoutFullStop(piece.full) : undefined;
      if (!piece || !text || !sessionText(read, piece, text) || aboutThem(text, read.speaker.name) || isPlace(piece, text)) continue;
      // In an agenda's cell the settled slot is the session's title, however it reads; elsewhere a sentence or a role is not one.
      if (cell ? !usable(text, read.speaker.name) : text.split(/\s+/).length > 20 || /[.!?]\s+\p{Lu}/u.test(text) || looksLikeJobTitle(text)) continue;
      read.speaker.talks = [{ title: text }];
      if (read.speaker.company === text || read.speaker.company === piece.full) delete read.speaker.company;
    }
    return;
  }
}
