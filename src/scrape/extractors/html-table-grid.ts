/**
 * A table as the reader sees it: rows of cells with row and column spans spread
 * out, so a session cell spanning two speaker rows belongs to both, and the header
 * row mapped to what each column holds.
 */
import { type Element, childElements, cleanText, linesOf } from './html-common.js';
import { looksLikeJobTitle } from '../normalize.js';

export type Column = 'name' | 'job' | 'company' | 'talk' | 'title' | 'tagline';

const HEADERS: Array<[Column, RegExp]> = [
  [
    'name',
    /^(?:speakers?|speaker names?|names?|full names?|presenters?|panell?ists?|who|persons?|people|instructors?|facilitators?|lecturers?|teachers?|trainers?|tutors?|proponentes?|ministrantes?|docentes?|dozent(?:in|en)?|format(?:eur|rice)s?|talleristas?|vortragende[rn]?|referent(?:in(?:nen)?|en)?|sprecher(?:in(?:nen)?)?|redner(?:in(?:nen)?)?|ponentes?|intervenants?|relatori|relatore|relatrice|sprekers?|palestrantes?|orador(?:es|as?)?|conferenciantes?|prelegen(?:t|ci|tka)|nombres?|nome|nom|namen?|登壇者|講演者|演讲者|讲者|讲师)$/u,
  ],
  [
    'job',
    /^(?:roles?|positions?|jobs?|job titles?|job roles?|designations?|functions?|occupations?|title ?\/ ?role|role ?\/ ?title|cargos?|puestos?|postes?|fonctions?|funktion|ruolo|fun[cç][aã]o|functie|stanowisko|役職|职位)$/u,
  ],
  [
    'company',
    /^(?:organi[sz]ations?|organi[sz]ations? ?\/ ?compan(?:y|ies)|compan(?:y|ies)|affiliations?|employers?|institutions?|orgs?|firms?|works? (?:at|for)|unternehmen|firma|empresas?|entreprises?|soci[ée]t[ée]|organisme|azienda|societ[àa]|ente|organiza[cç][aã]o|institui[cç][aã]o|organizaci[oó]n|instituci[oó]n|bedrijf|organisatie|organizacja|instytucja|所属|会社|公司|单位)$/u,
  ],
  [
    'talk',
    /^(?:sessions?|talks?|titles? of (?:the )?(?:talk|session|presentation)|talk titles?|session titles?|topics?|presentations?|subjects?|lectures?|workshops?|courses?|cursos?|minicursos?|oficinas?|talleres|kurse?|cours|what|vortrag|vortr[äa]ge|thema|events?|veranstaltung(?:en)?|eventos?|charlas?|ponencias?|palestras?|[ée]v[ée]nements?|interventions?|sessioni|interventi|sessies|lezingen|temas?|temat|sujets?|conf[ée]rences?|prelekcj[ae]|講演|演讲|议题)$/u,
  ],
  ['title', /^(?:titles?|t[ií]tulos?|titre|titel|titolo|tytu[lł]|タイトル|标题|題目)$/u],
  ['tagline', /^(?:taglines?|headlines?|about|details|(?:role|title|position) (?:and|&) (?:company|organi[sz]ation|affiliation))$/],
];

export interface Cell {
  el: Element;
  text: string;
}

/** Rows of the table (not of tables nested in it), with spanning cells repeated where they reach. */
export function tableGrid(table: Element): Cell[][] {
  const rows: Element[] = [];
  const collect = (el: Element): void => {
    for (const child of childElements(el)) {
      if (child.name === 'tr') rows.push(child);
      else if (['thead', 'tbody', 'tfoot'].includes(child.name)) collect(child);
    }
  };
  collect(table);
  const grid: Cell[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const el of childElements(row).filter((e) => e.name === 'td' || e.name === 'th')) {
      while (grid[r][c]) c++;
      const cell = { el, text: cleanText(linesOf(el).join(' ')) };
      const rowspan = Math.min(Math.max(Number.parseInt(el.attribs.rowspan ?? '1', 10) || 1, 1), rows.length - r);
      const colspan = Math.min(Math.max(Number.parseInt(el.attribs.colspan ?? '1', 10) || 1, 1), 50);
      for (let dr = 0; dr < rowspan; dr++) for (let dc = 0; dc < colspan; dc++) grid[r + dr][c + dc] = cell;
      c += colspan;
    }
  });
  return grid;
}

/** Words that join a header's head noun to its qualifier ("Título do Minicurso", "Title of the course"). */
const HEADER_JOINER = /^(?:of|the|for|do|da|dos|das|de|del|du|des|la|le|el|di|della|von|der|des)$/u;

/**
 * A header's kind; with `loose`, a header that qualifies a known word reads as that word
 * ("Título do Minicurso", "Course title", "Proponente Principal", "Main instructor"):
 * the first word, else the last one.
 */
function headerKind(text: string, loose = false): Column | undefined {
  const whole = headerKindOf(text);
  if (whole || !loose) return whole;
  const words = text
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((w) => !HEADER_JOINER.test(w));
  if (words.length < 2 || words.length > 4) return undefined;
  return headerKindOf(words[0] as string) ?? headerKindOf(words[words.length - 1] as string);
}

function headerKindOf(text: string): Column | undefined {
  // "Speaker(s)", "Company:", "Name *" name the same column as their plain word.
  // "Referent/in", "Referent:innen", "Sprecher*in": a gendered ending names the same column.
  const key = text
    .toLocaleLowerCase()
    .replace(/\((?:s|es)\)/g, '')
    .replace(/[/:*_(]in(?:nen)?\)?(?=[:*.]*$)/, '')
    .replace(/[:*.]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return HEADERS.find(([, pattern]) => pattern.test(key))?.[0];
}

export interface Layout {
  /** Index of the header row; data rows follow it. */
  header: number;
  columns: Map<Column, number>;
}

/**
 * The header row and its columns: the first row whose cells name a person column
 * and at least one other known column. A bare "Title" column is the job title
 * when a talk column exists, the talk when a job column exists, and otherwise
 * whichever its cells read as.
 */
export function tableLayout(grid: Cell[][], loose = false): Layout | undefined {
  for (let header = 0; header < Math.min(grid.length, 3); header++) {
    const columns = new Map<Column, number>();
    grid[header].forEach((cell, i) => {
      const kind = headerKind(cell.text, loose);
      if (kind && !columns.has(kind)) columns.set(kind, i);
    });
    if (!columns.has('name') || columns.size < 2) continue;
    const title = columns.get('title');
    if (title !== undefined) {
      columns.delete('title');
      const kind = columns.has('talk') ? 'job' : columns.has('job') ? 'talk' : titleColumnKind(grid, header, title);
      if (!columns.has(kind)) columns.set(kind, title);
    }
    return { header, columns };
  }
  return undefined;
}

function titleColumnKind(grid: Cell[][], header: number, column: number): Column {
  const texts = grid
    .slice(header + 1)
    .map((row) => row[column]?.text ?? '')
    .filter((t) => t.length > 0);
  const roles = texts.filter((t) => looksLikeJobTitle(t)).length;
  return texts.length > 0 && roles >= texts.length / 2 ? 'job' : 'talk';
}
