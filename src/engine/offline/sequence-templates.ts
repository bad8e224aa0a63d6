/**
 * Wordings for the follow-ups and the sender's introduction. Every line that opens or
 * closes a message carries something of the reader's own (their talk, topic, employer
 * or event), so two people in one campaign rarely get the same sentence; lines that
 * cannot (nothing is known about the reader) come in enough wordings to spread out.
 */
import type { Register } from './style.js';

type Table<A extends unknown[]> = Record<Register, ReadonlyArray<(...args: A) => string>>;

const cap = (t: string) => (t ? t[0].toUpperCase() + t.slice(1) : t);

/** The sender says who they are: name, then role and company as far as they are known. */
export const INTROS: Table<[name: string, role: string, company: string]> = {
  casual: [
    (n, r, c) => (c ? (r ? `I'm ${n}, ${r} ${/founder|owner/i.test(r) ? 'of' : 'at'} ${c}.` : `I'm ${n} from ${c}.`) : `I'm ${n}.`),
    (n, r, c) => (c ? `I'm ${n} from ${c}.` : `I'm ${n}.`),
  ],
  neutral: [
    (n, r, c) => (c ? (r ? `I'm ${n}, ${r} ${/founder|owner/i.test(r) ? 'of' : 'at'} ${c}.` : `I'm ${n} from ${c}.`) : `I'm ${n}.`),
    (n, r, c) => (c ? `I'm ${n} from ${c}.` : `I'm ${n}.`),
  ],
  formal: [(n, r, c) => (c ? (r ? `I am ${n}, ${r} ${/founder|owner/i.test(r) ? 'of' : 'at'} ${c}.` : `I am ${n} of ${c}.`) : `I am ${n}.`)],
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
  casual: ['Open to connecting', 'Happy to connect', 'Up for connecting', 'Mind if we connect', 'Shall we connect', 'Would you like to connect', 'Could we connect', 'Fancy connecting', 'Want to connect', 'Okay to connect'],
  neutral: ['Open to connecting', 'Would you be open to connecting', 'Shall we connect', 'Would you like to connect', 'Could we connect', 'Mind if we connect', 'Happy to connect', 'Would connecting suit you', 'Up for connecting', 'Okay to connect'],
  formal: ['Would you be open to connecting', 'Might we connect', 'Would you be willing to connect', 'Could we connect', 'Would connecting suit you', 'Shall we connect', 'Would you care to connect', 'Might I connect with you'],
};

export const ASK_ENDINGS: Table<[topic: string | null]> = {
  casual: [() => '?', () => ' here?', (t) => (t ? ` and swap notes on ${t}?` : ' on here?'), (t) => (t ? `, given the ${t} overlap?` : ' while I\'m at it?')],
  neutral: [() => '?', () => ' here?', (t) => (t ? ` and compare notes on ${t}?` : ' on LinkedIn?'), (t) => (t ? `, given our shared interest in ${t}?` : ' for future reference?')],
  formal: [() => '?', () => ' here?', (t) => (t ? ` to exchange views on ${t}?` : ' on LinkedIn?')],
};

/** The second message opens on the angle; `ref` is e.g. `your talk "X"` or `your work on observability`. */
export const LEADS: Table<[ref: string]> = {
  casual: [
    (r) => `Thanks for connecting; ${r} is the reason I wrote.`,
    (r) => `${cap(r)} is what made me write.`,
    (r) => `Glad we're connected; ${r} stuck with me.`,
    (r) => `${cap(r)} is close to what I work on every day.`,
    (r) => `Thanks for the connect; ${r} lines up with what I do.`,
  ],
  neutral: [
    (r) => `Thanks for connecting; ${r} is the reason I wrote.`,
    (r) => `${cap(r)} is what prompted me to write.`,
    (r) => `Glad we're connected; ${r} stayed with me.`,
    (r) => `${cap(r)} is close to what I work on every day.`,
    (r) => `Thank you for connecting; ${r} lines up with what I do.`,
  ],
  formal: [
    (r) => `Thank you for connecting; ${r} is the reason for my note.`,
    (r) => `${cap(r)} prompted this note.`,
    (r) => `${cap(r)} is close to the work I do.`,
  ],
};

