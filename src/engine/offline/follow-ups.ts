/**
 * The two follow-ups, written around the reader rather than the pitch:
 * 2. a line about what brought the sender to them, a question about how their team does
 *    the task the product helps with (task.ts), and why the sender asks, in a few words;
 * 3. the call to action put as a condition on their work ("If seeing which request got
 *    slow takes your team at Acme too long, would a call be worth it?") and a parting
 *    line that names something of theirs.
 * Every sentence carries something of the reader's (their talk, topic, employer or event)
 * or is one of many wordings, so a campaign does not read as a mail merge.
 */
import type { Angle } from './angle.js';
import { at } from './templates.js';
import type { Register } from './style.js';
import type { Task } from './task.js';
import { cap } from './variants.js';

type Lines<A extends unknown[]> = Record<Register, ReadonlyArray<(...a: A) => string>>;

/** What brought the sender to the reader, on the sequence's angle. `r` is `your talk "X"` and the like. */
export const HOOKS: Lines<[ref: string, event: string | null]> = {
  casual: [
    (r, e) => (e ? `I came across ${r} on the ${e} programme.` : `I came across ${r} recently.`),
    (r) => `${cap(r)} is what made me look you up.`,
    (r) => `Thanks for connecting; ${r} is why I reached out.`,
    (r) => `Glad to be connected. I reached out because of ${r}.`,
    (r, e) => (e ? `${cap(r)} was the first thing I noticed on the ${e} schedule.` : `${cap(r)} is the reason I got in touch.`),
    (r) => `Thanks for accepting. I've been meaning to ask about ${r}.`,
    (r) => `Good to be connected. ${cap(r)} got me curious about how your team works.`,
  ],
  neutral: [
    (r, e) => (e ? `I came across ${r} on the ${e} programme.` : `I came across ${r} recently.`),
    (r) => `${cap(r)} is what made me look you up.`,
    (r) => `Thank you for connecting; ${r} is why I reached out.`,
    (r) => `Glad to be connected. I reached out because of ${r}.`,
    (r, e) => (e ? `${cap(r)} was the first thing I noticed on the ${e} schedule.` : `${cap(r)} is the reason I got in touch.`),
    (r) => `Thank you for accepting. I have been meaning to ask about ${r}.`,
    (r) => `Good to be connected. ${cap(r)} made me curious about how your team works.`,
  ],
  formal: [
    (r, e) => (e ? `I came across ${r} on the ${e} programme.` : `I came across ${r} recently.`),
    (r) => `Thank you for connecting; ${r} is the reason I reached out.`,
    (r) => `${cap(r)} is what led me to write to you.`,
    (r) => `Thank you for accepting. I have been meaning to ask about ${r}.`,
  ],
};

/** With only the event to go on. */
export const EVENT_HOOKS: Lines<[event: string | null]> = {
  casual: [
    (e) => (e ? `Thanks for connecting. I found you on the ${e} programme.` : 'Thanks for connecting.'),
    (e) => (e ? `Glad to be connected; your name stood out on the ${e} speaker list.` : 'Glad to be connected.'),
    (e) => (e ? `Good to be connected. I saw you're speaking at ${e}.` : 'Good to be connected.'),
  ],
  neutral: [
    (e) => (e ? `Thank you for connecting. I found you on the ${e} programme.` : 'Thank you for connecting.'),
    (e) => (e ? `Glad to be connected; your name stood out on the ${e} speaker list.` : 'Glad to be connected.'),
    (e) => (e ? `Good to be connected. I saw you among the ${e} speakers.` : 'Good to be connected.'),
  ],
  formal: [(e) => (e ? `Thank you for connecting. I found you on the ${e} programme.` : 'Thank you for connecting.')],
};

/** The one question of the second message: how their team does the task today. `w` is " at Acme" or "". */
export const TASK_QUESTIONS: Lines<[t: Task, w: string, topic: string | null]> = {
  casual: [
    (t, w) => `How does your team${w} ${t.verb} today?`,
    (t, w) => `What does your team${w} use to ${t.verb}?`,
    (t, w) => `Is ${t.gerund} a solved problem for your team${w}, or still a chore?`,
    (t, w, p) => (p ? `In your ${p} work, how do you ${t.verb} today?` : `How do you ${t.verb}${w} these days?`),
    (t, w) => `How much of your team's time${w} goes into ${t.gerund}?`,
  ],
  neutral: [
    (t, w) => `How does your team${w} ${t.verb} today?`,
    (t, w) => `What does your team${w} use to ${t.verb}?`,
    (t, w) => `Is ${t.gerund} a solved problem for your team${w}, or still a chore?`,
    (t, w, p) => (p ? `In your ${p} work, how do you ${t.verb} today?` : `How do you ${t.verb}${w} these days?`),
    (t, w) => `How much of your team's time${w} goes into ${t.gerund}?`,
  ],
  formal: [
    (t, w) => `How does your team${w} ${t.verb} at present?`,
    (t, w) => `May I ask what your team${w} relies on to ${t.verb}?`,
    (t, w, p) => (p ? `In your ${p} work, how do you ${t.verb} at present?` : `How is ${t.gerund} handled${w} at present?`),
  ],
};

