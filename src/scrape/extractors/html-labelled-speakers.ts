/**
 * Programmes whose session blocks label the speaker field: "<h2>Title</h2> <label>Speaker</label>
 * <div><a>ada.lind</a></div>", "<dt>Foredragsholder</dt><dd>Bo Berg</dd>" (a CMS view of
 * sessions). The label says the value is the person, so a handle counts as a name there; the
 * session is the title heading the block. It is the last resort: it answers only when the card
 * reader found nobody on the page.
 */
import type { Extractor, Page, RawSpeaker } from '../types.js';
import { type Element, childElements, cleanText, descendants, isElement, isHtmlPage, loadHtml, textOf } from './html-common.js';
import { nameScore } from './html-names.js';
import { cleanTalkTitle, hasTalkClass, usable } from './talk-title.js';

/** Field labels naming the session's speaker, in the languages programmes are written in. */
const SPEAKER_FIELD =
  /^(?:speakers?|presenters?|presented by|moderators?|panell?ists?|instructors?|facilitators?|referent(?:in|en)?|sprecher(?:in)?|vortragende[rn]?|ponentes?|intervenant(?:e|s|es)?|orat(?:eur|rice)s?|conf[ée]renci(?:er|[eè]re)s?|palestrantes?|prelegent(?:ka|ci)?|sprekers?|relat(?:ore|rice|ori)|foredragsholdere?|föreläsare|talare|puhujat?|esiintyjät?)\s*:?$/iu;
/** What separates two speakers in one field value. */
const JOINER = /\s*(?:,|;|\s&\s|\s(?:and|und|et|og|och|y|e|i|en)\s)\s*/iu;
const MIN_FIELDS = 2;
const MAX_CLIMB = 4;

/** A person as a labelled field writes them: a full name, or a handle ("emma.maria", "Risse"). */
function isPerson(text: string): boolean {
  if (text.length < 2 || text.length > 60 || /[.!?]\s/.test(text)) return false;
  return nameScore(text) >= 0.5 || /^[\p{L}][\p{L}\p{N}._-]{1,30}$/u.test(text);
}

/** The people a label's value names: its items when it lists them, else its text split on joiners. */
function valueOf(value: Element): string[] {
  const leaves = descendants(value).filter((d) => childElements(d).length === 0 && cleanText(textOf(d)) !== '');
  const parts = leaves.length > 1 ? leaves.map((l) => cleanText(textOf(l))) : cleanText(textOf(value)).split(JOINER).map(cleanText);
  const people = parts.filter(Boolean);
  return people.length > 0 && people.every(isPerson) ? people : [];
}

/** The element after the label holding its value. */
function valueAfter(label: Element): Element | undefined {
  for (let node = label.next; node; node = node.next) if (isElement(node)) return cleanText(textOf(node)) ? node : undefined;
  return undefined;
}

/**
 * The title heading the block around the label: the nearest heading or title-classed element
 * before it, in a block that holds no other session's speaker label.
 */
function sessionOf(label: Element, labels: Element[]): string | undefined {
  let node: Element = label;
  for (let depth = 0; depth < MAX_CLIMB && isElement(node.parent); depth++) {
    node = node.parent;
    const all = descendants(node);
    if (labels.some((other) => other !== label && all.includes(other))) return undefined;
    const before = all.slice(0, all.indexOf(label)).reverse();
    const heading = before.find((d) => /^h[1-6]$/.test(d.name) || hasTalkClass(d));
    const title = heading ? cleanTalkTitle(textOf(heading)) : '';
    if (title && usable(title, '')) return title;
  }
  return undefined;
}

interface Field {
  people: string[];
  talk?: string;
}

function fieldsOf(html: string): Field[] {
  const body = loadHtml(html)('body').get(0);
  if (!body) return [];
  const fields: Field[] = [];
  const labels = descendants(body).filter((el) => childElements(el).length === 0 && SPEAKER_FIELD.test(cleanText(textOf(el))));
  for (const el of labels) {
    const value = valueAfter(el);
    const people = value ? valueOf(value) : [];
    if (people.length === 0) continue;
    const talk = sessionOf(el, labels);
    fields.push(talk ? { people, talk } : { people });
  }
  return fields;
}

export function readLabelledSpeakers(html: string): RawSpeaker[] {
  const people = new Map<string, RawSpeaker>();
  for (const { people: names, talk } of fieldsOf(html)) {
    for (const name of names) {
      const known = people.get(name.toLocaleLowerCase());
      if (!known) people.set(name.toLocaleLowerCase(), talk ? { name, talks: [{ title: talk }] } : { name });
      else if (talk && !known.talks?.some((t) => t.title === talk)) known.talks = [...(known.talks ?? []), { title: talk }];
    }
  }
  return [...people.values()];
}

export const htmlLabelledSpeakers: Extractor = {
  name: 'html-labelled-speakers',
  // Below the card reader (0.1): consulted only when it reads nobody.
  detect: (page: Page) => (isHtmlPage(page) && fieldsOf(page.body).length >= MIN_FIELDS ? 0.05 : 0),
  extract: async (page: Page) => readLabelledSpeakers(page.body),
};
