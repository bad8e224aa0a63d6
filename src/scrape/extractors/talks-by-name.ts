/**
 * Programmes that list the sessions apart from the speaker cards (a schedule
 * section on the same page, a grid, a table, a timed paragraph) name each
 * session's speakers. A speaker whose card gave no talk gets the sessions whose
 * speaker line names them: the title beside that line in the same session block,
 * or, on a line that holds both ("09:30 – Title (Ada Lind)"), the rest of the line.
 */
import type { RawSpeaker } from '../types.js';
import { type Element, cleanText, contains, descendants, isElement, textOf } from './html-common.js';
import { cleanTalkTitle, hasTalkClass, isSectionTitle, isTalkLink, usable } from './talk-title.js';

/** Page furniture: a name there is a link or a credit, never a session's speaker line. */
const FURNITURE = new Set(['nav', 'header', 'footer', 'head', 'title', 'button', 'select', 'option', 'label']);
/** Elements that hold a line of text, not a block of them. */
const INLINE = new Set(['a', 'span', 'em', 'strong', 'b', 'i', 'small', 'br', 'abbr', 'mark', 'sup', 'sub', 'time', 'img', 'u', 'font', 'cite']);
/** A clock time with an optional range ("09:30", "9.30–10.15", "1:00pm", "14h00"). */
const TIME = /\b\d{1,2}(?:[:.h]\d{2})\s*(?:[ap]\.?m\.?)?(?:\s*[-–—]\s*\d{1,2}(?:[:.h]\d{2})\s*(?:[ap]\.?m\.?)?)?/gi;
/** What joins or introduces names on a speaker line: separators, brackets, "with", "by", "and" in several languages. */
const JOINERS = /[\s,;&+/|·•:()[\]–—-]+|\b(?:with|by|and|mit|von|und|par|avec|et|con|por|y|e|met|door|en|z|i|oraz|speakers?|sprecher(?:in)?|referent(?:in)?|ponente|intervenant|moderat(?:ion|or|ed by))\b/giu;
const MAX_CLIMB = 4;
const MAX_LINE = 200;

const fold = (text: string): string => cleanText(text).normalize('NFC').toLocaleLowerCase();

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern finding the name as whole words in folded text. */
function namePattern(name: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(fold(name))}(?![\\p{L}\\p{N}])`, 'u');
}

function isLine(el: Element): boolean {
  return descendants(el).every((d) => INLINE.has(d.name));
}

function inFurniture(el: Element): boolean {
  for (let node: Element | null = el; node; node = isElement(node.parent) ? node.parent : null) if (FURNITURE.has(node.name)) return true;
  return false;
}

interface Mention {
  el: Element;
  speakers: RawSpeaker[];
}

/** The innermost line elements outside the cards whose text names speakers still without a talk. */
function mentions(body: Element, inCard: (el: Element) => boolean, open: Array<{ speaker: RawSpeaker; pattern: RegExp }>): Mention[] {
  const found: Mention[] = [];
  for (const el of descendants(body)) {
    if (!isLine(el) || inCard(el) || inFurniture(el)) continue;
    const text = fold(textOf(el));
    if (text.length === 0 || text.length > MAX_LINE) continue;
    const speakers = open.filter((o) => o.pattern.test(text)).map((o) => o.speaker);
    if (speakers.length > 0) found.push({ el, speakers });
  }
  // A line inside a line ("<p>… <em>(Ada Lind)</em></p>"): the inner one is the speaker line.
  return found.filter((m) => !found.some((other) => other !== m && contains(m.el, other.el)));
}

/** The line's text with the names, times and joining words taken out. */
function residue(text: string, speakers: RawSpeaker[]): string {
  let rest = cleanText(text).replace(TIME, ' ');
  for (const s of speakers) rest = rest.replace(new RegExp(escape(s.name), 'giu'), ' ');
  return cleanText(rest.replace(/^[\s,;:|·•–—-]+|[\s,;:|·•(–—-]+$/g, '').replace(/\(\s*\)/g, ' '));
}

function onlyNames(text: string, speakers: RawSpeaker[]): boolean {
  return residue(text, speakers).replace(JOINERS, '').length === 0;
}

const TIME_ONLY = /^[\d\s:.h–—-]*(?:[ap]\.?m\.?)?[\s–—-]*$/i;

/**
 * A session title as a block shows it beside its speaker line. Title-case titles
 * read like names, so only the names of the page's speakers are refused.
 */
function titleOf(el: Element, base: string, names: Set<string>): string | undefined {
  const classed = (hasTalkClass(el) && descendants(el).every((d) => !hasTalkClass(d))) || isTalkLink(el, base);
  if (!classed && !/^(?:h[2-6]|strong|b|dt|th|td)$/.test(el.name)) return undefined;
  const title = cleanTalkTitle(textOf(el).replace(TIME, ' ').replace(/^[\s–—|·•-]+/, ''));
  if (!usable(title, '') || TIME_ONLY.test(title) || isSectionTitle(title)) return undefined;
  return names.has(fold(title)) ? undefined : title;
}

/**
 * The title of the session a speaker line belongs to: climbing from the line, the
 * first title in a block that holds no other speaker line and no card.
 */
function sessionOf(mention: Mention, all: Mention[], inCard: (el: Element) => boolean, base: string, names: Set<string>): string | undefined {
  let node = mention.el.parent;
  for (let depth = 0; isElement(node) && node.name !== 'body' && depth < MAX_CLIMB; depth++, node = node.parent) {
    const block = node;
    if (inCard(block) || all.some((m) => m !== mention && contains(block, m.el))) return undefined;
    if (descendants(block).some((d) => inCard(d))) return undefined;
    for (const el of descendants(block)) {
      if (contains(el, mention.el) || contains(mention.el, el)) continue;
      const title = titleOf(el, base, names);
      if (title) return title;
    }
    // "<p><b>09:30</b> – Title <em>(Ada Lind)</em></p>": the line around the names holds the title.
    if (isLine(block)) return lineTitle(textOf(block), mention.speakers);
  }
  return undefined;
}

/** "09:30 – Title (Ada Lind)": what is left of a short line once the time and the names are gone. */
function lineTitle(text: string, speakers: RawSpeaker[]): string | undefined {
  if (text.length > MAX_LINE) return undefined;
  const title = cleanTalkTitle(residue(text, speakers).replace(/\b(?:with|by|mit|von|par|avec|con|por|door)$/i, '').trim());
  if (!usable(title, '') || isSectionTitle(title) || /[.!?]\s/.test(title) || title.split(/\s+/).length < 2) return undefined;
  return title;
}

/** Gives each speaker without a talk the sessions the page's programme lists them in, in page order. */
export function joinTalksByName(body: Element, speakers: RawSpeaker[], inCard: (el: Element) => boolean, base: string): void {
  const open = speakers.filter((s) => !s.talks?.length && s.name.split(/\s+/).length >= 2).map((speaker) => ({ speaker, pattern: namePattern(speaker.name) }));
  if (open.length === 0) return;
  const all = mentions(body, inCard, open);
  const names = new Set(speakers.map((s) => fold(s.name)));
  for (const mention of all) {
    const text = textOf(mention.el);
    const title = onlyNames(text, mention.speakers) ? sessionOf(mention, all, inCard, base, names) : lineTitle(text, mention.speakers);
    if (!title) continue;
    for (const speaker of mention.speakers) {
      const talks = speaker.talks ?? [];
      if (!talks.some((t) => t.title === title)) speaker.talks = [...talks, { title }];
    }
  }
}
