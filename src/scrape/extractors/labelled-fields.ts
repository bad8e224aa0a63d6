/**
 * Fields a card states with a label: "Affiliation: Northmoor University",
 * "<dt>Company</dt><dd>Kelpware</dd>", "Empresa: Datalia", "Position: CTO". The
 * label words are the vocabulary of the languages conference pages are written in,
 * not any site's. A slot that lists several organisations ("A; B") names none.
 */
import { companyProblem } from '../normalize-org.js';
import { type Element, linesOf } from './html-common.js';

const COMPANY_LABEL =
  'company|companies|organi[sz]ations?|affiliations?|employer|institution|institutions|org|firm|' +
  'empresa|organizaci[oó]n|instituci[oó]n|entidad|afiliaci[oó]n|entreprise|soci[ée]t[ée]|organisme|' +
  'unternehmen|firma|arbeitgeber|institut|azienda|societ[àa]|ente|affiliazione|istituzione|' +
  'organiza[cç][aã]o|institui[cç][aã]o|bedrijf|organisatie|werkgever|organizacja|instytucja|' +
  '会社|所属|公司|单位|機構|机构';
const TITLE_LABEL =
  'position|job title|job|role|designation|occupation|cargo|puesto|poste|fonction|funktion|' +
  'ruolo|qualifica|funzione|fun[cç][aã]o|functie|stanowisko|职位|职务|役職';

const INLINE = new RegExp(`^(${COMPANY_LABEL}|${TITLE_LABEL})\\s*[:：]\\s*(.+)$`, 'iu');
const ALONE = new RegExp(`^(${COMPANY_LABEL}|${TITLE_LABEL})\\s*[:：]?$`, 'iu');
const IS_COMPANY = new RegExp(`^(?:${COMPANY_LABEL})$`, 'iu');
const MAX_VALUE = 120;

export interface LabelledFields {
  title?: string;
  company?: string;
  /** The line the fields were read from, so it is not read again as a tagline. */
  lines: string[];
}

/** Several organisations in one slot: a list, not an employer. */
function several(value: string): boolean {
  return /;|\s\/\s|\s\|\s/.test(value);
}

export function labelledFields(card: Element): LabelledFields {
  const out: LabelledFields = { lines: [] };
  const lines = linesOf(card).filter((l) => l.length > 0);
  lines.forEach((line, i) => {
    let label: string | undefined;
    let value: string | undefined;
    const inline = INLINE.exec(line);
    if (inline) [label, value] = [inline[1], inline[2]];
    else if (ALONE.test(line) && lines[i + 1]) [label, value] = [ALONE.exec(line)?.[1], lines[i + 1]];
    if (!label || !value || value.length > MAX_VALUE || ALONE.test(value)) return;
    value = value.trim().replace(/[.,;]$/, '');
    if (IS_COMPANY.test(label)) {
      if (out.company !== undefined) return;
      out.company = several(value) || companyProblem(value) !== null ? '' : value;
    } else if (out.title === undefined) out.title = value;
    out.lines.push(line);
  });
  return out;
}
