/**
 * The two follow-ups, written around the reader rather than the pitch:
 * 2. a line about what brought the sender to them, then a question about how their team
 *    does the task the product helps with (task.ts), led by what the sender makes;
 * 3. the call to action put under a condition about their work ("If seeing which request
 *    got slow takes your team at Acme longer than it should, would a call be worth it?")
 *    and a parting line that names something of theirs.
 * A campaign must not share an opening or closing line among more than a tenth of its
 * sequences (the QA gate's campaign_repeated_line blanks names and titles before it
 * compares), so each position has a dozen wordings or more. Wordings are written once,
 * in the casual register; the neutral register spells contractions out and the formal
 * one also swaps the familiar phrases (`registered`).
 */
import type { Angle } from './angle.js';
import type { Register } from './style.js';
import type { Task } from './task.js';
import { at } from './templates.js';
import { cap } from './variants.js';

type Line<A extends unknown[]> = (...a: A) => string;

const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bI'm\b/g, 'I am'],
  [/\bI'd\b/g, 'I would'],
  [/\bI've\b/g, 'I have'],
  [/\bI'll\b/g, 'I will'],
  [/\bit's\b/g, 'it is'],
  [/\bIt's\b/g, 'It is'],
  [/\bthat's\b/g, 'that is'],
  [/\bisn't\b/g, 'is not'],
  [/\byou'd\b/g, 'you would'],
  [/\byou're\b/g, 'you are'],
];

const FAMILIAR: ReadonlyArray<[RegExp, string]> = [
  [/\bThanks for\b/g, 'Thank you for'],
  [/\bthanks for\b/g, 'thank you for'],
  [/\bNo worries\b/g, 'No problem'],
  [/\bGlad to be connected\b/g, 'I am glad we are connected'],
  [/\bNice to be connected\b/g, 'I am pleased to be connected'],
  [/\bGood to be connected\b/g, 'I am glad to be connected'],
  [/\bjust say so\b/g, 'please say so'],
  [/\bgot me curious\b/g, 'made me curious'],
];

/** Replacements applied outside double quotes, so a quoted talk title keeps its words. */
function outsideQuotes(text: string, swaps: ReadonlyArray<[RegExp, string]>): string {
  return text
    .split(/("[^"\n]*")/)
    .map((p, i) => (i % 2 === 1 ? p : swaps.reduce((t, [re, to]) => t.replace(re, to), p)))
    .join('');
}

function registered<A extends unknown[]>(lines: ReadonlyArray<Line<A>>): Record<Register, ReadonlyArray<Line<A>>> {
  return {
    casual: lines,
    neutral: lines.map((f) => (...a: A) => outsideQuotes(f(...a), CONTRACTIONS)),
    formal: lines.map((f) => (...a: A) => outsideQuotes(outsideQuotes(f(...a), CONTRACTIONS), FAMILIAR)),
  };
}

/** Openings said in the same sentence as the hook, so the opening line is the pair, not the thanks alone. */
const THANKS = ['', 'Thanks for connecting; ', 'Glad to be connected; ', 'Good to be connected, and ', 'Thanks for accepting; ', 'Nice to be connected; '];

function thanked<A extends unknown[]>(cores: ReadonlyArray<Line<A>>): Array<Line<A>> {
  const out: Array<Line<A>> = [];
  for (let k = 0; k < cores.length * THANKS.length; k++) {
    const core = cores[k % cores.length];
    const lead = THANKS[Math.floor(k / cores.length)];
    out.push((...a: A) => {
      const text = core(...a);
      return lead ? `${lead}${text}.` : `${cap(text)}.`;
    });
  }
  return out;
}

/** What brought the sender to the reader, on the sequence's angle. `r` is `your talk "X"` and the like. */
export const HOOKS = registered(
  thanked<[ref: string, event: string | null]>([
    (r) => `${r} is what made me look you up`,
    (r) => `${r} is why I reached out`,
    (r) => `I reached out because of ${r}`,
    (r, e) => (e ? `I came across ${r} on the ${e} programme` : `I came across ${r} recently`),
    (r) => `${r} is the reason I got in touch`,
    (r) => `I've been meaning to ask about ${r}`,
    (r) => `${r} got me curious about how your team works`,
    (r) => `${r} is what brought me to your profile`,
    (r) => `I wanted to follow up on ${r}`,
    (r) => `${r} is what I wanted to write about`,
  ]),
);

/** With only the event to go on, or nothing at all. */
export const EVENT_HOOKS = registered(
  thanked<[event: string | null]>([
    (e) => (e ? `I found you on the ${e} programme` : 'I found you on a conference programme'),
    (e) => (e ? `your name stood out on the ${e} speaker list` : 'your name stood out on a speaker list'),
    (e) => (e ? `I saw you among the ${e} speakers` : 'I saw you among the speakers of a conference I follow'),
    (e) => (e ? `I noticed you on the ${e} schedule` : 'I noticed you on a conference schedule'),
    (e) => (e ? `the ${e} line-up is where I found you` : 'a conference line-up is where I found you'),
    (e) => (e ? `I spotted your name in the ${e} line-up` : 'I spotted your name in a conference line-up'),
  ]),
);

type Ask = Line<[t: Task, w: string, topic: string | null]>;

/** The second message's question when the product helps with something a team does. `w` is " at Acme" or "". */
const SEE_QUESTIONS: Ask[] = [
  (t, w) => `how does your team${w} ${t.verb} today?`,
  (t, w) => `what does your team${w} use to ${t.verb}?`,
  (t, w) => `is ${t.gerund} a solved problem for your team${w}, or still a chore?`,
  (t, w, p) => (p ? `in your ${p} work, how do you ${t.verb}?` : `how do you ${t.verb}${w} these days?`),
  (t, w) => `how much of your team's time${w} goes into ${t.gerund}?`,
  (t, w) => `who on your team${w} ends up ${t.gerund}, and how?`,
  (t, w) => `how long does ${t.gerund} usually take your team${w}?`,
  (t, w) => `what does ${t.gerund} look like for your team${w} right now?`,
  (t, w) => `is ${t.gerund} easy for your team${w}, or does it take digging?`,
  (t, w) => `when your team${w} needs to ${t.verb}, where do they start?`,
  (t, w) => `how well does your current setup${w} let you ${t.verb}?`,
  (t, w) => `has your team${w} found a good way to ${t.verb}?`,
];

/** The same when the pitch names an outcome ("We help teams ship faster"). */
const GOAL_QUESTIONS: Ask[] = [
  (t, w) => `what gets in the way when your team${w} tries to ${t.verb}?`,
  (t, w) => `what would help your team${w} ${t.verb}?`,
  (t, w) => `how close is your team${w} to being able to ${t.verb}?`,
  (t, w) => `is ${t.gerund} a priority for your team${w} this year?`,
  (t, w) => `what has worked best for your team${w} when it comes to ${t.gerund}?`,
  (t, w, p) => (p ? `in your ${p} work, what makes it hard to ${t.verb}?` : `what makes it hard${w} to ${t.verb}?`),
  (t, w) => `where does your team${w} lose the most time when trying to ${t.verb}?`,
  (t, w) => `how does your team${w} go about ${t.gerund} today?`,
  (t, w) => `has your team${w} found a good way to ${t.verb}?`,
  (t, w) => `what would ${t.gerund} change for your team${w}?`,
  (t, w) => `how much does ${t.gerund} matter to your team${w} right now?`,
  (t, w) => `what does ${t.gerund} look like for your team${w} today?`,
];

export const TASK_QUESTIONS = { see: registered(SEE_QUESTIONS), goal: registered(GOAL_QUESTIONS) };

/** Without a task in the pitch: whether what the sender makes would help them. */
export const PLAIN_QUESTIONS = registered<[w: string, topic: string | null]>([
  (w, p) => (p ? `Would something like that help your ${p} work?` : `Would something like that help your team${w}?`),
  (w) => `Is that a gap your team${w} has, or is it covered?`,
  (w) => `Would that be useful for your team${w}?`,
  (w, p) => (p ? `Does that come up in your ${p} work?` : `Does that come up for your team${w}?`),
  (w) => `Is that on your team's radar${w}?`,
  (w) => `How does your team${w} handle that today?`,
  (w) => `Would your team${w} find that useful?`,
  (w) => `Is that worth a closer look for your team${w}?`,
  (w) => `Could that save your team${w} some time?`,
  (w) => `Is that something your team${w} has considered?`,
  (w) => `What does your team${w} use for that today?`,
  (w) => `Does that sound like a fit for your team${w}?`,
]);

/** What the sender makes, said as the reason for the question that follows it. */
export const ASKING = registered<[product: string, what: string]>([
  (p, w) => `Since ${p} works on ${w}, I'm curious:`,
  (p, w) => `We make ${p}, ${w}, which makes me wonder:`,
  (p, w) => `My days at ${p} go into ${w}, so one question:`,
  (p, w) => `At ${p} we work on ${w}, so I'd love to know:`,
]);

/** The same for a pitch that names whom it serves ("We help nutrition coaches ..."). */
export const ASKING_FOR = registered<[product: string, audience: string]>([
  (p, a) => `We built ${p} for ${a}, so I'm curious:`,
  (p, a) => `At ${p} we work with ${a}, so I'd love to know:`,
  (p, a) => `${p} is made for ${a}, which makes me wonder:`,
  (p, a) => `Most of my days at ${p} are spent with ${a}, so one question:`,
]);

/** Without a task: what the sender makes, once, in their own short words. */
export const WE_MAKE = registered<[product: string, what: string]>([
  (p, w) => `At ${p} we work on ${w}.`,
  (p, w) => `I'm building ${p}: ${w}.`,
  (p, w) => `What we do at ${p} is ${w}.`,
]);

/** "Since X, I'm curious: how does..." : the question goes on in lower case after the colon. */
export function asked(lead: string, question: string): string {
  return `${lead} ${question}`;
}

/** The condition the call to action is put under: about the reader's task, at their place. */
const SEE_CONDITIONS: Ask[] = [
  (t, w) => `If ${t.gerund} takes your team${w} longer than it should`,
  (t, w) => `If ${t.gerund} is on your list${w} this year`,
  (t, w) => `If ${t.gerund} is still harder than it should be${w}`,
  (t, w, p) => (p ? `If ${t.gerund} matters for your ${p} work` : `If ${t.gerund} matters for your team${w}`),
  (t, w) => `If your team${w} ever loses an afternoon ${t.gerund}`,
  (t, w) => `If ${t.gerund} is something your team${w} wants to get better at`,
  (t, w) => `In case ${t.gerund} is a pain point${w}`,
  (t, w) => `If ${t.gerund} comes up more often than you'd like${w}`,
  (t, w) => `If your team${w} would like ${t.gerund} to be easier`,
  (t, w) => `If ${t.gerund} is a recurring chore${w}`,
  (t, w) => `If ${t.gerund} costs your team${w} more time than it should`,
  (t, w) => `If it would help your team${w} with ${t.gerund}`,
];

const GOAL_CONDITIONS: Ask[] = [
  (t, w) => `If ${t.gerund} is a goal for your team${w} this year`,
  (t, w) => `If your team${w} wants to ${t.verb}`,
  (t, w) => `If ${t.gerund} is on your list${w}`,
  (t, w, p) => (p ? `If ${t.gerund} matters for your ${p} work` : `If ${t.gerund} matters for your team${w}`),
  (t, w) => `If ${t.gerund} is a priority${w} right now`,
  (t, w) => `In case your team${w} is looking to ${t.verb}`,
  (t, w) => `If ${t.gerund} is something your team${w} talks about`,
  (t, w) => `If your team${w} could use help ${t.gerund}`,
  (t, w) => `If ${t.gerund} is harder than it should be${w}`,
  (t, w) => `If ${t.gerund} is part of your plans${w} this year`,
  (t, w) => `If you're thinking about ${t.gerund}${w}`,
  (t, w) => `If ${t.gerund} would make a difference for your team${w}`,
];

/** Said before the condition, in the same sentence: a campaign's last notes then open a few dozen ways. */
const BEFORE = ['', 'One last thing: ', 'Before I go: ', 'A last note from me: '];

function prefaced<A extends unknown[]>(cores: ReadonlyArray<Line<A>>): Array<Line<A>> {
  const out: Array<Line<A>> = [];
  for (let k = 0; k < cores.length * BEFORE.length; k++) {
    const core = cores[k % cores.length];
    const lead = BEFORE[Math.floor(k / cores.length)];
    out.push((...a: A) => {
      const text = core(...a);
      return lead ? `${lead}${text[0].toLowerCase()}${text.slice(1)}` : text;
    });
  }
  return out;
}

export const CONDITIONS = { see: registered(prefaced(SEE_CONDITIONS)), goal: registered(prefaced(GOAL_CONDITIONS)) };

export const PLAIN_CONDITIONS = registered(prefaced<[w: string, topic: string | null]>([
  (w, p) => (p ? `If that sounds useful for your ${p} work` : `If that sounds useful for your team${w}`),
  (w) => `If any of this fits what your team${w} needs`,
  (w) => `If the timing is right${w}`,
  (w) => `If it's worth a look for your team${w}`,
  (w) => `In case it helps your team${w}`,
  (w) => `If this is on your radar${w}`,
  (w) => `If your team${w} is looking at this area`,
  (w) => `If it could save your team${w} some time`,
  (w) => `If you'd like to see it in practice${w}`,
  (w) => `If it sounds relevant${w}`,
  (w) => `If that fits your plans${w} this year`,
  (w) => `If it's something your team${w} would use`,
]));

type Parting = Line<[a: Angle, company: string | null, event: string | null]>;

/** The parting line: names something of theirs where it can, never asks again. */
export const PARTINGS = registered<[a: Angle, company: string | null, event: string | null]>([
  (a, c) => (a.kind === 'intent' && a.ref ? `Either way, thanks for ${a.ref}.` : a.kind === 'talk' && a.short ? `Either way, I'm glad I came across ${a.short}.` : c ? `Either way, all the best to you and the team${at(c)}.` : 'Either way, thanks for reading.'),
  (a, c, e) => (e ? `No worries if not; I know ${e} keeps its speakers busy.` : c ? `No worries if not; I know things${at(c)} keep you busy.` : 'No worries if not.'),
  (a) => (a.topic ? `If not, no problem, and I'll keep an eye on your ${a.topic} work.` : 'If not, no problem at all.'),
  (a, c) => (c ? `If the timing is wrong, just say so, and good luck with everything${at(c)}.` : 'If the timing is wrong, just say so.'),
  (a, c) => (c ? `Either way, thanks for reading, and best of luck${at(c)}.` : 'Either way, thanks for reading this far.'),
  (a) => (a.topic ? `And if not, good luck with the ${a.topic} work.` : 'And if not, all the best.'),
  () => 'A simple no is fine too.',
  (a, c) => (c ? `If it's not a priority${at(c)} right now, I understand.` : "If it's not a priority right now, I understand."),
  (a) => (a.kind === 'talk' && a.short ? `Either way, thanks for putting ${a.short} together.` : 'Either way, thanks for your time.'),
  () => 'Happy to leave it there if not.',
  (a, c) => (c ? `Otherwise I'll leave it here, with best wishes to the team${at(c)}.` : "Otherwise I'll leave it here."),
  () => "If now isn't the time, no problem; this is my last note.",
] satisfies Parting[]);

/** Words a call to action may open on that read on after "If ..., " in lower case. */
const LOWERABLE = /^(?:would|could|can|are|is|do|does|shall|should|will|might|may|up|open|fancy|book|grab|pick|reply|let|happy|free|want|how|what|when|any|worth|interested|keen|just|feel|send|drop|schedule|hop|join|find|see|take)\b/i;

/**
 * "If X, would a call be worth it?": the user's call to action under a condition, its words
 * unchanged. Only its first sentence takes the condition ("Would you like a demo? Book one
 * at ..." keeps its second sentence as written); a call to action that does not read on
 * after "If ..., " (it opens on a name or a link) gets null, and stays on its own.
 */
export function conditioned(condition: string, cta: string): string | null {
  // The first sentence ends at a mark followed by a space and a capital; a link's dots do not end it.
  const m = /^(.+?[.!?])\s+(?=\p{Lu})(.*)$/su.exec(cta);
  const first = m ? m[1] : cta;
  const rest = m ? m[2] : '';
  if (!LOWERABLE.test(first)) return null;
  return [`${condition}, ${first[0].toLowerCase()}${first.slice(1)}`, rest].filter(Boolean).join(' ');
}
