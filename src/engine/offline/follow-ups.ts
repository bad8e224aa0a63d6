/**
 * The two follow-ups. Each list of wordings is taken in turn through a campaign (the
 * pipeline gives each sequence its place), so every wording carries an even share and
 * none runs through the campaign.
 * 2. Built on a second fact about the reader (reader.ts), not the talk the first message
 *    named; for someone the product fits, their fact, then a question about how they do
 *    the task the product helps with (task.ts), then the product; for a poor fit, what
 *    the sender does, said plainly once.
 * 3. Short: the sender's call to action, under a condition about the reader or beside one
 *    line of theirs, tied back to them. A poor fit gets an easy way out.
 * Shapes are written once, in the casual register; `inRegister` spells contractions out
 * for the neutral and formal ones and swaps the familiar phrases for the formal one.
 */
import type { Register } from './style.js';
import type { Task } from './task.js';
import { cap } from './variants.js';
import { article, at } from './templates.js';
import type { PitchMore } from './pitch.js';
import { farNote, SAY_PLAIN } from './second-note.js';
import { PRODUCT_TIES, fitSecond } from './fit-parts.js';
import { hasCta } from '../../qa/checks.js';

/** What a shape may say about one reader; empty strings and nulls are what is not known. */
export interface Scene {
  /** A second fact about them as a noun phrase: "your research on plasma turbulence". */
  fact: string | null;
  /** The sequence's own subject said shortly: `your talk "X"`; null without a talk. */
  talk: string | null;
  task: Task | null;
  /** The sender's company or product name; '' when neither is known. */
  product: string;
  /** What the product is, in the pitch's words ("observability for .NET and JavaScript apps"); null when the pitch does not say. */
  offer?: string | null;
  /** The product said in one clause a stranger can follow: "Tracewise is observability for .NET and JavaScript apps". */
  what?: string | null;
  /** Whose work: "your team", "your group", "you". */
  unit: string;
  /** " at Acme" when the message has not named their employer yet, else ''. */
  where: string;
  event: string | null;
  /** The event is over (its year is past), still to come, or null when the page gives no year. */
  past?: boolean | null;
  /** The reader works near what the product does. */
  fit: boolean;
  /** Their fact (else their talk) shares words with the pitch or the ICP, so it may be tied to the product (near.ts). */
  nearFact?: boolean;
  /** Their talk's title shares words with the pitch or the ICP, so it may be asked about as a peer. */
  nearTalk?: boolean;
  /** The page puts the reader in another field, so the product is known to be far from them (not merely unsure). */
  elsewhere?: boolean;
  /** Someone else at their place could own the task (not a student or a solo reader). */
  colleagues: boolean;
  /** A colleague at the same place got the usual wordings: this reader gets wordings no one else does. */
  variant?: boolean;
  /** Words the last note must carry (an intent lead's action). */
  mustSay?: string | null;
  /** Their employer as the page gives it, for the last note's tie back to them. */
  company?: string | null;
  /** Whom a poor fit could point to, from the campaign's titles: "a CTO or VP Engineering". */
  ask?: string | null;
  /** What the first message was about ("your talk "X""), for the last note's tie back. */
  subject?: string | null;
  /** The rest of the pitch and the positioning: whom the sender works with, what they want, what the reader is spared. */
  more?: PitchMore;
}

const doU = (u: string) => (u === 'you' ? 'do you' : `does ${u}`);
const possU = (u: string) => (u === 'you' ? 'your' : `${u}'s`);

/** The year an event's name gives ("PyConFR 2012") against this year: over, to come, or unknown. */
export function eventIsPast(event: string | null, now = new Date()): boolean | null {
  const years = [...(event ?? '').matchAll(/(?<![\d.])((?:19|20)\d{2})(?![\d])/g)].map((m) => Number(m[1]));
  if (!years.length) return null;
  return Math.max(...years) < now.getFullYear();
}

/**
 * Said in the same sentence as what follows, never alone: a campaign's second messages then
 * do not all open on one line ("Thanks for connecting.").
 */
const THANKS = ['', 'Thanks for connecting; ', '', 'Good to be connected; ', 'Thanks for accepting; ', ''];
/**
 * Before a question to someone known only from an event's programme: the event is the one thing
 * known of them, so every lead says it (a plain "Thanks for connecting; " readers called filler).
 */
