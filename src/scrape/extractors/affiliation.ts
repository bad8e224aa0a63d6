/**
 * What a page writes beside a name when it says only where the person is from: a
 * bracket ("Ada Lind (Quillstone)"), a comma ("Ada Lind, Quillstone"), a line
 * under the name. A role line ("CTO at Quillstone") stays a tagline for the
 * normaliser to split; an organisation alone is the company.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { companyProblem } from '../normalize-org.js';
import type { RawSpeaker } from '../types.js';
import { nameScore } from './html-names.js';
import { isSectionTitle, isSessionKind } from './talk-title.js';
import { isStaffHeading } from './html-roles.js';

const MAX_WORDS = 6;

/** Where a session takes place ("Amphi A", "Room 101", "Salle 2", "Main hall"): never an employer. */
const ROOM =
  /^(?:(?:main|grand|great|small|big|petite?|kleiner?|gro(?:ß|ss)er)\s+)?(?:rooms?|salles?|salas?|saal|säle|raum|r[äa]ume|amphi(?:th[ée][aâ]tre|theater)?|hall|halls|stage|track|auditori(?:um|o)|aula|zaal|foyer|lobby|atrium|hörsaal)\b/i;

export function isRoom(text: string): boolean {
  return ROOM.test(text);
}

/**
 * Lower-case words that join the words of a talk's title but not of an organisation's name:
 * "Learning to Rank in Practice", "Ranking Functions from First Principles".
 */
const TITLE_JOINER = /\s(?:from|to|in|into|with|without|about|beyond|through|vs\.?|is|are|how|why|what|your|our|my|a|an)\s/u;

/** Words that open a heading over a page's own people ("Our Team", "Core Team"), naming no one group. */
const GROUP_OPENER = /^(?:our|the|your|meet|core|whole|conference|event|program|programme|nuestro|nuestra|notre|unser|unsere|nosso|nossa|il|la|le|el)$/iu;

/**
 * "Humanitarian OpenStreetMap Team", "Organización Scalibur": a staff word beside a name of its own
 * names an organisation; "Organizing Team" or "Our Team" heads a section of the page.
 */
function namedGroup(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length >= 2 && words.some((w) => /^\p{Lu}\p{L}{3,}/u.test(w) && !GROUP_OPENER.test(w) && !isStaffHeading(w));
}

/** An organisation's name and nothing else: short, no role, no sentence, no role split, no part of the page ("Sessions"), no room. */
export function isOrganisationName(text: string): boolean {
  return (
    text.length > 1 &&
    !TITLE_JOINER.test(text) &&
    text.split(/\s+/).length <= MAX_WORDS &&
    !/[.!?]\s|(?:\.\.\.|…)$/.test(text) &&
    !looksLikeJobTitle(text) &&
    splitTagline(text).company === null &&
    companyProblem(text) === null &&
    (!isSectionTitle(text) || (isStaffHeading(text) && namedGroup(text))) &&
    !isSessionKind(text) &&
    !isRoom(text)
  );
}

/** The fields an affiliation gives: a role line as the tagline, an organisation as the company. */
export function affiliationFields(text: string): Pick<RawSpeaker, 'tagline' | 'company'> {
  const parts = splitTagline(text);
  if (parts.title || parts.company) return { tagline: text };
  return isOrganisationName(text) ? { company: text } : {};
}

/** Pronouns, post-nominals and generational suffixes follow a name without being an affiliation. */
const NOT_AFFILIATION = /^(?:(?:she|he|they|ze|xe)\s*\/\s*\p{L}+|ph\.?\s?d\.?|m\.?d\.?|mba|m\.?sc\.?|b\.?sc\.?|jr\.?|sr\.?|i{2,3}|iv)$/iu;

/**
 * "김태진 Meta", "山田太郎 Google": a name in a script written without spaces between its parts,
 * then words in Latin letters. The Latin words are no part of the name, whatever they say.
 */
const NAME_THEN_LATIN =
  /^([\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{2,6})\s+(\p{Script=Latin}[\p{Script=Latin}\d .,&'’-]{0,40})$/u;

/**
 * "Ada Lind, Quillstone" or "Ada Lind (Quillstone)": the name and what follows it,
 * when the head reads as a name and the rest as an organisation or a role line, not
 * as a second name. A bracket closing a role line after the comma ("Ada Lind, Pro
 * Vice-Chancellor (Learning)") belongs to the role line.
 */
export function nameAndAffiliation(text: string): { name: string; affiliation: string } | undefined {
  const script = NAME_THEN_LATIN.exec(text.trim());
  if (script) return { name: script[1] as string, affiliation: (script[2] as string).trim() };
  // The closing bracket may already be trimmed off with other trailing punctuation.
  const bracket = /^(.+?)\s*\(([^()]+)\)?$/u.exec(text);
  const comma = /^([^,]+),\s*(.+)$/u.exec(text);
  return (bracket && splitAffiliation(bracket, true)) || (comma ? splitAffiliation(comma, false) : undefined);
}

function splitAffiliation(m: RegExpExecArray, bracket: boolean): { name: string; affiliation: string } | undefined {
  const name = (m[1] as string).trim();
  const affiliation = (m[2] as string).trim();
  // After a comma a second name is a list of people; in a bracket it is not.
  if (nameScore(name) < 0.5 || NOT_AFFILIATION.test(affiliation) || (!bracket && nameScore(affiliation) >= 0.5)) return undefined;
  const parts = splitTagline(affiliation);
  return parts.title || parts.company || looksLikeJobTitle(affiliation) || isOrganisationName(affiliation) ? { name, affiliation } : undefined;
}
