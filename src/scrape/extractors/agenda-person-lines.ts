/**
 * "<td class="speaker">Ada Lind (Librarian, Northmoor University)<br>Bo Berg (Kelpware)</td>"
 * under the row that holds the session's title: in a programme, an element each of whose
 * lines names one person and brackets their role or organisation is the session's speaker
 * line, and the session is the nearest title line before it in the same block.
 */
import { type Element, cleanText, descendants, isElement, linesOf, textOf } from './html-common.js';
import { nameScore } from './html-names.js';
import { withoutHandle } from '../normalize-name.js';
import { isAffiliation } from './name-affiliation.js';
import { cleanTalkTitle, isTimeOnly, usable } from './talk-title.js';
import { isLine } from './talks-by-name.js';

const PERSON_LINE = /^([^()]{3,80}?)\s*\(([^()]{2,160})\)$/u;
/** How far up from the speaker line the session's title is looked for. */
const MAX_CLIMB = 4;

export interface LinePerson {
  name: string;
  tagline?: string;
}

const isName = (text: string): boolean => nameScore(text) >= 0.5 && text.split(/\s+/).length >= 2;

/** The people of an element whose every line is "Name (Affiliation)"; none otherwise. */
function peopleOfLines(el: Element): LinePerson[] {
  const lines = linesOf(el).map(cleanText).filter(Boolean);
  const people = lines.map((line) => {
    const m = PERSON_LINE.exec(line);
    const name = cleanText(m?.[1]);
    const bracket = cleanText(m?.[2]);
    // "Tidal Models (Oskar Lindqvist)", "… (Oskar Lindqvist - @oskar)": when the bracket reads as a person, the line is a title and its speaker.
    return m && isName(name) && !isName(withoutHandle(bracket)) && isAffiliation(bracket) ? { name, tagline: bracket } : undefined;
  });
  return people.length > 0 && people.every((p) => p !== undefined) ? (people as LinePerson[]) : [];
}

/** The last title-like line before `el` inside its nearest blocks. */
function titleBefore(el: Element, clean: (text: string) => string): string | undefined {
  let node: Element = el;
  for (let depth = 0; depth < MAX_CLIMB && isElement(node.parent); depth++) {
    node = node.parent;
    const all = descendants(node);
    const before = all.slice(0, all.indexOf(el)).filter((d) => isLine(d) && !descendants(d).includes(el));
    for (const line of before.reverse()) {
      const title = cleanTalkTitle(clean(textOf(line)));
      if (usable(title, '') && !isTimeOnly(title) && title.split(/\s+/).length >= 2 && peopleOfLines(line).length === 0) return title;
    }
  }
  return undefined;
}

/** Speaker lines of the form "Name (Affiliation)" with the session each belongs to. */
export function personLineEntries(
  body: Element,
  hidden: (el: Element) => boolean,
  clean: (text: string) => string,
): Array<{ talk: string; people: LinePerson[] }> {
  const lines = descendants(body).filter((el) => !hidden(el) && /^(?:td|li|p|div|dd)$/.test(el.name) && isLine(el));
  const entries: Array<{ talk: string; people: LinePerson[] }> = [];
  for (const el of lines) {
    const people = peopleOfLines(el);
    const talk = people.length > 0 ? titleBefore(el, clean) : undefined;
    if (talk) entries.push({ talk, people });
  }
  return entries;
}
