/**
 * Platforms without title and company fields (pretalx, WordCamp) leave speakers
 * to say them in the biography: "Senior Engineer at Acme. …" or "Jane is a
 * Senior Engineer at Acme, where …". Only those two openings are read, and only
 * when the role reads as a job title.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';

export interface BioRole {
  title?: string;
  company?: string;
}

const SUBJECT = /^(?:\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3}|[Hh]e|[Ss]he|[Tt]hey)\s+/u;
const VERB = /^(?:is|am|works as|serves as|is working as|currently works as|is currently)\s+(?:an?|the)?\s*/i;
const AT = /\s+(?:at|@)\s+(?:the\s+)?/i;
const CONNECTOR = /\s+(?:of|for|with)\s+(?:the\s+)?/i;
const COMPANY_END = /(?:[,;:.!?(]|\s+(?:where|and|since|who|which|based|in|from|for|with|to)\s|$)/;

function plausibleCompany(text: string): boolean {
  const words = text.split(/\s+/).length;
  return words >= 1 && words <= 6 && /^[\p{Lu}\p{N}]/u.test(text) && !looksLikeJobTitle(text);
}

/** "Jane is a Staff Engineer at Acme, where …": the role and employer of a third-person opener. */
function fromSentence(sentence: string): BioRole | undefined {
  const subject = SUBJECT.exec(sentence);
  if (!subject) return undefined;
  const rest = sentence.slice(subject[0].length);
  const verb = VERB.exec(rest);
  if (!verb) return undefined;
  const role = rest.slice(verb[0].length);
  // "Head of Data at Acme": the employer follows "at" when there is one.
  const connector = AT.exec(role) ?? CONNECTOR.exec(role);
  if (!connector) return undefined;
  const title = role.slice(0, connector.index).trim();
  const after = role.slice(connector.index + connector[0].length);
  const company = after.slice(0, after.search(COMPANY_END)).trim();
  if (!looksLikeJobTitle(title) || title.split(/\s+/).length > 6 || !plausibleCompany(company)) return undefined;
  return { title, company };
}

/** The first sentence of a biography, when it states the speaker's role. */
export function roleFromBio(bio: string | undefined): BioRole | undefined {
  const text = (bio ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const first = text.split(/(?<=[.!?])\s+(?=[\p{Lu}"“])|\n/u)[0].replace(/[.!?]+$/, '').trim();
  const sentence = fromSentence(first);
  if (sentence || SUBJECT.test(first) && VERB.test(first.replace(SUBJECT, ''))) return sentence;
  if (first.split(/\s+/).length > 12) return undefined;
  const parts = splitTagline(first);
  return parts.title && parts.company ? { title: parts.title, company: parts.company } : undefined;
}
