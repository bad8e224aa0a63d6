/**
 * People pages put organisers, hosts, volunteers and sponsors beside speakers,
 * marked by a section heading, a badge next to the name or a class. These
 * helpers tell the two apart so role words are neither read as part of a name
 * nor taken for a speaker. Panelists and moderators speak, so they count as
 * speakers; hosts and MCs introduce others and do not.
 */
import { type Element, classList, descendants, isElement, textOf } from './html-common.js';

/** Labels of people who do not give a talk. */
const STAFF_LABEL =
  /^(?:co-?)?(?:organi[sz]ers?|organi[sz]ing team|hosts?|mcs?|m\.c\.|emcees?|master of ceremonies|volunteers?|sponsors?|sponsor representative|staff|crew|team|committee|programme committee|program committee|chair|conference chair|event team|support|moderation(?: team)?|moderationsteam)$/i;
/** Labels of people who do speak; shown as badges, never part of the name. */
const SPEAKER_LABEL =
  /^(?:speakers?|keynote(?: speaker)?|keynoter|panel(?:ist)?s?|moderators?|presenters?|instructors?|facilitators?|workshop(?: lead| host)?|guest|featured|new|lightning(?: talk)?|relat(?:ore|rice|ori)|ponentes?|referent(?:in|en|innen)?|sprecher(?:in)?|vortragende[r]?|intervenant(?:e|s|es)?|orat(?:eur|rice)s?|conf[ée]renci(?:er|[eè]re)s?|palestrantes?|prelegent(?:ka)?|sprekers?|moderat(?:ore|rice|ori)|moderador(?:a|es)?)$/iu;

/** Words of a section heading over non-speakers, in the languages conference pages are written in; German compounds end in "team". */
const STAFF_WORD = new RegExp(
  '^(?:' +
    [
      'organi[sz]ers?|organi[sz]ing|organi[sz]ation|hosts?|co-?hosts?|volunteers?|sponsors?|sponsorships?|partners|exhibitors?|staff|crew|committee|emcees?|mcs?',
      '\\p{L}*team|organisatoren|organisator(?:inn)?en|veranstalter(?:innen)?|helfer(?:innen)?|helfende|freiwillige|ehrenamtliche|förderer|sponsoren|partner',
      'organizador[ae]s|organizaci[oó]n|comit[eé]|voluntari[oa]s|patrocinador[ae]s|equipo',
      'organisat(?:eur|rice)s|b[eé]n[eé]voles|[eé]quipe|partenaires|m[eé]c[eè]nes',
      'organizzatori|organizzazione|volontari',
      'organiza[cç][aã]o|volunt[aá]rios|equipe|equipa|apoio',
      'organisatie|vrijwilligers',
      'organizatorzy|wolontariusze|partnerzy|sponsorzy|zesp[oó][lł]',
    ].join('|') +
    ')$',
  'iu',
);
/** The same in scripts written without spaces between words. */
const STAFF_CJK = /スタッフ|運営|実行委員|主催|協賛|ボランティア|工作人员|志愿者|主办|组委会|赞助|运营|主辦|志工|贊助|工作人員/u;
const STAFF_CLASS = /^(organi[sz]ers?|hosts?|co-?hosts?|emcees?|volunteers?|sponsors?|staff|crew|committee)$/i;
const SPEAKERISH = /speak|keynote|talk|panel|present|session|lineup|line-up|programme|program|agenda|workshop/i;

export type RoleKind = 'speaker' | 'staff';

function clean(text: string): string {
  let t = text.replace(/[\s\u00A0]+/g, ' ').replace(/^[\s([·•|,:–—-]+|[\s\]·•|,:–—-]+$/g, '');
  // A closing bracket stays when it closes one the text opens ("Pro Vice-Chancellor (Learning)").
  while (t.endsWith(')') && (t.match(/\(/g) ?? []).length < (t.match(/\)/g) ?? []).length) t = t.slice(0, -1).replace(/[\s\]·•|,:–—-]+$/, '');
  return t.trim();
}

