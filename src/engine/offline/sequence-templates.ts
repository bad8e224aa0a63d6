/**
 * Wordings for the follow-ups and the sender's introduction. Every line that opens or
 * closes a message carries something of the reader's own (their talk, topic, employer
 * or event), so two people in one campaign rarely get the same sentence; lines that
 * cannot (nothing is known about the reader) come in enough wordings to spread out.
 */
import type { Register } from './style.js';
import { cap, cross } from './variants.js';

type Table<A extends unknown[]> = Record<Register, ReadonlyArray<(...args: A) => string>>;


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

const PLAIN_ENDINGS: Record<Register, readonly string[]> = {
  casual: ['?', ' here?', ' on LinkedIn?', ' sometime?', ', if that works for you?', ', even just to keep in touch?', ' for future chats?', ' on here?'],
  neutral: ['?', ' here?', ' on LinkedIn?', ' for future reference?', ', if that suits you?', ', even just to stay in touch?', ' sometime?', ' on here?'],
  formal: ['?', ' here?', ' on LinkedIn?', ', should that suit you?', ', if only to stay in touch?', ' for future reference?'],
};

export const ASK_ENDINGS: Table<[topic: string | null]> = {
  casual: [...PLAIN_ENDINGS.casual.map((e) => () => e), (t) => (t ? ` and swap notes on ${t}?` : ' sometime soon?'), (t) => (t ? `, given the ${t} overlap?` : ' down the line?')],
  neutral: [...PLAIN_ENDINGS.neutral.map((e) => () => e), (t) => (t ? ` and compare notes on ${t}?` : ' sometime soon?'), (t) => (t ? `, given our shared interest in ${t}?` : ' down the line?')],
  formal: [...PLAIN_ENDINGS.formal.map((e) => () => e), (t) => (t ? ` to exchange views on ${t}?` : ' in due course?')],
};

const THANKS: Record<Register, readonly string[]> = {
  casual: ['Thanks for connecting', "Glad we're connected", 'Good to be connected', 'Thanks for the connect', 'Nice to be connected'],
  neutral: ['Thanks for connecting', "Glad we're connected", 'Good to be connected', 'Thanks for the connection', 'Thank you for accepting'],
  formal: ['Thank you for connecting', 'Thank you for accepting', 'I appreciate the connection', 'I am glad we are connected'],
};

const REF_SAYS: Record<Register, ReadonlyArray<(r: string) => string>> = {
  casual: [
    (r) => `${r} is the reason I wrote`, (r) => `${r} stuck with me`, (r) => `${r} caught my attention`, (r) => `${r} is what made me write`,
    (r) => `${r} is why I'm writing`, (r) => `${r} made me think of you straight away`, (r) => `${r} is what got me writing`, (r) => `${r} got me reading more`,
    (r) => `${r} has been on my mind since`, (r) => `${r} is the reason for this note`,
  ],
  neutral: [
    (r) => `${r} is the reason I wrote`, (r) => `${r} stayed with me`, (r) => `${r} caught my attention`, (r) => `${r} is what made me write`,
    (r) => `${r} is why I am writing`, (r) => `${r} made me think of you`, (r) => `${r} is what prompted this note`, (r) => `${r} got me reading more`,
    (r) => `${r} has stayed on my mind`, (r) => `${r} is the reason for this note`,
  ],
  formal: [
    (r) => `${r} is the reason for my note`, (r) => `${r} caught my attention`, (r) => `${r} prompted this note`, (r) => `${r} is why I am writing`,
    (r) => `${r} prompted me to read further`, (r) => `${r} has stayed with me`, (r) => `${r} is the reason I am in touch`,
  ],
};

/** The second message opens on the angle; `ref` is e.g. `your talk "X"` or `your work on observability`. */
export const LEADS: Table<[ref: string]> = {
  casual: [...cross(THANKS.casual.map((t) => (_r: string) => `${t};`), REF_SAYS.casual.map((f) => (r: string) => `${f(r)}.`)), ...REF_SAYS.casual.map((f) => (r: string) => `${cap(f(r))}.`)],
  neutral: [...cross(THANKS.neutral.map((t) => (_r: string) => `${t};`), REF_SAYS.neutral.map((f) => (r: string) => `${f(r)}.`)), ...REF_SAYS.neutral.map((f) => (r: string) => `${cap(f(r))}.`)],
  formal: [...cross(THANKS.formal.map((t) => (_r: string) => `${t};`), REF_SAYS.formal.map((f) => (r: string) => `${f(r)}.`)), ...REF_SAYS.formal.map((f) => (r: string) => `${cap(f(r))}.`)],
};

