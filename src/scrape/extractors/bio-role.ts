/**
 * Platforms without title and company fields (pretalx, WordCamp) leave speakers
 * to say them in the biography: "Senior Engineer at Acme. …", "Jane is a
 * Senior Engineer at Acme, where …" or "Jana ist Entwicklerin bei Acme.". Only those
 * openings are read, and only when the role reads as a job title.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';

export interface BioRole {
  title?: string;
  company?: string;
}

const SUBJECT = /^(?:\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3}|[Hh]e|[Ss]he|[Tt]hey)\s+/u;
const VERB = /^(?:is|am|works as|serves as|is working as|currently works as|is currently|ist|arbeitet als)\s+(?:an?|the|ein|eine)?\s*/i;
const AT = /\s+(?:at|@|bei)\s+(?:the\s+|der\s+|dem\s+)?/i;
const CONNECTOR = /\s+(?:of|for|with)\s+(?:the\s+)?/i;
const COMPANY_END = /(?:[,;:.!?(]|\s+(?:where|and|since|who|which|based|in|from|for|with|to)\s|$)/;

function plausibleCompany(text: string): boolean {
  const words = text.split(/\s+/).length;
  return words >= 1 && words <= 6 && /^[\p{Lu}\p{N}]/u.test(text) && !looksLikeJobTitle(text);
}

/** "Jane is a Staff Engineer at Acme, where …", "Jana ist Entwicklerin bei Acme": the role and employer of a third-person opener. */
export function roleInSentence(sentence: string): BioRole | undefined {
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
  const first = text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}"“])|\n/u)[0]
    .replace(/[.!?]+$/, '')
    .trim();
  const sentence = roleInSentence(first);
  if (sentence || (SUBJECT.test(first) && VERB.test(first.replace(SUBJECT, '')))) return sentence;
  if (first.split(/\s+/).length > 12) return undefined;
  const parts = splitTagline(first);
  return parts.title && parts.company ? { title: parts.title, company: parts.company } : undefined;
}

/**
 * Where a bio says who employs the speaker: "works at X", "leads … at X as CTO",
 * "est CTO chez X", "arbeitet bei X", "trabaja en X", "lavora presso X",
 * "trabalha na X", "werkt bij X", "pracuje w X". The organisation is the run of
 * capitalised words (or a web address) after the preposition.
 */
const EMPLOYED = new RegExp(
  [
    String.raw`\b(?:works?|working|is working|currently works)\s+(?:at|for)\s+`,
    String.raw`\b(?:leads?|heads?|runs?|manages?|joined)\b[^.;]{0,60}?\sat\s+(?=[\p{Lu}\d])`,
    String.raw`\bis\s+(?:an?|the)\s+[^.;,]{2,60}?\s(?:at|@)\s+`,
    String.raw`\b(?:travaille|est\s+[^.;,]{2,50}?)\s+(?:chez|à)\s+(?=[\p{Lu}\d])`,
    String.raw`\bchez\s+(?=[\p{Lu}\d])`,
    String.raw`\b(?:co-?)?(?:founder|fondateur|fondatrice|fundador|fundadora|gründer|gründerin|oprichter)\s+(?:of|de|du|von|van)\s+(?=[\p{Lu}\d])`,
    String.raw`\b(?:arbeitet|tätig|ist\s+[^.;,]{2,50}?)\s+(?:bei|für)\s+(?=[\p{Lu}\d])`,
    String.raw`\b(?:trabaja|labora|es\s+[^.;,]{2,50}?)\s+(?:en|para)\s+(?=[\p{Lu}\d])`,
    String.raw`\b(?:lavora|è\s+[^.;,]{2,50}?)\s+(?:presso|per|in)\s+(?=[\p{Lu}\d])`,
    String.raw`\b(?:trabalha|atua|é\s+[^.;,]{2,50}?)\s+(?:na|no|em|para)\s+(?=[\p{Lu}\d])`,
    String.raw`\b(?:werkt|is\s+[^.;,]{2,50}?)\s+(?:bij|voor)\s+(?=[\p{Lu}\d])`,
    String.raw`\bpracuje\s+(?:w|dla)\s+(?=[\p{Lu}\d])`,
  ].join('|'),
  'iu',
);
const ORG_WORD = /^(?:[\p{Lu}\d][\p{L}\d&.'’+-]*|&|of|for|de|del|der|des|du|di|la|le|van|von|und|and|y|e)$/u;
const LINK_WORD = /^(?:&|of|for|de|del|der|des|du|di|la|le|van|von|und|and|y|e)$/i;
const DOMAIN = /^(?:www\.)?[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.[a-z]{2,}$/iu;

function organisationAt(text: string): string | undefined {
  const tokens = text.replace(/^(?:the|der|die|das|dem|den)\s+/i, '').split(/\s+/);
  if (DOMAIN.test((tokens[0] ?? '').replace(/[,.;:)]+$/, ''))) return (tokens[0] as string).replace(/[,.;:)]+$/, '');
  const taken: string[] = [];
  for (const raw of tokens) {
    const token = raw.replace(/[,;:)]+$/, '');
    if (!ORG_WORD.test(token) || taken.length >= 6) break;
    taken.push(token.replace(/\.$/, raw.endsWith('.') && /^\p{Lu}\.?$/u.test(token) ? '.' : ''));
    if (token !== raw || /\.$/.test(raw)) break;
  }
  while (taken.length > 0 && LINK_WORD.test(taken[taken.length - 1] as string)) taken.pop();
  const org = taken.join(' ');
  return org && /^[\p{Lu}\d]/u.test(org) && !looksLikeJobTitle(org) ? org : undefined;
}

/** The employer a bio names in its first two sentences, or undefined. */
export function companyFromBio(bio: string | undefined): string | undefined {
  const text = (bio ?? '').replace(/\s+/g, ' ').trim();
  const opening = text
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .slice(0, 2)
    .join(' ');
  const m = EMPLOYED.exec(opening);
  if (!m) return undefined;
  return organisationAt(opening.slice((m.index ?? 0) + m[0].length));
}