const EVENT_LEADS: Array<(e: string) => string> = [
  (e) => `Since you spoke${at(e)}, one question: `,
  (e) => `Seeing you on the ${e} programme, I wanted to ask: `,
  (e) => `You were on the ${e} programme, so a question: `,
  (e) => `A quick question, prompted by the ${e} line-up: `,
  (e) => `One thing I'd ask anyone who spoke${at(e)}: `,
  (e) => `As a speaker${at(e)}, you may have a view on this: `,
  (e) => `Your name on the ${e} programme prompted one question: `,
  (e) => `A question for someone who spoke${at(e)}: `,
];
/** Leads only a colleague's variant uses, so two people at one place never get one text. */
const VARIANT_THANKS = ['Thanks again for the connection; ', 'Glad to be in touch, and ', 'Many thanks for connecting; '];
/** Said before the call to action in a variant's last note, and nowhere else. */
const VARIANT_BEFORE = ['To close the loop on my side: ', 'A last question from me: ', 'Following up one final time: '];
/** Said after the call to action in a variant's last note, and nowhere else. */
const VARIANT_AFTER = ['Whatever suits your diary works for me.', 'Any week that suits you is fine by me.', 'I can fit around whatever time suits you.'];

/** "Thanks for connecting; your research on X caught my eye." or the sentence alone. */
const thanked = (lead: string, text: string) => (lead ? `${lead}${text}` : cap(text));

type Part = (x: Scene) => string | null;

/** A reason built on their fact (else their talk), or nothing when neither is known. */
const onFact =
  (say: (t: string, x: Scene) => string): Part =>
  (x) => {
    const t = x.fact ?? x.talk;
    return t ? say(t, x) : null;
  };

/** Why this reader, in a sentence that carries their fact. */
const REASONS: Part[] = [
  onFact((t) => `${cap(t)} caught my eye.`),
  onFact((t) => `${cap(t)} is why I'm writing.`),
  onFact((t) => `After we connected, I read about ${t}.`),
  onFact((t) => `${cap(t)} stood out to me.`),
  onFact((t) => `${cap(t)} made me think of you.`),
  onFact((t) => `I enjoyed reading about ${t}.`),
  (x) => (x.talk && x.past ? `If you have slides of ${x.talk} online, I'd be keen to see them.` : null),
  onFact((t) => `${cap(t)} is the reason for this note.`),
  onFact((t) => `I came across ${t} and wanted to follow up.`),
  onFact((t) => `${cap(t)} got my attention.`),
  onFact((t) => `Reading about ${t} is what prompted this message.`),
  onFact((t) => `I'm writing because of ${t}.`),
];

/** One question about how the reader does the product's task; the task is said here and nowhere else. */
const QUESTIONS: Part[] = [
  (x) => `how ${doU(x.unit)} ${x.task?.verb}${x.where} today?`,
  (x) => (x.task?.object ? `how much time ${doU(x.unit)} lose working out ${x.task.object}${x.where}?` : null),
  (x) => `what ${doU(x.unit)} use to ${x.task?.verb}${x.where}?`,
  (x) => `how long does it take ${x.unit === 'you' ? 'you' : x.unit} to ${x.task?.verb}${x.where}?`,
  (x) => `is there a tool ${x.unit === 'you' ? 'you use' : `${x.unit} uses`} to ${x.task?.verb}${x.where}?`,
  (x) => `how easy is it for ${x.unit === 'you' ? 'you' : x.unit} to ${x.task?.verb}${x.where}?`,
  (x) => `where ${doU(x.unit)} start when ${x.unit === 'you' ? 'you need' : 'it needs'} to ${x.task?.verb}${x.where}?`,
  (x) => `${x.unit === 'you' ? 'do you' : `does ${x.unit}`} have a set way to ${x.task?.verb}${x.where}?`,
  (x) => `how often ${doU(x.unit)} need to ${x.task?.verb}${x.where}?`,
];

