/**
 * Generic reader for pages that list speakers as repeated cards. It knows no
 * site: it looks for the most convincing group of repeated elements whose cards
 * each carry a person's name in the same place, then reads every card of that
 * group the same way.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { companyProblem, isPlace, namesOrganisation } from '../normalize-org.js';
import { isOrganisationName } from './affiliation.js';
import type { CheerioAPI } from 'cheerio';
import type { Extractor, LeftOutSink, Page, RawSpeaker } from '../types.js';
import {
  type Element,
  childElements,
  descendants,
  cleanText,
  closestElement,
  contains,
  hiddenInPage,
  isElement,
  isHtmlPage,
  linesOf,
  loadHtml,
  rootOf,
  textOf,
} from './html-common.js';
import { timedBlockTalk, timedRowTalk } from './timed-slot.js';
import {
  type NameCandidate,
  type Piece,
  cardPieces,
  followingPieces,
  joinWrapped,
  pickName,
  strayMembers,
  readCard,
  signature,
  taglinePiece,
  trailingPiece,
} from './html-generic-cards.js';
import { type ScoredGroup, collectGroups, scoreGroup, withKin } from './html-generic-groups.js';
import {
  type CardRead,
  fillCompanyAboveTitle,
  fillCompanySlot,
  fillTalkSlot,
  fillTitleSlot,
  isStaffCard,
  listMates,
  namesOnLines,
  peopleOf,
} from './html-generic-people.js';
import { cardAnchors, inStaffClass, skipCards, staffOnlyAnchors } from './html-roles.js';
import { classFields } from './html-fields.js';
import { headingAbove, sessionAfter, sessionBefore, sessionTalk, slotTalk, termTalk } from './session-blocks.js';
import { noteNamelessCard, noteStaffCard } from './left-out.js';
import { readByTaglineConvention } from './tagline-column.js';
import { roleLineOf } from './role-line.js';
import { detailOf, idsOf, readDetail } from './html-detail.js';
import { labelledFields } from './labelled-fields.js';
import { companyFromBio, roleInSentence } from './bio-role.js';
import { joinAffiliationsByName, joinTalksByName } from './talks-by-name.js';
import { columnOnlyPeople, joinTablePeople, programmeOnlyPeople } from './programme-people.js';
import { fillCompanyFromLogos } from './logo-company.js';
import { talkAfterNameLabel } from './html-talks.js';
import { fillHeadingsAboveNames, fillHeadingsAfterNames, fillTalkHeadings } from './talk-heading.js';
import { joinTalksFromData } from './talks-in-data.js';
import { organisationHeadingAbove } from './organisation-heading.js';

/** "A, B" whose part after the comma is not the legal form of the name before it ("…, LLC"). */
const COMMA_LIST = /,(?!\s*(?:inc|ltd|llc|gmbh|ag|corp|plc|s\.?a|b\.?v|srl|oy|kg)\.?$)/iu;

/**
 * "Jana Roth ist Entwicklerin bei Quillstone.": a line under the name that is one short sentence
 * saying who the person is and where is the role line the card lacks, read as such.
 */
function shortBioRole(speaker: RawSpeaker): { title?: string; company?: string } | undefined {
  const line = speaker.tagline?.replace(/\s+/g, ' ').trim();
  if (!line || speaker.title || speaker.company || line.split(' ').length > 16 || /[.!?]\s/.test(line)) return undefined;
  const role = roleInSentence(line.replace(/[.!?]$/, ''));
  return role?.title && role.company ? role : undefined;
}

/**
 * "Ruth est CTO chez Brightwater depuis 2019 …", "Aoife trabaja en Quillstone como …": a line
 * whose subject is the person (their given name, full name or a pronoun) followed by a word in
 * lower case, five words at least, is a sentence about them.
 */
