/**
 * What a page writes beside a name when it says only where the person is from: a
 * bracket ("Ada Lind (Quillstone)"), a comma ("Ada Lind, Quillstone"), a line
 * under the name. A role line ("CTO at Quillstone") stays a tagline for the
 * normaliser to split; an organisation alone is the company.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { companyProblem } from '../normalize-org.js';
import type { RawSpeaker } from '../types.js';

const MAX_WORDS = 6;

/** An organisation's name and nothing else: short, no role, no sentence, no role split. */
export function isOrganisationName(text: string): boolean {
  return (
    text.length > 1 &&
    text.split(/\s+/).length <= MAX_WORDS &&
    !/[.!?]\s|(?:\.\.\.|…)$/.test(text) &&
    !looksLikeJobTitle(text) &&
    splitTagline(text).company === null &&
    companyProblem(text) === null
  );
}

/** The fields an affiliation gives: a role line as the tagline, an organisation as the company. */
export function affiliationFields(text: string): Pick<RawSpeaker, 'tagline' | 'company'> {
  const parts = splitTagline(text);
  if (parts.title || parts.company) return { tagline: text };
  return isOrganisationName(text) ? { company: text } : {};
}