/** "track down which request got slow" said of a team: "tracks down which request got slow". */
export function thirdPerson(unit: string, verb: string): string {
  if (unit === 'you') return verb;
  const [v = '', ...rest] = verb.split(' ');
  const said = v === 'have' ? 'has' : v === 'be' ? 'is' : /(?:s|sh|ch|x|z|o)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`;
  return [said, ...rest].join(' ');
}

/** What may follow the question: the product as the reason for asking, or said in one of the pitch's ways. */
const ANSWERS: Part[] = [...PRODUCT_TIES, ...SAY_PLAIN];

/**
 * For a reader the product does not fit: no question about a problem they do not have.
 * What the product is comes first (a name asked for with nothing to go on cannot be
 * answered); then someone at their place may have the problem, so a name is asked for, or
 * a reader on their own is told plainly it may not be for them. The last note's call to
 * action still follows, so nothing here promises there is no pitch.
 */
const SAY_WHAT: Part[] = [
  (x) => (x.what ? `${x.what}.` : null),
  (x) => (x.task?.object && x.product ? `What I do at ${x.product} is make it quick to ${x.task.verb}.` : null),
  (x) => (x.task?.object && x.product ? `I work at ${x.product}, which makes it quick to ${x.task.verb}.` : null),
  (x) => (x.task?.object && x.product ? `My work at ${x.product} is about making it quick to ${x.task.verb}.` : null),
];

/** After SAY_WHAT: "that" is the product. */
const REFERRALS: Part[] = [
  (x) => (x.ask ? `That's probably far from your own work, so is there ${x.ask} where you work I could ask instead?` : null),
  () => `It likely sits outside your field; who would be the right person to ask where you work?`,
  (x) => (x.ask ? `I suspect it's not for you, so a question instead: is there ${x.ask} on your side?` : null),
  () => `Rather than guess whether it fits your work, may I ask who on your side would know?`,
  () => `It may matter more to a colleague of yours than to you; could you point me to them?`,
  () => `It probably belongs on someone else's desk where you work; whose would that be?`,
  () => `I'd rather ask than assume it's your area: who should I talk to?`,
];

/** For a poor fit on their own (a student, a freelancer): the product may not be for them, said once. */
const NOT_FOR_YOU: Part[] = [
  () => `I'm not sure that's anywhere near your field; if it isn't, just say so and I won't follow up.`,
  () => `I can't tell whether it's any use to you, so I'd rather ask than assume.`,
  () => `If it turns out to be no use to you, a short "no" is all I need.`,
  () => `Honestly, it might be the wrong fit for your work; tell me if so.`,
  () => `Whether it touches your work at all, I can't say from here; you can.`,
  () => `I'll admit it may not be for you, and that's fine to say.`,
];

/** The same, when the pitch gives no clause to say what the product is. */
const REFERRALS_BY_NAME: Part[] = [
  (x) => (x.ask ? `${x.product} is probably far from your own work: is there ${x.ask} where you work I could ask instead?` : null),
  (x) => `What I do at ${x.product} likely sits outside your field; who would be the right person to ask where you work?`,
  (x) => `Rather than guess whether ${x.product} fits your work, may I ask who on your side would know?`,
  (x) => `${x.product} may matter more to a colleague of yours than to you; could you point me to them?`,
];
const NOT_FOR_YOU_BY_NAME: Part[] = [
  (x) => `I'm not sure ${x.product} is anywhere near your field; if it isn't, just say so and I won't follow up.`,
  (x) => `I can't tell whether ${x.product} is any use to you, so I'd rather ask than assume.`,
  (x) => `Honestly, ${x.product} might be the wrong fit for your work; tell me if so.`,
  (x) => `I'll admit ${x.product} may not be for you, and that's fine to say.`,
];

/** The ICP's first titles as someone to ask for: "a CTO or VP Engineering". */
export function askFor(titles: readonly string[]): string | null {
  const named = titles
    .map((t) => t.trim())
    .filter((t) => t && t.length <= 30)
    .slice(0, 2);
  if (!named.length) return null;
  // "a CTO", "an engineering manager": acronyms keep their capitals.
  const one = (t: string) => {
    const said = /^[A-Z]{2,}/.test(t) ? t : t.toLowerCase();
    return `${article(said)} ${said}`;
  };
  return named.map(one).join(' or ');
}