function sentenceAbout(line: string, name: string): boolean {
  const words = line.replace(/\s+/g, ' ').trim().split(' ');
  if (words.length < 5) return false;
  const given = name.trim().split(/\s+/)[0] ?? '';
  const subject = [given, name.trim(), 'He', 'She', 'They', 'Il', 'Elle', 'Er', 'Sie', 'Ella', 'Ele', 'Lei', 'Lui'];
  const opening = subject.find((s) => s && (line.startsWith(`${s} `) || line.startsWith(`${s}, `)));
  if (!opening) return false;
  const next = line.slice(opening.length).trim().split(/\s+/)[0] ?? '';
  return /^\p{Ll}/u.test(next);
}

/** "ORG (https://org.example/)": the organisation's address in brackets after its name. */
const BRACKETED_URL = /\s*\(\s*(?:https?:\/\/|www\.)[^\s()]+\s*\)$/i;

/**
 * "Enseignant chercheur<br>Directeur du Laboratoire X<br>Université Y": two roles or more, each on its
 * line, over a last line that names an organisation. The organisation is the company; no one of the
 * roles is the title.
 */
function rolesOverOrganisation(piece: Piece | undefined): string | undefined {
  if (!piece || !childElements(piece.el).some((c) => c.name === 'br')) return undefined;
  const lines = joinWrapped(linesOf(piece.el));
  const last = lines[lines.length - 1];
  return lines.length >= 3 &&
    last &&
    namesOrganisation(last) &&
    isOrganisationName(last) &&
    lines.slice(0, -1).every((l) => looksLikeJobTitle(l) || !namesOrganisation(l))
    ? last
    : undefined;
}

/** A tagline slot must be the one after the name in this share of cards to be trusted for all of them. */
const TAGLINE_AGREEMENT = 0.4;

interface NamedCard {
  card: Element;
  name: NameCandidate;
}

/** The slot that most cards put right after the name, when enough of them agree. */
function taglineKey(cards: NamedCard[]): string | undefined {
  const votes = new Map<string, number>();
  for (const { card, name } of cards) {
    const piece = taglinePiece(card, name);
    if (piece) votes.set(piece.key, (votes.get(piece.key) ?? 0) + 1);
  }
  let best: [string, number] | undefined;
  for (const entry of votes) if (!best || entry[1] > best[1]) best = entry;
  return best && best[1] >= cards.length * TAGLINE_AGREEMENT ? best[0] : undefined;
}

/**
 * The card's piece in the agreed tagline slot. A card written in other markup than its kin
 * ("<a>Name</a> - Role, Company" loose in the slot, where the others wrap the line) has its role
 * line as the text right after the name inside the name's parent.
 */
function pieceAt(card: Element, key: string | undefined, name: NameCandidate): Piece | undefined {
  if (!key) return undefined;
  const following = followingPieces(card, name);
  return following.find((p) => p.key === key) ?? (cardPieces(card).every((p) => p.key !== key) ? trailingPiece(card, name) : undefined);
}

/**
 * "Cafeto Software S.A.S. / Universidad Nacional", "UNJu. INECOA. CONICET.", "Universidad Distrital/Liftit":
 * a line of the column that lists several organisations. It says nothing against the column holding
 * organisations, and names no one employer.
 */
function namesSeveral(line: string): boolean {
  return companyProblem(line) === 'two organisations' || /(?:\p{L}{3}|\p{Lu}{2})\.\s+\p{Lu}/u.test(line) || /[\p{Ll}\p{Lu}]\/\p{Lu}/u.test(line);
}

/**
 * Most lines of the column read as organisations (a product, a two-university line or a role line
 * may stand among them); the lines that list several organisations, and bare web addresses, are left out of the count.
 */
function isCompanyColumn(lines: string[]): boolean {
  const single = lines.filter((l) => !namesSeveral(l) && !/^(?:https?:\/\/|www\.)\S+$/i.test(l));
  return (
    single.length >= 3 &&
    single.filter(isOrganisationName).length >= single.length * 0.8 &&
    lines.filter((l) => looksLikeJobTitle(l)).length <= lines.length * 0.2
  );
}

