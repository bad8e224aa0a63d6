/**
 * Programmes that list the sessions apart from the speaker cards (a schedule
 * section on the same page, a grid, a table, a timed paragraph) name each
 * session's speakers. A speaker whose card gave no talk gets the sessions whose
 * speaker line names them: the title beside that line in the same session block,
 * or, on a line that holds both ("09:30 – Title (Ada Lind)"), the rest of the line.
 */
import type { RawSpeaker } from '../types.js';
import { type Element, absoluteUrl, cleanText, contains, descendants, isElement, linesOf, textOf } from './html-common.js';
import { cleanTalkTitle, hasTalkClass, isSectionTitle, isTalkLink, usable } from './talk-title.js';
import { looksLikeJobTitle, splitTagline, withoutTitles } from '../normalize.js';
import { isOrganisationName } from './affiliation.js';
import { roleLabel } from './html-roles.js';
import { nameScore } from './html-names.js';
import { MARKED_NAMES, NAME_MARK, bracketFields, takeAffiliations } from './name-affiliation.js';

/** Page furniture: a name there is a link or a credit, never a session's speaker line. */
const FURNITURE = new Set(['nav', 'header', 'footer', 'head', 'title', 'button', 'select', 'option', 'label']);
/** Elements that hold a line of text, not a block of them. */
export const INLINE = new Set(['a', 'span', 'em', 'strong', 'b', 'i', 'small', 'br', 'abbr', 'mark', 'sup', 'sub', 'time', 'img', 'u', 'font', 'cite']);
/** A clock time with an optional range ("09:30", "9.30–10.15", "1:00pm", "14h00"). */
const TIME = /\b\d{1,2}(?:[:.h]\d{2})\s*(?:[ap]\.?m\.?)?(?:\s*[-–—]\s*\d{1,2}(?:[:.h]\d{2})\s*(?:[ap]\.?m\.?)?)?/gi;
/** What joins or introduces names on a speaker line: separators, brackets, "with", "by", "and" in several languages. */
const JOINERS =
  /[\s,;&+/|·•:()[\]–—-]+|\b(?:with|by|and|mit|von|und|par|avec|et|con|por|y|e|met|door|en|z|i|oraz|speakers?|sprecher(?:in)?|referent(?:in)?|ponente|intervenant|moderat(?:ion|or|ed by))\b/giu;
const MAX_CLIMB = 4;
const MAX_LINE = 200;