/** One sentence from each list, each list turned by its own part of the seed so a campaign mixes them. */
function compose(x: Scene, seed: number, parts: ReadonlyArray<readonly Part[]>): string | null {
  const out: string[] = [];
  let s = seed;
  for (const list of parts) {
    const said = list.map((f) => f(x)).filter((t): t is string => !!t);
    if (!said.length) return null;
    out.push(said[s % said.length] as string);
    // The next list turns by a step of its own, so each list's wordings still take even shares.
    s += 3;
  }
  return out.map((t, i) => (i === 0 ? cap(t) : /[:]$/.test(out[i - 1] ?? '') ? t : cap(t))).join(' ');
}

/** The call to action as it reads after a lead-in: "would a call be worth it?", or null when it does not read on. */
const LOWERABLE =
  /^(?:would|could|can|are|is|do|does|shall|should|will|might|may|up|open|fancy|book|grab|pick|reply|let|happy|free|want|how|what|when|any|worth|interested|keen|just|feel|send|drop|schedule|hop|join|find|see|take)\b/i;

export function lowered(cta: string): string | null {
  // The first sentence ends at a mark followed by a space and a capital; a link's dots do not end it.
  const m = /^(.+?[.!?])\s+(?=\p{Lu})(.*)$/su.exec(cta);
  const first = m ? m[1] : cta;
  if (!LOWERABLE.test(first)) return null;
  return [`${first[0].toLowerCase()}${first.slice(1)}`, m ? m[2] : ''].filter(Boolean).join(' ');
}

type Close = (x: Scene, cta: string, low: string | null) => string | null;

/**
 * Last notes for a reader the product fits: the call to action in another frame than the
 * second message, with neither the task nor the fact said again.
 */
const FIT_CLOSE: Close[] = [
  (x, c) => `Last note from me. ${c}`,
  (x, c) => `${c} If the timing is wrong, just say so.`,
  (x, c) => `${c} A no is a fine answer too.`,
  (x, c) => `${c} I'm happy to work around your diary.`,
  (x, c) => `Picking this up once more. ${c}`,
  (x, c) => `${c} A short reply either way suits me.`,
  (x, c, l) => (l ? `Coming back to this one last time: ${l}` : null),
  (x, c, l) => (l ? `If it helps to talk it through, ${l}` : null),
  (x, c, l) => (l ? `Rounding this off: ${l}` : null),
  (x, c) => `Last one from me. ${c}`,
  (x, c) => `${c} If not, I won't follow up again.`,
  (x, c) => `Quick last note. ${c}`,
  (x, c) => `${c} Either way, thanks for reading.`,
  (x, c) => `${c} If it's not a priority now, that's fine.`,
  (x, c) => `Last follow-up from me. ${c}`,
  (x, c) => `${c} No hard feelings if not.`,
  // Leads that frame the call, so a campaign's last notes that open on one have sixteen to share out.
  (x, c) => `One more note, then I'll stop. ${c}`,
  (x, c, l) => (l ? `Before I close this thread: ${l}` : null),
  (x, c) => `A final check-in. ${c}`,
  (x, c, l) => (l ? `Once more, briefly: ${l}` : null),
  (x, c) => `My last message on this. ${c}`,
  (x, c, l) => (l ? `One question before I go quiet: ${l}` : null),
  (x, c) => `A short one to finish. ${c}`,
  (x, c) => `Last try from my side. ${c}`,
];

/** Last notes for a poor fit: an easy way out, the call to action as the sender wrote it. */
const FAR_CLOSE: Close[] = [
  (x, c) => (x.talk && x.past === false ? `${c} Either way, good luck with ${x.talk}.` : null),
  (x, c, l) => (l ? `No pressure, and this is my last note: ${l}` : null),
  (x, c) => `${c} If it's not relevant to you, no problem at all.`,
  (x, c) => `${c} If the answer is no, I'll leave it there.`,
  (x, c, l) => (l ? `Last one from me: ${l}` : null),
  (x, c) => `${c} Thanks for reading this far either way.`,
  (x, c) => `Closing the loop on my side. ${c}`,
  (x, c) => `${c} Completely fine if this isn't for you.`,
  (x, c, l) => (l ? `Final note from my side: ${l}` : null),
  (x, c) => `${c} No reply needed if not.`,
  (x, c, l) => (l ? `One easy question to end on: ${l}` : null),
  (x, c, l) => (l ? `To wrap things up: ${l}` : null),
  (x, c) => `I'll keep this short and final. ${c}`,
  (x, c, l) => (l ? `One last time, and then I'll leave it: ${l}` : null),
  (x, c) => `A final note, no strings attached. ${c}`,
  (x, c, l) => (l ? `Asking once more, then I'm done: ${l}` : null),
  (x, c) => `This is the last you'll hear from me on it. ${c}`,
  (x, c, l) => (l ? `Before I stop writing: ${l}` : null),
  (x, c) => `Just one more from me. ${c}`,
  (x, c, l) => (l ? `A last, easy question: ${l}` : null),
];

