/**
 * Sentence templates by register. Each table holds a few wordings of the same move;
 * the draft picks one by a hash of the speaker's name so a campaign does not read
 * identical, and the same speaker always gets the same words.
 *
 * A template may only use what `Facts` holds. None states a number, a quote other
 * than a talk title, or a company the signals did not name.
 */
import type { Register } from './style.js';
import { cross } from './variants.js';

type Table<A extends unknown[]> = Record<Register, ReadonlyArray<(...args: A) => string>>;

const ACRONYM = /^[A-Z][A-Z0-9]+\b/;
const VOWEL_SOUND = /^(?:[aeio](?!ne\b|nce\b)|u(?!ni|se|su|ro|ti|ku)|hour|honest)/i;
const CONSONANT_SOUND = /^(?:eu|one\b|once\b)/i;

/** "a" or "an" by how the word sounds: "an SRE", "a CTO", "an engineer", "a user". */
export function article(word: string): string {
  if (ACRONYM.test(word)) return 'AEFHILMNORSX'.includes(word[0]) ? 'an' : 'a';
  return VOWEL_SOUND.test(word) && !CONSONANT_SOUND.test(word) ? 'an' : 'a';
}

/** ` at Acme` or nothing. */
/**
 * "University of Bath", "Georgia Institute of Technology", "European Commission" and "European
 * Testing Conference 2016" take "the" after "at"; "Columbia University", "Chalmers University of
 * Technology" (a name before "University") and "Acme" do not.
 */
const NEEDS_THE =
  /^(?:(?:University|College|Department|Ministry|Office|Bank|Museum|Centre|Center|Faculty|Academy|Laboratory|Council|School|Institute)\s(?:of|for)\s|(?:\p{Lu}\p{Ll}+\s){1,2}(?:Institute|Department|Ministry|Museum|Centre|Center|Faculty|Academy|Laboratory|Council)\s(?:of|for)\s|(?:[\p{Lu}\d][\p{L}\d.&-]*\s){1,5}(?:Commission|Parliament|Council|Agency|Foundation|Institute|Society|Union|Ministry|Office|Community|Project|Association|Initiative|Alliance|Consortium|Conference|Summit|Summer School|Winter School|Symposium|Congress|Convention|Bank of \p{Lu}\p{Ll}+)(?:\s(?:19|20)\d\d)?$)/u;
export const at = (place: string | null) => (place ? ` at ${NEEDS_THE.test(place) ? 'the ' : ''}${place}` : '');

/**
 * What a talk did, said of a talk at an event to come ("sounds like one to catch") or of one
 * given already or of no known date (said as what it did, never as one to catch). Each list
 * holds a dozen and more wordings, so a sample of campaigns read side by side does not meet
 * one of them in every sixth note (readers counted "stood out to me" ten times in 55).
 */
const TALK_PREDICATES: Record<Register, readonly string[]> = {
  casual: [
    'caught my eye',
    'got my attention',
    'made me curious',
    "is one I'd like to hear",
    'jumped out at me on the schedule',
    'sounds like one to catch',
    'made me want to hear more',
    'got me curious about the details',
    'is on my list of ones to catch',
    'looks like one not to miss',
    'is why I looked you up',
    'put you on my radar',
  ],
  neutral: [
    'caught my attention',
    'got my attention',
    'made me curious',
    'is one I would like to hear',
    'stood out on the schedule',
    'sounds like a session worth catching',
    'caught my interest',
    'made me want to know more',
    'looks well worth hearing',
    'stood out among the sessions',
    'is why I looked you up',
    'put you on my radar',
  ],
  formal: [
    'caught my attention',
    'drew my attention',
    'stood out on the programme',
    'is one I would like to hear',
    'struck me as worth hearing',
    'stood out among the sessions',
    'prompted me to look you up',
    'brought your work to my attention',
  ],
};
const DONE_PREDICATES: Record<Register, readonly string[]> = {
  casual: [
    'caught my eye',
    'got my attention',
    'made me want to hear more',
    'got me curious about the details',
    'is why I looked you up',
    'put you on my radar',
    'is how I came across your name',
    'led me to your profile',
    'piqued my interest',
    'grabbed my attention',
    'caught my interest',
    'is what made me look you up',
    'drew me to your profile',
    'is how you ended up on my radar',
  ],
  neutral: [
    'caught my attention',
    'got my attention',
    'made me curious',
    'caught my interest',
    'made me want to know more',
    'stood out among the sessions',
    'is why I looked you up',
    'led me to your profile',
    'put you on my radar',
    'drew my attention',
    'piqued my interest',
    'is how I came across your name',
    'is what brought you to my attention',
  ],
  formal: [
    'caught my attention',
    'drew my attention',
    'stood out on the programme',
    'struck me as worth hearing',
    'led me to look into it further',
    'stood out among the sessions',
    'prompted me to look you up',
    'brought your work to my attention',
    'is how I came across your name',
  ],
};

