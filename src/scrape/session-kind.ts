/**
 * The kind of a session the page gives by the section it stands in: the talks under a heading
 * "Workshops", "Workshops e Speed Hiring", "Talleres" or "Mesas redondas" are workshops or round
 * tables, not one person's talk, even when nothing beside the title says so. Read after the
 * extractors, for every talk they found without a kind, from the heading that opens the title's
 * section (a higher-ranked heading than the title's own, when the title is one).
 */
import type { Element } from 'domhandler';
import { cleanText, closestElement, isElement, loadHtml, textOf } from './extractors/html-common.js';
import { sectionHeading } from './extractors/html-roles.js';
import type { Page, ScrapedSpeaker } from './types.js';

/** A heading that names a part of the programme by its kind, in the languages programmes use. */
const KIND_HEADINGS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:workshops?|talleres|taller|minicursos?|oficinas?|ateliers?|hands-on labs?)\b/iu, 'workshop'],
  [/^(?:tutorials?)\b/iu, 'tutorial'],
  [/^(?:master ?class(?:es)?)\b/iu, 'masterclass'],
  [/^(?:panels?|panel discussions?|round ?tables?|mesas? redondas?|tables? rondes?|tavole rotonde|podiumsdiskussion(?:en)?)\b/iu, 'panel'],
];

/** A cheap look for such a heading before the page is parsed again. */
const KIND_WORDS =
  'workshop|taller|minicurso|oficina|atelier|hands-on lab|tutorial|master ?class|panel|round ?table|mesas? redonda|tables? ronde|tavole rotonde|podiumsdiskussion';
const ANY_KIND_HEADING = new RegExp(`<h[1-6][^>]*>\\s*(?:<[^>]+>\\s*)*(?:${KIND_WORDS})`, 'iu');

/** The same, in a table's cell: a schedule whose first row names its part ("Tutorials - Day #1"). */
const ANY_KIND_CELL = new RegExp(`<t[dh][^>]*>\\s*(?:<[^>]+>\\s*)*(?:${KIND_WORDS})`, 'iu');

const HEADING = /^h[1-6]$/;

/** A heading that also names talks ("Panels & Talks"), or an event named for its kind ("Workshop on Trustworthy ML 2022"). */
const NOT_A_KIND = /\b(?:talks?|palestras?|charlas?|vortr[äa]ge?|sessions?|keynotes?|conf[ée]rences?|lectures?|ponencias?)\b|\b(?:19|20)\d{2}\b/iu;
const EVENT_OF = /^\S+(?:\s+\S+)?\s+(?:on|for|in|of|at|de|sobre|zu|über|sur|su)\b/iu;

function kindOfHeading(text: string): string | undefined {
  const t = cleanText(text);
  if (t.length > 40 || NOT_A_KIND.test(t) || EVENT_OF.test(t)) return undefined;
  return KIND_HEADINGS.find(([re]) => re.test(t))?.[1];
}

/**
 * The kind a schedule table gives the title's cell by a row above it whose every cell with text
 * names that kind ("Tutorials - Day #1", "Tutorials - Day #2" over the rooms); a later row of
 * the same shape that names talks ("Talks - Day 3") ends it. Rows of rooms, dates and other
 * sessions between say nothing of the kind.
 */
function tableKind(el: Element, rowsOf: (table: Element) => Element[]): string | undefined {
  const row = closestElement(el, (e) => e.name === 'tr');
  const table = row && closestElement(row, (e) => e.name === 'table');
  if (!row || !table) return undefined;
  let kind: string | undefined;
  for (const tr of rowsOf(table)) {
    if (tr === row) return kind;
    const texts = tr.children
      .filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th'))
      .map((c) => cleanText(textOf(c)))
      .filter(Boolean);
    if (!texts.length || texts.some((t) => t.length > 40)) continue;
    const kinds = texts.map(kindOfHeading);
    if (kinds.every((k) => k && k === kinds[0])) kind = kinds[0];
    else if (texts.some((t) => NOT_A_KIND.test(t) && !/\b(?:19|20)\d{2}\b/.test(t))) kind = undefined;
  }
  return undefined;
}

/** A table's rows in document order, its nested tables' rows left out. */
function loadRows(table: Element): Element[] {
  const rows: Element[] = [];
  const walk = (node: Element): void => {
    for (const c of node.children) {
      if (!isElement(c) || c.name === 'table') continue;
      if (c.name === 'tr') rows.push(c);
      else walk(c);
    }
  };
  walk(table);
  return rows;
}

/** The element that holds the title as its whole text: the heading around it when there is one. */
function titleElement(byText: Map<string, Element>, title: string): Element | undefined {
  const key = cleanText(title).toLowerCase();
  // A title written with its speakers after it ("Maps with GeoPandas (Teresa Lobo)") is that element's text too.
  const el = byText.get(key) ?? byText.get(`${key}\u0000`);
  if (!el) return undefined;
  for (let node: Element | null = el; node; node = isElement(node.parent) ? node.parent : null) {
    if (HEADING.test(node.name)) return node;
    if (node.name === 'body') break;
  }
  return el;
}

/** The speakers with each talk's kind read from its section's heading where the extractors gave none. */
export function withSectionKinds(speakers: ScrapedSpeaker[], page: Page): ScrapedSpeaker[] {
  if (!speakers.some((s) => s.talks.some((t) => !t.kind)) || !(ANY_KIND_HEADING.test(page.body) || ANY_KIND_CELL.test(page.body))) return speakers;
  const $ = loadHtml(page.body);
  const byText = new Map<string, Element>();
  // The innermost element whose text is the title: headings, links, cells and lines of text alike
  // (the outermost one for a title followed by its speakers, which is as good for the section).
  $('body *').each((_, el) => {
    if (!isElement(el)) return;
    const text = cleanText(textOf(el)).toLowerCase();
    if (text.length < 3 || text.length > 300) return;
    byText.set(text, el);
    // The title before its speakers ("maps with geopandas (teresa lobo)"), kept apart from whole texts.
    const cut = text.search(/ \(| [-–] /);
    if (cut >= 3 && !byText.has(`${text.slice(0, cut)}\u0000`)) byText.set(`${text.slice(0, cut)}\u0000`, el);
  });
  const none = (): boolean => false;
  // A table's rows are read once, however many of its titles ask.
  const rows = new Map<Element, Element[]>();
  const rowsOf = (table: Element): Element[] => rows.get(table) ?? rows.set(table, loadRows(table)).get(table) ?? [];
  return speakers.map((s) => {
    if (!s.talks.some((t) => !t.kind)) return s;
    const talks = s.talks.map((t) => {
      if (t.kind) return t;
      const el = titleElement(byText, t.title);
      const heading = el ? sectionHeading(el, none) : undefined;
      const kind = (heading ? kindOfHeading(textOf(heading)) : undefined) ?? (el ? tableKind(el, rowsOf) : undefined);
      return kind ? { ...t, kind } : t;
    });
    return { ...s, talks };
  });
}