/**
 * A sentence that ties the last note back to this reader, for a close that says nothing of
 * them: their company, their fact or their talk, in shapes that differ in their small words
 * too, so no frame carries a campaign.
 */
/** What the last note comes back to: the first message's subject, else the second's fact. */
const back = (x: Scene): string | null => x.subject ?? x.fact;
/** What the last note comes back to is a talk by its title. */
const quoted = (x: Scene): boolean => !!back(x)?.includes('"');

/**
 * Plain lines that name what the first message was about, each said once in a campaign's
 * turn: none with a flourish a reader remembers from the last sequence ("All of this goes
 * back to", "Before I let this go", "You came up on my list"), and no request for a name,
 * which reads odd to a professor asked who at their university "looks after this".
 */
const TIES_BACK: Array<(x: Scene) => string | null> = [
  // Their place only when nothing of theirs beyond their card is known: a last note on "how things
  // run at 47 Degrees" after a first note on their talk trades the talk for an employer.
  (x) => (x.company && x.unit === 'your team' && !ownSubject(x) ? `I'd keep it specific to how things run${at(x.company)}.` : null),
  (x) => (x.talk && x.past === false ? `Good luck with ${x.talk} in any case.` : null),
  (x) => (x.company && x.unit === 'your team' && !ownSubject(x) ? `Whatever we cover would start from your own setup${at(x.company)}.` : null),
  // Short frames: four words or fewer after their subject, too few to read as a formula.
  (x) => (back(x) ? `${cap(back(x) ?? '')} is why I wrote.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} brought you to mind.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} prompted my first note.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} made me write.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} is where this began.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} led me to you.` : null),
  (x) => (back(x) ? `With ${back(x)} in mind:` : null),
  (x) => (back(x) ? `Back to ${back(x)}:` : null),
  (x) => (back(x) ? `Following up on ${back(x)}:` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} is what I reached out about.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} is the reason for my notes.` : null),
  (x) => (back(x) ? `One last note on ${back(x)}:` : null),
];

/** What the last note comes back to is only their business card: "your work at Acme", "your role as a CTO at Acme". */
/** The last note can come back to something of theirs beyond their card: a talk by its title, a topic, a line of their bio. */
const ownSubject = (x: Scene): boolean => !!back(x) && !cardOnly(x);
const cardOnly = (x: Scene): boolean => /^(?:your (?:work|role|job|studies) (?:at|as)|what you do (?:at|as)|the work you do at)\b/i.test(back(x) ?? '');

/** " at Acme": their employer after "at", with "the" where English puts it. */
const placeOf = (x: Scene): string => at(x.company ?? null);

/**
 * For a reader known only by their job title and employer, a line about their team's own
 * setup says more than "your work at Acme is why I wrote", which readers call an employer
 * used as a hook: the call is said to start from their place.
 */
const PLACE_TIES: Array<(x: Scene) => string | null> = [
  (x) => `I'd keep it specific to how things run${placeOf(x)}.`,
  (x) => `Whatever we cover would start from your own setup${placeOf(x)}.`,
  (x) => `I'd tailor it to your team${placeOf(x)}.`,
  (x) => `It would be about your team${placeOf(x)}, not a generic demo.`,
  (x) => `I'd come with questions about your setup${placeOf(x)}, not slides.`,
  (x) => `We'd start from how things work${placeOf(x)} today.`,
];

/**
 * For a reader the product does not fit, their work is not why a call is asked for (a talk
 * on permaculture is no reason for an observability call): the line says what was read
 * about them, and no more.
 */
