/**
 * "Ada Lind (Quillstone)", "Ada Lind & Bo Berg (Banco Austral)": on a programme's speaker
 * line, a bracket right after the names says where those people come from. It is no part
 * of the session's title beside them, and it is their affiliation line. A bracket that
 * holds a time, a badge ("(Speaker)"), a session's kind ("(Keynote)"), pronouns or a
 * handle is not. Title-case organisations read like names ("Banco Austral"), so a bracket
 * after a full name is never taken for a second person.
 */
import { cleanText } from './html-common.js';
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { isPlace } from '../normalize-org.js';
import { roleLabel } from './html-roles.js';
import { isSessionKind } from './talk-title.js';

/** Stands for a name once it is found in a line. */
export const NAME_MARK = '\u0000';
/** The names of one list, each marked, with what joins them. */
const MARKED_LIST = `${NAME_MARK}(?:\\s*(?:[,&+]|and|und|et|y|e|i|en)\\s*${NAME_MARK})*`;
const AFTER_NAMES = new RegExp(`(${MARKED_LIST})\\s*\\(([^()]{2,80})\\)`, 'gu');
/** "A & B", marked: one list of names, its joining words part of it. */
export const MARKED_NAMES = new RegExp(MARKED_LIST, 'gu');

/** Whether a bracket's text reads as an organisation or a role line, not as anything else a bracket holds. */
export function isAffiliation(text: string): boolean {
  const line = cleanText(text);
  if (!/\p{Lu}/u.test(line) || /^\d|\d{1,2}[:.h]\d{2}/u.test(line)) return false;
  if (roleLabel(line) || isSessionKind(line) || /^(?:keynote|invited|remote|online|virtual|tbc|tba|cancel+ed)\b/iu.test(line)) return false;
  return !/^@|^(?:she|he|they|ze|xe)\s*\//iu.test(line);
}

/**
 * The bracket's text as title and company: a role line split as any other ("Lead Potter at
 * Fjordclay"), a role alone as the title, anything else as the organisation, without a place
 * after its last comma ("Brightwater Institute, Norway"). Unlike a card's affiliation line
 * (affiliation.ts), a programme's bracket after a name is an affiliation slot: an acronym
 * ("(USACH)", "(IEA)") is the organisation though nothing else says it is one.
 */
export function bracketFields(text: string): { title?: string; company?: string } {
  const role = splitTagline(text);
  if (role.title || role.company) return { ...(role.title ? { title: role.title } : {}), ...(role.company ? { company: role.company } : {}) };
  if (looksLikeJobTitle(text)) return { title: text };
  const cut = text.lastIndexOf(',');
  return { company: cut > 0 && isPlace(text.slice(cut + 1).trim()) ? text.slice(0, cut).trim() : text };
}

/**
 * The line (names already marked) without the affiliation brackets that follow the names,
 * and the first such bracket.
 */
export function takeAffiliations(marked: string): { rest: string; affiliation?: string } {
  let affiliation: string | undefined;
  const rest = marked.replace(AFTER_NAMES, (whole, names: string, inside: string) => {
    if (!isAffiliation(inside)) return whole;
    affiliation ??= cleanText(inside);
    return names;
  });
  return affiliation ? { rest, affiliation } : { rest };
}