/**
 * "<p><span>Adobe</span> <span>Canada</span></p>": a line under the name made of separate parts whose
 * last names a country or a city is the organisation and where it is; the place is no part of the role line.
 */
function withoutPlace(piece: Piece | undefined): string | undefined {
  if (!piece) return undefined;
  const parts = childElements(piece.el)
    .map((c) => cleanText(textOf(c)))
    .filter(Boolean);
  if (parts.length < 2 || cleanText(parts.join(' ')) !== cleanText(piece.full) || !isPlace(parts[parts.length - 1] as string)) return undefined;
  const rest = parts.slice(0, -1);
  return rest.some((p) => isPlace(p)) ? undefined : rest.join(', ');
}

/**
 * Cards that open a detail showing their line under the name to be the talk (the detail has its
 * own role line and repeats the card's line over the abstract): when most cards of the group say
 * so, the same line on the cards that open no detail is their talk as well, never a role.
 */
function talkInSlotOfDetails(reads: CardRead[], talkSlots: string[]): void {
  const key = talkSlots[0];
  const withLine = reads.filter((r) => r.tagline?.key === key && r.speaker.tagline);
  if (!key || talkSlots.length < 2 || talkSlots.some((k) => k !== key) || talkSlots.length < withLine.length * 0.6) return;
  for (const { speaker } of withLine) {
    if (speaker.talks?.length || speaker.title || speaker.company) continue;
    speaker.talks = [{ title: speaker.tagline as string }];
    delete speaker.tagline;
  }
}

/** Adds a record, or folds a repeat of a known name (an agenda lists a speaker per slot) into it. */
function addPerson(speakers: RawSpeaker[], byName: Map<string, RawSpeaker>, person: RawSpeaker): void {
  const id = person.name.toLocaleLowerCase();
  const known = byName.get(id);
  if (!known) {
    byName.set(id, person);
    speakers.push(person);
    return;
  }
  const titles = new Set((known.talks ?? []).map((t) => t.title));
  const extra = (person.talks ?? []).filter((t) => !titles.has(t.title));
  if (extra.length > 0) known.talks = [...(known.talks ?? []), ...extra];
}

/**
 * Reads every card of a group. `contexts` are the elements in the page that stand
 * for each card (the heading itself on prose pages, whose cards are detached copies);
 * `read` gets those that gave a person.
 */
