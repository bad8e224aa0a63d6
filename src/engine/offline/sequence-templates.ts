/**
 * Wordings for the connection note: the sender's introduction and the ask. Every line that opens or
 * closes a message carries something of the reader's own (their talk, topic, employer
 * or event), so two people in one campaign rarely get the same sentence; lines that
 * cannot (nothing is known about the reader) come in enough wordings to spread out.
 */
import type { Register } from './style.js';

type Table<A extends unknown[]> = Record<Register, ReadonlyArray<(...args: A) => string>>;

/** "of" a place for those who own or found it, "at" it for the rest. */
const ofAt = (r: string) => (/founder|owner/i.test(r) ? 'of' : 'at');
const FOUNDER = /founder|owner|\bceo\b/i;
type Standing = 'cofounder' | 'founder' | 'lead' | 'staff';
/** Who the sender is at their company: "one of the founders" only of a co-founder, "I started it" only of a founder. */
const standing = (r: string): Standing => (/co-?founder/i.test(r) ? 'cofounder' : /founder/i.test(r) ? 'founder' : FOUNDER.test(r) ? 'lead' : 'staff');
/** The sender said by their standing at their company, in each register. */
const AS_STANDING: Record<Register, Record<Standing, (n: string, c: string) => string>> = {
  casual: {
    cofounder: (n, c) => `I'm ${n}, one of the people behind ${c}.`,
    founder: (n, c) => `I'm ${n}, and I started ${c}.`,
    lead: (n, c) => `I'm ${n}, and I run ${c}.`,
    staff: (n, c) => `I'm ${n}, part of the ${c} team.`,
  },
  neutral: {
    cofounder: (n, c) => `I'm ${n}, one of the founders of ${c}.`,
    founder: (n, c) => `I'm ${n}, and I started ${c}.`,
    lead: (n, c) => `I'm ${n}, and I run ${c}.`,
    staff: (n, c) => `I'm ${n}, part of the ${c} team.`,
  },
  formal: {
    cofounder: (n, c) => `I am ${n}, one of the founders of ${c}.`,
    founder: (n, c) => `I am ${n}, and I founded ${c}.`,
    lead: (n, c) => `I am ${n}, and I lead ${c}.`,
    staff: (n, c) => `I am ${n}, part of the team at ${c}.`,
  },
};

/**
 * The sender says who they are: name, then role and company as far as they are known. Several
 * wordings, so a sample of campaigns read side by side does not open half its notes on one
 * introduction; the last takes no role, for a tight note.
 */
export const INTROS: Table<[name: string, role: string, company: string]> = {
  casual: [
    (n, r, c) => (c ? (r ? `I'm ${n}, ${r} ${ofAt(r)} ${c}.` : `I'm ${n} from ${c}.`) : `I'm ${n}.`),
    (n, r, c) => (c ? (FOUNDER.test(r) ? `I'm ${n}, and I run ${c}.` : `I'm ${n} and I work at ${c}.`) : `I'm ${n}.`),
    (n, r, c) => (c ? `${n} here, from ${c}.` : `${n} here.`),
    (n, r, c) => (c ? (FOUNDER.test(r) ? `I'm ${n}; I'm building ${c}.` : `I'm ${n}; I work on ${c}.`) : `I'm ${n}.`),
    (n, r, c) => (c ? AS_STANDING.casual[standing(r)](n, c) : `I'm ${n}.`),
    (n, r, c) => (c ? `I'm ${n} from ${c}.` : `I'm ${n}.`),
  ],
  neutral: [
    (n, r, c) => (c ? (r ? `I'm ${n}, ${r} ${ofAt(r)} ${c}.` : `I'm ${n} from ${c}.`) : `I'm ${n}.`),
    (n, r, c) => (c ? (FOUNDER.test(r) ? `I'm ${n}, and I run ${c}.` : `I'm ${n} and I work at ${c}.`) : `I'm ${n}.`),
    (n, r, c) => (c ? AS_STANDING.neutral[standing(r)](n, c) : `I'm ${n}.`),
    (n, r, c) => (c ? `I'm ${n} from ${c}.` : `I'm ${n}.`),
  ],
  formal: [
    (n, r, c) => (c ? (r ? `I am ${n}, ${r} ${ofAt(r)} ${c}.` : `I am ${n} of ${c}.`) : `I am ${n}.`),
    (n, r, c) => (c ? AS_STANDING.formal[standing(r)](n, c) : `I am ${n}.`),
    (n, r, c) => (c ? `I am ${n} of ${c}.` : `I am ${n}.`),
  ],
};

/** With no company to name, what the sender works on says who they are. */
export const OFFER_INTROS: Table<[name: string, offer: string]> = {
  casual: [(n, o) => `I'm ${n}; I work on ${o}.`, (n, o) => `I'm ${n}, working on ${o}.`],
  neutral: [(n, o) => `I'm ${n}; I work on ${o}.`, (n, o) => `I'm ${n}, and I work on ${o}.`],
  formal: [(n, o) => `I am ${n}; I work on ${o}.`],
};

/**
 * The note's one question, built from a base and an ending so a campaign spreads over
 * many wordings; an ending may name the reader's topic.
 */
export const CONNECT_ASKS: Record<Register, readonly string[]> = {
  casual: [
    'Open to connecting',
    'Happy to connect',
    'Up for connecting',
    'Mind if we connect',
    'Shall we connect',
    'Would you like to connect',
    'Could we connect',
    'Fancy connecting',
    'Want to connect',
    'Okay to connect',
  ],
  neutral: [
    'Open to connecting',
    'Would you be open to connecting',
    'Shall we connect',
    'Would you like to connect',
    'Could we connect',
    'Mind if we connect',
    'Happy to connect',
    'Would connecting suit you',
    'Up for connecting',
    'Okay to connect',
  ],
  formal: [
    'Would you be open to connecting',
    'Might we connect',
    'Would you be willing to connect',
    'Could we connect',
    'Would connecting suit you',
    'Shall we connect',
    'Would you care to connect',
    'Might I connect with you',
  ],
};

/** How the ask ends: a place or a reason, never a stock line about the reader's topic. */
export const ASK_ENDINGS: Record<Register, readonly string[]> = {
  casual: ['?', ' here?', ' on LinkedIn?', ' sometime?', ', if that works for you?', ', even just to keep in touch?', ' for future chats?', ' on here?'],
  neutral: ['?', ' here?', ' on LinkedIn?', ', if that suits you?', ', even just to stay in touch?', ' sometime?', ' on here?'],
  formal: ['?', ' here?', ' on LinkedIn?', ', should that suit you?', ', if only to stay in touch?'],
};
