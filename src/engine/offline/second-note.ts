/**
 * The first follow-up to a reader far from the product's field (or unsure): a short, honest
 * note on what was read about them, what the sender does said once in plain words, and no
 * question about the product's task; at most a request for a name. Each of the three parts
 * is turned by its own stride, and each list holds a dozen wordings, so no block of them
 * recurs across a campaign. The fit reader's note is fit-parts.ts's.
 */
import type { Scene } from './follow-ups.js';
import { article, at } from './templates.js';
import { cap } from './variants.js';
import { choose, productKind } from './fit-parts.js';

type Line = (x: Scene, t: string) => string | null;

/** The product said in one sentence without its task, so it can follow a question about the task without saying it twice. */
export const SAY_PLAIN: Array<(x: Scene) => string | null> = [
  (x) => (x.offer ? `I work on ${x.product}, ${x.offer}.` : null),
  (x) => (productKind(x) ? `I work on ${x.product}, ${article(productKind(x) ?? '')} ${productKind(x)}.` : null),
];

/**
 * A far reader's fact, said without making it a reason for a pitch, and never as if the note were
 * the first ("wanted to connect"); none in the connection note's words ("caught my eye").
 */
const FAR_REASONS: Line[] = [
  (x, t) => `A note about ${t}.`,
  (x, t) => (ofThem(t) ? `${cap(t)} made an impression.` : null),
  (x, t) => `A short follow-up on ${t}.`,
  (x, t) => `Thanks for connecting; ${t} prompted my note.`,
  (x, t) => `${cap(t)} is the reason I'm following up.`,
  // Said of what they did, not of an event's programme ("I read up on the X programme").
  (x, t) => (ofThem(t) ? `I read about ${t} after we connected.` : null),
  (x, t) => (ofThem(t) ? `${cap(t)} is what I noticed first.` : null),
  (x, t) => (ofThem(t) ? `I read up on ${t}.` : null),
  (x, t) => `${cap(t)} seemed well worth a note.`,
  (x, t) => (ofThem(t) ? `${cap(t)} is what drew me to your page.` : null),
  (x, t) => `${cap(t)} is what this note is about.`,
  (x, t) => `Reading about ${t} prompted this note.`,
  // Said as well of an event's programme ("the PNF 2022 programme"), so a campaign of people
  // known only from it has more openings to share out than it has people, up to eighteen.
  (x, t) => `Following up on ${t}.`,
  (x, t) => `One more note, about ${t}.`,
  (x, t) => `${cap(t)} is why I'm writing again.`,
  (x, t) => `I'm writing again because of ${t}.`,
  (x, t) => `${cap(t)} brought me back to your profile.`,
  (x, t) => `A brief note about ${t}.`,
  (x, t) => `${cap(t)} is what I'm writing about.`,
  (x, t) => `A follow-up, with ${t} in mind.`,
  (x, t) => `${cap(t)} is why you're hearing from me again.`,
  (x, t) => `Writing once more, about ${t}.`,
  (x, t) => `One thing I wanted to follow up on: ${t}.`,
];

/** A fact of theirs ("your talk …"), not the programme they were found on. */
const ofThem = (t: string): boolean => /^your\b/i.test(t);

/** "shows which request got slow": the product's task with the product as subject (task.ts). */
const does = (x: Scene): string | null => x.task?.does ?? null;
/** "an observability tool that shows which request got slow": what the product is and does, or null. */
const kindThat = (x: Scene): string | null => {
  const kind = productKind(x);
  return kind && does(x) ? `${article(kind)} ${kind} that ${does(x)}` : null;
};

/**
 * What the sender does, said once and plainly, in words a reader of another trade follows:
 * the product as the subject of its task, or what it is and does; never the audience the
 * positioning names ("helps engineering teams …", which the gate reads as the positioning
 * pasted), the product by its kind alone, or the task hung on a gerund ("working on knowing which …").
 */