const FAR_TIES_BACK: Array<(x: Scene) => string | null> = [
  (x) => (x.talk && x.past === false ? `Good luck with ${x.talk} in any case.` : null),
  // Warmth about a talk they gave; a job title or an employer alone is no reading to enjoy.
  (x) => (quoted(x) ? `I enjoyed reading about ${back(x)}.` : null),
  (x) => (quoted(x) ? `I'm glad I came across ${back(x)}.` : null),
  (x) => (quoted(x) ? `Good to have read about ${back(x)}.` : null),
  (x) => (quoted(x) ? `${cap(back(x) ?? '')} made for interesting reading.` : null),
  (x) => (quoted(x) ? `I appreciated learning about ${back(x)}.` : null),
  (x) => (quoted(x) && x.event ? `I found you through ${back(x)}${at(x.event)}.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} is why I wrote.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} brought you to mind.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} prompted my first note.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} led me to you.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} is where this began.` : null),
  (x) => (back(x) ? `${cap(back(x) ?? '')} made me write.` : null),
];

/** "a 20-minute call" of "Would a 20-minute call next week be worth it?": the thing the call to action asks for. */
export function ctaThing(cta: string): string | null {
  const m = /\b(?:an?|one)\s+(?:[\p{L}\d-]+\s+){0,3}?(?:call|chat|demo|meeting|conversation|walkthrough|intro|look)\b(?:\s+to\s+[^?.!]+)?/iu.exec(cta);
  return m ? m[0].replace(/\s+(?:next|this)\s+(?:week|month)$/i, '') : null;
}

/**
 * The last note to a reader the second message told there was no pitch for: thanks and a
 * goodbye, or a name asked for; what the call to action offers stays an open door for
 * someone else, never asked of them (a call after "take this as a hello" contradicts it).
 */
const GOODBYES: Array<(x: Scene, thing: string) => string | null> = [
  (x, p) =>
    x.colleagues && x.company && x.ask
      ? `One last note, and no pitch in it: is there ${x.ask}${at(x.company)} who might want ${p}? A name is all I'd ask for.`
      : null,
  (x, p) => (x.colleagues && x.company ? `I'll leave it here. If someone${at(x.company)} would find ${p} worthwhile, could you point me to them?` : null),
  (x, p) => (quoted(x) ? `${cap(back(x) ?? '')} was well worth reading about. That's my last note; should you want ${p} later, just write.` : null),
  (x, p) => (x.talk && x.past === false ? `I won't write again; good luck with ${x.talk}. Should ${p} ever be useful, a reply is enough.` : null),
  (x, p) => (back(x) ? `${cap(back(x) ?? '')} is why I wrote, and I'll stop here. Write back any time ${p} would help.` : null),
  (x, p) => (x.colleagues && x.company ? `This is my last note. Should anyone${at(x.company)} ever want ${p}, I'm a reply away.` : null),
  (x, p) => (quoted(x) ? `Thank you for ${back(x)}. I won't write again; if ${p} is ever of use, just reply.` : null),
];

/** For a reader known only from an event's programme: the event, then thanks and a goodbye. */
const BARE_GOODBYES: Array<(thing: string) => string> = [
  (p) => `That's all from me, and thanks for reading. Just reply if you'd like ${p} one day.`,
  (p) => `Nothing more from me after this. If ${p} does become useful one day, a reply is enough.`,
  (p) => `I'll leave it there, with thanks. In case ${p} helps later on, a one-line reply is enough.`,
  (p) => `No more notes after this one; I'm a reply away, should you want ${p}.`,
  (p) => `This is my last note. Should ${p} ever be useful to you or a colleague, just reply.`,
  (p) => `I'll stop here. The offer of ${p} stays open if it ever helps.`,
  (p) => `My thanks, and that's the end of my notes. Write any time ${p} would be of use.`,
];

/** A goodbye that still carries the call to action's words (the gate asks for them), or null. */
function goodbye(x: Scene, cta: string, seed: number, carries: (text: string) => boolean): string | null {
  const thing = ctaThing(cta);
  if (!thing) return null;
  const said = GOODBYES.map((f) => f(x, thing)).filter((t): t is string => !!t && carries(t));
  if (said.length) return said[seed % said.length] as string;
  const found = x.event ? (FOUND_AT[seed % FOUND_AT.length] as (e: string) => string)(x.event) : '';
  const bare = BARE_GOODBYES.map((f) => f(thing)).filter(carries);
  // The goodbye turns by its own stride, so it does not pair with one opening line.
  const turn = seed + Math.floor(seed / FOUND_AT.length);
  return bare.length ? `${found} ${bare[turn % bare.length]}`.trim() : null;
}

