/**
 * Talk titles as pages show them inside a speaker's card: a "Talk: …" line, a
 * label followed by the title, a link to the session's page, an element classed as
 * the talk, a quoted line, or the heading of the agenda slot above the name.
 */
import type { RawTalk } from '../types.js';
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { type AnyNode, type Element, childElements, cleanText, contains, descendants, isElement, linesOf, textData, textOf } from './html-common.js';
import { nameScore } from './html-names.js';
import { BARE_LABEL, cleanTalkTitle, hasTalkClass, isSectionTitle, isTalkLink, isTimeOnly, labelNamesTalk, labelledTalk, usable } from './talk-title.js';

/** Talk titles found inside one speaker's card; elements inside `exclude` (the name) are passed over. */
export function cardTalks(card: Element, name: string, base: string, exclude?: Element): RawTalk[] {
  const titles: string[] = [];
  const add = (text: string): void => {
    const title = cleanTalkTitle(text);
    if (usable(title, name) && !titles.includes(title)) titles.push(title);
  };
  const taken = new Set<Element>();
  const by = exclude ? (titleBefore(exclude) ?? headingBefore(card, exclude)) : undefined;
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
    // "<div class="presentation"><h3>Name</h3><p>Role</p></div>": a block around the person's name is the card's body, not a session.
    const holdsName = exclude !== undefined && isInside(exclude, el);
    if (labelled && !descendants(el).some((d) => labelledTalk(textOf(d)) === labelled && d.name !== 'strong' && d.name !== 'b')) {
      add(labelled);
      taken.add(el);
    } else if (isTalkLink(el, base) || (hasTalkClass(el) && descendants(el).every((d) => !hasTalkClass(d)) && !holdsName)) {
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
      const list = own && BARE_LABEL.test(cleanText(own)) ? listAfter(el.children.slice(i + 1)) : undefined;
      if (list) {
        // "<h4>Sessions</h4><ul><li>A</li><li>B</li></ul>": each item is a title.
        for (const li of childElements(list).filter((c) => c.name === 'li')) {
          const first = linesOf(li)[0];
          if (first) titles.push(first);
        }
      } else if (own && BARE_LABEL.test(cleanText(own))) {
        const rest = el.children.slice(i + 1).map((c) => (isElement(c) ? (c.name === 'br' ? '\n' : textOf(c)) : textData(c)));
        // The line may go on to describe the session: the title ends at the first full stop, which is no part of it.
        const title = cleanText(rest.join(' ').split('\n')[0])
          .replace(SECOND_SENTENCE, '')
          .replace(/(?<!\.)\.$/, '');
        if (title && labelNamesTalk(own, title)) titles.push(title);
      }
      if (isElement(child)) visit(child);
    });
  };
  visit(card);
  return titles;
}

/** ". Then the description": a second sentence after the title, not after an abbreviation ("AI vs. NI"). */
const SECOND_SENTENCE = /(?<!\b(?:vs|e\.g|i\.e|cf|Dr|Mr|Ms|Mrs|Prof|St|No))\.\s+\p{Lu}.*$/su;

/** The list right after a label, when the next element is one. */
function listAfter(siblings: AnyNode[]): Element | undefined {
  const next = siblings.find((c) => isElement(c) || textData(c).trim() !== '');
  return isElement(next) && (next.name === 'ul' || next.name === 'ol') ? next : undefined;
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
  if (isTimeOnly(textOf(last))) return lineBetween(card, last, nameEl);
  const text = cleanTalkTitle(textOf(last));
  const title = labelledTalk(text) ?? text;
  return usable(title, '') && !isSectionTitle(title) && nameScore(title) < 0.5 && !/^\d{1,2}[:.h]\d{2}\b/.test(title) ? title : undefined;
}

/** "<h3>10:00 – 11:00</h3><p>Title</p><ul><li>Name</li></ul>": under a slot's time, the last plain line above the name. */
function lineBetween(card: Element, heading: Element, nameEl: Element): string | undefined {
  let line: string | undefined;
  let after = false;
  for (const el of descendants(card)) {
    if (el === nameEl) break;
    if (el === heading) after = true;
    if (!after || el === heading || isInside(el, heading) || contains(el, nameEl) || HEADING.test(el.name)) continue;
    if (el.children.every((c) => !isElement(c) || INLINE.has(c.name)) && textOf(el)) line = cleanTalkTitle(textOf(el));
  }
  const notName = (t: string) => nameScore(t) < 0.5 || t.split(/\s+/).length > 3;
  return line && usable(line, '') && !isSectionTitle(line) && notName(line) ? line : undefined;
}

const INLINE = new Set(['a', 'b', 'strong', 'em', 'i', 'span']);

const QUOTED = /^["“„«»]\s*(.{8,200}?)\s*["”“»«]$/;

/** A line that is only a quoted phrase (an <em>"Title"</em> under the name) is how some pages show the talk. */
function quotedTitle(card: Element, exclude?: Element): string | undefined {
  for (const el of descendants(card)) {
    if ((exclude && (el === exclude || isInside(el, exclude))) || !['em', 'i', 'p', 'span', 'div', 'h4', 'h5', 'h6', 'li'].includes(el.name)) continue;
    const m = QUOTED.exec(textOf(el));
    // A quoted sentence closed by its full stop ("\"Ingeniera, maker y curiosa en general.\"") is the person's motto or bio.
    if (m && !/[.!?]\s/.test(m[1] as string) && !/(?<!\.)\.$/.test(m[1] as string)) return m[1];
  }
  return undefined;
}

function isInside(el: Element, ancestor: Element): boolean {
  return el !== ancestor && contains(ancestor, el);
}

/** A word in lower case closing a sentence, then the next sentence. */
const TWO_SENTENCES = /\p{Ll}{2}\.\s+\p{Lu}/u;
/** Words past which a line closed by a full stop is a sentence about the person, not a title. */
const SENTENCE_WORDS = 15;

/**
 * "<b>Ada Lind:</b> Ranking in Practice": in a programme cell a name written as a label,
 * ending in a colon, introduces the session; the line after it is the talk, not a role or
 * an employer, unless it reads as a role. Two sentences, or one long one closed by a full
 * stop, are the person's bio.
 */

export function talkAfterNameLabel(nameEl: Element, line: string | undefined): string | undefined {
  if (!line || !/[:：]$/u.test(cleanText(textOf(nameEl))) || looksLikeJobTitle(line) || splitTagline(line).title) return undefined;
  if (TWO_SENTENCES.test(line) || (/\.$/.test(line.trim()) && line.trim().split(/\s+/).length > SENTENCE_WORDS)) return undefined;
  const title = cleanTalkTitle(line);
  return usable(title, '') && !isSectionTitle(title) ? title : undefined;
}
