/**
 * The two follow-ups, each in one of many shapes so a campaign of fifty people does not
 * read as one letter: a question first, an observation first, two short sentences, a note
 * with no product in it at all.
 * 2. Built on a second fact about the reader (reader.ts), not the talk the first message
 *    named; for someone the product fits, a question about how they do the task the
 *    product helps with (task.ts), tied to that fact; for a poor fit, no product at all.
 * 3. Short: the sender's call to action, under a condition about the reader or beside one
 *    line of theirs. A poor fit gets an easy way out, never the product's problem.
 * Shapes are written once, in the casual register; `inRegister` spells contractions out
 * for the neutral and formal ones and swaps the familiar phrases for the formal one.
 */
import type { Register } from './style.js';
import type { Task } from './task.js';
import { cap } from './variants.js';

/** What a shape may say about one reader; empty strings and nulls are what is not known. */
export interface Scene {
  /** A second fact about them as a noun phrase: "your research on plasma turbulence". */
  fact: string | null;
  /** The sequence's own subject said shortly: `your talk "X"`; null without a talk. */
  talk: string | null;
  task: Task | null;
  /** The sender's company or product name; '' when neither is known. */
  product: string;
  /** Whose work: "your team", "your group", "you". */
  unit: string;
  /** " at Acme" when the message has not named their employer yet, else ''. */
  where: string;
  event: string | null;
  /** The reader works near what the product does. */
  fit: boolean;
  /** Someone else at their place could own the task (not a student or a solo reader). */
  colleagues: boolean;
  /** A colleague at the same place got the usual wordings: this reader gets wordings no one else does. */
  variant?: boolean;
  /** Words the last note must carry (an intent lead's action). */
  mustSay?: string | null;
}

const doU = (u: string) => (u === 'you' ? 'do you' : `does ${u}`);
const haveU = (u: string) => (u === 'you' ? 'have you' : `has ${u}`);
const goU = (u: string) => (u === 'you' ? 'you go' : `${u} goes`);
const needU = (u: string) => (u === 'you' ? 'you need' : `${u} needs`);
const possU = (u: string) => (u === 'you' ? 'your' : `${u}'s`);

/**
 * Said in the same sentence as what follows, never alone: a campaign's second messages then
 * do not all open on one line ("Thanks for connecting.").
 */
const THANKS = ['', 'Thanks for connecting; ', 'Glad we are connected, and ', 'Good to be connected; ', 'Thanks for accepting; ', ''];
/** Leads only a colleague's variant uses, so two people at one place never get one text. */
const VARIANT_THANKS = ['Thanks again for the connection; ', 'Glad to be in touch, and ', 'Many thanks for connecting; '];
/** Said after the call to action in a variant's last note, and nowhere else. */
const VARIANT_AFTER = ['Whatever suits your diary works for me.', 'Any week that suits you is fine by me.', 'I can fit around whatever time suits you.'];

/** "Thanks for connecting; your research on X caught my eye." or the sentence alone. */
const thanked = (lead: string, text: string) => (lead ? `${lead}${text}` : cap(text));

type Opened = (x: Scene, lead: string) => string | null;

