/**
 * Talk titles as pages show them beside a speaker: a "Talk: …" line, a link to
 * the session's page, an element classed as the talk or session, or the heading
 * of the agenda slot the speaker is listed in.
 */
import type { RawTalk } from '../types.js';
import { type Element, classList, cleanText, descendants, isElement, linesOf, textData, textOf } from './html-common.js';
import { type Skip, isStaffHeading, sectionHeading } from './html-roles.js';
import { nameScore } from './html-names.js';

/** Labels that introduce a talk title, in the languages conference pages are written in. */
const LABEL_WORDS =
  'talks?|sessions?|session topic|topics?|workshops?|keynote|presenting|presentation|lecture|tutorial|title of (?:the )?talk|talk title|session title|' +
  'imparte|charla|ponencia|taller|palestra|sess[aã]o|sessie|lezing|vortrag|thema|titel|sessione|intervento|conférence|intervention|atelier|exposé|prelekcja|wykład|temat';
const TALK_LABEL = new RegExp(`^(?:${LABEL_WORDS})\\s*[:：]\\s*(.+)$`, 'i');
/** A label standing alone ("Sessie:"), with the title in the element after it. */
const BARE_LABEL = new RegExp(`^(?:${LABEL_WORDS})\\s*[:：]?$`, 'i');
const TALK_PATH = /\/(?:sessions?|sessies|talks?|topics|presentations?|lectures?|events?|agenda|program(?:me)?|schedule)\/(?:[^/?#]+|#.+)/i;
const TALK_ANCHOR = /^#(?:session|talk|sessie|sesion|sessao|vortrag|lecture|presentation|workshop)s?[-_]?[\w-]+/i;
const TALK_QUERY = /[?&](?:session|talk|sessionid|talkid)s?=/i;
const PERSON_PATH = /\/(?:speakers?|people|persons?|profiles?|authors?|users?|members?|team)(?:\/|$)/i;
const TALK_CLASS = /^(?:[\w]+[-_]+)*(?:talks?|sessions?|topics?|presentations?)(?:[-_]+(?:title|name|link|heading))?$/i;
const NOT_TALK_CLASS = /time|date|room|track|level|speaker|info|list|items?$|wrapper|container|tag|type|format|duration/i;
const CONTROL = /^(read more|more|details|view( session| talk| details)?|see (session|talk)|session|talk|watch|slides|video|recording)$/i;
const QUOTES: Array<[string, string]> = [['»', '«'], ['«', '»'], ['“', '”'], ['„', '“'], ['"', '"'], ["'", "'"], ['‘', '’']];
const MAX_TITLE = 200;

/**
 * What a programme writes before a title to tag it or give its state ("[Keynote] ",
 * "(cancelled) "): not part of the title. A spelled-out kind ("Panel: …") stays, as
 * the session's own name.
 */
const TAG_PREFIX =
  /^(?:\[[^\]]{2,30}\]\s*|\((?:cancel+ed|annulé|annulée|abgesagt|entfällt|cancelado|cancelada|annullato|annullata|geannuleerd|odwołane)\)\s*)/iu;

/** A talk title without the quotes some sites wrap it in (»Title«, “Title”), nor a kind or state before it. */
export function cleanTalkTitle(raw: string): string {
  // "Thu, 10th May Open Hall 11:00 - 11:25 • Title": the schedule line before the title is not part of it.
  let text = cleanText(raw).replace(/^.*\d{1,2}[:.]\d{2}.*?\s[•|·]\s+/u, '');
  for (let before = ''; before !== text; ) {
    before = text;
    const rest = text.replace(TAG_PREFIX, '');
    if (rest.length >= 3) text = rest;
  }
  for (const [open, close] of QUOTES) {
    if (text.length > 2 && text.startsWith(open) && text.endsWith(close)) text = text.slice(open.length, -close.length).trim();
  }
  return text;
}

/** The title in a "Talk: Title" line, or undefined when the line is not labelled as a talk. */
export function labelledTalk(text: string): string | undefined {
  const match = TALK_LABEL.exec(cleanText(text));
  const title = match ? cleanTalkTitle(match[1]) : '';
  return title.length > 0 && title.length <= MAX_TITLE ? title : undefined;
}

/** Session kinds ("Keynote", "Panel", "Lightning talk") alone are not titles. */
const SESSION_KIND =
  /^(?:keynote|opening keynote|closing keynote|panel(?: discussion)?|lightning talks?|workshop|fireside chat|talk|session|q ?& ?a|tutorial|break|lunch|coffee break)$/i;

export function isSessionKind(text: string): boolean {
  return SESSION_KIND.test(cleanText(text).replace(/[.:!]+$/, ''));
}

/** "by Ada Lind", "von Ada Lind": a byline names the speaker, not the session. */
const BYLINE = /^(?:by|von|par|por|door|przez)\s/i;

function usable(text: string, name: string): boolean {
  return text.length >= 3 && !isSessionKind(text) && text.length <= MAX_TITLE && !CONTROL.test(text) && text !== name && !/^https?:/i.test(text) && !BYLINE.test(text);
}

/** A link to a session page on the same site; without a base, any link whose path reads so. */
function isTalkLink(el: Element, base?: string): boolean {
  if (el.name !== 'a' || !el.attribs.href) return false;
  try {
    const origin = base ?? 'http://page.invalid/';
    const url = new URL(el.attribs.href, origin);
    const local = base === undefined || url.host === new URL(base).host;
    if (!local || PERSON_PATH.test(url.pathname)) return false;
    if (TALK_PATH.test(url.pathname) && url.href.split('#')[0] !== origin.split('#')[0]) return true;
    // "#talk-3", "schedule.html#session-12", "?session=12": the session named in an anchor or a query.
    return TALK_ANCHOR.test(url.hash) || TALK_QUERY.test(url.search);
  } catch {
    return false;
  }
}

function hasTalkClass(el: Element): boolean {
  return classList(el).some((c) => TALK_CLASS.test(c) && !NOT_TALK_CLASS.test(c));
}

/** True when an element of a card holds a talk title rather than a role line or a bio. */
export function isTalkElement(el: Element, base?: string): boolean {
  return labelledTalk(textOf(el)) !== undefined || isTalkLink(el, base) || hasTalkClass(el);
}

/** Talk titles found inside one speaker's card; elements inside `exclude` (the name) are passed over. */
export function cardTalks(card: Element, name: string, base: string, exclude?: Element): RawTalk[] {
  const titles: string[] = [];
  const add = (text: string): void => {
    const title = cleanTalkTitle(text);
    if (usable(title, name) && !titles.includes(title)) titles.push(title);
  };
  const taken = new Set<Element>();
  const by = exclude ? titleBefore(exclude) ?? headingBefore(card, exclude) : undefined;
  if (by) add(by);
  for (const title of afterLabels(card)) add(title);
  const quoted = quotedTitle(card, exclude);
  if (quoted) add(quoted);
  for (const el of descendants(card)) {
    if (exclude && (el === exclude || isInside(el, exclude))) continue;
    if ([...taken].some((t) => isInside(el, t))) continue;
    const text = textOf(el);
    if (el.children.some((c) => isElement(c) && c.name === 'br')) {
      // Lines of one element ("CTO at Acme<br>Talk: Title"): each may be the labelled talk.
      for (const line of linesOf(el)) if (labelledTalk(line)) add(labelledTalk(line) as string);
    }
    const labelled = labelledTalk(text);
    if (labelled && !descendants(el).some((d) => labelledTalk(textOf(d)) === labelled && d.name !== 'strong' && d.name !== 'b')) {
      add(labelled);
      taken.add(el);
    } else if (isTalkLink(el, base) || (hasTalkClass(el) && descendants(el).every((d) => !hasTalkClass(d)))) {
      add(text);
      taken.add(el);
    }
  }
  return titles.map((title) => ({ title }));
}

/** "Sessie: <a>Title</a>": a label in its own text node or element, the title in what follows it. */
function afterLabels(card: Element): string[] {
  const titles: string[] = [];
  const visit = (el: Element): void => {
    el.children.forEach((child, i) => {
      const own = isElement(child) ? (child.children.every((c) => !isElement(c)) ? textOf(child) : '') : textData(child);
      if (own && BARE_LABEL.test(cleanText(own))) {
        const rest = el.children.slice(i + 1).map((c) => (isElement(c) ? (c.name === 'br' ? '\n' : textOf(c)) : textData(c)));
        // The line may go on to describe the session: the title ends at the first full stop.
        const title = cleanText(rest.join(' ').split('\n')[0]).replace(/\.\s+\p{Lu}.*$/su, '');
        if (title) titles.push(title);
      }
      if (isElement(child)) visit(child);
    });
  };
  visit(card);
  return titles;
}

const BY = /^\s*(?:by|von|par|por|di|door|przez|de|från|af)\s*$/i;

/** "<strong>Title</strong> by <strong>Name</strong>": the element before "by" is the talk. */
function titleBefore(nameEl: Element): string | undefined {
  const text = nameEl.prev;
  const title = text?.prev;
  return text && !isElement(text) && BY.test(textData(text)) && isElement(title) ? textOf(title) : undefined;
}

const HEADING = /^h([1-6])$/;

function headingLevel(el: Element, within: Element): number {
  for (let node: Element | null = el; node && node !== within; node = isElement(node.parent) ? node.parent : null) {
    const m = HEADING.exec(node.name);
    if (m) return Number(m[1]);
  }
  return 7;
}

/**
 * "<h3>Title</h3><p>Speaker</p>": in an agenda slot the heading above the speakers
 * is their session. It must outrank the name (a name in an h3 under an h4 is a
 * card, not a slot), and read neither as a kind, a part of the page nor a name.
 */
function headingBefore(card: Element, nameEl: Element): string | undefined {
  let last: Element | undefined;
  for (const el of descendants(card)) {
    if (el === nameEl) break;
    if (HEADING.test(el.name) && !isInside(nameEl, el)) last = el;
  }
  if (!last || headingLevel(last, card) >= headingLevel(nameEl, card)) return undefined;
  const text = cleanTalkTitle(textOf(last));
  const title = labelledTalk(text) ?? text;
  return usable(title, '') && !isSectionTitle(title) && nameScore(title) < 0.5 && !/^\d{1,2}[:.h]\d{2}\b/.test(title) ? title : undefined;
}

const QUOTED = /^["“„«»]\s*(.{8,200}?)\s*["”“»«]$/;

/** A line that is only a quoted phrase (an <em>"Title"</em> under the name) is how some pages show the talk. */
function quotedTitle(card: Element, exclude?: Element): string | undefined {
  for (const el of descendants(card)) {
    if (exclude && (el === exclude || isInside(el, exclude)) || !['em', 'i', 'p', 'span', 'div', 'h4', 'h5', 'h6', 'li'].includes(el.name)) continue;
    const m = QUOTED.exec(textOf(el));
    if (m && !/[.!?]\s/.test(m[1] as string)) return m[1];
  }
  return undefined;
}

function isInside(el: Element, ancestor: Element): boolean {
  for (let node = el.parent; isElement(node); node = node.parent) if (node === ancestor) return true;
  return false;
}

/**
 * Agendas list speakers under each slot's title: when the card's nearest heading
 * opens a container that repeats (one per slot) and holds only a few people, that
 * heading is the talk.
 */
export function slotTalk(card: Element, cards: Set<Element>, skip: Skip): string | undefined {
  const heading = sectionHeading(card, skip);
  if (!heading) return undefined;
  let slot: Element | undefined;
  for (let node = card.parent; isElement(node) && node.name !== 'body'; node = node.parent) {
    if (isInside(heading, node)) {
      slot = node;
      break;
    }
  }
  // The slot is the lowest container around card and heading that repeats beside its kind.
  for (let depth = 0; slot && isElement(slot.parent) && depth < 4; depth++, slot = slot.parent as Element) {
    const key = signatureOf(slot);
    const repeats = slot.parent.children.filter((c) => isElement(c) && signatureOf(c) === key).length;
    if (repeats < 3) continue;
    const people = descendants(slot).filter((d) => cards.has(d)).length;
    const title = cleanTalkTitle(textOf(heading));
    return people <= 6 && usable(title, '') && !isSectionTitle(title) ? title : undefined;
  }
  return undefined;
}

const SECTION_TITLE =
  /^(?:(?:our|the|featured|keynote|invited|guest|main|all|confirmed)\s+)*(?:speakers?|keynotes?|talks?|sessions?|panel(?:ists)?|workshops?|presenters?|line-?up|day\s+\w+.*|track\s+\w+.*|(?:mon|tues|wednes|thurs|fri|satur|sun)day.*)$/i;

/** "Plenary Speakers", "Conference Dinner Speaker", "Breakout Session Contributors": a few words naming a group of people. */
const PEOPLE_GROUP =
  /^(?:[\p{L}'’&-]+\s+){0,3}(?:speakers?|keynote speakers?|panel(?:ists)?|presenters?|contributors?|moderators?|guests?|ponentes|relatori|referenten|sprekers|intervenants|vortragende|palestrantes|prelegenci)$/iu;

/** Headings that name a part of the page (a day, a track, "Speakers") rather than a session. */
export function isSectionTitle(text: string): boolean {
  return isStaffHeading(text) || SECTION_TITLE.test(text) || PEOPLE_GROUP.test(text);
}

function signatureOf(el: Element): string {
  return [el.name, ...classList(el).sort()].join('.');
}

/**
 * A session block holding one to three speaker cards and the session's title beside
 * them (an element classed as the talk, or a heading outside every card): the
 * title is each of those speakers' talk.
 */
export function sessionTalk(card: Element, cards: Set<Element>): string | undefined {
  let node = card.parent;
  for (let depth = 0; isElement(node) && node.name !== 'body' && depth < 5; depth++, node = node.parent) {
    const inside = descendants(node).filter((d) => cards.has(d));
    if (inside.length > 3) return undefined;
    const outside = (el: Element): boolean => !inside.some((c) => c === el || isInside(el, c) || isInside(c, el));
    for (const el of descendants(node)) {
      if (!outside(el)) continue;
      const classed = (hasTalkClass(el) && descendants(el).every((d) => !hasTalkClass(d))) || isTalkLink(el);
      const title = classed || /^h[2-5]$/.test(el.name) ? cleanTalkTitle(textOf(el)) : '';
      // A bare heading that is someone's name belongs to a card this reading missed, not to a
      // session; an element classed as the session's title is one, however its words read.
      if (title && usable(title, '') && !isSectionTitle(title) && (classed || nameScore(title) < 0.5)) return title;
    }
  }
  return undefined;
}

/**
 * "<div class=speaker>…</div><div class=session>…</div>": a session block placed right
 * after a person's card, before the next card, is that person's session. Its title is
 * a "Talk:" line, a link to the session, an element classed as the talk, or its heading.
 */
export function sessionAfter(card: Element, cards: Set<Element>, base: string): string | undefined {
  let seen = 0;
  for (let node = card.next; node && seen < 3; node = node.next) {
    if (!isElement(node)) continue;
    seen += 1;
    if (cards.has(node) || descendants(node).some((d) => cards.has(d))) return undefined;
    for (const el of [node, ...descendants(node)]) {
      const text = textOf(el);
      const labelled = labelledTalk(text);
      const found = labelled ?? (isTalkLink(el, base) || hasTalkClass(el) || /^h[2-6]$/.test(el.name) ? cleanTalkTitle(text) : undefined);
      if (found && usable(found, '') && !isSectionTitle(found) && nameScore(found) < 0.5) return found;
    }
  }
  return undefined;
}
