/**
 * Programmes that write each session as one line "Title (Speaker)" or
 * "Title (A, B e C)", often one link per session in a schedule grid exported
 * from a spreadsheet. The names in the brackets are the speakers; the text before
 * them is the talk. Rows without a bracketed name ("Lunch", "Open Space") name
 * nobody.
 */
import type { Extractor, Page, RawSpeaker } from '../types.js';
import { type Element, cleanText, descendants, isHtmlPage, loadHtml, textOf } from './html-common.js';
import { nameScore } from './html-names.js';
import { cleanTalkTitle } from './talk-title.js';

const ENTRY = /^(.{4,200}?)\s*\(([^()]{3,200})\)\s*$/su;
const JOINERS = /\s*(?:,|;|\s&\s|\s\+\s|\s(?:and|e|y|et|und|i|en|og|och)\s)\s*/iu;
/** Prefixes that give the session's kind, not its title ("[Keynote] ", "Workshop: "). */
const KIND_PREFIX = /^(?:\[[^\]]{2,30}\]\s*|(?:keynote|panel|workshop|tutorial|talk|palestra|charla|taller)\s*[:–-]\s+)/i;
const MIN_ENTRIES = 5;

interface Entry {
  talk: string;
  names: string[];
}

function hidden(el: Element): boolean {
  return /display\s*:\s*none/i.test(el.attribs.style ?? '');
}

function readEntry(text: string): Entry | undefined {
  const m = ENTRY.exec(cleanText(text));
  if (!m) return undefined;
  const names = (m[2] as string).split(JOINERS).map(cleanText).filter(Boolean);
  if (names.length === 0 || names.some((n) => nameScore(n) < 0.5 || n.split(/\s+/).length < 2)) return undefined;
  const talk = cleanTalkTitle((m[1] as string).replace(KIND_PREFIX, ''));
  return talk ? { talk, names } : undefined;
}

/** Session entries: links, else table cells, whose whole text reads "Title (Names)". */
function entriesOf(html: string): Entry[] {
  const $ = loadHtml(html);
  const body = $('body').get(0);
  if (!body) return [];
  const all = descendants(body).filter((el) => !hidden(el));
  for (const tag of ['a', 'td', 'li']) {
    const entries = all
      .filter((el) => el.name === tag)
      .map((el) => readEntry(textOf(el)))
      .filter((e): e is Entry => e !== undefined);
    if (entries.length >= MIN_ENTRIES) return entries;
  }
  return [];
}

export function readAgendaLinks(html: string): RawSpeaker[] {
  const people = new Map<string, RawSpeaker>();
  for (const { talk, names } of entriesOf(html)) {
    for (const name of names) {
      const key = name.toLocaleLowerCase();
      const known = people.get(key);
      if (!known) people.set(key, { name, talks: [{ title: talk }] });
      else if (!known.talks?.some((t) => t.title === talk)) known.talks = [...(known.talks ?? []), { title: talk }];
    }
  }
  return [...people.values()];
}

export const htmlAgendaLinks: Extractor = {
  name: 'html-agenda-links',
  // Above the card heuristics when a page holds enough "Title (Name)" entries, below tables with a header row.
  detect: (page: Page) => (isHtmlPage(page) && entriesOf(page.body).length >= MIN_ENTRIES ? 0.2 : 0),
  extract: async (page: Page) => readAgendaLinks(page.body),
};
