/** Who the speaker is, read from title, tagline and bio when fields are missing. */
import type { SpeakerInput } from '../types.js';
import { companyProblem, titleProblem, withoutTrailingUrl } from '../../scrape/normalize-org.js';
import { looksLikeJobTitle, splitTagline } from '../../scrape/normalize-tagline.js';
import { englishRole } from '../../qa/role-words.js';
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
// "with" and "of" are left out: "an engineer with 9+ years" names no employer. "for" names
// one only after "works": "a trainer for Java" names a topic. The role never spans an "at"
// ("researcher at the Center"), and the employer runs over "of", "for", "de" inside a
// name ("Georgia Institute of Technology", "Universidad Nacional de La Plata").
const BIO_ROLE =
  /\b(?:is|am|works as|serves as|currently)\s+(?:(?:currently|presently|now|also)\s+)?(?:(?:serving|working) as\s+)?(?:an?|the|our)?\s*([A-Za-z](?:(?!\s(?:at|for)\s)[^.,;:()]){2,60}?)\s+(?:at|@)\s+(?:the\s+)?([A-Z][\w&.'’-]*(?:\s+(?:(?:of|for|de|del|da|do|di|la|le|der|für|and|&)\s+)*[A-Z0-9][\w&.'’-]*){0,6})(.{0,80})/s;
const BIO_EMPLOYER = /\bwork(?:s|ing)? (?:at|for) (?:the\s+)?([A-Z][\w&.'’-]*(?:\s+(?:(?:of|for|de|and|&)\s+)*[A-Z0-9][\w&.'’-]*){0,6})(.{0,80})/s;
/** "(CEDLAS)" right after a name: the short form the text itself gives. */
const ABBREVIATION_AFTER = /^\s*\(([A-Z][A-Za-z&]{1,9})\)/;
/** A name that goes on past a comma ("the Center for Distributive, Labor and Social Studies") was cut. */
const NAME_GOES_ON = /^,\s+[A-Z][\w-]*(?:\s+(?:and|&|of|for)\s+|,)/;
/** Words that mark the end of a job title: what follows describes the person, not the job. */
const ROLE_TAIL = /\s+(?:with|who|that|which|passionate|since|from|by day|and a|and an|in the)\b.*$/i;

/**
 * An employer as the bio writes it: whole, or the short form the text gives in brackets.
 * One cut short (a comma inside the name, no short form) is no answer: half a name is wrong.
 */
function wholeEmployer(name: string, after: string): string | null {
  const abbreviation = ABBREVIATION_AFTER.exec(after);
  if (abbreviation) return abbreviation[1];
  if (NAME_GOES_ON.test(after)) {
    const later = /\(([A-Z][A-Za-z&]{1,9})\)/.exec(after);
    return later ? later[1] : null;
  }
  return name.replace(/[.'’-]+$/, '');
}

interface BioJob {
  role: string | null;
  company: string | null;
}

function bioJob(lead: string | null): BioJob | null {
  if (!lead) return null;
  const m = BIO_ROLE.exec(lead);
  if (m && seniorityOf(m[1]) !== 'unknown' && !titleProblem(m[1])) {
    const company = wholeEmployer(m[2], m[3] ?? '');
    return { role: squash(m[1]).replace(ROLE_TAIL, ''), company: company && !companyProblem(company) ? company : null };
  }
  const w = BIO_EMPLOYER.exec(lead);
  const company = w ? wholeEmployer(w[1], w[2] ?? '') : null;
  return company && !companyProblem(company) ? { role: null, company } : null;
}

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
  // "Coprésidente", "软件工程师": a title of another language the role map knows is a job title too.
  if (title && !titleProblem(title) && (seniorityOf(title) !== 'unknown' || looksLikeJobTitle(title) || englishRole(title))) {
    return { value: title, from: 'title', text: s.title as string };
  }
  // A tagline is a job line only when it names the employer too ("Engineer at Acme"); alone
  // it is a self-description ("Polyglot software engineer", "Developer with an MA in art").
  if (s.tagline) {
    const { title: head, company } = taglineParts(s.tagline);
    if (head && company && head.length <= 80 && !SENTENCE_LIKE.test(head) && !titleProblem(head) && (seniorityOf(head) !== 'unknown' || englishRole(head))) {
      return { value: head.replace(ROLE_TAIL, ''), from: 'tagline', text: s.tagline };
    }
  }
  const lead = bioLead(s.bio);
  const job = bioJob(lead);
  if (job?.role && lead) return { value: job.role, from: 'bio', text: lead };
  // "Comissària i historiadora de l'art.": a bio that opens on a bare title of another language.
  const bare = lead?.replace(/[.]$/, '').trim();
  if (bare && bare.split(/\s+/).length <= 6 && englishRole(bare)) return { value: bare, from: 'bio', text: lead as string };
  return null;
}

/**
 * The employer: the company field, else the company of a "Title at Company" tagline, else
 * "is a Role at Company" in the bio. Whatever does not read as an employer (an award, a
 * number, pronouns, a place, a job title) is no answer: when unsure the company stays empty.
 */
export function companyOf(s: SpeakerInput): Sourced | null {
  // "JUNIPER (https://www.juniper.net/)": the name, without the address a page put after it.
  const field = squash(withoutTrailingUrl(s.company ?? ''));
  if (field) return companyProblem(field) ? null : { value: field, from: 'company', text: s.company as string };
  if (s.tagline) {
    const parts = taglineParts(s.tagline);
    if (parts.company && parts.title && parts.company.length <= 60 && !companyProblem(parts.company)) {
      return { value: parts.company, from: 'tagline', text: s.tagline };
    }
  }
  const lead = bioLead(s.bio);
  const job = bioJob(lead);
  if (job?.company && lead) return { value: job.company, from: 'bio', text: lead };
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
