/**
 * Programmes that write each session as one line "Title (Speaker)" or
 * "Title (A, B e C)", often one link per session in a schedule grid exported
 * from a spreadsheet. The names in the brackets are the speakers; the text before
 * them is the talk. Rows without a bracketed name ("Lunch", "Open Space") name
 * nobody. Other one-line forms say the same: the session's kind with the
 * speaker in brackets before the title ("Keynote (Name): Title"), the title
 * followed by "by" and the speaker in the page's language ("Title, por Name."),
 * and the title, a semicolon and the speakers ("Title; Name and Name").
 * Links to the session's material closing the line ("[Slides]") are no part of it.
 */
import type { Extractor, Page, RawSpeaker } from '../types.js';
import { cleanText, descendants, isHiddenByMarkup, isHtmlPage, loadHtml, textOf } from './html-common.js';
import { looksLikeUsername, nameScore } from './html-names.js';
import { cleanTalkTitle } from './talk-title.js';
import { personLineEntries } from './agenda-person-lines.js';
import { withoutHandle } from '../normalize-name.js';
import { namesOrganisation } from '../normalize-org.js';
import { splitTagline } from '../normalize-tagline.js';

const ENTRY = /^(.{4,200}?)\s*\(([^()]{3,200})\)\s*$/su;
const JOINERS = /\s*(?:,|;|\s&\s|\s\+\s|\s(?:and|e|y|et|und|i|en|og|och)\s)\s*/iu;
/** Prefixes that give the session's kind, not its title ("[Keynote] ", "Workshop: ", "Keynote Talk: "). */
const KIND_PREFIX =
  /^(?:\[[^\]]{2,30}\]\s*|(?:(?:keynote|invited|plenary|opening|closing)\s+)?(?:keynote|panel|workshop|tutorial|talk|palestra|charla|taller)\s*[:–-]\s+)/i;
/** "Keynote (Name): Title", "Invited Contribution (Name): Title": a kind of at most three words, the names, the title. */
const KIND_FIRST = /^((?:\p{L}+\s+){0,2}\p{L}+)\s*\(([^()]{3,200})\)\s*:\s*(.{4,200})$/su;
/** "Title, by Name.", "Title, por Name", "Titre par A (Org) et B": "by" in the languages programmes are written in. */
const BY_NAME = /^(.{4,200}?),?\s+(?:by|por|par|von|door|di|av|af|przez)\s+(\P{Ll}.{2,240}?)\.?$/su;
/** One person after "by": the name, then their affiliation in brackets, then what joins the next one. */
const BY_PERSON = /^\s*([^(),;&+]+?)\s*(?:\(([^()]{1,120})\))?\s*(?:(?:,|;|&|\+|\s(?:and|e|y|et|und|i|en|og|och)\s)\s*|$)/iu;
/** "Title; Name and Name": the speakers after the line's last semicolon. */
const AFTER_SEMICOLON = /^(.{4,200});\s+(\P{Ll}[^;]{2,160})$/su;
/** "[Slides]", "[Video] [PDF]": links to the session's material at the end of its line. */
const MATERIAL = /(?:\s*\[[^\][]{1,20}\])+\s*$/u;
/** "14:00-14:40 : ", "10:10 - ": the slot's time opening the line is not the title. */
const LEADING_TIME = /^\d{1,2}[:.h]\d{2}(?:\s*[-–—]\s*\d{1,2}[:.h]\d{2})?\s*[:–—-]?\s+/u;
const MIN_ENTRIES = 5;

interface Person {
  name: string;
  /** The bracketed line after the name ("by Ada Lind (Quillstone)"): their role or organisation. */
  tagline?: string;
  /** A bracket after a name in a list that reads as no role line: where the person comes from. */
  company?: string;
}

interface Entry {
  talk: string;
  people: Person[];
}

const isName = (n: string): boolean => nameScore(n) >= 0.5 && n.split(/\s+/).length >= 2;

/** "A (Org) and B (Org)", "A and B": the people after "by", or none when a part is no name. */
function peopleAfterBy(text: string): Person[] {
  const people: Person[] = [];
  let rest = text.trim();
  while (rest) {
    const m = BY_PERSON.exec(rest);
    if (!m || m[0].length === 0) return [];
    const name = cleanText(m[1] as string);
    if (!isName(name)) return [];
    const tagline = m[2] ? cleanText(m[2]) : '';
    people.push(tagline ? { name, tagline } : { name });
    rest = rest.slice(m[0].length);
  }
  return people;
}

/**
 * One speaker of a bracketed list: a name, a name with a nickname inside it ("Siddharth (Sid) Rao"), or a
 * name with a bracket after it, their organisation ("(Kelpware)") or their handle ("(byte_shift)", left off).
 */
function personIn(listed: string): Person | undefined {
  const item = withoutHandle(listed);
  const m = /^(.+?)\s*\(([^()]+)\)$/u.exec(item);
  const name = m ? cleanText(m[1] as string) : '';
  if (!m || !isName(name)) return isName(item) ? { name: item } : undefined;
  const extra = cleanText(m[2] as string);
  if (looksLikeUsername(extra)) return { name };
  const parts = splitTagline(extra);
  return parts.title || parts.company ? { name, tagline: extra } : { name, company: extra };
}

