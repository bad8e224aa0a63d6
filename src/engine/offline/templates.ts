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
    (t, w) => `always nice to find someone deep in ${t}${w}.`,
  ],
  neutral: [
    (t, w) => `your work on ${t}${w} caught my attention.`,
    (t, w) => `I see you work on ${t}${w}.`,
    (t, w) => `I came across your work on ${t}${w}.`,
  ],
  formal: [
    (t, w) => `your work on ${t}${w} caught my attention.`,
    (t, w) => `I understand you work on ${t}${w}.`,
  ],
};

export const ROLE_OPENERS: Table<[role: string, where: string]> = {
  casual: [(r, w) => `I see you're ${article(r)} ${r}${w}.`],
  neutral: [(r, w) => `I see you're ${article(r)} ${r}${w}.`],
  formal: [(r, w) => `I understand you are ${article(r)} ${r}${w}.`],
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

export const INTROS: Table<[name: string, role: string]> = {
  casual: [(n, r) => `I'm ${n}${r ? `, ${r}` : ''}.`],
  neutral: [(n, r) => `I'm ${n}${r ? `, ${r}` : ''}.`],
  formal: [(n, r) => `I am ${n}${r ? `, ${r}` : ''}.`],
};

/** Each is a question: the note's one ask, and nothing else in it asks. */
export const CONNECT_ASKS: Table<[]> = {
  casual: [() => 'Up for connecting?', () => 'Open to connecting?', () => 'Mind if we connect?', () => 'Happy to connect?'],
  neutral: [() => 'Open to connecting?', () => 'Would you be open to connecting?', () => 'Shall we connect?', () => 'Would you like to connect?'],
  formal: [() => 'Would you be open to connecting?', () => 'Might we connect here?'],
};

export const THANKS: Table<[]> = {
  casual: [() => 'Thanks for connecting!', () => 'Good to be connected.', () => 'Thanks for the connect.', () => 'Glad to be connected here.'],
  neutral: [() => 'Thanks for connecting.', () => "Glad we're connected.", () => 'Thank you for accepting.', () => 'Good to be connected here.'],
  formal: [() => 'Thank you for connecting.', () => 'Thank you for accepting my invitation.', () => 'I appreciate you accepting my invitation.'],
};

/** A thank-you that names the event both are tied to; neutral on tense, since dates are unknown. */
export const EVENT_THANKS: Table<[event: string]> = {
  casual: [(e) => `Thanks for connecting, and for being part of ${e}.`, (e) => `Good to be connected; I found you on the ${e} line-up.`],
  neutral: [(e) => `Thanks for connecting after I found you on the ${e} programme.`, (e) => `Glad we're connected; I found you through ${e}.`],
  formal: [(e) => `Thank you for connecting; I found you through the ${e} programme.`],
};

export const THEME_RELEVANCE: Table<[theme: string]> = {
  casual: [
    (t) => `Given your work on ${t}, I thought of you.`,
    (t) => `With all your ${t} work, this seemed worth a mention.`,
    (t) => `Your ${t} work is why I'm writing.`,
    (t) => `Since you spend time on ${t}, this might interest you.`,
  ],
  neutral: [
    (t) => `With your focus on ${t}, this seemed worth sharing.`,
    (t) => `Given your work on ${t}, I thought of you.`,
    (t) => `Your work on ${t} is why I'm reaching out.`,
    (t) => `Since ${t} is part of your work, this may be relevant.`,
  ],
  formal: [
    (t) => `Given your focus on ${t}, I thought this could be relevant.`,
    (t) => `In light of your work on ${t}, this may be of interest.`,
    (t) => `Your work on ${t} is the reason for my note.`,
  ],
};

export const ROLE_RELEVANCE: Table<[role: string, where: string]> = {
  casual: [(r, w) => `As ${article(r)} ${r}${w}, you might find this relevant.`, (r, w) => `Thought of you as ${article(r)} ${r}${w}.`],
  neutral: [(r, w) => `As ${article(r)} ${r}${w}, you may find this relevant.`, (r, w) => `Your role as ${article(r)} ${r}${w} made me think of you.`],
  formal: [(r, w) => `As ${article(r)} ${r}${w}, you may find this relevant.`],
};

export const TALK_RELEVANCE: Table<[talk: string]> = {
  casual: [(t) => `Your talk "${t}" is what made me think of you.`],
  neutral: [(t) => `Your talk "${t}" is what made me think of you.`],
  formal: [(t) => `Your session "${t}" prompted this note.`],
};

/** After a pitch that names a problem: does the reader have it too? */
export const SOFT_QUESTIONS: Table<[where: string]> = {
  casual: [(w) => `Is that something you run into${w}?`, (w) => `Does that match what you see${w}?`],
  neutral: [(w) => `Is that something you run into${w}?`, (w) => `Does that match what you see${w}?`],
  formal: [(w) => `Is this something you encounter${w}?`, (w) => `Does this reflect what you see${w}?`],
};

/** After a pitch that names no problem, asking whether they "run into" it makes no sense. */
export const FIT_QUESTIONS: Table<[where: string]> = {
  casual: [(w) => `Could that be useful for your team${w}?`, (w) => `Would that help${w}?`, () => 'Worth a look, do you think?'],
  neutral: [(w) => `Could that be useful for your team${w}?`, (w) => `Would that be relevant${w}?`, () => 'Would that be of interest?'],
  formal: [(w) => `Might that be of use to your team${w}?`, (w) => `Would that be relevant to your work${w}?`],
};

export const FOLLOW_UP_OPENERS: Table<[]> = {
  casual: [() => 'One last note from me.', () => 'Quick follow-up.', () => 'Circling back once.', () => "Last one from me, promise."],
  neutral: [() => 'A quick follow-up.', () => 'One more note from me.', () => 'Following up on my last message.', () => 'A short follow-up from my side.'],
  formal: [() => 'A brief follow-up to my last message.', () => 'One further note.', () => 'Allow me one short follow-up.'],
};

export const TALK_TIE_INS: Table<[talk: string]> = {
  casual: [(t) => `It fits right in with your talk "${t}".`, (t) => `Felt relevant after reading about "${t}".`],
  neutral: [(t) => `It connects well with the topic of your talk "${t}".`, (t) => `I thought of it again after reading about "${t}".`],
  formal: [(t) => `It relates closely to the subject of your talk "${t}".`],
};

/** The same tie, said first in the message: it cannot lean on an "it" said before. */
export const TALK_LEADS: Table<[talk: string]> = {
  casual: [(t) => `Your talk "${t}" came to mind again.`, (t) => `Still thinking about the topic of "${t}".`],
  neutral: [(t) => `Your talk "${t}" came to mind again.`, (t) => `The topic of "${t}" stayed with me.`],
  formal: [(t) => `Your session "${t}" has stayed on my mind.`],
};

export const THEME_LEADS: Table<[theme: string]> = {
  casual: [(t) => `Still thinking about your ${t} work.`, (t) => `Your ${t} work came to mind again.`],
  neutral: [(t) => `Your ${t} work came to mind again.`, (t) => `I keep coming back to your work on ${t}.`],
  formal: [(t) => `Your work on ${t} came to mind again.`],
};

export const THEME_TIE_INS: Table<[theme: string]> = {
  casual: [(t) => `Could be handy for your ${t} work.`, (t) => `Might save you time on the ${t} side.`],
  neutral: [(t) => `It could be useful for your ${t} work.`, (t) => `It may fit the ${t} work you do.`],
  formal: [(t) => `It may be useful for your work on ${t}.`],
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