/** Where the sender found a reader known only by name and event. */
/** Where the sender found a reader known only by name and event: said plainly, never as a list they were put on. */
const FOUND_AT: Array<(e: string) => string> = [
  (e) => `I found you through the ${e} programme.`,
  (e) => `${e} is where I came across your name.`,
  (e) => `I saw your name among the ${e} speakers.`,
  (e) => `The ${e} schedule is where I saw your name.`,
  (e) => `I'm writing because you spoke${at(e)}.`,
  (e) => `Your name was on the ${e} line-up.`,
  (e) => `The ${e} speaker list is where I found you.`,
  (e) => `${e} is how I found you.`,
  (e) => `You spoke${at(e)}, which is how I found you.`,
  (e) => `The ${e} line-up led me to you.`,
  (e) => `I came across you on the ${e} programme.`,
  (e) => `The ${e} programme is why I first wrote.`,
  (e) => `${e} put your name in front of me.`,
  (e) => `I first saw your name in the ${e} schedule.`,
  (e) => `You were among the ${e} speakers, which is why I wrote.`,
  (e) => `My first note came from the ${e} programme.`,
];

/** Whether a last note already says something of this reader. */
const saysOfThem = (x: Scene, text: string) =>
  [back(x), x.talk, x.company].some((v) => !!v && text.includes(v.replace(/^your (?:talk|session|work|research) /, '')));

/** One of the shapes that can be said for this reader, spread evenly by the seed. */
function first<T>(list: readonly T[], seed: number, run: (t: T) => string | null): string | null {
  const said = list.map(run).filter((t): t is string => !!t);
  return said.length ? (said[seed % said.length] as string) : null;
}

/** The second message's body; null only for a fit reader with no task in the pitch (draft.ts says the pitch then). */
export function secondNote(x: Scene, seed: number): string | null {
  // A colleague's variant turns every list, so two people at one place never get one text.
  const s = x.variant ? seed + 1 : seed;
  const lead = x.variant ? (VARIANT_THANKS[seed % VARIANT_THANKS.length] as string) : '';
  const body = (() => {
    // Far from the product's field and known only by name: no question about its task.
    if (!x.fit && !x.fact && !x.talk) {
      const honest = farNote(x, s);
      if (honest) return honest;
    }
    // Nothing known of them: the question alone, after a thanks.
    if (x.task && x.product && !x.fact && !x.talk) {
      const q = compose(x, s, [QUESTIONS, ANSWERS]);
      const lead =
        (x.event ? (EVENT_LEADS[s % EVENT_LEADS.length] as (e: string) => string)(x.event) : '') || THANKS[s % THANKS.length] || 'Thanks for connecting; ';
      return q && `${lead}${q[0]?.toLowerCase()}${q.slice(1)}`;
    }
    // A reader the product fits: short parts on their fact, a question or an offer, the product in their terms (fit-parts.ts).
    if (x.fit && x.task && x.product) return fitSecond(x, s);
    if (x.fit) return null;
    if (x.product && (x.fact || x.talk)) {
      const honest = farNote(x, s);
      if (honest) return honest;
      const far = x.colleagues ? (x.what ? REFERRALS : REFERRALS_BY_NAME) : x.what ? NOT_FOR_YOU : NOT_FOR_YOU_BY_NAME;
      return compose(x, s, x.what ? [REASONS, SAY_WHAT, far] : [REASONS, far]);
    }
    const about = x.fact ?? x.talk;
    // Nothing known and no task to ask about: the sender's line said once (draft.ts).
    return about ? `${cap(about)} is why I reached out, and I'd be glad to stay in touch.` : null;
  })();
  return body && lead ? `${lead}${/^I\b/.test(body) ? body : `${body[0]?.toLowerCase()}${body.slice(1)}`}` : body;
}

