/**
 * A page's role lines follow one convention. Where most cards of a group write
 * "Title, Organisation" ("Professor, Barnard College"), the lines that the splitter
 * alone leaves whole are read the same way: "Experimental Particle Physicist,
 * Columbia University" is a title and an organisation even without a role word the
 * splitter knows, and a line that is only an organisation ("Stanford University",
 * "Amazon") is the company. A line that names two organisations ("Hunter College,
 * AMNH") or reads as a role or a sentence is left as it is.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { companyProblem, namesOrganisation } from '../normalize-org.js';
import type { RawSpeaker } from '../types.js';

/** Share of a group's role lines that must split on their last comma for the group to be read that way. */
const CONVENTION_SHARE = 0.4;
const MIN_CONVENTION = 3;
const MAX_TITLE_WORDS = 10;
const MAX_ORG_WORDS = 8;

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const sentence = (text: string): boolean => /[.!?]\s/.test(text) || /(?:\.\.\.|…)$/.test(text);

/** True when the splitter cut the line on its last comma: "Title, Organisation". */
function commaSplit(line: string): boolean {
  const parts = splitTagline(line);
  const last = line.lastIndexOf(',');
  return (
    parts.title !== null &&
    parts.company !== null &&
    last > 0 &&
    line
      .slice(last + 1)
      .trim()
      .replace(/[.\s]+$/, '') === parts.company.replace(/[.\s]+$/, '')
  );
}

/** Reads as an organisation's name: short, capitalised, not a role, a place, an award or a sentence. */
function organisationLike(text: string): boolean {
  return (
    text.length > 0 &&
    wordCount(text) <= MAX_ORG_WORDS &&
    /^[\p{Lu}\p{N}]/u.test(text) &&
    !sentence(text) &&
    !looksLikeJobTitle(text) &&
    companyProblem(text) === null
  );
}

/** Title and organisation of a line read by the group's "Title, Organisation" convention; null when it does not fit. */
export function byCommaConvention(line: string): { title?: string; company?: string } | null {
  const text = line
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.;]+$/, '');
  const last = text.lastIndexOf(',');
  if (last < 0) return (!text.includes(' at ') || namesOrganisation(text)) && organisationLike(text) && !/[,;|/]/.test(text) ? { company: text } : null;
  const left = text.slice(0, last).trim();
  const right = text.slice(last + 1).trim();
  if (!left || wordCount(left) > MAX_TITLE_WORDS || sentence(left) || (namesOrganisation(left) && !looksLikeJobTitle(left))) return null;
  if (!organisationLike(right)) return null;
  return { title: left, company: right };
}

/** Applies the group's "Title, Organisation" convention to the role lines the splitter left whole. */
export function readByTaglineConvention(speakers: RawSpeaker[]): void {
  const open = speakers.filter((s) => s.tagline && !s.title && !s.company);
  const lines = open.map((s) => s.tagline as string);
  const agreeing = lines.filter(commaSplit).length;
  if (agreeing < MIN_CONVENTION || agreeing < lines.length * CONVENTION_SHARE) return;
  for (const s of open) {
    const line = s.tagline as string;
    if (splitTagline(line).company !== null) continue;
    const read = byCommaConvention(line);
    if (!read) continue;
    if (read.title) s.title = read.title;
    if (read.company) s.company = read.company;
  }
}
