/**
 * Programmes and speaker lists written as HTML tables, read by their header row:
 * the person column (Speaker, Name, Presenter...), role, organisation and session
 * columns in any order and wording. The person cell often carries more than a
 * name (a LinkedIn icon link reading "in", a "Host" badge, two people); those are
 * links, labels and separate people, never part of the name.
 */
import type { CheerioAPI } from 'cheerio';
import type { Extractor, Page, RawSpeaker, RawTalk } from '../types.js';
import { isPlaceholderName, splitTagline } from '../normalize.js';
import { withoutHandle } from '../normalize-name.js';
import { type Element, absoluteUrl, cleanText, descendants, isExternal, isHtmlPage, linesOf, loadHtml, outboundLinks, photoOf, textOf } from './html-common.js';
import { bracketedNames, nameScore, splitNameList } from './html-names.js';
import { roleLabel, stripRoleWords } from './html-roles.js';
import { type Cell, type Column, type Layout, tableGrid, tableLayout } from './html-table-grid.js';
import { cleanTalkTitle, isSessionKind } from './talk-title.js';
import { affiliationFields } from './affiliation.js';

/** Link texts that stand for an icon ("in", "tw", "LinkedIn"), not for words about the person. */
const ICON_TEXT = /^(?:in|li|tw|x|gh|fb|ig|yt|www|web|site|linkedin|twitter|github|mastodon|bluesky|website|homepage|profile|bio)$/i;

interface CellPerson {
  name: string;
  /** What the cell says of this person besides the name ("Name (Org)", "Name, Role at Org", a line under the name). */
  tagline?: string;
}

interface PersonCell {
  people: CellPerson[];
  staff: boolean;
  links: string[];
  profileUrl?: string;
}

const JOINED = /\s*(?:&|\+|;|\s\/\s|\b(?:and|und|et|y|e|en)\b)\s*/;
/** "Ada Lind (Quillstone), Bo Berg (Kelpware)": every entry a name with its affiliation, or nothing. */
function bracketed(line: string): CellPerson[] | undefined {
  const found = bracketedNames(line);
  if (!found) return undefined;
  const people = found.map((m) => ({ name: stripRoleWords(m.name), tagline: m.affiliation }));
  return people.every((p) => nameScore(p.name) >= 0.5 && roleLabel(p.tagline) === undefined) ? people : undefined;
}

/**
 * One line of a person cell: names joined by "&", "and", "+"; "Name, Affiliation";
 * three or more names in a comma list. Two parts joined by a comma are a name and
 * what the person does: two people are written "A & B".
 */
function lineNames(line: string, cell: Element, onStaff: () => void, isPerson: (name: string) => boolean): CellPerson[] {
  const people: CellPerson[] = [];
  for (const part of line.split(JOINED)) {
    // "Alissa - (alissadns)", "Ines Okafor @byteshift": the handle after the name is left off it.
    const name = stripRoleWords(withoutHandle(part));
    // "Jonas Meier (MC)": a label written into the text marks the person as much as a badge does.
    if (roleLabel(part.replace(name, '')) === 'staff') onStaff();
    // Two words at least: one-word cells are "Lunch", "TBA", "Break". A linked handle
    // ("kr0l", "birdy1976") in a column headed as people is the name the page gives.
    if (!name.includes(',') && (nameScore(name) >= 0.5 || (handleLink(cell, name) && !isPlaceholderName(name)))) {
      people.push({ name });
      continue;
    }
    const listed = splitNameList(name);
    // "Tariq Osei, Marit Quist": two people where the second is known as one.
    if (listed.length >= 3 || (listed.length === 2 && isPerson(listed[1] as string))) people.push(...listed.map((n) => ({ name: n })));
    else {
      const comma = /^([^,]+),\s*(.+)$/.exec(name);
      if (comma && nameScore(comma[1] as string) >= 0.5) people.push({ name: comma[1] as string, tagline: comma[2] as string });
    }
  }
  return people;
}

