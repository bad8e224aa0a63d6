/**
 * What an English bio says the speaker does, in sentences whose subject is the speaker
 * ("He is the president of ClearCode Inc.", "Catherine Garland teaches AP Physics 1 at …",
 * "…, he's on a mission to bridge the gap between …"): their post and where they hold it,
 * what they teach or lead, what they set out to do. Each comes back in the bio's own words,
 * whole or not at all; a sentence about their company or their talk says nothing of them.
 */
import type { SpeakerInput } from '../types.js';
import { withoutLegalForm } from './facts.js';
import { at } from './templates.js';
import { escapeRegex, fold, sentences, squash } from './text.js';

/** Who a bio sentence may be about: a pronoun, or a word of the speaker's name after an optional title. */
function subjectPattern(name: string): string {
  const names = (squash(name).match(/[\p{L}'’-]{2,}/gu) ?? []).map(escapeRegex);
  const who = ['he', 'she', 'they', ...names].join('|');
  const more = names.length ? String.raw`(?:\s+(?:${names.join('|')}))*` : '';
  return String.raw`(?:^|[,;]\s*)(?:(?:currently|today|now|these days)\s*,?\s*)?(?:(?:dr|prof|mr|ms|mrs)\.?\s+)?(?:${who})${more}`;
}

/** The bio's sentences that open on (or turn to) the speaker as subject before `verb`, with what follows the verb. */
function saidOfThem(s: SpeakerInput, verb: string): string[] {
  if (!s.bio) return [];
  const re = new RegExp(`${subjectPattern(s.name)}\\s*(?:is\\s+|['’]s\\s+)?(?:also\\s+|currently\\s+|now\\s+)?(?:${verb})\\s+(.+)$`, 'iu');
  const out: string[] = [];
  for (const sentence of sentences(s.bio.slice(0, 900))) {
    const m = re.exec(sentence);
    // "the president of ClearCode Inc. He is also …": a sentence the stop of "Inc." did not end ends there.
    if (m?.[1]) out.push((m[1].split(/\.\s+(?=\p{Lu}\p{Ll})/u)[0] ?? '').replace(/[.!?]+$/, ''));
  }
  return out;
}

/** "bridge the gap between game development and software engineering" of "he's on a mission to …". */
export function missionOf(s: SpeakerInput): string | null {
  return saidOfThem(s, 'on a mission to')[0] ?? null;
}

/** "AP Physics 1 and Project Lead the Way Aerospace Engineering" of "teaches … at Uncommon Charter High School". */
export function teachingOf(s: SpeakerInput): string | null {
  const rest = saidOfThem(s, 'teaches|teaching')[0];
  // Where they teach is said apart ("at the school", "in Brooklyn"); whom to ("to journalists") and a field ("courses in compilers") stay.
  return rest ? (rest.split(/\s+(?:at|where|since)\s+|\s+in\s+(?=\p{Lu})|,/u)[0] ?? null) : null;
}

const LEAD_VERBS: Record<string, string> = { leads: 'leading', heads: 'heading', runs: 'running', directs: 'directing', manages: 'managing' };

/** "leading the data platform team at Acme" of "She leads the data platform team at Acme": a team or a programme, never "leads to". */
export function leadingOf(s: SpeakerInput): string | null {
  for (const verb of Object.keys(LEAD_VERBS)) {
    const rest = saidOfThem(s, verb)[0];
    if (rest && /^(?:the|a|an)\s/i.test(rest)) return `${LEAD_VERBS[verb]} ${rest}`;
  }
  return null;
}

/** A post one holds: the word it ends on. */
const HEAD =
  '(?:director|head|president|vice[- ]president|chair(?:man|woman|person)?|manager|dean|ceo|cto|coo|cio|cfo|professor|lecturer|editor|coordinator|leader|curator|principal|owner)';
/** Words a post may open on before that word ("Associate Professor", "Managing Director"). */
const BEFORE_HEAD =
  '(?:senior|associate|assistant|deputy|executive|managing|technical|founding|vice|general|chief|principal|program|programme|project|product|engineering|research|scientific|creative|artistic|marketing|operations|development|regional|national|global|interim|acting|division|department|group|team|co-)';
/** An organisation's name after "at" or "of": capitals, with "of", "for", "and" inside ("US Department of Energy"). */
const ORG = String.raw`([A-Z][\w&.'’-]*(?:\s+(?:(?:of|for|and|&|de|del|der|für)\s+)*[A-Z0-9][\w&.'’-]*){0,6})`;

export interface Post {
  /** The post as the bio words it, with what it is of: "Director of the Facilities and Project Management Division". */
  role: string;
  /** Where they hold it, as the bio names it; null when the bio names no place. */
  org: string | null;
}

/** Posts that are "of" the place itself: "the president of ClearCode Inc." names where, "the director of engineering" what. */
const OF_PLACE = /^(?:co-?)?(?:president|vice[- ]president|ceo|cto|coo|cio|cfo|chair\w*|owner)$/i;

/**
 * "the Director of the Facilities and Project Management Division, Office of Nuclear Physics,
 * at the US Department of Energy": the post with its unit, and the place after "at" (an aside
 * between them is left out, as one says it). "the president of ClearCode Inc.": the post, and
 * the named place it is of.
 */
export function postOf(s: SpeakerInput): Post | null {
  const post = new RegExp(String.raw`(?:^|\s)(?:(?:the|an?)\s+)?((?:${BEFORE_HEAD}\s*){0,2}${HEAD})\s+(of|at)\s+(the\s+)?(.+)$`, 'i');
  for (const rest of saidOfThem(s, 'is|serves as|works as')) {
    // "a free software programmer and the president of ClearCode Inc.": the post may come second.
    for (const part of rest.split(/\s+and\s+(?=(?:the|an?)\s)/i)) {
      const m = post.exec(part);
      const found = m ? read(squash(m[1] as string), (m[2] as string).toLowerCase(), m[4] as string, !!m[3]) : null;
      if (found) return found;
    }
  }
  return null;
}

const NAMED = new RegExp(`^${ORG}(?=$|[,;]|\\s+(?:in|where|since|which|who)\\b)`);
/** A name that goes on past a comma ("the Center for Distributive, Labor and Social Studies"): cut there, it is half a name. */
const GOES_ON = /^,\s+[A-Z][\w-]*(?:\s+(?:and|&|of|for)\s+|,)/;

/** The organisation a text opens on, whole, or null. */
function named(text: string): string | null {
  const m = NAMED.exec(text);
  return m && !GOES_ON.test(text.slice((m[1] as string).length)) ? (m[1] as string) : null;
}

/** The post and place of "head of/at rest", whole, or null when the bio's words do not read as one. */
function read(head: string, prep: string, rest: string, the: boolean): Post | null {
  if (prep === 'at') {
    const org = named(rest);
    return org ? { role: head, org: place(org) } : null;
  }
  // "Director of the Facilities and Project Management Division, Office of Nuclear Physics, at the US Department of Energy".
  const unit = /^([^,;]+?)(?:,[^,;]{2,60},)?\s+at\s+(?:the\s+)?(.+)$/.exec(rest);
  const org = unit ? named(unit[2] as string) : null;
  if (unit && org) {
    const of = squash(unit[1] as string);
    // The unit is a name or a field ("the Facilities and Project Management Division", "computer science"), not a clause.
    if (of.split(' ').length > 9 || /\b(?:who|which|where|that|his|her|their|its)\b/i.test(of)) return null;
    return { role: `${head} of ${the ? 'the ' : ''}${of}`, org: place(org) };
  }
  // "president of ClearCode Inc.", "president of the Quillpress Foundation": a name right after "of" is the place,
  // after "the" only when English says it with "the" ("the Board" is no place).
  const name = OF_PLACE.test(head) ? named(rest) : null;
  return name && (!the || at(name).startsWith(' at the ')) ? { role: head, org: place(name) } : null;
}

/** A place as a sentence says it: without its legal form, the full stop of "Inc." left off. */
const place = (name: string): string => withoutLegalForm(name.replace(/[.]+$/, '').trim()).trim();

/** Whether the bio's place is the employer the page gives ("US Department of Energy" is the Department of Energy). */
export const samePlace = (bio: string, company: string): boolean => fold(bio).includes(fold(company));