/** Without a task in the pitch: whether what the sender makes would help them. */
export const PLAIN_QUESTIONS: Lines<[w: string, topic: string | null]> = {
  casual: [
    (w, p) => (p ? `Would something like that help your ${p} work?` : `Would something like that help your team${w}?`),
    (w) => `Is that a gap your team${w} has, or is it covered?`,
    (w) => `Curious whether that would be useful${w}.`,
    (w, p) => (p ? `Does that come up in your ${p} work?` : `Does that come up for your team${w}?`),
  ],
  neutral: [
    (w, p) => (p ? `Would something like that help your ${p} work?` : `Would something like that help your team${w}?`),
    (w) => `Is that a gap your team${w} has, or is it already covered?`,
    (w, p) => (p ? `Does that come up in your ${p} work?` : `Does that come up for your team${w}?`),
  ],
  formal: [
    (w, p) => (p ? `Would something of that kind support your ${p} work?` : `Would something of that kind be of use to your team${w}?`),
    (w) => `Is that a need your team${w} has, or is it already met?`,
  ],
};

/** What the sender makes, said as the reason for the question that follows it (lower-cased after the colon). */
export const ASKING: Lines<[product: string, what: string]> = {
  casual: [
    (p, w) => `Since ${p} works on ${w}, I'm curious:`,
    (p, w) => `We make ${p}, ${w}, which makes me wonder:`,
    (p, w) => `My days at ${p} go into ${w}, so one question:`,
    (p, w) => `At ${p} we work on ${w}, so I'd love to know:`,
  ],
  neutral: [
    (p, w) => `Since ${p} works on ${w}, I am curious:`,
    (p, w) => `We make ${p}, ${w}, which makes me wonder:`,
    (p, w) => `At ${p} we work on ${w}, so I would like to ask:`,
  ],
  formal: [(p, w) => `As ${p} works on ${w}, may I ask:`, (p, w) => `Our work at ${p} is ${w}; hence my question:`],
};

/** The same for a pitch that names who it serves ("We help nutrition coaches ..."): `a` is that audience. */
export const ASKING_FOR: Lines<[product: string, audience: string]> = {
  casual: [(p, a) => `We built ${p} for ${a}, so I'm curious:`, (p, a) => `At ${p} we work with ${a}, so I'd love to know:`, (p, a) => `${p} is made for ${a}, which makes me wonder:`],
  neutral: [(p, a) => `We built ${p} for ${a}, so I am curious:`, (p, a) => `At ${p} we work with ${a}, so I would like to ask:`],
  formal: [(p, a) => `${p} serves ${a}; hence my question:`, (p, a) => `We built ${p} for ${a}, so may I ask:`],
};

/** "Since X, I'm curious: how does..." : the question goes on in lower case after the colon. */
export function asked(lead: string, question: string): string {
  const q = /^(?:I|I'm|I'd)\b/.test(question) ? question : question[0].toLowerCase() + question.slice(1);
  return `${lead} ${q}`;
}

/** Without a task: what the sender makes, once, in their own short words. */
export const WE_MAKE: Lines<[product: string, what: string]> = {
  casual: [(p, w) => `At ${p} we work on ${w}.`, (p, w) => `I'm building ${p}: ${w}.`, (p, w) => `What we do at ${p} is ${w}.`],
  neutral: [(p, w) => `At ${p} we work on ${w}.`, (p, w) => `I am building ${p}: ${w}.`, (p, w) => `What we do at ${p} is ${w}.`],
  formal: [(p, w) => `At ${p} we work on ${w}.`, (p, w) => `Our work at ${p} is ${w}.`],
};

