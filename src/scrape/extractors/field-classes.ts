/**
 * The class words a card gives its job and organisation elements ("speaker-job", "position",
 * "company", "affiliation"): generic vocabulary, not a site's names. Read by the card reader
 * (a block holding such an element is never the name) and by the field reader (html-fields.ts).
 */
import { type Element, classList } from './html-common.js';

export const JOB_CLASS = /^(?:job|jobtitle|position|role|designation|occupation)$/i;
export const ORG_CLASS = /^(?:company|org|organi[sz]ation|affiliation|employer|institution|firm|workplace|companyname)$/i;

export function classWords(el: Element): string[] {
  return classList(el).flatMap((c) => c.split(/[-_]+|(?<=[a-z])(?=[A-Z])/));
}

/** An element classed as the job or the organisation: whatever else its text reads as, it is that field. */
export function hasFieldClass(el: Element): boolean {
  return classWords(el).some((w) => ORG_CLASS.test(w) || JOB_CLASS.test(w));
}