function readGroup(
  members: Element[],
  slot: string,
  base: string,
  contexts: Element[],
  read: Element[],
  leftOut?: LeftOutSink,
  details: Element[] = [],
): RawSpeaker[] {
  const cards: Array<NamedCard & { context: Element }> = [];
  // A card the page hides among shown ones ("display:none") is a template or a person taken off the page.
  const hidden = contexts.map((c) => hiddenInPage(c));
  const fewHidden = hidden.filter(Boolean).length < contexts.length / 2;
  const stray = strayMembers(members, slot);
  members.forEach((card, i) => {
    if (fewHidden && hidden[i]) return;
    const name = stray.has(card) ? undefined : pickName(card, slot);
    if (name) cards.push({ card, name, context: contexts[i] });
    else noteNamelessCard(leftOut, card);
  });
  const key = taglineKey(cards);
  const skip = skipCards(contexts);
  const inPage = new Set(contexts);
  const classes = !contexts.every((c) => inStaffClass(c));
  const reads: CardRead[] = [];
  // Slots of the cards whose detail showed the line under the name to be the talk.
  const talkSlots: string[] = [];
  const ids = idsOf(contexts[0]);
  const staffIndexed = contexts[0] ? staffOnlyAnchors(rootOf(contexts[0])) : new Set<string>();
  for (const { card, name, context } of cards) {
    const tagline = pieceAt(card, key, name);
    if (isStaffCard(card, context, name, tagline, skip, classes) || cardAnchors(context).some((a) => staffIndexed.has(a))) {
      noteStaffCard(leftOut, name.text, context, skip);
      continue;
    }
    const speaker = readCard(card, { name, tagline }, base);
    const placed = withoutPlace(tagline);
    if (placed && speaker.tagline && cleanText(speaker.tagline) === cleanText(tagline?.full ?? '')) {
      if (speaker.company === speaker.tagline) speaker.company = placed;
      speaker.tagline = placed;
    }
    // "NOKIA (https://www.nokia.com/)": the organisation's web address beside its name is no part of the line.
    const bare = speaker.tagline?.replace(BRACKETED_URL, '');
    if (bare && bare !== speaker.tagline && isOrganisationName(bare)) speaker.tagline = bare;
    // "Ada Lind - Systems Engineer" under the name "Ada Lind": the name repeated before the role is no part of it.
    if (speaker.tagline?.startsWith(speaker.name)) {
      const rest = speaker.tagline.slice(speaker.name.length).replace(/^\s*[-–—|,:]\s*/u, '');
      if (rest && rest !== speaker.tagline.slice(speaker.name.length)) speaker.tagline = rest;
    }
    const block = rolesOverOrganisation(tagline);
    if (block) {
      speaker.company = block;
      delete speaker.tagline;
    }
    const labelTalk = speaker.talks ? undefined : talkAfterNameLabel(name.piece.el, speaker.tagline);
    if (labelTalk) {
      speaker.talks = [{ title: labelTalk }];
      delete speaker.tagline;
      delete speaker.company;
    }
    const named = classFields(card, name);
    if (named.company) speaker.company = named.company;
    if (named.title) speaker.title = named.title;
    // The job slot is the tagline when the card gave none, or only a flag or an icon beside the name.
    if (named.tagline && !/[\p{L}\p{N}]/u.test(speaker.tagline ?? '')) speaker.tagline = named.tagline;
    const labelled = labelledFields(card);
    // A labelled slot decides, even when it holds nothing usable ("A; B" names no one employer).
    if (labelled.company !== undefined) speaker.company = labelled.company || undefined;
    if (labelled.title) speaker.title = labelled.title;
    if (speaker.tagline && labelled.lines.some((l) => l.includes(speaker.tagline as string) || (speaker.tagline as string).includes(l))) delete speaker.tagline;
    // A link to the person's own page under /talks/ is not a talk: the name is never the title.
    speaker.talks = speaker.talks?.filter((t) => t.title.toLocaleLowerCase() !== speaker.name.toLocaleLowerCase());
    if (speaker.talks?.length === 0) delete speaker.talks;
    const detail = detailOf(card, speaker.name, ids);
    if (detail) {
      const cardLine = speaker.tagline;
      readDetail(speaker, detail, base);
      details.push(detail);
      if (tagline && cardLine && speaker.tagline !== cardLine && speaker.talks?.[0]?.title === cardLine) talkSlots.push(tagline.key);
    }
    // A row of an agenda that opens with its time names its session above the speaker, whatever else the card holds.
    const timed = timedRowTalk(card, name.piece.el, speaker.name);
    if (timed) speaker.talks = [{ title: timed }];
    // The session block right after the card is the nearest; then the block or agenda slot around it.
    const after = card === context && !speaker.talks ? (headingAbove(card, inPage) ?? sessionAfter(card, inPage, base)) : undefined;
    const slotTitle = speaker.talks
      ? undefined
      : (after ??
        timedBlockTalk(context, inPage, speaker.name) ??
        sessionTalk(context, inPage) ??
        slotTalk(context, inPage, skip) ??
        termTalk(context, speaker.name) ??
        sessionBefore(context, inPage));
    if (slotTitle) speaker.talks = [{ title: slotTitle }];
    // "<h5>KELPNET</h5><div class=card>… Kelpnet - www.kelpnet.example</div>": the heading naming the card's organisation is its company.
    if (!speaker.company) {
      const organisation = organisationHeadingAbove(context, inPage);
      if (organisation) speaker.company = organisation;
    }
    reads.push({ card, name, tagline, speaker });
    namesOnLines(reads[reads.length - 1] as CardRead);
    // A repeat of a name read before is an agenda's listing of that person, not their card.
    if (!reads.slice(0, -1).some((r) => r.speaker.name === speaker.name)) read.push(context);
  }
  talkInSlotOfDetails(reads, talkSlots);
  fillTalkHeadings(reads);
  fillHeadingsAboveNames(reads);
  fillCompanySlot(reads);
  fillTalkSlot(reads);
  fillHeadingsAboveNames(reads, true);
  fillHeadingsAfterNames(reads);
  const taglines = reads.map((r) => r.speaker.tagline).filter((t): t is string => t !== undefined);
  if (isCompanyColumn(taglines)) {
    for (const { speaker } of reads) {
      const line = speaker.tagline;
      if (line && !speaker.company && isOrganisationName(line) && !namesSeveral(line)) speaker.company = line;
    }
    fillTitleSlot(reads);
  }
  fillCompanyAboveTitle(reads, isOrganisationName);
  readByTaglineConvention(reads.map((r) => r.speaker));
  for (const { card, speaker } of reads) {
    const role = roleLineOf(card, speaker) ?? shortBioRole(speaker);
    if (role?.title) speaker.title = role.title;
    if (role?.company) speaker.company = role.company;
  }
  // "Piet arbeitet bei Stroomnet als Entwickler.": a line about the person in a sentence is their bio, never a role line.
  for (const { speaker } of reads) {
    if (!speaker.tagline || speaker.title || speaker.company || !sentenceAbout(speaker.tagline, speaker.name)) continue;
    speaker.bio ??= speaker.tagline;
    delete speaker.tagline;
  }
  // A line under the name that says it is an organisation ("Champlain College", "Newgrange IT Consulting, LLC") names the employer,
  // whatever the other cards hold; "Harwick College, NMNH" names two.
  for (const { speaker } of reads) {
    const line = speaker.tagline;
    if (line && !speaker.company && !speaker.title && namesOrganisation(line) && isOrganisationName(line) && !COMMA_LIST.test(line) && !namesSeveral(line))
      speaker.company = line;
  }
  fillCompanyFromLogos(reads, contexts);
  for (const { speaker } of reads) {
    // With no role line to read, the bio may still say who the speaker works for.
    const role = splitTagline(speaker.tagline);
    const open = !speaker.company && !speaker.title && !role.title && !role.company;
    const employer = open ? companyFromBio(speaker.bio ?? speaker.tagline) : undefined;
    // The bio's "at Northmoor" confirms a line "Northmoor University" under the name as the employer's full name.
    const fuller = employer && speaker.tagline && isOrganisationName(speaker.tagline) && speaker.tagline.includes(employer) ? speaker.tagline : undefined;
    if (employer) speaker.company = fuller ?? employer;
  }
  const speakers: RawSpeaker[] = [];
  const byName = new Map<string, RawSpeaker>();
  for (const read of reads) for (const person of [...peopleOf(read.speaker), ...listMates(read)]) addPerson(speakers, byName, person);
  return speakers;
}