/** `k` is what the session is ("talk", "panel", "workshop"): a panel, or a session several people share, is not "your talk". */
const own = (k: string) => (k === 'panel' || k === 'session' ? `the ${k}` : `your ${k}`);
const TALK_SUBJECTS: Record<Register, ReadonlyArray<(t: string, w: string, k: string) => string>> = {
  casual: [(t, w, k) => `${own(k)} "${t}"${w}`, (t, w, k) => (k === 'talk' ? `your session "${t}"${w}` : `${own(k)} "${t}"${w}`), (t, w) => `"${t}"${w}`],
  neutral: [(t, w, k) => `${own(k)} "${t}"${w}`, (t, w, k) => (k === 'talk' ? `your session "${t}"${w}` : `${own(k)} "${t}"${w}`), (t, w) => `"${t}"${w}`],
  formal: [
    (t, w, k) => `${own(k)} "${t}"${w}`,
    (t, w, k) => (k === 'talk' ? `your session "${t}"${w}` : `${own(k)} "${t}"${w}`),
    (t, w, k) => (k === 'talk' ? `your presentation "${t}"${w}` : `${own(k)} "${t}"${w}`),
  ],
};

const ends = <A extends unknown[]>(words: readonly string[]): Array<(...a: A) => string> => words.map((p) => () => `${p}.`);
const byRegister = <A extends unknown[]>(
  subjects: Record<Register, ReadonlyArray<(...a: A) => string>>,
  predicates: Record<Register, readonly string[]>,
): Table<A> => ({
  casual: cross(subjects.casual, ends<A>(predicates.casual)),
  neutral: cross(subjects.neutral, ends<A>(predicates.neutral)),
  formal: cross(subjects.formal, ends<A>(predicates.formal)),
});

export const TALK_OPENERS: Table<[talk: string, where: string, kind: string]> = byRegister(TALK_SUBJECTS, TALK_PREDICATES);
/** The same of a talk already given, or of an event of no known date. */
export const DONE_TALK_OPENERS: Table<[talk: string, where: string, kind: string]> = byRegister(TALK_SUBJECTS, DONE_PREDICATES);

/** What someone does, not a talk: the same predicates, minus those about a schedule. */
const WORK_PREDICATES: Record<Register, readonly string[]> = {
  casual: [
    'caught my eye',
    'put you on my radar',
    'got my attention',
    'is what drew me to your profile',
    "is why I'm writing",
    'is what made me write',
    'is the reason for this note',
    'got me reading more',
    'got me thinking',
    'is what brought me here',
  ],
  neutral: [
    'caught my attention',
    'put you on my radar',
    'got my attention',
    'is what drew me to your profile',
    'is why I am writing',
    'is what made me write',
    'is the reason for this note',
    'got me thinking',
    'is what brought me here',
    'stood out on the programme',
  ],
  formal: [
    'caught my attention',
    'stood out to me',
    'drew my attention',
    'prompted me to read further',
    'is the reason for this note',
    'prompted this note',
    'is one I would like to hear',
    'is why I am writing',
  ],
};

export const THEME_OPENERS: Table<[theme: string, where: string]> = byRegister(
  {
    casual: [(t, w) => `your work on ${t}${w}`, (t, w) => `your ${t} work${w}`],
    neutral: [(t, w) => `your work on ${t}${w}`, (t, w) => `your ${t} work${w}`],
    formal: [(t, w) => `your work on ${t}${w}`, (t, w) => `your ${t} work${w}`],
  },
  WORK_PREDICATES,
);

/** A fact from their bio, already a noun phrase ("your research on soft-matter materials"). */
export const FOCUS_OPENERS: Table<[ref: string]> = byRegister({ casual: [(r) => r], neutral: [(r) => r], formal: [(r) => r] }, WORK_PREDICATES);