/** Lower case, accents dropped: a programme may write "Jose Nunez" for the card's "José Núñez". */
export const fold = (text: string): string =>
  cleanText(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase();

/** A word in quotes or brackets inside a name: a nickname. */
const NICKNAME = /^["“”'‘’«(].*["“”'’»)]$/u;
const NICK_SLOT = `(?: ["“'‘«(][^"”'’»)]{1,24}["”'’»)])?`;

function withoutNickname(words: string[]): string[] {
  const named = words.filter((w) => !NICKNAME.test(w));
  return named.length > 0 ? named : words;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern finding the name as whole words in folded text, given name first or, as
 * programmes also write it, family name first ("SALEH Omar", "Saleh, Omar").
 */
export function namePattern(name: string): RegExp {
  // 'Jeff "Cheesy" Morgan': a nickname in quotes or brackets may be on the card, in the programme, or in both.
  const words = withoutNickname(fold(name).split(' '));
  const first = escape(words[0] as string);
  const rest = words.slice(1).map(escape).join(' ');
  const turned = words.length === 2 ? `|${escape(words[1] as string)},? ${first}` : '';
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${first}${NICK_SLOT} ${rest}${turned})(?![\\p{L}\\p{N}])`, 'u');
}

/** The name in the page's own spelling, accents or none, either order, as a pattern over NFD text. */
function writtenName(name: string): RegExp {
  const loose = (word: string): string => [...word.normalize('NFD').replace(/\p{M}+/gu, '')].map((c) => `${escape(c)}\\p{M}*`).join('');
  const words = withoutNickname(cleanText(name).split(' '));
  const turned = words.length === 2 ? `|${loose(words[1] as string)},? ${loose(words[0] as string)}` : '';
  const [first, ...rest] = words.map(loose);
  return new RegExp(`(?:${first}${NICK_SLOT}${rest.length ? ` ${rest.join(' ')}` : ''}${turned})`, 'giu');
}

export function isLine(el: Element): boolean {
  return descendants(el).every((d) => INLINE.has(d.name));
}

export function inFurniture(el: Element): boolean {
  for (let node: Element | null = el; node; node = isElement(node.parent) ? node.parent : null) if (FURNITURE.has(node.name)) return true;
  return false;
}

interface Mention {
  el: Element;
  speakers: RawSpeaker[];
  /** The text of a link that stands for the speaker ("Lena" pointing at the card): part of the speaker line. */
  alias?: string;
}

/**
 * A speaker still without a talk. `pattern` finds the name inside a longer line (two words
 * at least); `whole` matches a line that is nothing but the name as a programme may write
 * it: a one-word name, or the card's first and last names with a middle name between.
 */
type Open = Array<{ speaker: RawSpeaker; pattern?: RegExp; whole: RegExp }>;

/** "Ana Lima" written "Ana Maria Lima", "Iara" alone: the whole line, in folded text. */
export function wholeName(name: string): RegExp {
  const words = fold(name).split(' ').map(escape);
  if (words.length === 1) return new RegExp(`^${words[0]}$`, 'u');
  return new RegExp(`^${givenForms(words[0] as string)}(?: [^\\s]+){0,2} ${words[words.length - 1]}$`, 'u');
}

/** "Lari" for the card's "Larissa": a programme may shorten the given name to its first letters (three at least). */
function givenForms(given: string): string {
  const chars = [...given];
  if (chars.length <= 3 || /\\/.test(given)) return given;
  const shorter = Array.from({ length: chars.length - 3 }, (_, i) => chars.slice(0, 3 + i).join(''));
  return `(?:${[given, ...shorter].join('|')})`;
}

/**
 * "<a href="#lena-kraus">Lena</a>", a link to the speaker's own page: the programme
 * names the speaker by pointing at them. The speaker is the one whose name the
 * target element (a card on the page) carries, or whose profile the link is.
 */
function linkedSpeaker(a: Element, body: Element, open: Open, base: string): RawSpeaker | undefined {
  const href = a.attribs.href ?? '';
  if (href.startsWith('#') && href.length > 1) {
    const id = decodeURIComponent(href.slice(1));
    const target = descendants(body).find((d) => d.attribs.id === id);
    const text = target ? fold(textOf(target)) : '';
    const named = open.filter((o) => o.pattern?.test(text));
    return named.length === 1 ? named[0]?.speaker : undefined;
  }
  const url = absoluteUrl(href, base);
  const owners = url ? open.filter((o) => o.speaker.profileUrl === url) : [];
  return owners.length === 1 ? owners[0]?.speaker : undefined;
}

/** The innermost line elements outside the cards whose text names speakers still without a talk. */
function mentions(body: Element, inCard: (el: Element) => boolean, open: Open, base: string): Mention[] {
  const found: Mention[] = [];
  for (const el of descendants(body)) {
    if (!isLine(el) || inCard(el) || inFurniture(el)) continue;
    const text = fold(textOf(el));
    if (text.length === 0 || text.length > MAX_LINE) continue;
    const speakers = open.filter((o) => o.pattern?.test(text)).map((o) => o.speaker);
    const alone = speakers.length === 0 ? open.filter((o) => o.whole.test(text)) : [];
    if (speakers.length > 0) found.push({ el, speakers });
    else if (alone.length === 1) found.push({ el, speakers: [alone[0]?.speaker as RawSpeaker], alias: cleanText(textOf(el)) });
    else if (el.name === 'a' && text.length <= 60) {
      const speaker = linkedSpeaker(el, body, open, base);
      if (speaker) found.push({ el, speakers: [speaker], alias: cleanText(textOf(el)) });
    }
  }
  return found;
}

/** A line inside a line ("<p>… <em>(Ada Lind)</em></p>"): the inner one is the speaker line. */
function innermost(found: Mention[]): Mention[] {
  return found.filter((m) => !found.some((other) => other !== m && contains(m.el, other.el)));
}

/** The line's text with the names, times and joining words taken out, and the affiliation bracketed after the names. */
function residueAndAffiliation(text: string, speakers: RawSpeaker[], alias?: string): { rest: string; affiliation?: string } {
  let rest = cleanText(text).replace(TIME, ' ');
  // "Ada Lind, J.D., Ph.D": the post-nominals closing the line after a name are the name's, not a title.
  const bare = withoutTitles(rest);
  if (bare !== rest && speakers.some((s) => new RegExp(`(?:${writtenName(s.name).source})$`, 'iu').test(bare.normalize('NFD')))) rest = bare;
  if (alias) rest = rest.replace(alias, NAME_MARK);
  rest = rest.normalize('NFD');
  // "Title (Ada Lind, Bo Berg e Cy Dahl)": the bracket holding the speakers is their list, whoever else it names.
  rest = rest.replace(/\([^()]*\)/g, (group) => (speakers.some((s) => writtenName(s.name).test(group)) ? ' ' : group));
  for (const s of speakers) rest = rest.replace(writtenName(s.name), NAME_MARK);
  const taken = takeAffiliations(rest);
  // "A & B": the word joining two names goes with them.
  rest = taken.rest.replace(MARKED_NAMES, ' ').normalize('NFC');
  rest = cleanText(rest.replace(/^[\s,;:|·•–—-]+|[\s,;:|·•(&+–—-]+$/g, '').replace(/\(\s*\)/g, ' '));
  return taken.affiliation ? { rest, affiliation: taken.affiliation.normalize('NFC') } : { rest };
}

function residue(text: string, speakers: RawSpeaker[], alias?: string): string {
  return residueAndAffiliation(text, speakers, alias).rest;
}

/** "(VANHACK) Ada Lind | Bo Berg": a bracket before the names holds the organisation they come from. */
export const LEADING_GROUP = /^\s*[([][^()[\]]{1,40}[)\]]\s*/u;

export function onlyNames(text: string, speakers: RawSpeaker[], alias?: string): boolean {
  return residue(text.replace(LEADING_GROUP, ' '), speakers, alias).replace(JOINERS, '').length === 0;
}

const TIME_ONLY = /^[\d\s:.h–—-]*(?:[ap]\.?m\.?)?[\s–—-]*$/i;

/**
 * A session title as a block shows it beside its speaker line. Title-case titles
 * read like names, so only the names of the page's speakers are refused.
 */
function titleOf(el: Element, base: string, names: Set<string>): string | undefined {
  const classed = (hasTalkClass(el) && descendants(el).every((d) => !hasTalkClass(d))) || isTalkLink(el, base);
  if (!classed && !/^(?:h[2-6]|strong|b|dt|th|td)$/.test(el.name)) return undefined;
  const title = cleanTalkTitle(
    textOf(el)
      .replace(TIME, ' ')
      .replace(/^[\s–—|·•-]+/, ''),
  );
  if (!usable(title, '') || TIME_ONLY.test(title) || isSectionTitle(title)) return undefined;
  return names.has(fold(withoutTitles(title))) ? undefined : title;
}

/** How far up from a speaker line its list of speakers is looked for. */
const LIST_CLIMB = 3;

/**
 * "<ul><li>Ada Lind</li><li>Bo Berg</li></ul>", "<div class="list"><div class="item"><a>Ada Lind</a></div>…":
 * the list a speaker line is an item of, its items alike (a list element, or two items or more of
 * one tag and class). The other lines in it name the same session's other speakers.
 */
function speakerList(el: Element): Element | undefined {
  let item: Element = el;
  for (let depth = 0; depth < LIST_CLIMB && isElement(item.parent); depth++, item = item.parent) {
    const parent = item.parent;
    if (parent.name === 'ul' || parent.name === 'ol') return parent;
    const kin = parent.children.filter(isElement);
    if (kin.length >= 2 && kin.every((k) => k.name === item.name && k.attribs.class === item.attribs.class)) return parent;
  }
  return undefined;
}

/**
 * The title of the session a speaker line belongs to: climbing from the line, the
 * first title in a block that holds no other speaker line and no card.
 */
function sessionOf(mention: Mention, all: Mention[], inCard: (el: Element) => boolean, base: string, names: Set<string>): string | undefined {
  const list = speakerList(mention.el);
  let node = mention.el.parent;
  for (let depth = 0; isElement(node) && node.name !== 'body' && depth < MAX_CLIMB; depth++, node = node.parent) {
    const block = node;
    // Another speaker line in the block is another session's, unless it is an item of this line's own list of speakers.
    const others = all.filter((m) => m !== mention && contains(block, m.el));
    if (inCard(block) || others.some((m) => !list || !contains(list, m.el))) return undefined;
    if (descendants(block).some((d) => inCard(d))) return undefined;
    for (const el of descendants(block)) {
      if (contains(el, mention.el) || contains(mention.el, el)) continue;
      const title = titleOf(el, base, names);
      if (title) return title;
    }
    // "<p><b>09:30</b> – Title <em>(Ada Lind)</em></p>": the line around the names holds the title.
    if (isLine(block)) {
      const title = lineTitle(textOf(block), mention.speakers, mention.alias);
      if (title || !onlyNames(textOf(block), mention.speakers, mention.alias)) return title;
      continue;
    }
    const plain = lineBefore(block, mention, names);
    if (plain) return plain;
  }
  return undefined;
}

/**
 * "<div>Title</div><div>Ada Lind</div>": with nothing marked as the title, the
 * last plain line before the speaker line in the block, when it reads as a title.
 */
function lineBefore(block: Element, mention: Mention, names: Set<string>): string | undefined {
  let found: string | undefined;
  for (const el of descendants(block)) {
    if (el === mention.el || contains(el, mention.el)) {
      if (el === mention.el) break;
      continue;
    }
    if (!isLine(el) || (isElement(el.parent) && el.parent !== block && isLine(el.parent))) continue;
    const title = cleanTalkTitle(
      textOf(el)
        .replace(TIME, ' ')
        .replace(/^[\s–—|·•-]+/, ''),
    );
    const plausible = usable(title, '') && !TIME_ONLY.test(title) && !isSectionTitle(title) && !/[.!?]\s/.test(title) && title.split(/\s+/).length >= 2;
    if (plausible && !names.has(fold(withoutTitles(title)))) found = title;
  }
  return found;
}

/** The rest of a list of names: a joining word or sign first. */
const LIST_REST = /^(?:[&+]|(?:and|und|et|e|y|en|i|oraz)\s)/iu;

/** "09:30 – Title (Ada Lind)": what is left of a short line once the time and the names are gone. */
function lineTitle(text: string, speakers: RawSpeaker[], alias?: string): string | undefined {
  if (text.length > MAX_LINE || sentenceAbout(text, speakers)) return undefined;
  const rest = residue(text, speakers, alias);
  // "… e Fátima Franco": what follows a speaker in a list is the next name, not a title.
  if (LIST_REST.test(rest) && nameScore(rest.replace(LIST_REST, '')) >= 0.5) return undefined;
  const title = cleanTalkTitle(rest.replace(/\b(?:with|by|mit|von|par|avec|con|por|door)$/i, '').trim());
  if (!usable(title, '') || isSectionTitle(title) || /[.!?]\s/.test(title) || title.split(/\s+/).length < 2) return undefined;
  return aboutThePerson(title) ? undefined : title;
}

/** "Catherine Garland teaches physics at …": a sentence with the name as its subject is a bio's, not a programme's line. */
function sentenceAbout(text: string, speakers: RawSpeaker[]): boolean {
  const line = cleanText(text).normalize('NFD');
  if (!/\.$/.test(line)) return false;
  return speakers.some((s) => {
    const name = writtenName(s.name);
    name.lastIndex = 0;
    const found = name.exec(line);
    return found?.index === 0 && /^\s+\p{Ll}/u.test(line.slice(found[0].length));
  });
}

/**
 * "Relatore Università di Torino", "Speaker · CTO, Kelpware": a badge opening the rest of a
 * card's line says the rest is about the person (an employer, a role), not a session. A
 * short title-case phrase alone may be either, so only the badge decides.
 */
function aboutThePerson(text: string): boolean {
  const [first, ...rest] = text.split(/\s+/);
  if (!first || !roleLabel(first)) return false;
  const after = cleanText(rest.join(' ').replace(/^[\s,;:|·•–—-]+/, ''));
  return after.length === 0 || isOrganisationName(after) || looksLikeJobTitle(after) || splitTagline(after).company !== null;
}

/**
 * "<a><span>Mari Lind</span><span>Relatore</span><span>TU Darmstadt and a text lab</span></a>": a badge naming
 * the person as a speaker, an element of its own in the line, opens what is left of it; the rest is where they
 * come from, whatever its words, never a session.
 */
function badgeOpens(title: string, el: Element): boolean {
  const first = title.split(/\s+/)[0] ?? '';
  if (roleLabel(first) !== 'speaker' || SESSION_BADGE.test(first)) return false;
  // The badge stands in the speaker line, or beside the name in the block the title was read from.
  let node: Element | undefined = el;
  for (let depth = 0; node && depth <= LIST_CLIMB; depth++, node = isElement(node.parent) ? node.parent : undefined) {
    if (descendants(node).some((d) => d !== el && cleanText(textOf(d)) === first)) return true;
  }
  return false;
}

/** Badges that name a session's kind more than the person ("Keynote", "Workshop", "Lightning"): a title may open with them. */
const SESSION_BADGE = /^(?:keynote|keynoter|panel|workshop|lightning|new|featured|guest)$/i;

/** "Title (Ada Lind)<br>12/09 – 10h50": of a line broken in several, the one naming the speakers. */
function namesLine(mention: Mention): string {
  const lines = linesOf(mention.el);
  if (lines.length < 2) return textOf(mention.el);
  const named = lines.filter(
    (l) => mention.speakers.some((s) => writtenName(s.name).test(l.normalize('NFD'))) || (mention.alias !== undefined && l.includes(mention.alias)),
  );
  return named.length === 1 ? (named[0] as string) : textOf(mention.el);
}

/** Gives each speaker without a talk the sessions the page's programme lists them in, in page order. */
function openOf(speakers: RawSpeaker[]): Open {
  return speakers.map((speaker) => ({
    speaker,
    pattern: speaker.name.split(/\s+/).length >= 2 ? namePattern(speaker.name) : undefined,
    whole: wholeName(speaker.name),
  }));
}

/** Speakers with no role line take the affiliation a programme line brackets after their names ("Ada Lind (Quillstone)"). */
export function joinAffiliationsByName(body: Element, speakers: RawSpeaker[], inCard: (el: Element) => boolean, base: string): void {
  const open = openOf(speakers.filter((s) => !s.tagline && !s.title && !s.company));
  if (open.length === 0) return;
  for (const mention of innermost(mentions(body, inCard, open, base))) {
    const read = (line: string) => residueAndAffiliation(line, mention.speakers, mention.alias).affiliation;
    const affiliation = read(namesLine(mention)) ?? read(textOf(mention.el));
    if (!affiliation) continue;
    for (const s of mention.speakers) if (!s.tagline && !s.title && !s.company) Object.assign(s, bracketFields(affiliation));
  }
}

export function joinTalksByName(body: Element, speakers: RawSpeaker[], inCard: (el: Element) => boolean, base: string): void {
  const open = openOf(speakers.filter((s) => !s.talks?.length));
  if (open.length === 0) return;
  const found = mentions(body, inCard, open, base);
  const all = innermost(found);
  const names = new Set(speakers.map((s) => fold(s.name)));
  for (const mention of all) {
    const text = textOf(mention.el);
    const title = onlyNames(text, mention.speakers, mention.alias)
      ? sessionOf(mention, all, inCard, base, names)
      : (lineTitle(namesLine(mention), mention.speakers, mention.alias) ?? lineTitle(text, mention.speakers, mention.alias));
    if (!title || badgeOpens(title, mention.el)) continue;
    for (const speaker of mention.speakers) {
      const talks = speaker.talks ?? [];
      if (!talks.some((t) => t.title === title)) speaker.talks = [...talks, { title }];
    }
  }
  // "Title (Ada Lind, <span>Bo Berg e Cy Dahl</span>)": a speaker whose inner line held no title
  // (or who is named outside it) takes the title of the line around it.
  for (const outer of found.filter((m) => !all.includes(m))) {
    const waiting = outer.speakers.filter((s) => !s.talks?.length);
    const title = waiting.length > 0 ? lineTitle(namesLine(outer), outer.speakers, outer.alias) : undefined;
    if (title) for (const speaker of waiting) speaker.talks = [{ title }];
  }
}