/** "A and B (Org)": a bracket after the last of two names joined by "and" or "&" is the pair's. */
const PAIR_BRACKET = /\s(?:and|&|e|y|et|und)\s[^,;()]+\(([^()]+)\)\s*$/iu;

const namesIn = (list: string): Person[] => {
  const people = list.split(JOINERS).map(cleanText).filter(Boolean).map(personIn);
  if (people.length === 0 || people.some((p) => p === undefined)) return [];
  const found = people as Person[];
  const last = found[found.length - 1] as Person;
  const shared = found.slice(0, -1).every((p) => !p.tagline && !p.company) && PAIR_BRACKET.test(list);
  if (shared) for (const p of found) Object.assign(p, { tagline: last.tagline, company: last.company });
  return found;
};

/** "Title (A, B (Sid) C)", "Title (A and B (Org))": the line's last bracket, the brackets inside it counted. */
function nestedEntry(line: string): [string, string] | undefined {
  const text = line.trim();
  if (!text.endsWith(')')) return undefined;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth += 1;
    else if (text[i] === '(' && --depth === 0) {
      const [head, inner] = [text.slice(0, i).trim(), text.slice(i + 1, -1).trim()];
      return head.length >= 4 && head.length <= 200 && inner.length >= 3 && inner.length <= 200 ? [head, inner] : undefined;
    }
  }
  return undefined;
}

/** An organisation by its kind word ("Universität", "Institute", "GmbH") or a leading acronym ("TU Darmstadt", "KTH Stockholm"). */
const ORGANISATION_LEAD = /^\p{Lu}{2,6}(?:\s|$)/u;

/**
 * "Johann Bauer (TU Darmstadt)": a person's name before a bracket that names an organisation is
 * a list of people with their affiliation, not a talk titled with the speaker's name.
 */
function personWithOrganisation(head: string, bracket: string): boolean {
  const org = cleanText(bracket);
  return isName(cleanText(head)) && (namesOrganisation(org) || ORGANISATION_LEAD.test(org));
}

/** The title and the people of one line, in any of its forms. */
function titleAndPeople(line: string): [string, Person[]] | undefined {
  const by = BY_NAME.exec(line);
  const byPeople = by ? peopleAfterBy(by[2] as string) : [];
  if (by && byPeople.length) return [by[1] as string, byPeople];
  const entry = ENTRY.exec(line);
  const bracketed = entry ? [entry[1] as string, entry[2] as string] : nestedEntry(line);
  if (bracketed && personWithOrganisation(bracketed[0] as string, bracketed[1] as string)) return undefined;
  if (bracketed) return [bracketed[0] as string, namesIn(bracketed[1] as string)];
  const kindFirst = KIND_FIRST.exec(line);
  if (kindFirst) return [kindFirst[3] as string, namesIn(kindFirst[2] as string)];
  const semicolon = AFTER_SEMICOLON.exec(line);
  return semicolon ? [semicolon[1] as string, namesIn(semicolon[2] as string)] : undefined;
}

function readEntry(text: string): Entry | undefined {
  const parts = titleAndPeople(cleanText(text).replace(MATERIAL, '').replace(LEADING_TIME, ''));
  if (!parts || parts[1].length === 0) return undefined;
  const talk = cleanTalkTitle(parts[0].replace(KIND_PREFIX, ''));
  return talk ? { talk, people: parts[1] } : undefined;
}

/**
 * Session entries: links, else table cells, else list items, whose whole text reads "Title (Names)"
 * or another one-line form. On such a programme, the speaker lines "Name (Affiliation)" under a
 * title row are entries too (`withLines`).
 */
function entriesOf(html: string, withLines = false): Entry[] {
  const $ = loadHtml(html);
  const body = $('body').get(0);
  if (!body) return [];
  const all = descendants(body).filter((el) => !isHiddenByMarkup(el));
  for (const tag of ['a', 'td', 'li']) {
    const entries = all
      .filter((el) => el.name === tag)
      .map((el) => readEntry(textOf(el)))
      .filter((e): e is Entry => e !== undefined);
    if (entries.length < MIN_ENTRIES) continue;
    return withLines
      ? [...entries, ...personLineEntries(body, isHiddenByMarkup, (t) => cleanText(t).replace(LEADING_TIME, '').replace(KIND_PREFIX, ''))]
      : entries;
  }
  return [];
}

export function readAgendaLinks(html: string): RawSpeaker[] {
  const people = new Map<string, RawSpeaker>();
  for (const { talk, people: named } of entriesOf(html, true)) {
    for (const { name, tagline, company } of named) {
      const key = name.toLocaleLowerCase();
      const known = people.get(key);
      if (!known) people.set(key, { name, ...(tagline ? { tagline } : {}), ...(company ? { company } : {}), talks: [{ title: talk }] });
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