/** With nothing of the reader's to lean on, only the event, or nothing at all. */
export const PLAIN_LEADS: Table<[event: string | null]> = {
  casual: [
    (e) => (e ? `Thanks for connecting; I found you on the ${e} line-up.` : 'Thanks for connecting.'),
    (e) => (e ? `Good to be connected; I spotted you on the ${e} programme.` : 'Glad we are connected.'),
    (e) => (e ? `Thanks for the connect; the ${e} schedule is where I found you.` : 'Thanks for the connect.'),
    (e) => (e ? `Glad we're connected; your name stood out on the ${e} list.` : 'Good to be connected here.'),
    (e) => (e ? `Thanks for accepting; I came across you through ${e}.` : 'Thanks for accepting.'),
    (e) => (e ? `Nice to be connected; ${e} is how I found you.` : 'Nice to be connected.'),
  ],
  neutral: [
    (e) => (e ? `Thanks for connecting; I found you on the ${e} programme.` : 'Thanks for connecting.'),
    (e) => (e ? `Glad we're connected; I found you through ${e}.` : "Glad we're connected."),
    (e) => (e ? `Thank you for accepting; the ${e} schedule is where I found you.` : 'Thank you for accepting.'),
    (e) => (e ? `Good to be connected; your name stood out on the ${e} list.` : 'Good to be connected here.'),
    (e) => (e ? `Thanks for the connection; I came across you through ${e}.` : 'Thanks for the connection.'),
    (e) => (e ? `Nice to be connected; ${e} is how I found you.` : 'Nice to be connected.'),
  ],
  formal: [
    (e) => (e ? `Thank you for connecting; I found you through the ${e} programme.` : 'Thank you for connecting.'),
    (e) => (e ? `Thank you for accepting; the ${e} schedule is where I found you.` : 'Thank you for accepting.'),
    (e) => (e ? `I appreciate the connection; ${e} is how I found you.` : 'I appreciate the connection.'),
  ],
};

/** The offer said as the sender's work, not pasted: "What I work on is observability for .NET apps." */
export const OFFER_LINES: Table<[offer: string, ours: string]> = {
  casual: [(o, c) => `What I work on${c} is ${o}.`, (o, c) => `My days${c} go into ${o}.`, (o, c) => `Our focus${c} is ${o}.`],
  neutral: [(o, c) => `What I work on${c} is ${o}.`, (o, c) => `Our focus${c} is ${o}.`, (o, c) => `I spend my days${c} on ${o}.`],
  formal: [(o, c) => `I spend my days${c} on ${o}.`, (o, c) => `Our focus${c} is ${o}.`],
};

/** "Greenroom turns X into Y" said to the reader: what their team could do with it. */
export const DOES_LINES: Table<[product: string, does: string, where: string]> = {
  casual: [
    (p, d, w) => `With ${p}, your team${w} could ${d}.`,
    (p, d, w) => `${p} would let your team${w} ${d}.`,
    (p, d) => `The idea behind ${p} is simple: you ${d}.`,
  ],
  neutral: [
    (p, d, w) => `With ${p}, your team${w} could ${d}.`,
    (p, d, w) => `${p} would let your team${w} ${d}.`,
    (p, d) => `The idea behind ${p} is simple: you ${d}.`,
  ],
  formal: [(p, d, w) => `With ${p}, your team${w} could ${d}.`, (p, d, w) => `${p} would allow your team${w} to ${d}.`],
};

/** What the reader would get, in their terms. `where` is " at Acme" or "". */
export const DETAIL_LINES: Table<[detail: string, where: string]> = {
  casual: [(d, w) => `For your team${w}, that would mean ${d}.`, (d) => `In practice you'd get ${d}.`, (d, w) => `Your team${w} would get ${d}.`],
  neutral: [(d, w) => `For your team${w}, that would mean ${d}.`, (d) => `In practice you would get ${d}.`, (d, w) => `Your team${w} would get ${d}.`],
  formal: [(d, w) => `For your team${w}, that would mean ${d}.`, (d) => `In practice, you would get ${d}.`],
};

/** "We help X do Y" said to the reader: their team doing Y. */
export const OUTCOME_LINES: Table<[outcome: string, where: string]> = {
  casual: [(o, w) => `I think we could help your team${w} ${o} too.`, (o, w) => `If your team${w} wants to ${o}, that's exactly where we can help.`, (o, w) => `Helping teams like yours${w} ${o} is what we do.`],
  neutral: [(o, w) => `I think we could help your team${w} ${o} as well.`, (o, w) => `If your team${w} wants to ${o}, that is exactly where we can help.`, (o, w) => `Helping teams like yours${w} ${o} is what we do.`],
  formal: [(o, w) => `We may be able to help your team${w} ${o}.`, (o, w) => `Helping teams such as yours${w} ${o} is our focus.`],
};

