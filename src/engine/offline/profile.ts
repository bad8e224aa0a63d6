/** Who the speaker is, read from title, tagline and bio when fields are missing. */
import type { SpeakerInput } from '../types.js';
import { companyProblem, titleProblem } from '../../scrape/normalize-org.js';
import { looksLikeJobTitle, splitTagline } from '../../scrape/normalize-tagline.js';
import { seniorityOf } from './seniority.js';
import { sentences, squash } from './text.js';

export interface Sourced {
  value: string;
  /** Which field it came from: "title", "tagline", "bio", "company". */
  from: string;
  /** The exact text it was read from. */
  text: string;
}

/** "Ed is a Microsoft MVP and..." is a blurb about someone, not a job title. */
const SENTENCE_LIKE = /\b(?:is|am|are|was|i|i'm|my|we|our)\b|(?:\.\.\.|…)$/i;
// "with" and "of" are left out: "an engineer with 9+ years" names no employer.
const BIO_ROLE =
  /\b(?:is|am|works as|serves as|currently)\s+(?:an?|the|our)?\s*([A-Za-z][^.,;:()]{2,60}?)\s+(?:at|@|for)\s+([A-Z][\w&.'-]*(?:\s+[A-Z0-9][\w&.'-]*){0,3})/;

const splitMemo = new Map<string, ReturnType<typeof splitTagline>>();

/** Each stage reads the same speaker's tagline again; splitting it once is enough. */
function taglineParts(tagline: string): ReturnType<typeof splitTagline> {
  let parts = splitMemo.get(tagline);
  if (!parts) {
    if (splitMemo.size >= 2000) splitMemo.clear();
    parts = splitTagline(tagline);
    splitMemo.set(tagline, parts);
  }
  return parts;
}

function bioLead(bio: string | null): string | null {
  if (!bio) return null;
  return sentences(bio.slice(0, 600))[0] ?? null;
}

/** The speaker's job title: the title field, else a tagline or bio phrase that reads as one. */
export function roleOf(s: SpeakerInput): Sourced | null {
  // A title field may hold a slogan ("Problem Solver"); only one that names a job is a role.
  const title = squash(s.title ?? '').replace(/\.$/, '');
  if (title && !titleProblem(title) && (seniorityOf(title) !== 'unknown' || looksLikeJobTitle(title))) {
    return { value: title, from: 'title', text: s.title as string };
  }
  if (s.tagline) {
    const head = taglineParts(s.tagline).title;
    if (head && head.length <= 80 && !SENTENCE_LIKE.test(head) && !titleProblem(head) && seniorityOf(head) !== 'unknown') {
      return { value: head, from: 'tagline', text: s.tagline };
    }
  }
  const lead = bioLead(s.bio);
  const m = lead ? BIO_ROLE.exec(lead) : null;
  if (m && lead && seniorityOf(m[1]) !== 'unknown' && !titleProblem(m[1])) {
    return { value: squash(m[1]), from: 'bio', text: lead };
  }
  return null;
}

/**
 * The employer: the company field, else the company of a "Title at Company" tagline, else
 * "is a Role at Company" in the bio. Whatever does not read as an employer (an award, a
 * number, pronouns, a place, a job title) is no answer: when unsure the company stays empty.
 */
export function companyOf(s: SpeakerInput): Sourced | null {
  const field = squash(s.company ?? '');
  if (field) return companyProblem(field) ? null : { value: field, from: 'company', text: s.company as string };
  if (s.tagline) {
    const parts = taglineParts(s.tagline);
    if (parts.company && parts.title && parts.company.length <= 60 && !companyProblem(parts.company)) {
      return { value: parts.company, from: 'tagline', text: s.tagline };
    }
  }
  const lead = bioLead(s.bio);
  const m = lead ? BIO_ROLE.exec(lead) : null;
  if (m && lead && seniorityOf(m[1]) !== 'unknown' && !companyProblem(m[2])) return { value: m[2], from: 'bio', text: lead };
  return null;
}

/** The first sentence of the bio, where people say who they are. */
export function bioLeadSentence(s: SpeakerInput): string | null {
  return bioLead(s.bio);
}

/** Talk titles and abstracts as one text, for keyword and theme scans. */
export function talkText(s: SpeakerInput): string {
  let out = '';
  for (const t of s.talks ?? []) out += `${t.title}\n${t.abstract ?? ''}\n`;
  return out;
}