const FLAT_MEMBERS = /^(h[2-6]|dt)$/;

/** True when the sibling ends a flat card: the next heading of the same or a higher level, or the next term. */
function endsFlatCard(node: Element, member: Element): boolean {
  if (member.name === 'dt') return node.name === 'dt';
  // An empty heading is spacing, not the next card.
  return /^h[1-6]$/.test(node.name) && node.name <= member.name && textOf(node) !== '';
}

/**
 * Pages written as prose (a heading per speaker, the details in the paragraphs
 * after it) have no element around each card. Each heading and the siblings up
 * to the next one are copied into a detached wrapper so they read like a card.
 */
function flatCards($: CheerioAPI, members: Element[]): Element[] | undefined {
  if (!members.every((m) => FLAT_MEMBERS.test(m.name))) return undefined;
  const cards = members.map((member) => {
    const wrapper = $('<div></div>');
    wrapper.append($(member).clone());
    for (let node = member.next; node && !(isElement(node) && endsFlatCard(node, member)); node = node.next) {
      wrapper.append($(node).clone());
    }
    return wrapper.get(0) as Element;
  });
  return cards.some((card) => childElements(card).length > 1) ? cards : undefined;
}

interface CardGroup {
  group: ScoredGroup;
  members: Element[];
  $: CheerioAPI;
  /** Groups of cards in other markup whose names link to the same folder of people's pages. */
  others: ScoredGroup[];
}

