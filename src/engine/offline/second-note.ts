/**
 * The first follow-up to a reader far from the product's field (or unsure): a short, honest
 * note on what was read about them, what the sender does said once in plain words, and no
 * question about the product's task; at most a request for a name. Each of the three parts
 * is turned by its own stride, and each list holds a dozen wordings, so no block of them
 * recurs across a campaign. The fit reader's note is fit-parts.ts's.
 */
import type { Scene } from './follow-ups.js';
import type { PitchMore } from './pitch.js';
import { at } from './templates.js';
import { cap } from './variants.js';
import { choose } from './fit-parts.js';

type Line = (x: Scene, t: string) => string | null;

const more = (x: Scene): PitchMore => x.more ?? { audience: null, want: null, extra: null };

/** The product said in one sentence without its task, so it can follow a question about the task. */
export const SAY_PLAIN: Array<(x: Scene) => string | null> = [
  (x) => (x.offer ? `I work on ${x.product}, ${x.offer}.` : null),
  (x) => (more(x).audience && more(x).want ? `At ${x.product} we help ${more(x).audience} ${more(x).want}.` : null),
  (x) => (more(x).audience ? `I work on ${x.product}, which helps ${more(x).audience} do just that.` : null),
  (x) => (offerHead(x) && more(x).audience ? `At ${x.product} we build ${offerHead(x)} for ${more(x).audience}.` : null),
];

/** "observability" of "observability for .NET and JavaScript apps": what the product is, without whom it is for. */
const offerHead = (x: Scene): string | null => {
  const head = x.offer?.split(/\s+for\s+/)[0];
  return head && head !== x.offer && head.split(' ').length <= 4 ? head : null;
};

/** A far reader's fact, said without making it a reason for a pitch. */
const FAR_REASONS: Line[] = [
  (x, t) => `${cap(t)} caught my eye.`,
  (x, t) => `${cap(t)} made a good read.`,
  (x, t) => `${cap(t)} stood out.`,
  (x, t) => `${cap(t)} made an impression.`,
  (x, t) => `${cap(t)} caught my attention.`,
  (x, t) => `Thanks for connecting; ${t} prompted my note.`,
  (x, t) => `Glad to connect; ${t} seemed fascinating.`,
  (x, t) => `${cap(t)} made for a pleasant discovery.`,
  (x, t) => `I noticed ${t} and wanted to connect.`,
  (x, t) => `Thanks for accepting; ${t} caught my interest.`,
  (x, t) => `${cap(t)} made me want to connect.`,
  (x, t) => `${cap(t)} got me curious.`,
];

/**
 * What the sender does, said once and plainly, in words a reader of another trade follows:
 * whom it helps and with what, rather than the positioning's own phrase pasted.
 */
const FAR_WHAT: Line[] = [
  (x) => (x.offer ? `My own work is ${x.product}, ${x.offer}.` : null),
  (x) => (x.task ? `I help build ${x.product}, made for ${x.task.gerund}.` : null),
  (x) => (more(x).audience && x.task ? `${x.product}, where I work, helps ${more(x).audience} ${x.task.verb}.` : null),
  (x) => (more(x).audience && x.task ? `I build ${x.product}, a tool for ${more(x).audience} who need to ${x.task.verb}.` : null),
  (x) => (x.task ? `My work at ${x.product} is about ${x.task.gerund}.` : null),
  (x) => (x.task ? `At ${x.product} I spend my days ${x.task.gerund}.` : null),
  (x) => (x.task ? `I'm with ${x.product}, working on ${x.task.gerund}.` : null),
  (x) => (x.task ? `${x.product}, my company, deals with ${x.task.gerund}.` : null),
  (x) => (x.task ? `For context, I run ${x.product}, built for ${x.task.gerund}.` : null),
  (x) => (x.task ? `I'm part of ${x.product}, focused on ${x.task.gerund}.` : null),
  (x) => (x.task ? `${cap(x.task.gerund)} is my line of work, at ${x.product}.` : null),
  (x) => (x.task ? `Day to day, ${x.product} keeps me busy ${x.task.gerund}.` : null),
];

/** For a reader the page puts in another field: no pitch, at most a request for a name. */
const FAR_CLOSES: Line[] = [
  () => `Your field is far from mine, so no pitch.`,
  () => `Different fields entirely, so consider this a hello.`,
  () => `I doubt it touches your work, so no sales pitch.`,
  () => `Little overlap with your work, honestly, and no pretending otherwise.`,
  (x) => (x.colleagues && x.ask && x.company ? `Likely not your area; naming ${x.ask}${at(x.company)} would help.` : null),
  () => `No sales talk: our fields barely meet.`,
  () => `Our worlds rarely cross, so consider this a friendly wave.`,
  () => `Selling it to you would make little sense, given your field.`,
  () => `Separate trades, so simply a hello.`,
  () => `Not your area, I realise; no ask today.`,
  () => `Nothing to sell you here, given your line of work.`,
  () => `Your line of work sits elsewhere, so this stays a hello.`,
];

/** For a reader the product may not fit (a talk about people, little known): no claim either way. */
const UNSURE_CLOSES: Line[] = [
  () => `Nowhere near your work? Say so, and I'll stop there.`,
  () => `You'd judge its relevance far better than me.`,
  () => `Relevance to your work is your call.`,
  (x) => (x.colleagues && x.company ? `A colleague${at(x.company)} might own that side; their name would help too.` : null),
  (x) => (x.colleagues ? `Maybe a teammate handles that; a name would help.` : null),
  () => `Possibly a poor fit for your work; a quick word settles it.`,
  () => `A one-line "not for me" is a perfectly fine reply.`,
  () => `I'd rather hear "not my area" than guess.`,
  () => `Miles from your work? A quick "no" settles it.`,
  () => `From the outside I can't tell whether it fits your work.`,
  () => `A plain "no fit" answer works too.`,
  () => `If it's of no use to you, just tell me.`,
];

/** A far reader's second message, or null when the pitch gives nothing to say the product with. */
export function farNote(x: Scene, seed: number): string | null {
  // Known only from an event's programme: the programme is what was read about them.
  // An event's name in another script is not said in an English sentence.
  const t = x.fact ?? x.talk ?? (x.event && !/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]/u.test(x.event) ? `the ${x.event} programme` : null);
  if (!t || !x.product) return null;
  if (!FAR_WHAT.some((f) => f(x, t))) return null;
  // Each part turns by its own stride, so a campaign mixes them instead of pairing them.
  const reason = choose(FAR_REASONS, x, t, seed, 1) as string;
  const said = choose(FAR_WHAT, x, t, seed, 4) as string;
  const close = choose(x.elsewhere ? FAR_CLOSES : UNSURE_CLOSES, x, t, seed, 7) as string;
  return `${reason} ${said} ${close}`;
}