const FAR_WHAT: Line[] = [
  (x) => (does(x) ? `I work on ${x.product}, a tool that ${does(x)}.` : null),
  (x) => (does(x) ? `For context, my company ${x.product} ${does(x)}.` : null),
  (x) => (does(x) ? `I work on ${x.product}; it ${does(x)}.` : null),
  (x) => (does(x) ? `My company, ${x.product}, ${does(x)}.` : null),
  (x) => (does(x) ? `${x.product}, my company, ${does(x)}.` : null),
  (x) => (does(x) ? `I help build ${x.product}: it ${does(x)}.` : null),
  (x) => (does(x) ? `Some background: I'm with ${x.product}, which ${does(x)}.` : null),
  (x) => (does(x) ? `The company I'm building, ${x.product}, ${does(x)}.` : null),
  (x) => (kindThat(x) ? `For context, I build ${x.product}, ${kindThat(x)}.` : null),
  (x) => (kindThat(x) ? `My company makes ${x.product}, ${kindThat(x)}.` : null),
  (x) => (kindThat(x) ? `${x.product} is ${kindThat(x)}; I work on it.` : null),
  (x) => (kindThat(x) ? `I'm at ${x.product}; we make ${kindThat(x)}.` : null),
];

/**
 * For a reader the page puts in another field: no pitch, and a reason for the note all the
 * same, a name of someone it would suit (a note that only says "no ask today" has no point).
 * The writer's doubt said beside the product ("not your field, I know", "I doubt it touches
 * your work") reads as a shrug: readers of drafted campaigns marked nearly every such note.
 * The promise of no pitch stays, so the last note keeps it (follow-ups.ts).
 */
const FAR_CLOSES: Line[] = [
  (x) => (x.colleagues && x.ask && x.company ? `I won't pitch it to you; but who${at(x.company)} would be the one to ask, ${x.ask} perhaps?` : null),
  () => `Your field is far from mine, so no pitch; if someone you know could use it, an introduction would be welcome.`,
  () => `Different fields entirely, so I won't pitch it; if a name comes to mind, I'd be glad to hear it.`,
  () => `It's probably not for you, and that's fine; a pointer to someone it suits would be welcome.`,
  () => `Our fields rarely meet, so no pitch here; if you know someone it might help, I'd be grateful for a name.`,
  () => `No pitch to you here. Should a colleague or friend need it, I'd welcome the introduction.`,
  () => `Our work rarely overlaps, so no pitch. Any name that comes to mind is welcome.`,
  () => `There's nothing to sell you here. If someone you know works in this area, I'd be glad of an introduction.`,
  () => `No sales pitch from me. If a friend or colleague might want it, a name would be welcome.`,
  () => `I'm not pitching it to you; if anyone you know could use it, a name would help.`,
];

/** For a reader the product may not fit (a talk about people, little known): who looks after it, never a shrug. */
const UNSURE_CLOSES: Line[] = [
  (x) => (x.colleagues && x.company ? `Who${at(x.company)} looks after that, if anyone?` : null),
  (x) => (x.colleagues ? `Who on your team would I ask about that?` : null),
  (x) => (x.colleagues ? `Who usually deals with that where you work?` : null),
  (x) => (x.colleagues ? `Is it you who handles that, or someone else on your team?` : null),
  () => `Who do you know that would have a view on that?`,
  (x) => (x.colleagues ? `Who on your side would be the right person to ask?` : null),
  () => `Who would you ask about that, if you needed it?`,
  () => `If it's someone else's area, who should I talk to?`,
  (x) => (x.colleagues ? `Maybe a teammate handles that; who would that be?` : null),
  () => `Who would you point me to for a view on it?`,
  (x) => (x.colleagues ? `Who tends to pick tools like that on your side?` : null),
  (x) => (x.colleagues ? `Who would be the first to try something like it, you or a colleague?` : null),
  () => `Any idea who I should ask about it?`,
  (x) => (x.colleagues ? `Is there someone on your team I should ask instead?` : null),
  (x) => (x.colleagues ? `Could you point me to the person who handles that?` : null),
  () => `Who would be worth asking about it?`,
  (x) => (x.colleagues ? `Do you know who handles that on your team?` : null),
  () => `Who should I speak to about it?`,
  (x) => (x.colleagues ? `Who on your side would know whether it's useful?` : null),
  (x) => (x.colleagues ? `Is there a colleague I should send this to instead?` : null),
  () => `Who would you suggest I contact about it?`,
  () => `Who would you trust for an opinion on it?`,
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