/** The kind of role a short label names ("Organizer", "MC", "Panelist"), or undefined for any other text. */
export function roleLabel(text: string): RoleKind | undefined {
  const t = clean(text);
  if (t.length === 0 || t.length > 40) return undefined;
  if (STAFF_LABEL.test(t)) return 'staff';
  if (SPEAKER_LABEL.test(t)) return 'speaker';
  // "Host and MC", "Organizer · Volunteer": every part a staff label.
  const parts = t.split(/\s*(?:&|\band\b|\/|·|•|,|\+)\s*/i).filter(Boolean);
  if (parts.length > 1 && parts.every((p) => STAFF_LABEL.test(p))) return 'staff';
  return undefined;
}

/** A role line that opens with a staff label ("Organizer · Test Manager at X"). */
export function opensWithStaffLabel(text: string): boolean {
  const head = clean(text).split(/\s*(?:·|•|\||—|–|\s-\s|:|,)\s*/)[0] ?? '';
  return roleLabel(head) === 'staff';
}

/** Removes role labels written after or before a name ("Jane Doe Organizer", "Keynote: Jane Doe"). */
export function stripRoleWords(name: string): string {
  let tokens = clean(name).split(' ');
  for (let changed = true; changed && tokens.length > 2;) {
    changed = false;
    for (let k = Math.min(3, tokens.length - 2); k >= 1; k--) {
      if (roleLabel(tokens.slice(-k).join(' ')) === undefined) continue;
      tokens = clean(tokens.slice(0, -k).join(' ')).split(' ');
      changed = true;
      break;
    }
  }
  const text = tokens.join(' ');
  const head = /^([\p{L} ]{2,30}?)\s*[:|·•–—-]\s*(.+)$/u.exec(text);
  if (head && roleLabel(head[1]) && head[2].split(/\s+/).length >= 2) return clean(head[2]);
  return text;
}

/** True when a heading names a group of non-speakers ("Organizing team", "Your hosts", "Sponsors"). */
export function isStaffHeading(text: string): boolean {
  const t = clean(text).toLocaleLowerCase();
  // A heading of more than six words is a sentence or a talk's title ("Mieux communiquer avec son équipe"), never a section's label.
  if (!t || t.length > 60 || t.split(/\s+/).length > 6 || SPEAKERISH.test(t)) return false;
  if (STAFF_CJK.test(t)) return true;
  // "Hosts & Volunteers" joins two groups of staff; "Behaviour & Your Team" is a talk about a team.
  const parts = t.split(/\s+(?:&|and|und|et|y|e)\s+/u);
  return parts.every((part) => part.split(/[^\p{L}-]+/u).some((w) => STAFF_WORD.test(w)));
}

/** True when a class token of the element names a non-speaker role ("sponsor", "volunteers"). */
export function hasStaffClass(el: Element): boolean {
  return classList(el).some((c) => c.split(/[-_]+/).some((part) => STAFF_CLASS.test(part)) && !SPEAKERISH.test(c));
}

const HEADING = /^h[1-6]$/;

/** Elements to look past when searching for a section heading: other cards and what holds them. */
export type Skip = (el: Element) => boolean;

function acceptable(heading: Element, from: Element, skip: Skip): boolean {
  if (skip(heading)) return false;
  // From a heading (a prose page's speaker name), only a higher-ranked heading opens its section.
  return !HEADING.test(from.name) || heading.name < from.name;
}

function lastHeadingIn(el: Element, from: Element, skip: Skip): Element | undefined {
  let found: Element | undefined;
  const walk = (node: Element): void => {
    for (const child of node.children) {
      if (!isElement(child) || skip(child)) continue;
      if (HEADING.test(child.name)) {
        if (acceptable(child, from, skip)) found = child;
      } else walk(child);
    }
  };
  walk(el);
  return found;
}