/** Roles one person holds at a place (a CEO, the head of a team): said without "a". */
const SOLE_ROLE =
  /^(?:co-?founder|founder|ceo|cto|cio|coo|cfo|cpo|cmo|chief\b|head\b|director\b|managing director|(?:co-?)?president|vice[- ]president|vp\b|chair\w*|owner|principal investigator)/i;
/** Chiefs and founders are "of" a place: "CEO of La Martina". */
const OF_ROLE = /^(?:co-?founder|founder|ceo|cto|cio|coo|cfo|cpo|cmo|chief\b|(?:co-?)?president|chair\w*|owner)/i;

/** "a software developer at SoftServe", "CEO of La Martina", "Head of Data at Acme": a role as it reads after "as". */
export function roleAt(role: string, company: string | null): string {
  const said = SOLE_ROLE.test(role) ? role : `${article(role)} ${role}`;
  const where = at(company);
  return `${said}${OF_ROLE.test(role) ? where.replace(/^ at /, ' of ') : where}`;
}

const asRole = (r: string | null, c: string) => (r ? ` as ${roleAt(r, c)}` : at(c));

/** Their job, only as the page states it: a role with its employer, or the employer alone. */
export const ROLE_OPENERS: Table<[role: string | null, company: string]> = byRegister(
  {
    casual: [
      (r, c) => `your work${asRole(r, c)}`,
      (r, c) => (r ? `your role as ${roleAt(r, c)}` : `what you do${at(c)}`),
      (r, c) => (r ? `your job as ${roleAt(r, c)}` : `the work you do${at(c)}`),
    ],
    neutral: [
      (r, c) => `your work${asRole(r, c)}`,
      (r, c) => (r ? `your role as ${roleAt(r, c)}` : `what you do${at(c)}`),
      (r, c) => (r ? `your job as ${roleAt(r, c)}` : `the work you do${at(c)}`),
    ],
    formal: [
      (r, c) => `your work${asRole(r, c)}`,
      (r, c) => (r ? `your role as ${roleAt(r, c)}` : `your work${at(c)}`),
      (r, c) => (r ? `your position as ${roleAt(r, c)}` : `your work${at(c)}`),
    ],
  },
  WORK_PREDICATES,
);

const SAW: Record<Register, readonly string[]> = {
  casual: ['saw', 'spotted', 'noticed', 'found'],
  neutral: ['I saw', 'I spotted', 'I noticed', 'I found'],
  formal: ['I saw', 'I noticed', 'I found'],
};
const ON_LIST: ReadonlyArray<(c: string) => string> = [
  (c) => `your name on the ${c} speaker list`,
  (c) => `you among the ${c} speakers`,
  (c) => `you on the ${c} programme`,
  (c) => `your name in the ${c} line-up`,
  (c) => `you on the ${c} schedule`,
  (c) => `your name among the ${c} sessions`,
];
const ON_SOME_LIST: readonly string[] = [
  'your name on a conference speaker list',
  'you on a conference programme',
  'your name in a conference line-up',
  'you among the speakers of a conference I follow',
  'you on a conference schedule',
  'your name on a speaker page',
];
const AND_THEN: Record<Register, readonly string[]> = {
  casual: ['', ' and wanted to say hello', ' and thought I would say hi'],
  neutral: ['', ' and wanted to say hello', ' and thought I would introduce myself'],
  formal: ['', ' and wished to introduce myself'],
};

function plainOpeners(r: Register): Array<(c: string | null) => string> {
  const out: Array<(c: string | null) => string> = [];
  const verbs = SAW[r];
  const tails = AND_THEN[r];
  for (let k = 0; k < verbs.length * ON_LIST.length * tails.length; k++) {
    const v = verbs[k % verbs.length];
    const i = Math.floor(k / verbs.length) % ON_LIST.length;
    const t = tails[Math.floor(k / (verbs.length * ON_LIST.length))];
    out.push((c) => `${v} ${c ? ON_LIST[i](c) : ON_SOME_LIST[i]}${t}.`);
  }
  return out;
}

export const PLAIN_OPENERS: Table<[conference: string | null]> = {
  casual: plainOpeners('casual'),
  neutral: plainOpeners('neutral'),
  formal: plainOpeners('formal'),
};

export const DEFAULT_CTAS: Record<Register, string> = {
  casual: 'Up for a short call next week?',
  neutral: 'Would a short call next week work for you?',
  formal: 'Would you be open to a short call next week?',
};

export const PITCH_LEADS: Record<Register, string> = {
  casual: "I'm working on",
  neutral: "I'm working on",
  formal: 'I am working on',
};
