/**
 * Fields a card names by its class words: an element classed as the job
 * ("speaker-job", "position", "role") or as the organisation ("speaker-org",
 * "company", "affiliation"). Class words are generic vocabulary, not a site's
 * names, and the text must still read as what the class says: a template that
 * classes the name as "speaker-title" does not make the name a job.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { companyProblem, titleProblem, withoutTrailingUrl } from '../normalize-org.js';
import { type Element, cleanText, contains, isElement, textData, textOf } from './html-common.js';
import { JOB_CLASS, ORG_CLASS, classWords } from './field-classes.js';
import { type NameCandidate, cardPieces } from './html-generic-cards.js';
import { roleLabel } from './html-roles.js';

/** "at Slack", "@ Fastly", "bei X", "chez Y": the preposition is not part of the name. */
function withoutPreposition(text: string): string {
  return withoutTrailingUrl(cleanText(text.replace(/^(?:at|@|bei|chez|en|em|presso|w)\s+/i, '').replace(/^@/, '')));
}

export interface ClassFields {
  title?: string;
  company?: string;
  /** A job slot holding "Role at Company", for the tagline splitter. */
  tagline?: string;
}

/**
 * "Frontend Engineer<span class="org">at Acme</span>": the text its parent holds
 * besides the organisation's element is the job, when it reads as one.
 */
function jobBeside(org: Element, name: NameCandidate): string | undefined {
  const parent = org.parent;
  if (!isElement(parent) || contains(parent, name.piece.el)) return undefined;
  const own = cleanText(
    parent.children
      .filter((c) => c !== org)
      .map((c) => (isElement(c) ? textOf(c) : textData(c)))
      .join(' '),
  ).replace(/\s*(?:[,|@–—-]|\bat)$/i, '');
  return own && looksLikeJobTitle(own) && splitTagline(own).company === null ? own : undefined;
}

export function classFields(card: Element, name: NameCandidate): ClassFields {
  const out: ClassFields = {};
  let orgEl: Element | undefined;
  for (const piece of cardPieces(card)) {
    if (piece.el === card || contains(piece.el, name.piece.el) || contains(name.piece.el, piece.el)) continue;
    const words = classWords(piece.el);
    // "Programmer, " with the company after the comma left empty: the separator is no part of either field.
    const text = cleanText(textOf(piece.el)).replace(/\s*[,;|/@–—-]$/u, '');
    // A badge ("Panelist", "Host") is the part played in the session, not a job.
    if (!text || text.length > 120 || text === name.text || roleLabel(text) !== undefined) continue;
    if (!out.company && words.some((w) => ORG_CLASS.test(w))) {
      const company = withoutPreposition(text);
      if (company && companyProblem(company) === null) {
        out.company = company;
        orgEl = piece.el;
      }
    } else if (!out.title && words.some((w) => JOB_CLASS.test(w))) {
      // A job slot that holds "Role, Company" is read as a tagline by the caller; a sentence is no job.
      const parts = splitTagline(text);
      if (parts.company !== null) out.tagline = text;
      else if (titleProblem(text) === null && (looksLikeJobTitle(text) || text.split(/\s+/).length <= 6)) out.title = text;
    }
  }
  if (orgEl && !out.title) {
    const job = jobBeside(orgEl, name);
    if (job) out.title = job;
  }
  return out;
}