/** The folder of the page a card's name links to ("/ponentes/" of "/ponentes/ada-lind/"), when it links to one. */
function personFolder(card: Element, slot: string): string | undefined {
  const name = pickName(card, slot);
  if (!name) return undefined;
  const link = closestElement(name.piece.el, (e) => e.name === 'a') ?? childElements(name.piece.el).find((e) => e.name === 'a');
  const href = link?.attribs.href?.trim();
  if (!href || href.startsWith('#') || href.startsWith('mailto:')) return undefined;
  const path = (href.split(/[?#]/)[0] as string).replace(/\/+$/, '');
  const cut = path.lastIndexOf('/');
  return cut > 0 && cut < path.length - 1 ? path.slice(0, cut + 1) : undefined;
}

/**
 * "Keynotes" in larger cards above the speaker grid: a group in other markup is the same kind of
 * card when every one of its names links to a person's page in the folder the chosen group's names
 * all link into. Each such group is read as well, the best-scoring first, none overlapping another.
 */
function linkedKinGroups(best: ScoredGroup, members: Element[], groups: ScoredGroup[]): ScoredGroup[] {
  const folders = new Set(members.map((m) => personFolder(m, best.slot)));
  const folder = [...folders][0];
  if (folders.size !== 1 || !folder) return [];
  const taken = [...members];
  const out: ScoredGroup[] = [];
  for (const group of [...groups].sort((a, b) => b.score - a.score)) {
    if (group.members.some((el) => taken.some((m) => m === el || contains(m, el) || contains(el, m)))) continue;
    if (!group.members.every((m) => personFolder(m, group.slot) === folder)) continue;
    out.push(group);
    taken.push(...group.members);
  }
  return out;
}

/** Scores this close are a tie. */
const TIE = 0.999;

/**
 * True when every card of `inner` lies inside a card of `outer`: a session block
 * around its speakers. On a tie the person's own block is the card, so a session
 * with two speakers gives two people, not one.
 */
function nestedIn(inner: ScoredGroup, outer: ScoredGroup): boolean {
  return inner.members.every((m) => outer.members.some((o) => o !== m && contains(o, m)));
}

/** The best-scoring card group of a page, if any group reads as a list of people. */
export function bestCardGroup(html: string): CardGroup | undefined {
  const $ = loadHtml(html);
  const body = $('body').get(0);
  if (!body) return undefined;
  const page = collectGroups(body);
  let best: ScoredGroup | undefined;
  const scoredGroups: ScoredGroup[] = [];
  for (const members of page.groups) {
    const scored = scoreGroup(members);
    if (scored) scoredGroups.push(scored);
    if (scored && (!best || scored.score > best.score || (scored.score >= best.score * TIE && nestedIn(scored, best)))) best = scored;
  }
  if (!best) return undefined;
  const lifted = liftedToHeading(best);
  const members = lifted ? lifted.members : withKin(best, page);
  return { group: lifted ?? best, members, $, others: lifted ? [] : linkedKinGroups(best, members, scoredGroups) };
}

/** How much of the inner group's score the lifted group must keep. */
const LIFT_SHARE = 0.6;
const BIO_BLOCK = /bio|about|description|summary|intro|text|content/i;

/**
 * Cards whose name was read from a paragraph of their bio ("<p>Ada Lovelace</p><p>…
 * graduated from …"), while each sits beside a heading carrying the person's name
 * outside it: the element around both is the card. The heading is then read as the
 * name, not as a session title, and the bio's first line not as a tagline.
 */
function liftedToHeading(best: ScoredGroup): ScoredGroup | undefined {
  if (!/(?:^|\/)p(?:[.#][^/]*)?$/.test(best.slot.replace(/:(?:full|own|head)$/, '')) && !BIO_BLOCK.test(best.slot)) return undefined;
  const parents = best.members.map((m) => m.parent);
  if (!parents.every(isElement) || new Set(parents).size !== parents.length) return undefined;
  const lifted = scoreGroup(parents as Element[]);
  if (!lifted || lifted.score < best.score * LIFT_SHARE) return undefined;
  const outside = best.members.filter((member, i) => {
    const name = pickName(parents[i] as Element, lifted.slot);
    return name !== undefined && !contains(member, name.piece.el);
  });
  return outside.length >= best.members.length * 0.8 ? lifted : undefined;
}

/** The elements each card covers in the page: the card, or on prose pages the heading and the siblings up to the next. */
function cardCover(members: Element[], flat: boolean): (el: Element) => boolean {
  const covered = new Set<Element>(members);
  if (flat) {
    for (const member of members) {
      for (let node = member.next; node && !(isElement(node) && endsFlatCard(node, member)); node = node.next) if (isElement(node)) covered.add(node);
    }
  }
  return (el) => closestElement(el, (e) => covered.has(e)) !== undefined;
}

/** Reads the speakers of a card-list page; an empty list when no group of cards carries names. */
export function extractCards(html: string, baseUrl: string, leftOut?: LeftOutSink): RawSpeaker[] {
  const found = bestCardGroup(html);
  if (!found) return [];
  const flat = flatCards(found.$, found.members);
  // The heading is now the wrapper's first child, so the slot moves one level down.
  const read: Element[] = [];
  const details: Element[] = [];
  const speakers = flat
    ? readGroup(flat, `./${signature(found.members[0])}${found.group.slot.slice(1)}`, baseUrl, found.members, read, leftOut, details)
    : readGroup(found.members, found.group.slot, baseUrl, found.members, read, leftOut, details);
  // Keynotes and the like in cards of their own markup, linking to people's pages beside the others'.
  for (const other of found.others) {
    const known = new Set(speakers.map((sp) => sp.name.toLocaleLowerCase()));
    const more = readGroup(other.members, other.slot, baseUrl, other.members, read, leftOut, details);
    speakers.push(...more.filter((sp) => !known.has(sp.name.toLocaleLowerCase())));
  }
  const body = found.$('body').get(0);
  // Members that gave nobody (a heading's column beside the cards) may hold the programme.
  if (body) {
    // A card's detail (the modal it opens) is read with the card: its headings ("About Ada") are no one else.
    const inRead = cardCover(read, flat !== undefined);
    // The page's index lists its organisers apart: a line linking to an organiser's card is neither a programme's nor a speaker's.
    const staff = staffOnlyAnchors(rootOf(body));
    const indexesStaff = (el: Element): boolean =>
      staff.size > 0 && [el, ...descendants(el)].some((a) => a.name === 'a' && staff.has((a.attribs.href ?? '').slice(1)));
    const inCard = (el: Element): boolean => inRead(el) || details.some((d) => contains(d, el)) || indexesStaff(el);
    speakers.push(...programmeOnlyPeople(body, speakers, inCard));
    speakers.push(...columnOnlyPeople(body, speakers, inCard));
    joinTablePeople(found.$, speakers, baseUrl);
    joinTalksByName(body, speakers, inCard, baseUrl);
    joinAffiliationsByName(body, speakers, inCard, baseUrl);
  }
  // The programme may live only in the data the page embeds for its scripts.
  joinTalksFromData(found.$, speakers);
  return speakers;
}

export const htmlGeneric: Extractor = {
  name: 'html-generic',
  // Any HTML page qualifies, but below every platform reader (they answer 0.8 and up).
  detect: (page: Page) => (isHtmlPage(page) ? 0.1 : 0),
  extract: async (page: Page, _fetch, leftOut) => extractCards(page.body, page.url, leftOut),
};