const FOUND: ReadonlyArray<(e: string) => string> = [
  (e) => `I found you on the ${e} programme`,
  (e) => `I found you through ${e}`,
  (e) => `the ${e} schedule is where I found you`,
  (e) => `your name stood out on the ${e} list`,
  (e) => `${e} is how I found you`,
  (e) => `I spotted you among the ${e} speakers`,
  (e) => `the ${e} line-up is where I saw your name`,
  (e) => `I noticed you on the ${e} speaker list`,
];
const FOUND_SOMEWHERE: readonly string[] = [
  'I found you on a conference programme',
  'your name stood out on a speaker list',
  'a conference line-up is where I saw your name',
  'I spotted you among the speakers of a conference I follow',
  'a speaker list is how I found you',
  'I noticed your name on a conference schedule',
];

function plainLeads(thanks: readonly string[]): Array<(e: string | null) => string> {
  const out: Array<(e: string | null) => string> = [];
  const n = Math.max(FOUND.length, FOUND_SOMEWHERE.length) * thanks.length;
  for (let k = 0; k < n; k++) {
    const t = thanks[k % thanks.length];
    const f = FOUND[Math.floor(k / thanks.length) % FOUND.length];
    const g = FOUND_SOMEWHERE[Math.floor(k / thanks.length) % FOUND_SOMEWHERE.length];
    out.push((e) => `${t}; ${e ? f(e) : g}.`);
  }
  return out;
}