/** The nearest heading before the element in document order, looking past skipped elements. */
export function sectionHeading(el: Element, skip: Skip): Element | undefined {
  for (let node: Element | null = el; node; node = isElement(node.parent) ? node.parent : null) {
    if (node.name === 'body') return undefined;
    for (let prev = node.prev; prev; prev = prev.prev) {
      if (!isElement(prev) || skip(prev)) continue;
      if (HEADING.test(prev.name)) {
        if (acceptable(prev, el, skip)) return prev;
        continue;
      }
      const inner = lastHeadingIn(prev, el, skip);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** True when the card or an element around it is classed as staff. */
export function inStaffClass(card: Element): boolean {
  for (let node: Element | null = card; node; node = isElement(node.parent) ? node.parent : null) {
    if (node.name === 'body') break;
    if (hasStaffClass(node)) return true;
  }
  return false;
}

/**
 * True when the card sits under a staff heading, or (when `classes` is set) inside
 * an element classed as staff.
 */
export function inStaffContext(card: Element, skip: Skip, classes = true): boolean {
  if (classes && inStaffClass(card)) return true;
  const heading = sectionHeading(card, skip);
  return heading !== undefined && isStaffHeading(textOf(heading));
}

/** A Skip that passes over the given cards and every element holding one of them. */
export function skipCards(cards: Element[]): Skip {
  const held = new Set<Element>(cards);
  for (const card of cards) {
    for (let node = card.parent; isElement(node); node = node.parent) held.add(node);
  }
  const members = new Set(cards);
  return (el) => members.has(el) || (held.has(el) && el.name !== 'body' && containsOnlyCards(el, members));
}

/** True when no heading in the element sits outside the cards (a grid wrapper, not a section). */
function containsOnlyCards(el: Element, members: Set<Element>): boolean {
  const walk = (node: Element): boolean =>
    node.children.every((child) => !isElement(child) || members.has(child) || (!HEADING.test(child.name) && walk(child)));
  return walk(el);
}

/** The short label right before a list ("<b>ORGANIZERS</b><ul>…"), or the list's own heading. */
function listLabel(list: Element): string | undefined {
  let node = list.prev;
  while (node && (!isElement(node) || node.name === 'hr' || node.name === 'br')) {
    if (!isElement(node) && textOf(node).trim()) return undefined;
    node = node.prev;
  }
  if (!isElement(node)) return undefined;
  const text = textOf(node).trim();
  return text && text.split(/\s+/).length <= 8 ? text : undefined;
}

/**
 * "<b>EMCEES, JUDGES, & ORGANIZERS</b><ul><li><a href="#angus">Adrian Angus</a> …": the page's index
 * of people, each list under its label, linking to the cards further down. The anchors listed only
 * under a staff label are the cards of people who give no session; one also listed under another
 * label (an organiser who speaks) is a speaker.
 */
export function staffOnlyAnchors(root: Element): Set<string> {
  // Asked for each group of cards on a page: the page's lists are read once.
  const kept = STAFF_ANCHORS.get(root);
  if (kept) return kept;
  const staff = new Set<string>();
  const others = new Set<string>();
  for (const list of descendants(root).filter((el) => el.name === 'ul' || el.name === 'ol')) {
    const label = listLabel(list);
    if (!label) continue;
    const into = isStaffHeading(label) ? staff : others;
    for (const a of descendants(list)) {
      const href = a.name === 'a' ? (a.attribs.href ?? '') : '';
      if (/^#[^#\s]+$/.test(href)) into.add(href.slice(1));
    }
  }
  for (const id of others) staff.delete(id);
  STAFF_ANCHORS.set(root, staff);
  return staff;
}

const STAFF_ANCHORS = new WeakMap<Element, Set<string>>();

/** The anchors a card carries for links to it: its id, or a named anchor or an id inside it. */
export function cardAnchors(card: Element): string[] {
  return [card, ...descendants(card)].flatMap((el) => [el.attribs.id, el.name === 'a' ? el.attribs.name : undefined]).filter((v): v is string => !!v);
}