/** Second messages for a reader the product fits, with a task to ask about. */
const FIT_TASK: Opened[] = [
  (x, t) => (x.fact ? `${thanked(t, x.fact)} caught my eye. How ${doU(x.unit)} ${x.task?.verb}${x.where} today? It's the question ${x.product} was built around.` : null),
  (x) => (x.fact ? `A question I'd love your view on: how ${doU(x.unit)} ${x.task?.verb}? I'm asking because of ${x.fact}, and because it's what we work on at ${x.product}.` : null),
  (x) => (x.fact ? `Is ${x.task?.gerund} easy for ${x.unit}${x.where}, or still a chore? I ask after reading about ${x.fact}; making it easy is the whole point of ${x.product}.` : null),
  (x, t) => (x.fact ? `${thanked(t, x.fact)} got me wondering who ends up ${x.task?.gerund} when something looks off, and how long it takes. That's the part ${x.product} speeds up.` : null),
  (x) => (x.fact ? `I read about ${x.fact} after we connected. What does ${x.task?.gerund} look like for ${x.unit} right now? ${x.product} takes care of that step.` : null),
  (x, t) => (x.fact ? `${thanked(t, x.fact)} is why I wanted to ask: ${haveU(x.unit)} found a good way to ${x.task?.verb}? We built ${x.product} for it.` : null),
  (x) => (x.fact ? `When ${needU(x.unit)} to ${x.task?.verb}, where ${x.unit === 'you' ? 'do you' : 'do they'} start? ${cap(x.fact)} made me curious, since that step is what ${x.product} handles.` : null),
  (x) => (x.fact ? `One thing I've wondered since reading about ${x.fact}: how much time goes into ${x.task?.gerund}${x.where}? At ${x.product}, that's the time we try to give back.` : null),
  (x, t) => (x.fact ? `${thanked(t, x.fact)} stood out to me. I'm curious how ${goU(x.unit)} about ${x.task?.gerund}${x.where}; it's the problem ${x.product} tackles, so your answer would help me a lot.` : null),
  (x, t) => (x.fact ? `${thanked(t, x.fact)} is the reason I'm writing: ${x.product} helps with ${x.task?.gerund}, and I'd value your take on how ${goU(x.unit)} about it today.` : null),
  (x) => (x.fact ? `How ${doU(x.unit)} ${x.task?.verb} at the moment? I ask because ${x.fact} made me think of it, and ${x.product} is built for exactly that.` : null),
  (x) => (x.fact ? `Reading about ${x.fact}, I kept coming back to one question: is ${x.task?.gerund} a solved problem for ${x.unit}? It's the one ${x.product} works on.` : null),
];

/** The same with nothing known of the reader beyond the event: the question carries the note. */
const FIT_TASK_BARE: Opened[] = [
  (x, t) => thanked(t, `how ${doU(x.unit)} ${x.task?.verb}${x.where} today? It's the question ${x.product} was built around.`),
  (x) => `Is ${x.task?.gerund} easy for ${x.unit}${x.where}, or still a chore? Making it easy is the whole point of ${x.product}.`,
  (x) => (x.event ? `I found you on the ${x.event} programme and wanted to ask one thing: ${haveU(x.unit)} found a good way to ${x.task?.verb}? We built ${x.product} for it.` : null),
  (x, t) => thanked(t, `what does ${x.task?.gerund} look like for ${x.unit} right now? ${x.product} takes care of that step, and I'd value your view.`),
  (x) => `A quick question, since we are connected: when ${needU(x.unit)} to ${x.task?.verb}, where ${x.unit === 'you' ? 'do you' : 'do they'} start? That step is what ${x.product} handles.`,
  (x) => `How much time goes into ${x.task?.gerund}${x.where}? At ${x.product}, that's the time we try to give back.`,
];

