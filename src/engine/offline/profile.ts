/** Who the speaker is, read from title, tagline and bio when fields are missing. */
import type { SpeakerInput } from '../types.js';
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
const TAGLINE_SPLIT = /\s+(?:at|@)\s+|\s*@\s*|\s+[-–—|]\s+|\s*,\s+/i;
const BIO_ROLE =
  /\b(?:is|am|works as|serves as|currently)\s+(?:an?|the|our)?\s*([A-Za-z][^.,;:()]{2,60}?)\s+(?:at|@|with|for|of)\s+([A-Z0-9][\w&.'-]*(?:\s+[A-Z0-9][\w&.'-]*){0,3})/;

function splitTagline(tagline: string): [string, string | null] {
  const parts = tagline.split(TAGLINE_SPLIT).map((p) => p.trim()).filter(Boolean);
  return [parts[0] ?? '', parts.length > 1 ? parts.slice(1).join(', ') : null];
}

function bioLead(bio: string | null): string | null {
  if (!bio) return null;
  return sentences(bio.slice(0, 600))[0] ?? null;
}

/** The speaker's job title: the title field, else a tagline or bio phrase that reads as one. */
export function roleOf(s: SpeakerInput): Sourced | null {
  if (s.title && squash(s.title)) return { value: squash(s.title), from: 'title', text: s.title };
  if (s.tagline) {
    const [head] = splitTagline(s.tagline);
    if (head && head.length <= 80 && !SENTENCE_LIKE.test(head) && seniorityOf(head) !== 'unknown') {
      return { value: head, from: 'tagline', text: s.tagline };
    }
  }
  const lead = bioLead(s.bio);
  const m = lead ? BIO_ROLE.exec(lead) : null;
  if (m && lead && seniorityOf(m[1]) !== 'unknown') {
    return { value: squash(m[1]), from: 'bio', text: lead };
  }
  return null;
}

/** The employer: the company field, else the part of a "Title at Company" tagline after the title. */
export function companyOf(s: SpeakerInput): Sourced | null {
  if (s.company && squash(s.company)) return { value: squash(s.company), from: 'company', text: s.company };
  if (s.tagline) {
    const [head, tail] = splitTagline(s.tagline);
    if (tail && tail.length <= 60 && seniorityOf(head) !== 'unknown') {
      return { value: tail, from: 'tagline', text: s.tagline };
    }
  }
  const lead = bioLead(s.bio);
  const m = lead ? BIO_ROLE.exec(lead) : null;
  if (m && lead && seniorityOf(m[1]) !== 'unknown') return { value: m[2], from: 'bio', text: lead };
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