function cellLines(lines: string[], cell: Element, onStaff: () => void, isPerson: (name: string) => boolean): CellPerson[] {
  const people: CellPerson[] = [];
  for (const line of lines) {
    const found = bracketed(line) ?? lineNames(line, cell, onStaff, isPerson);
    const only = people.length === 1 ? people[0] : undefined;
    // A line under the only name that names nobody is that person's role or employer.
    if (found.length === 0 && only && !only.tagline && /\p{L}/u.test(line)) only.tagline = line;
    people.push(...found);
  }
  return people;
}

/** Splits a person cell into people, dropping icon links and role badges (and noting staff ones). */
function readPersonCell(cell: Element, base: string, isPerson: (name: string) => boolean = () => false): PersonCell {
  let staff = false;
  const hidden = new Set<Element>();
  for (const el of descendants(cell)) {
    const text = textOf(el);
    const kind = roleLabel(text);
    if (kind) {
      hidden.add(el);
      staff ||= kind === 'staff';
    } else if (el.name === 'a' && (text.length <= 2 || ICON_TEXT.test(text))) hidden.add(el);
  }
  // Each person a link of their own: the links are the names, whatever joins them.
  const linked = descendants(cell).filter((a) => a.name === 'a' && !hidden.has(a) && nameScore(textOf(a)) >= 0.5);
  const people =
    linked.length >= 2
      ? linked.map((a) => ({ name: cleanText(textOf(a)) }))
      : cellLines(
          linesOf(cell, (el) => hidden.has(el)),
          cell,
          () => (staff = true),
          isPerson,
        );
  const profile = descendants(cell).find((a) => a.name === 'a' && !hidden.has(a) && !isExternal(absoluteUrl(a.attribs.href, base) ?? '', base));
  const profileUrl = profile ? absoluteUrl(profile.attribs.href, base) : undefined;
  return { people, staff, links: outboundLinks(cell, base), profileUrl };
}

/** A one-word name that is the text of a link in the cell: a handle the page links to its person. */
function handleLink(cell: Element, name: string): boolean {
  return /^[\p{L}\d][\p{L}\d._-]{1,29}$/u.test(name) && descendants(cell).some((a) => a.name === 'a' && withoutHandle(cleanText(textOf(a))) === name);
}

/** Each line of a session cell is a session ("<li>Talk</li><li>Workshop</li>"); the first is the one shown first. */
function cellTalks(row: Cell[], layout: Layout): RawTalk[] {
  const index = layout.columns.get('talk');
  const cell = index === undefined ? undefined : row[index];
  if (!cell) return [];
  return linesOf(cell.el)
    .map((line) => cleanTalkTitle(line))
    .filter((title) => title.length > 0 && !isSessionKind(title))
    .map((title) => ({ title }));
}

function cellText(row: Cell[], layout: Layout, column: Column): string | undefined {
  const index = layout.columns.get(column);
  const text = index === undefined ? '' : cleanText(row[index]?.text);
  return text || undefined;
}

function readRow(row: Cell[], layout: Layout, base: string, isPerson: (name: string) => boolean): RawSpeaker[] {
  const nameCell = row[layout.columns.get('name') as number];
  if (!nameCell) return [];
  const person = readPersonCell(nameCell.el, base, isPerson);
  const job = cellText(row, layout, 'job');
  if (person.staff || person.people.length === 0 || (job && roleLabel(job) === 'staff')) return [];
  const fields: Omit<RawSpeaker, 'name'> = {};
  if (job && !roleLabel(job)) fields.title = job;
  const company = cellText(row, layout, 'company');
  // An organisation column that holds "Role, Company" is a tagline, not a company.
  if (company && splitTagline(company).company !== null && !job) fields.tagline = company;
  else if (company) fields.company = company;
  const tagline = cellText(row, layout, 'tagline');
  if (tagline) fields.tagline = tagline;
  const talks = cellTalks(row, layout);
  if (talks.length > 0) fields.talks = talks;
  const own = (p: CellPerson): Omit<RawSpeaker, 'name'> =>
    p.tagline && !fields.tagline && !fields.company && !fields.title ? { ...fields, ...affiliationFields(p.tagline) } : fields;
  if (person.people.length > 1) return person.people.map((p) => ({ name: p.name, ...own(p) }));
  const only = person.people[0] as CellPerson;
  const speaker: RawSpeaker = { name: only.name, ...own(only) };
  if (person.links.length > 0) speaker.links = person.links;
  if (person.profileUrl) speaker.profileUrl = person.profileUrl;
  const photo = row.map((c) => photoOf(c.el, base)).find((p) => p !== undefined);
  if (photo) speaker.photoUrl = photo;
  return [speaker];
}