/** The condition the call to action is put under: about the reader's task, at their place. */
export const CONDITIONS: Lines<[t: Task, w: string, topic: string | null]> = {
  casual: [
    (t, w) => `If ${t.gerund} takes your team${w} longer than it should`,
    (t, w) => `If ${t.gerund} is on your list${w} this year`,
    (t, w) => `If ${t.gerund} is still harder than it should be${w}`,
    (t, w, p) => (p ? `If ${t.gerund} matters for your ${p} work` : `If ${t.gerund} matters for your team${w}`),
    (t, w) => `If a faster way of ${t.gerund} would help your team${w}`,
  ],
  neutral: [
    (t, w) => `If ${t.gerund} takes your team${w} longer than it should`,
    (t, w) => `If ${t.gerund} is on your list${w} this year`,
    (t, w, p) => (p ? `If ${t.gerund} matters for your ${p} work` : `If ${t.gerund} matters for your team${w}`),
    (t, w) => `If a faster way of ${t.gerund} would help your team${w}`,
  ],
  formal: [
    (t, w) => `Should ${t.gerund} take your team${w} longer than necessary`,
    (t, w, p) => (p ? `If ${t.gerund} is a concern in your ${p} work` : `If ${t.gerund} is a concern for your team${w}`),
  ],
};

export const PLAIN_CONDITIONS: Lines<[w: string, topic: string | null]> = {
  casual: [(w, p) => (p ? `If that sounds useful for your ${p} work` : `If that sounds useful for your team${w}`), (w) => `If any of this fits what your team${w} needs`, (w) => `If the timing is right${w}`],
  neutral: [(w, p) => (p ? `If that sounds useful for your ${p} work` : `If that sounds useful for your team${w}`), (w) => `If any of this fits what your team${w} needs`, (w) => `If the timing is right${w}`],
  formal: [(w, p) => (p ? `Should that be of use in your ${p} work` : `Should that be of use to your team${w}`), (w) => `If the timing is suitable${w}`],
};

/** The parting line: names something of theirs, never asks again. */
export const PARTINGS: Lines<[a: Angle, company: string | null, event: string | null]> = {
  casual: [
    (a, c) => (a.kind === 'intent' && a.ref ? `Either way, thanks for ${a.ref}.` : a.kind === 'talk' && a.short ? `Either way, I'm glad I came across ${a.short}.` : c ? `Either way, all the best to you and the team${at(c)}.` : 'Either way, thanks for reading.'),
    (a, c, e) => (e ? `No worries if not; I know ${e} keeps its speakers busy.` : c ? `No worries if not; I know things${at(c)} keep you busy.` : 'No worries if not.'),
    (a) => (a.topic ? `If not, no problem, and I'll keep an eye on your ${a.topic} work.` : 'If not, no problem at all.'),
    (a, c) => (c ? `If the timing is wrong, just say so, and good luck with everything${at(c)}.` : 'If the timing is wrong, just say so.'),
  ],
  neutral: [
    (a, c) => (a.kind === 'intent' && a.ref ? `Either way, thank you for ${a.ref}.` : a.kind === 'talk' && a.short ? `Either way, I am glad I came across ${a.short}.` : c ? `Either way, all the best to you and the team${at(c)}.` : 'Either way, thank you for reading.'),
    (a, c, e) => (e ? `No worries if not; I know ${e} keeps its speakers busy.` : c ? `No worries if not; I know things${at(c)} keep you busy.` : 'No worries if not.'),
    (a) => (a.topic ? `If not, no problem, and I will keep an eye on your ${a.topic} work.` : 'If not, no problem at all.'),
    (a, c) => (c ? `If the timing is wrong, just say so, and good luck with everything${at(c)}.` : 'If the timing is wrong, just say so.'),
  ],
  formal: [
    (a, c) => (c ? `Either way, my best wishes to you and the team${at(c)}.` : 'Either way, thank you for your time.'),
    (a, c, e) => (e ? `Should ${e} keep you occupied, I understand entirely.` : 'If the timing is not right, I understand entirely.'),
  ],
};

/** Words a call to action may open on that read on after "If ..., " in lower case. */
const LOWERABLE = /^(?:would|could|can|are|is|do|does|shall|should|will|might|may|up|open|fancy|book|grab|pick|reply|let|happy|free|want|how|what|when|any|worth|interested|keen|just|feel|send|drop|schedule|hop|join|find|see|take)\b/i;

/**
 * "If X, would a call be worth it?": the user's call to action under a condition, its words
 * unchanged. Only its first sentence takes the condition ("Would you like a demo? Book one
 * at ..." keeps its second sentence as written); a call to action that does not read on
 * after "If ..., " (it opens on a name or a link) is left as it is, after its own line.
 */
export function conditioned(condition: string, cta: string): string | null {
  // The first sentence ends at a mark followed by a space and a capital; a link's dots do not end it.
  const m = /^(.+?[.!?])\s+(?=\p{Lu})(.*)$/su.exec(cta);
  const first = m ? m[1] : cta;
  const rest = m ? m[2] : '';
  if (!LOWERABLE.test(first)) return null;
  return [`${condition}, ${first[0].toLowerCase()}${first.slice(1)}`, rest].filter(Boolean).join(' ');
}
