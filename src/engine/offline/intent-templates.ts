/**
 * Wordings for intent leads: people met through something they did on LinkedIn, not a
 * talk. `activity` is an intent_activity signal's value, e.g. "your comment on a post
 * about Postgres" or "you started a new role at Acme", and reads after "saw" or "noticed".
 */
import type { Register } from './style.js';

type Table<A extends unknown[]> = Record<Register, ReadonlyArray<(...args: A) => string>>;

export const INTENT_OPENERS: Table<[activity: string]> = {
  casual: [(a) => `saw ${a} and wanted to say hi.`, (a) => `noticed ${a}.`],
  neutral: [(a) => `I noticed ${a}.`, (a) => `I saw ${a} and wanted to reach out.`],
  formal: [(a) => `I noticed ${a}.`, (a) => `I saw ${a} and wished to reach out.`],
};