/** The second message's last line: asks, and says something of the reader's where it can. */
export const FIT_QUESTIONS: Table<[where: string, topic: string | null]> = {
  casual: [
    (w) => `Is that something your team${w} could use?`, (w) => `Would that be useful${w}?`,
    (w, t) => `Does that sound like a fit for ${t ? `your ${t} work` : `your team${w}`}?`, (w) => `Is that on your radar${w}?`,
    (w, t) => (t ? `Could that help with your ${t} work?` : `Could that help${w}?`), (w) => `Would that make life easier${w}?`,
    (w, t) => (t ? `Would that be handy next to your ${t} work?` : `Would that be handy${w}?`), (w) => `Any use for that${w}?`,
    (w) => `Would your team${w} find that useful?`, (w, t) => (t ? `How does that sound for the ${t} side of things?` : `How does that sound${w}?`),
  ],
  neutral: [
    (w) => `Is that something your team${w} could use?`, (w) => `Would that be useful${w}?`,
    (w, t) => `Does that sound like a fit for ${t ? `your ${t} work` : `your team${w}`}?`, (w) => `Is that on your radar${w}?`,
    (w, t) => (t ? `Could that help with your ${t} work?` : `Could that help${w}?`), (w) => `Would that be relevant${w}?`,
    (w, t) => (t ? `Would that be useful alongside your ${t} work?` : `Would that be of interest${w}?`), (w) => `Would your team${w} find that useful?`,
    (w, t) => (t ? `How does that sound for the ${t} side of things?` : `How does that sound${w}?`), (w) => `Is that worth a closer look${w}?`,
  ],
  formal: [
    (w) => `Might that be of use to your team${w}?`, (w) => `Would that be relevant to your work${w}?`,
    (w, t) => `Could that support ${t ? `your ${t} work` : `your team${w}`}?`, (w) => `Is that something you are considering${w}?`,
    (w) => `Would your team${w} find that of value?`, (w, t) => (t ? `Would that be of interest for your ${t} work?` : `Would that be of interest${w}?`),
  ],
};

/** After a pitch that names a problem: does the reader have it too? */
export const PROBLEM_QUESTIONS: Table<[where: string, topic: string | null]> = {
  casual: [(w) => `Is that something you run into${w}?`, (w) => `Does that match what you see${w}?`, (w, t) => (t ? `Does that come up in your ${t} work?` : `How do you handle that today${w}?`)],
  neutral: [(w) => `Is that something you run into${w}?`, (w) => `Does that match what you see${w}?`, (w, t) => (t ? `Does that come up in your ${t} work?` : `How do you handle that today${w}?`)],
  formal: [(w) => `Is this something you encounter${w}?`, (w) => `Does this reflect what you see${w}?`],
};

/** The last message opens on the angle once more, in a different key from the second. */
export const LAST_LINES: Table<[ref: string]> = {
  casual: [
    (r) => `I'll keep this short: ${r} is the only reason I wrote.`,
    (r) => `I'd rather show than tell, and ${r} is a good place to start.`,
    (r) => `If ${r} keeps you busy enough already, a quick no is a fine answer.`,
    (r) => `One last thought on ${r}, then I'll leave you be.`,
  ],
  neutral: [
    (r) => `I'll keep this short: ${r} is the only reason I wrote.`,
    (r) => `I'd rather show than tell, and ${r} is a good place to start.`,
    (r) => `If ${r} keeps you busy enough already, a quick no is a fine answer.`,
    (r) => `One last thought on ${r}, and then I'll leave it there.`,
  ],
  formal: [
    (r) => `I will keep this brief: ${r} is the reason I wrote.`,
    (r) => `If ${r} keeps you fully occupied, a short no is a perfectly good answer.`,
    (r) => `A final thought on ${r}, and then I will leave it there.`,
  ],
};

export const PLAIN_LAST_LINES: Table<[event: string | null]> = {
  casual: [
    (e) => (e ? `No worries if ${e} keeps you busy; a quick no is fine.` : 'If the timing is off, a quick no is a fine answer.'),
    () => "I'd rather show than tell, so here's my one ask.",
    () => "I'll keep this one short.",
    (e) => (e ? `Last note from me, and good luck with ${e}.` : 'No pressure at all; a one-line reply either way helps.'),
    () => 'A short one to close the loop.',
    () => 'Happy to make this quick and concrete.',
  ],
  neutral: [
    (e) => (e ? `No worries if ${e} keeps you busy; a quick no is fine.` : 'If the timing is off, a quick no is a fine answer.'),
    () => "I'd rather show than tell, so here is my one ask.",
    () => "I'll keep this one short.",
    (e) => (e ? `Last note from me, and good luck with ${e}.` : 'No pressure at all; a one-line reply either way helps.'),
    () => 'A short note to close the loop.',
    () => 'I can keep it quick and concrete.',
  ],
  formal: [
    (e) => (e ? `Should ${e} keep you occupied, a short no is a perfectly good answer.` : 'If the timing is not right, a short no is a perfectly good answer.'),
    () => 'I will keep this brief.',
    () => 'A short note to close the loop.',
  ],
};
