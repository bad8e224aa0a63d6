/**
 * Sentence templates by register. Each table holds a few wordings of the same move;
 * the draft picks one by a hash of the speaker's name so a campaign does not read
 * identical, and the same speaker always gets the same words.
 *
 * A template may only use what `Facts` holds. None states a number, a quote other
 * than a talk title, or a company the signals did not name.
 */
import type { Register } from './style.js';

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
export const at = (place: string | null) => (place ? ` at ${place}` : '');

export const TALK_OPENERS: Table<[talk: string, where: string]> = {
  casual: [
    (t, w) => `your talk "${t}"${w} caught my eye.`,
    (t, w) => `"${t}"${w} looks like a great session.`,
    (t, w) => `saw your talk "${t}"${w} and liked the topic.`,
    (t, w) => `"${t}"${w} is a session I'd happily attend.`,
    (t, w) => `spotted "${t}"${w} on the schedule.`,
    (t, w) => `the title "${t}"${w} made me curious.`,
  ],
  neutral: [
    (t, w) => `your talk "${t}"${w} caught my attention.`,
    (t, w) => `I noticed your session "${t}"${w}.`,
    (t, w) => `I saw "${t}"${w} on the schedule and liked the topic.`,
    (t, w) => `"${t}"${w} stood out to me on the schedule.`,
    (t, w) => `the topic of "${t}"${w} is close to what I work on.`,
    (t, w) => `I came across your session "${t}"${w}.`,
  ],
  formal: [
    (t, w) => `I noticed your session "${t}"${w}.`,
    (t, w) => `your talk "${t}"${w} caught my attention.`,
    (t, w) => `I saw your session "${t}"${w} on the programme.`,
    (t, w) => `I read the abstract of "${t}"${w} with interest.`,
  ],
};

export const THEME_OPENERS: Table<[theme: string, where: string]> = {
  casual: [
    (t, w) => `your work on ${t}${w} caught my eye.`,
    (t, w) => `I see you work on ${t}${w}.`,
    (t, w) => `your ${t} work${w} got my attention.`,
  ],
  neutral: [
    (t, w) => `your work on ${t}${w} caught my attention.`,
    (t, w) => `I see you work on ${t}${w}.`,
    (t, w) => `your ${t} work${w} stood out to me.`,
  ],
  formal: [
    (t, w) => `your work on ${t}${w} caught my attention.`,
    (t, w) => `I understand you work on ${t}${w}.`,
  ],
};

const asRole = (r: string | null) => (r ? ` as ${article(r)} ${r}` : '');

/** Their job, only as the page states it: a role with its employer, or the employer alone. */
export const ROLE_OPENERS: Table<[role: string | null, company: string]> = {
  casual: [(r, c) => `your work${asRole(r)} at ${c} caught my eye.`, (r, c) => `I see you work${asRole(r)} at ${c}.`],
  neutral: [(r, c) => `your work${asRole(r)} at ${c} caught my attention.`, (r, c) => `I see you work${asRole(r)} at ${c}.`],
  formal: [(r, c) => `your work${asRole(r)} at ${c} caught my attention.`],
};

export const PLAIN_OPENERS: Table<[conference: string | null]> = {
  casual: [
    (c) => (c ? `saw you're on the ${c} speaker list.` : `saw you're on a conference speaker list I follow.`),
    (c) => (c ? `spotted your name among the ${c} speakers.` : `spotted your name on a speaker list I follow.`),
  ],
  neutral: [
    (c) => (c ? `I saw you on the ${c} speaker list.` : `I saw you on a conference speaker list.`),
    (c) => (c ? `I came across your name among the ${c} speakers.` : `I came across your name on a conference programme.`),
  ],
  formal: [(c) => (c ? `I saw your name on the ${c} speaker list.` : `I saw your name on a conference speaker list.`)],
};

export const THEME_BRIDGES: Table<[theme: string]> = {
  casual: [
    (t) => `Always up for swapping notes on ${t}.`,
    (t) => `Keen to follow more of your work on ${t}.`,
  ],
  neutral: [
    (t) => `I'd like to follow more of your work on ${t}.`,
    (t) => `Always good to meet people working on ${t}.`,
  ],
  formal: [
    (t) => `I would value following your work on ${t}.`,
    (t) => `It would be good to follow your work on ${t}.`,
  ],
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
