/**
 * The first follow-up, for a reader the message knows a fact about. A campaign's second
 * messages come in several kinds, so they do not all ask one question built from the pitch:
 * - link: their fact tied to what the sender works on in one sentence, then at most a light question;
 * - offer: something given instead of asked (a short write-up, a look at how they work today);
 * - talk: a question about their talk itself (a recording, what surprised them), the product in one clause;
 * - ask: the question about the product's task, answered by a line that fits it (follow-ups.ts).
 * The product is said in several ways from all the pitch material (what it is, whom it is for,
 * what they get), never as the pitch pasted. A reader far from the product's field is
 * never asked about its task: a short, honest note with at most a request for a name.
 */
import type { Scene } from './follow-ups.js';
import type { PitchMore } from './pitch.js';
import { at } from './templates.js';
import { cap } from './variants.js';

type Line = (x: Scene, t: string) => string | null;

const more = (x: Scene): PitchMore => x.more ?? { audience: null, want: null, extra: null };
const who = (x: Scene): string => (x.unit === 'you' ? 'you' : x.unit);
const seeing = (x: Scene): boolean => x.task?.kind === 'see' && !!x.task.object;

/** The product said in one sentence without its task, so it can follow a question about the task. */
export const SAY_PLAIN: Array<(x: Scene) => string | null> = [
  (x) => (x.offer ? `I work on ${x.product}, ${x.offer}.` : null),
  (x) => (more(x).audience && more(x).want ? `At ${x.product} we help ${more(x).audience} ${more(x).want}.` : null),
  (x) => (x.offer ? `What I build at ${x.product} is ${x.offer}.` : null),
  (x) => (offerHead(x) && more(x).audience ? `At ${x.product} we build ${offerHead(x)} for ${more(x).audience}.` : null),
];

/** The product said in one sentence, each from another part of the pitch material. */
const SAY: Array<(x: Scene) => string | null> = [
  ...SAY_PLAIN,
  (x) => (x.task ? `With ${x.product}, ${who(x)} could ${x.task.verb}${more(x).extra ? `, down to ${more(x).extra}` : ''}.` : null),
  (x) => (x.task ? `My work at ${x.product} is about ${x.task.gerund}.` : null),
];

/** The product said by the seed, from what the pitch gives. */
export function sayProduct(x: Scene, seed: number): string | null {
  const said = SAY.map((f) => f(x)).filter((t): t is string => !!t);
  return said.length ? (said[seed % said.length] as string) : null;
}

/** Their fact tied to the sender's field in one concrete sentence. */
const LINKS: Line[] = [
  (x, t) =>
    more(x).want
      ? `${cap(t)} made me think of the teams we work with at ${x.product}: most of them want to ${more(x).want}. Is that on your mind${x.where} too?`
      : null,
  (x, t) =>
    x.task
      ? `${cap(t)} is why I thought of ${x.product}: it would let ${who(x)}${x.where} ${x.task.verb}${more(x).extra ? `, down to ${more(x).extra}` : ''}.`
      : null,
  (x, t) =>
    more(x).audience && x.task ? `${cap(t)} is close to what the ${more(x).audience} I work with at ${x.product} deal with every day: ${x.task.gerund}.` : null,
  (x, t) => (x.task ? `${cap(t)} and my own work meet at one point, ${x.task.gerund}, which is what ${x.product} is for.` : null),
];

/** Something offered instead of a question. */
const OFFERS: Line[] = [
  (x, t) =>
    more(x).audience && x.task
      ? `${cap(t)} is why I'm writing. If it's useful, I can send a short write-up on how the ${more(x).audience} we work with at ${x.product} ${more(x).want ?? x.task.verb}.`
      : null,
  (x, t) =>
    seeing(x) && x.task
      ? `Given ${t}, an offer rather than a question: I'd gladly look at how ${who(x)}${x.where} ${x.unit === 'you' ? 'go' : 'goes'} about ${x.task.gerund} today and share what I'd change; it's my daily work at ${x.product}.`
      : null,
  (x, t) =>
    x.task
      ? `After reading about ${t}, one offer: if ${who(x)}${x.where} ever ${x.unit === 'you' ? 'need' : 'needs'} to ${x.task.verb}, I'm happy to show you how ${x.product} does it.`
      : null,
  (x, t) => (x.task ? `Since reading about ${t}, a small offer: fifteen minutes to show you how ${x.product} helps ${who(x)}${x.where} ${x.task.verb}.` : null),
  (x, t) =>
    x.task
      ? `${cap(t)} is why I'm writing. Should ${x.task.gerund} ever come up for ${who(x)}${x.where}, I'd be glad to walk you through how we handle it at ${x.product}.`
      : null,
];

/** A quoted talk of theirs: a bare "your talk" gives nothing to ask about. */
const quotedTalk = (x: Scene): string | null => (x.talk && x.talk.includes('"') ? x.talk : null);

/** A question about the talk itself; the product in one clause. */
const TALKS: Line[] = [
  (x) =>
    quotedTalk(x) && x.past && x.task ? `Is there a recording of ${x.talk}? I'd like to watch it, since ${x.task.gerund} is my day job at ${x.product}.` : null,
  (x) =>
    quotedTalk(x) && x.past !== false
      ? `What surprised you most while preparing ${x.talk}? I ask as someone who works on ${x.offer ?? x.task?.gerund ?? 'this'} at ${x.product}.`
      : null,
  (x) =>
    quotedTalk(x) && x.past === false && x.offer
      ? `What do you hope people take away from ${x.talk}? I'm asking from the ${x.product} side, ${x.offer}.`
      : null,
  (x) =>
    quotedTalk(x) && x.past && more(x).audience && x.task
      ? `Did ${x.talk} draw questions you didn't expect? I'm curious from the ${x.product} side, where we help ${more(x).audience} ${x.task.verb}.`
      : null,
];