/** For a fit reader and a pitch with no task in it: the sender's own line `said`, framed by a fact of theirs. */
const PLAIN_PITCH: Array<(x: Scene, said: string, lead: string) => string> = [
  (x, said, t) => `${thanked(t, `${x.fact ?? 'your profile'} caught my eye.`)} ${said} Would something like that help ${x.unit}${x.where}?`,
  (x, said, t) => `${thanked(t, `${x.fact ?? 'your profile'} is the reason I'm writing.`)} ${said} Is that worth a closer look for ${x.unit}?`,
  (x, said) => `${said} ${cap(x.fact ?? 'your profile')} is why I thought of you: would it be useful ${x.unit === 'you' ? 'to you' : `for ${x.unit}`}?`,
  (x, said) => `${said} I'm curious whether it would fit ${x.unit === 'you' ? 'your work' : `${possU(x.unit)} work`}, given ${x.fact ?? 'what you do'}.`,
];

export function plainPitchNote(x: Scene, said: string, seed: number, leadSeed: number): string {
  const leads = x.variant ? VARIANT_THANKS : THANKS;
  const lead = leads[leadSeed % leads.length] as string;
  const shapes = x.variant ? PLAIN_PITCH.slice(0, 2) : PLAIN_PITCH;
  return (shapes[seed % shapes.length] as (typeof PLAIN_PITCH)[number])(x, said, lead);
}

export function lastNote(x: Scene, cta: string, seed: number, tieSeed: number): string {
  const low = lowered(cta);
  if (x.variant) return low ? `${VARIANT_BEFORE[seed % VARIANT_BEFORE.length]}${low}` : `${cta} ${VARIANT_AFTER[seed % VARIANT_AFTER.length]}`;
  const must = x.mustSay;
  // The second message told a reader of another field there was no pitch: the last note agrees.
  const bye = !x.fit && x.elsewhere && !must ? goodbye(x, cta, seed, (t) => hasCta(t, cta)) : null;
  if (bye) return bye;
  const shapes = (x.fit && x.task ? FIT_CLOSE : FAR_CLOSE).map((f) => (y: Scene) => {
    const out = f(y, cta, low);
    return out && (!must || out.includes(must)) ? out : null;
  });
  // A clause ("you stopped by my profile") is noticed, a thing ("your comment on …") thanked for.
  const thanks = must && (/^you\s/i.test(must) ? `Either way, I noticed ${must}; thank you.` : `Either way, thanks for ${must}.`);
  const close = first(shapes, seed, (f) => f(x)) ?? (thanks ? `${cta} ${thanks}` : cta);
  if (must || saysOfThem(x, close)) return close;
  // "… either way. Either way, …": a tie that says the close's hedge again is skipped.
  const hedge = /either way|whatever/i.exec(close)?.[0]?.toLowerCase();
  const place = x.fit && x.task && cardOnly(x) && !!x.company && x.unit === 'your team';
  const ties = (place ? PLACE_TIES : x.fit && x.task ? TIES_BACK : FAR_TIES_BACK).map((f) => (y: Scene) => {
    const t = f(y);
    return t && hedge && t.toLowerCase().includes(hedge) ? null : t;
  });
  const tie = first(ties, tieSeed, (f) => f(x));
  // A close that would open the note on the call to action gives way to one that frames it,
  // chosen among those alone so each carries an even share of a campaign's openings.
  const framing = first(shapes, seed, (f) => {
    const t = f(x);
    return t && !t.startsWith(cta) ? t : null;
  });
  const framed = () => framing ?? close;
  if (!tie) {
    // Known by name and event only: the event opens the note, else a frame that does not open on the call to action.
    const found = x.event ? (FOUND_AT[tieSeed % FOUND_AT.length] as (e: string) => string)(x.event) : null;
    if (found) return `${found} ${close}`;
    return framed();
  }
  // A line about them opens the note (no campaign then opens its last notes on one call to
  // action); a line about their colleagues or their place follows the call it refers to.
  const about = back(x);
  const opens = about && tie.toLowerCase().includes(about.toLowerCase());
  // A line on their subject then the ask reads as a plain last note; a stock closer around the
  // ask as well is kept for a third of them, so no closer runs through a campaign.
  const ask = tie.endsWith(':') ? (low ?? null) : seed % 3 === 0 ? close : cta;
  if (opens && ask) return `${tie} ${ask}`;
  if (tie.endsWith(':')) return `${framed()} ${cap(about ?? '')} is why I wrote.`;
  return opens ? `${tie} ${close}` : `${framed()} ${tie}`;
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