/** For a reader the product does not fit, or a talk it must not be pinned to: about them only. */
const NO_PITCH: Opened[] = [
  (x, t) => (x.fact && x.event ? `${thanked(t, x.fact)} stood out on the ${x.event} programme; I hope it went well.` : null),
  (x, t) => (x.talk ? `${thanked(t, `if you ever share slides or a recording of ${x.talk}, I'd be keen to see them.`)}` : null),
  (x) => (x.fact ? `I'll keep this short: ${x.fact} is why I reached out, and I'd be glad to stay in touch.` : null),
  (x, t) => (x.fact ? `${thanked(t, x.fact)} is not something I get to read about often; thanks for putting it out there.` : null),
  (x, t) => (x.talk ? `${thanked(t, `is ${x.talk} something you'll write up as well?`)} I'd read it.` : null),
];

/** With nothing at all known of them: a hello in one of several wordings. */
const HELLO: Opened[] = [
  () => 'No agenda for today; I just wanted to say hello and put a face to the name.',
  () => 'Glad we are connected now. Nothing to ask for the moment, only a proper hello.',
  () => 'Good to have you in my network. If there is anything I can help with on my side, just say.',
  () => 'I like to follow up with a real message rather than silence, so: hello, and thanks for accepting.',
  () => 'I will not fill your inbox; this is just to say thanks for accepting.',
  () => 'I try to read up on everyone I connect with, so I may come back with a question later.',
  (x, t) => (x.event ? thanked(t, `I'm working through the ${x.event} line-up and wanted to say hello properly.`) : null),
  (x, t) => (x.event ? thanked(t, `I found you on the ${x.event} programme and wanted to say hello.`) : null),
];

/** The call to action as it reads after a lead-in: "would a call be worth it?", or null when it does not read on. */
const LOWERABLE = /^(?:would|could|can|are|is|do|does|shall|should|will|might|may|up|open|fancy|book|grab|pick|reply|let|happy|free|want|how|what|when|any|worth|interested|keen|just|feel|send|drop|schedule|hop|join|find|see|take)\b/i;

export function lowered(cta: string): string | null {
  // The first sentence ends at a mark followed by a space and a capital; a link's dots do not end it.
  const m = /^(.+?[.!?])\s+(?=\p{Lu})(.*)$/su.exec(cta);
  const first = m ? m[1] : cta;
  if (!LOWERABLE.test(first)) return null;
  return [`${first[0].toLowerCase()}${first.slice(1)}`, m ? m[2] : ''].filter(Boolean).join(' ');
}

type Close = (x: Scene, cta: string, low: string | null) => string | null;

/**
 * Last notes for a reader the product fits. Each line but the call to action carries the
 * task in this reader's wording or a fact of theirs, so no line is the campaign's.
 */
const FIT_CLOSE: Close[] = [
  (x, c, l) => (l && x.task ? `If ${x.task.gerund} ever eats into ${possU(x.unit)} week, ${l}` : null),
  (x, c, l) => (l && x.task ? `Last note from me on ${x.task.gerund}: ${l}` : null),
  (x, c) => (x.task && x.product ? `I'd rather show ${x.product} on a real case of ${x.task.gerund} than describe it. ${c}` : null),
  (x, c) => (x.colleagues && x.task ? `${c} If someone else${x.where} owns ${x.task.gerund}, a name is just as helpful.` : null),
  (x, c) => (x.task && x.product ? `Happy to show you what ${x.task.gerund} looks like with ${x.product}. ${c}` : null),
  (x, c) => (x.fact ? `${c} Either way, good luck with ${x.fact}.` : null),
  (x, c, l) => (l && x.task ? `If it would help ${x.unit} with ${x.task.gerund}, ${l}` : null),
  (x, c, l) => (l && x.task ? `Should ${x.task.gerund} ever get in the way${x.where}, ${l}` : null),
  (x, c) => (x.fact ? `${cap(x.fact)} is still on my mind, so one short question. ${c}` : null),
  (x, c, l) => (l && x.task ? `In case ${x.task.gerund} is on ${possU(x.unit)} list this year, ${l}` : null),
];

/** Last notes for a poor fit: an easy way out, the call to action as the sender wrote it. */
const FAR_CLOSE: Close[] = [
  (x, c) => (x.fact ? `${c} If it's not relevant to you, no problem at all; I enjoyed learning about ${x.fact}.` : null),
  (x, c) => (x.fact ? `${c} Either way, all the best with ${x.fact}.` : null),
  (x, c, l) => (l ? `No pressure at all, and this is my last note: ${l}` : null),
  (x, c) => `${c} If not, no problem at all.`,
  (x, c) => `${c} A short no is completely fine.`,
  (x, c) => `${c} Otherwise, all the best with your work.`,
  (x, c) => `${c} Either answer helps me.`,
  (x, c) => `${c} If the answer is no, I'll leave it there.`,
  (x, c) => `I promised myself one follow-up and no more. ${c}`,
  (x, c) => `${c} Thanks for reading this far either way.`,
  (x, c) => `One question and then I'll stop. ${c}`,
  (x, c) => `${c} Happy to take a no for an answer.`,
  (x, c, l) => (l ? `Before I stop writing, ${l}` : null),
  (x, c, l) => (l ? `Only if it's useful to you: ${l}` : null),
];

/** One of the shapes that can be said for this reader, spread evenly by the seed. */
function first<T>(list: readonly T[], seed: number, run: (t: T) => string | null): string | null {
  const said = list.map(run).filter((t): t is string => !!t);
  return said.length ? (said[seed % said.length] as string) : null;
}

/** The second message's body; null only for a fit reader with no task in the pitch (draft.ts says the pitch then). */
export function secondNote(x: Scene, seed: number): string | null {
  const leads = x.variant ? VARIANT_THANKS : THANKS;
  const lead = leads[(seed >>> 11) % leads.length] as string;
  const shapes = x.fit && x.task && x.product ? (x.fact ? FIT_TASK : FIT_TASK_BARE) : x.fit ? null : x.fact || x.talk ? NO_PITCH : HELLO;
  if (!shapes) return null;
  // A variant takes only the shapes that open on the lead, which no one else's carries.
  const open = x.variant ? shapes.filter((f) => (f(x, '\u0000') ?? '').startsWith('\u0000')) : shapes;
  return first(open.length ? open : shapes, seed, (f) => f(x, lead));
}

/** For a fit reader and a pitch with no task in it: the sender's own line `said`, framed by a fact of theirs. */
const PLAIN_PITCH: Array<(x: Scene, said: string, lead: string) => string> = [
  (x, said, t) => `${thanked(t, `${x.fact ?? 'your profile'} caught my eye.`)} ${said} Would something like that help ${x.unit}${x.where}?`,
  (x, said, t) => `${thanked(t, `${x.fact ?? 'your profile'} is the reason I'm writing.`)} ${said} Is that worth a closer look for ${x.unit}?`,
  (x, said) => `${said} ${cap(x.fact ?? 'your profile')} is why I thought of you: would it be useful ${x.unit === 'you' ? 'to you' : `for ${x.unit}`}?`,
  (x, said) => `${said} I'm curious whether it would fit ${x.unit === 'you' ? 'your work' : `${possU(x.unit)} work`}, given ${x.fact ?? 'what you do'}.`,
];

export function plainPitchNote(x: Scene, said: string, seed: number): string {
  const leads = x.variant ? VARIANT_THANKS : THANKS;
  const lead = leads[(seed >>> 11) % leads.length] as string;
  const shapes = x.variant ? PLAIN_PITCH.slice(0, 2) : PLAIN_PITCH;
  return (shapes[seed % shapes.length] as (typeof PLAIN_PITCH)[number])(x, said, lead);
}

export function lastNote(x: Scene, cta: string, seed: number): string {
  const low = lowered(cta);
  if (x.variant) return `${cta} ${VARIANT_AFTER[seed % VARIANT_AFTER.length]}`;
  const must = x.mustSay;
  const shapes = (x.fit && x.task ? FIT_CLOSE : FAR_CLOSE).map((f) => (y: Scene) => {
    const out = f(y, cta, low);
    return out && (!must || out.includes(must)) ? out : null;
  });
  // A clause ("you stopped by my profile") is noticed, a thing ("your comment on …") thanked for.
  const thanks = must && (/^you\s/i.test(must) ? `Either way, I noticed ${must}; thank you.` : `Either way, thanks for ${must}.`);
  return first(shapes, seed, (f) => f(x)) ?? (thanks ? `${cta} ${thanks}` : cta);
}

const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bI'm\b/g, 'I am'],
  [/\bI'd\b/g, 'I would'],
  [/\bI've\b/g, 'I have'],
  [/\bI'll\b/g, 'I will'],
  [/\bit's\b/g, 'it is'],
  [/\bIt's\b/g, 'It is'],
  [/\bthat's\b/g, 'that is'],
  [/\bThat's\b/g, 'That is'],
  [/\bisn't\b/g, 'is not'],
  [/\byou'd\b/g, 'you would'],
  [/\byou're\b/g, 'you are'],
  [/\byou'll\b/g, 'you will'],
  [/\bwe're\b/g, 'we are'],
];

const FAMILIAR: ReadonlyArray<[RegExp, string]> = [
  [/\bThanks for\b/g, 'Thank you for'],
  [/\bthanks for\b/g, 'thank you for'],
  [/\bGlad we are connected\b/g, 'I am glad we are connected'],
  [/\bNice to be connected\b/g, 'I am pleased to be connected'],
  [/\bGood to be connected\b/g, 'I am glad to be connected'],
  [/\bA quick question\b/g, 'One question'],
  [/\bI will keep this one short\b/g, 'I will keep this brief'],
];

/** Replacements applied outside double quotes, so a quoted talk title keeps its words. */
function outsideQuotes(text: string, swaps: ReadonlyArray<[RegExp, string]>): string {
  return text
    .split(/("[^"\n]*")/)
    .map((p, i) => (i % 2 === 1 ? p : swaps.reduce((t, [re, to]) => t.replace(re, to), p)))
    .join('');
}

/** A casual line in the sender's register. */
export function inRegister(text: string, register: Register): string {
  if (register === 'casual') return text;
  const plain = outsideQuotes(text, CONTRACTIONS);
  return register === 'formal' ? outsideQuotes(plain, FAMILIAR) : plain;
}