function mergeInto(list: RawSpeaker[], speaker: RawSpeaker): void {
  const known = list.find((s) => s.name.toLocaleLowerCase() === speaker.name.toLocaleLowerCase());
  if (!known) {
    list.push(speaker);
    return;
  }
  const titles = new Set((known.talks ?? []).map((t) => t.title));
  const extra = (speaker.talks ?? []).filter((t) => !titles.has(t.title));
  if (extra.length > 0) known.talks = [...(known.talks ?? []), ...extra];
  for (const key of ['title', 'company', 'tagline'] as const) known[key] ??= speaker[key];
}

function speakerTables($: CheerioAPI, loose = false): Array<{ grid: Cell[][]; layout: Layout }> {
  return $('table')
    .toArray()
    .map((table) => {
      const grid = tableGrid(table);
      return { grid, layout: tableLayout(grid, loose) };
    })
    .filter((t): t is { grid: Cell[][]; layout: Layout } => t.layout !== undefined && t.grid.length > t.layout.header + 1);
}

/**
 * Who the table shows as a person on their own: a line of the person column that is
 * one name, or the name before a comma. With an organisation column beside
 * it, the person column holds people only, so every full name in it is one.
 */
function peopleOfColumn(grid: Cell[][], layout: Layout): (name: string) => boolean {
  if (layout.columns.has('company')) return () => true;
  const index = layout.columns.get('name') as number;
  const known = new Set<string>();
  for (const row of grid.slice(layout.header + 1)) {
    const cell = row[index];
    for (const line of cell ? linesOf(cell.el) : []) {
      for (const part of line.split(JOINED)) {
        const head = cleanText(part.split(',')[0]);
        if (nameScore(head) >= 0.5) known.add(head.toLocaleLowerCase());
      }
    }
  }
  return (name) => known.has(cleanText(name).toLocaleLowerCase());
}

export function readSpeakerTables(html: string, base: string): RawSpeaker[] {
  return tablePeople(loadHtml(html), base);
}

/**
 * The people of the page's tables read by their header row. `loose` also takes a header
 * that qualifies a known word ("Título do Minicurso", "Proponente Principal"), for a page
 * whose speakers are already known from elsewhere.
 */
export function tablePeople($: CheerioAPI, base: string, loose = false): RawSpeaker[] {
  const speakers: RawSpeaker[] = [];
  for (const { grid, layout } of speakerTables($, loose)) {
    const isPerson = peopleOfColumn(grid, layout);
    const seen = new Set<Cell>();
    for (const row of grid.slice(layout.header + 1)) {
      const nameCell = row[layout.columns.get('name') as number];
      // A person cell spanning several rows (one speaker, several sessions) is read once per row it reaches.
      if (nameCell && seen.has(nameCell) && row.every((c) => seen.has(c))) continue;
      row.forEach((c) => seen.add(c));
      for (const speaker of readRow(row, layout, base, isPerson)) mergeInto(speakers, speaker);
    }
  }
  return speakers;
}

export const htmlTable: Extractor = {
  name: 'html-table',
  detect(page: Page): number {
    if (!isHtmlPage(page) || !/<t[hd][\s>]/i.test(page.body)) return 0;
    // Above the card heuristics (a header row is explicit), below every platform reader.
    return speakerTables(loadHtml(page.body)).length > 0 ? 0.3 : 0;
  },
  extract: async (page: Page) => readSpeakerTables(page.body, page.url),
};