/** "observability" of "observability for .NET and JavaScript apps": what the product is, without whom it is for. */
const offerHead = (x: Scene): string | null => {
  const head = x.offer?.split(/\s+for\s+/)[0];
  return head && head !== x.offer && head.split(' ').length <= 4 ? head : null;
};

/** A far reader's fact, said without making it a reason for a pitch. */
const FAR_REASONS: Line[] = [
  (x, t) => `I enjoyed reading about ${t}.`,
  (x, t) => `${cap(t)} was a good read.`,
  (x, t) => `${cap(t)} caught my eye.`,
  (x, t) => `I came across ${t} this week.`,
  (x, t) => `${cap(t)} stood out to me.`,
  (x, t) => `Thanks for connecting; ${t} is why I reached out.`,
  (x, t) => `Glad to be connected after reading about ${t}.`,
  (x, t) => `It was a pleasure to read about ${t}.`,
  (x, t) => `${cap(t)} is what brought you to my attention.`,
  (x, t) => `I noticed ${t} and wanted to say hello.`,
  (x, t) => `Thanks for accepting; I had read about ${t}.`,
  (x, t) => `${cap(t)} made me want to connect.`,
];

/** What the sender does, said once and plainly. */
const FAR_WHAT: Line[] = [
  (x) => (x.offer ? `I work on ${x.offer} at ${x.product}.` : null),
  (x) => (x.offer ? `My own work is ${x.product}, ${x.offer}.` : null),
  (x) => (x.task?.object ? `What I do at ${x.product} is make it quick to ${x.task.verb}.` : null),
  (x) => (x.task?.object ? `I work at ${x.product}, which makes it quick to ${x.task.verb}.` : null),
  (x) => (offerHead(x) && more(x).audience ? `At ${x.product} I build ${offerHead(x)} for ${more(x).audience}.` : null),
  (x) => (!x.offer && x.task ? `My work at ${x.product} is about ${x.task.gerund}.` : null),
];

/** For a reader the page puts in another field: no pitch, at most a request for a name. */
const FAR_CLOSES: Line[] = [
  () => `That's a long way from your work, so no pitch here.`,
  () => `It's far from your field, so take this as a hello rather than a pitch.`,
  () => `I doubt it touches your work, so no sales pitch from me.`,
  () => `It has little to do with what you do, and I won't pretend otherwise.`,
  (x) => (x.colleagues && x.ask && x.company ? `It's far from your own work; if there's ${x.ask}${at(x.company)} who might care, a name would help.` : null),
  () => `Nothing in it for you, I suspect, so this is just a hello.`,
];

/** For a reader the product may not fit (a talk about people, little known): no claim either way. */
const UNSURE_CLOSES: Line[] = [
  () => `I can't tell from here whether that's near your work, so tell me if it isn't.`,
  () => `If that's nowhere near your work, just say so and I won't follow up.`,
  () => `Whether it touches your work at all, I can't say from here; you can.`,
  () => `It may have nothing to offer you, and I'd be glad to hear that too.`,
  (x) => (x.colleagues && x.company ? `If someone else${at(x.company)} looks after that side, a name would help just as much.` : null),
  (x) => (x.colleagues ? `If that's someone else's job where you work, a name would help.` : null),
  () => `Honestly, it might be the wrong fit for your work; tell me if so.`,
];

function choose(list: readonly Line[], x: Scene, t: string, seed: number): string | null {
  const said = list.map((f) => f(x, t)).filter((s): s is string => !!s);
  return said.length ? (said[seed % said.length] as string) : null;
}

/** A fit reader's second message of the kind the seed gives; null for the ask kind (follow-ups.ts writes it). */
export function fitNote(x: Scene, seed: number): string | null {
  const t = x.fact ?? x.talk;
  if (!t || !x.product) return null;
  // The ask kind (null here) takes one turn in three, or in four with a talk to ask about.
  const kinds: Array<readonly Line[] | null> = [null, LINKS, OFFERS];
  if (quotedTalk(x)) kinds.push(TALKS);
  const kind = kinds[seed % kinds.length];
  if (!kind) return null;
  const within = Math.floor(seed / kinds.length);
  return choose(kind, x, t, within) ?? choose(LINKS, x, t, within);
}

/** A far reader's second message, or null when the pitch gives nothing to say the product with. */
export function farNote(x: Scene, seed: number): string | null {
  // Known only from an event's programme: the programme is what was read about them.
  // An event's name in another script is not said in an English sentence.
  const t = x.fact ?? x.talk ?? (x.event && !/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]/u.test(x.event) ? `the ${x.event} programme` : null);
  if (!t || !x.product) return null;
  const what = FAR_WHAT.map((f) => f(x, t)).filter((w): w is string => !!w);
  if (!what.length) return null;
  // Each part turns by its own stride, so a campaign mixes them instead of pairing them.
  const reason = choose(FAR_REASONS, x, t, seed) as string;
  const said = what[(seed + Math.floor(seed / FAR_REASONS.length)) % what.length] as string;
  const close = choose(x.elsewhere ? FAR_CLOSES : UNSURE_CLOSES, x, t, seed + 2 * Math.floor(seed / what.length)) as string;
  return `${reason} ${said} ${close}`;
}