/** With nothing of the reader's to lean on, only the event, or nothing at all. */
export const PLAIN_LEADS: Table<[event: string | null]> = {
  casual: plainLeads(THANKS.casual),
  neutral: plainLeads(THANKS.neutral),
  formal: plainLeads(THANKS.formal),
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

const TAILS: Record<Register, readonly string[]> = {
  casual: ['?', ', do you think?', ' these days?', ', by any chance?'],
  neutral: ['?', ', do you think?', ' these days?', ', by any chance?'],
  formal: ['?', ', in your view?', ' at present?', ', by any chance?'],
};

const FIT_STEMS: Record<Register, ReadonlyArray<(w: string, t: string | null) => string>> = {
  casual: [
    (w) => `Is that something your team${w} could use`, (w) => `Would that be useful${w}`, (w, t) => `Does that sound like a fit for ${t ? `your ${t} work` : `your team${w}`}`,
    (w) => `Is that on your radar${w}`, (w, t) => (t ? `Could that help with your ${t} work` : `Could that help${w}`), (w) => `Would that make life easier${w}`,
    (w, t) => (t ? `Would that be handy next to your ${t} work` : `Would that be handy${w}`), (w) => `Would your team${w} find that useful`, (w) => `Is that worth a closer look${w}`,
  ],
  neutral: [
    (w) => `Is that something your team${w} could use`, (w) => `Would that be useful${w}`, (w, t) => `Does that sound like a fit for ${t ? `your ${t} work` : `your team${w}`}`,
    (w) => `Is that on your radar${w}`, (w, t) => (t ? `Could that help with your ${t} work` : `Could that help${w}`), (w) => `Would that be relevant${w}`,
    (w, t) => (t ? `Would that be useful alongside your ${t} work` : `Would that be of interest${w}`), (w) => `Would your team${w} find that useful`, (w) => `Is that worth a closer look${w}`,
  ],
  formal: [
    (w) => `Might that be of use to your team${w}`, (w) => `Would that be relevant to your work${w}`, (w, t) => `Could that support ${t ? `your ${t} work` : `your team${w}`}`,
    (w) => `Is that something you are considering${w}`, (w) => `Would your team${w} find that of value`, (w, t) => (t ? `Would that be of interest for your ${t} work` : `Would that be of interest${w}`),
  ],
};

const PROBLEM_STEMS: Record<Register, ReadonlyArray<(w: string, t: string | null) => string>> = {
  casual: [(w) => `Is that something you run into${w}`, (w) => `Does that match what you see${w}`, (w, t) => (t ? `Does that come up in your ${t} work` : `How do you handle that${w}`), (w) => `Is that familiar${w}`, (w) => `Does that ring true${w}`],
  neutral: [(w) => `Is that something you run into${w}`, (w) => `Does that match what you see${w}`, (w, t) => (t ? `Does that come up in your ${t} work` : `How do you handle that${w}`), (w) => `Is that familiar${w}`, (w) => `Does that ring true${w}`],
  formal: [(w) => `Is this something you encounter${w}`, (w) => `Does this reflect what you see${w}`, (w, t) => (t ? `Does this arise in your ${t} work` : `How is this handled${w}`), (w) => `Is this familiar${w}`],
};

const asked = (stems: Record<Register, ReadonlyArray<(w: string, t: string | null) => string>>): Table<[where: string, topic: string | null]> => ({
  casual: cross(stems.casual, TAILS.casual.map((e) => () => e), ''),
  neutral: cross(stems.neutral, TAILS.neutral.map((e) => () => e), ''),
  formal: cross(stems.formal, TAILS.formal.map((e) => () => e), ''),
});

/** The second message's last line: asks, and says something of the reader's where it can. */
export const FIT_QUESTIONS = asked(FIT_STEMS);

/** After a pitch that names a problem: does the reader have it too? */
export const PROBLEM_QUESTIONS = asked(PROBLEM_STEMS);

/**
 * The last message's own line, before the call to action: about the angle once more,
 * in another key than the second message (short, an easy out, an offer to show).
 */
const LAST_LINE_CORES: Table<[ref: string]> = {
  casual: [
    (r) => `${cap(r)} is the only reason I wrote, so this stays short.`,
    (r) => `I'd rather show than tell, and ${r} is a good place to start.`,
    (r) => `No pressure at all; ${r} just seemed worth a last note.`,
    (r) => `A thought on ${r} before I go.`,
    (r) => `Still on ${r}, and then I'll leave you be.`,
    (r) => `Still thinking about ${r}.`,
    (r) => `Writing again, since ${r} stuck with me.`,
    (r) => `I could show you a two-minute example built around ${r}.`,
    (r) => `Following up once on ${r}.`,
    (r) => `Not chasing, but ${r} seemed worth one more note.`,
    (r) => `${cap(r)} is still on my mind.`,
    (r) => `${cap(r)} is the reason for this note, and then I'll leave it there.`,
    (r) => `Back once more about ${r}.`,
    (r) => `Trying once more, because ${r} fits what we do so well.`,
  ],
  neutral: [
    (r) => `${cap(r)} is the only reason I wrote, so this stays short.`,
    (r) => `I'd rather show than tell, and ${r} is a good place to start.`,
    (r) => `No pressure at all; ${r} just seemed worth a last note.`,
    (r) => `A thought on ${r} before I go.`,
    (r) => `Still on ${r}, and then I will leave it.`,
    (r) => `I am still thinking about ${r}.`,
    (r) => `Writing again, since ${r} stayed with me.`,
    (r) => `I could show you a two-minute example built around ${r}.`,
    (r) => `Following up once on ${r}.`,
    (r) => `I won't keep chasing, but ${r} seemed worth one more note.`,
    (r) => `${cap(r)} is still on my mind.`,
    (r) => `${cap(r)} is the reason for this note, and then I'll leave it there.`,
    (r) => `Writing once more about ${r}.`,
  ],
  formal: [
    (r) => `${cap(r)} is the reason I wrote, so this will be brief.`,
    (r) => `There is no pressure; ${r} simply seemed worth a final note.`,
    (r) => `A thought on ${r} before I close.`,
    (r) => `I am following up once on ${r}.`,
    (r) => `I would be glad to show a short example built around ${r}.`,
    (r) => `I am writing again, as ${r} has stayed with me.`,
    (r) => `I am writing once more regarding ${r}.`,
    (r) => `${cap(r)} is the reason for this note, and then I'll leave it there.`,
    (r) => `${cap(r)} remains the reason for my note.`,
    (r) => `I remain interested in ${r}.`,
    (r) => `I will leave it here after this note on ${r}.`,
  ],
};

/** With no angle of the reader's own: the event, when there is one, or nothing. */
const PLAIN_LAST_CORES: Table<[event: string | null]> = {
  casual: [
    (e) => (e ? `No worries if ${e} keeps you busy.` : 'No worries if the timing is off.'),
    () => "I'd rather show than tell, so here's my one ask.",
    () => 'Two lines from me, no more.',
    (e) => (e ? `Good luck with ${e}; this is my last note.` : 'This is my last note on it.'),
    () => 'This is just to close the loop.',
    () => 'Happy to make this quick and concrete.',
    () => 'I could show you a two-minute example instead of more words.',
    () => 'Not chasing, just one more note.',
    (e) => (e ? `Hope the ${e} prep is going well.` : 'Hope the week is going well.'),
    () => 'Following up once, then I will leave it.',
    () => 'Just this before I leave it there.',
    () => 'Trying once more, and then I will stop.',
  ],
  neutral: [
    (e) => (e ? `No worries if ${e} keeps you busy.` : 'No worries if the timing is off.'),
    () => "I'd rather show than tell, so here is my one ask.",
    () => 'Two lines from me, no more.',
    (e) => (e ? `Good luck with ${e}; this is my last note.` : 'This is my last note on it.'),
    () => 'This is just to close the loop.',
    () => 'I can keep it quick and concrete.',
    () => 'I could show you a two-minute example instead of more words.',
    () => 'Not chasing, just one more note.',
    (e) => (e ? `I hope the ${e} preparation is going well.` : 'I hope the week is going well.'),
    () => 'Following up once, then I will leave it.',
    () => 'Just this before I leave it there.',
    () => 'Trying once more, and then I will stop.',
  ],
  formal: [
    (e) => (e ? `Should ${e} keep you occupied, I understand entirely.` : 'If the timing is not right, I understand entirely.'),
    () => 'Two lines from me, and no more.',
    () => 'This is just to close the loop.',
    (e) => (e ? `With best wishes for ${e}, this is my final note.` : 'This is my final note on it.'),
    () => 'I would be glad to show a short example rather than describe it.',
    () => 'I am following up once, and will then leave it there.',
    (e) => (e ? `I hope the ${e} preparation is going well.` : 'I hope your week is going well.'),
    () => 'Just this before I leave it there.',
    () => 'I will be brief and concrete.',
    () => 'This is my last note on it.',
  ],
};

/** A few words in front that change the line's key, not its sense: "Quick one: ...". */
const LEADINS: Record<Register, readonly string[]> = {
  casual: ['', 'Quick one: ', 'Last one from me: ', 'Briefly: ', 'One more thing: ', 'A final note: '],
  neutral: ['', 'A quick one: ', 'A last one from me: ', 'Briefly: ', 'One more thing: ', 'A final note: '],
  formal: ['', 'Briefly: ', 'A final note: ', 'One further point: ', 'In closing: '],
};

const SAYS_ITS_OWN_LEADIN = /^(?:quick|a quick|briefly|one more thing|a final|last one)\b/i;

/** Words whose capital is only the sentence's: "KubeCon" or "I'd" keep theirs after a lead-in. */
const SENTENCE_WORD = /^(?:If|Still|Writing|Trying|Not|Following|This|Good|Two|Just|With|Hope|Happy|No|Your|The|A|An|Should|One|Back|Before|Glad)\b/;

function led<A extends unknown[]>(cores: ReadonlyArray<(...a: A) => string>, leadins: readonly string[]): Array<(...a: A) => string> {
  const out: Array<(...a: A) => string> = [];
  for (let k = 0; k < cores.length * leadins.length; k++) {
    const core = cores[k % cores.length];
    const lead = leadins[Math.floor(k / cores.length)];
    // A line that already opens on a lead-in of its own ("Quick one, ...") keeps it.
    out.push((...a: A) => {
      const text = core(...a);
      if (!lead || /^[^,:]{0,30}:/.test(text) || SAYS_ITS_OWN_LEADIN.test(text)) return text;
      // "I'd rather..." keeps its capital; "Still thinking..." goes on in lower case.
      return `${lead}${SENTENCE_WORD.test(text) ? text[0].toLowerCase() + text.slice(1) : text}`;
    });
  }
  return out;
}

export const LAST_LINES: Table<[ref: string]> = {
  casual: led(LAST_LINE_CORES.casual, LEADINS.casual),
  neutral: led(LAST_LINE_CORES.neutral, LEADINS.neutral),
  formal: led(LAST_LINE_CORES.formal, LEADINS.formal),
};

export const PLAIN_LAST_LINES: Table<[event: string | null]> = {
  casual: led(PLAIN_LAST_CORES.casual, LEADINS.casual),
  neutral: led(PLAIN_LAST_CORES.neutral, LEADINS.neutral),
  formal: led(PLAIN_LAST_CORES.formal, LEADINS.formal),
};
