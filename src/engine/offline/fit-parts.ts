/**
 * The second message to a reader the product fits, built from short parts each chosen on
 * its own: a line on their fact, then an offer or a request for their view, and the product said in their
 * terms (their team, their place, their work) rather than the pitch pasted. Every list holds
 * a dozen or so wordings and each is turned by its own step (`turn`), so across a campaign no
 * wording, and no run of five words outside the product's own, carries more than a tenth of
 * it. Wordings keep function words apart: a clause of seven words holding five of them in one
 * order ("is why I thought of x: it would let") reads as a stock clause however the names change.
 */
import type { Scene } from './follow-ups.js';
import { cap } from './variants.js';
import { article } from './templates.js';

type Part = (x: Scene, t: string) => string | null;

/** The index of a list of `n` for this seed: every wording an even share, each list turned by its own step. */
export function turn(seed: number, n: number, step: number): number {
  return (seed + step * Math.floor(seed / n) + step) % n;
}

/** One of the wordings that can be said for this reader, by the seed and the list's step; null when none can. */
export function choose(list: readonly Part[], x: Scene, t: string, seed: number, step: number): string | null {
  const said = list.map((f) => f(x, t)).filter((s): s is string => !!s);
  return said.length ? (said[turn(seed, said.length, step)] as string) : null;
}

const who = (x: Scene): string => (x.unit === 'you' ? 'you' : x.unit);
/** "need" after "you", "needs" after "your team". */
const needs = (x: Scene): string => (x.unit === 'you' ? 'need' : 'needs');
/** "your team at Acme", "you". */
const them = (x: Scene): string => `${who(x)}${x.where}`;

/**
 * The task in the reader's terms: the pitch's bare "clients" become their clients ("keep
 * your clients on track between sessions"). Its object otherwise stays as the pitch says it:
 * "where each figure in your paper came from" is a phrase of the writer's own that a whole
 * campaign would then repeat, where the pitch's own words are the product's to say.
 */
export function inTheirTerms(phrase: string): string {
  return phrase.replace(/^(\w+) (clients|customers|users|patients|students|readers)\b/, '$1 your $2');
}
const verb = (x: Scene): string => inTheirTerms(x.task?.verb ?? '');

/** "shows which request got slow": the product's task with the product as subject. */
const does = (x: Scene): string => inTheirTerms(x.task?.does ?? `helps with ${x.task?.verb ?? ''}`);

/**
 * A line on their fact, no question in it: the content words sit next to the fact, so no frame of
 * function words forms. None says what the connection note says of a talk ("caught my eye"), and
 * none claims a closer reading ("I looked into … a bit more") the note then does not show.
 */
const HOOKS: Part[] = [
  (x, t) => `${cap(t)} stuck with me.`,
  (x, t) => `${cap(t)} prompted this note.`,
  (x, t) => `One more thought on ${t}.`,
  (x, t) => `A follow-up on ${t}.`,
  (x, t) => `I enjoyed reading about ${t}.`,
  (x, t) => `${cap(t)} is why I'm writing again.`,
  (x, t) => `A second note, about ${t}.`,
  (x, t) => `A quick one about ${t}.`,
  (x, t) => `Back to ${t} for a moment.`,
  (x, t) => `${cap(t)} is a big part of why I reached out.`,
  (x, t) => `Since we connected, ${t} has been on my list.`,
  (x, t) => `${cap(t)} is the reason for this second note.`,
  (x, t) => `I wanted to come back to ${t}.`,
  (x, t) => `${cap(t)} is what brought me back to your profile.`,
  (x, t) => `${cap(t)} is still on my mind.`,
  (x, t) => `I wanted to pick up on ${t}.`,
  (x, t) => `${cap(t)} is the reason for this follow-up.`,
  (x, t) => `${cap(t)} is why you came to mind.`,
  (x, t) => `Still thinking about ${t}.`,
  (x, t) => `One reason I wrote was ${t}.`,
];

/**
 * The product named once after a question about its task, as the reason for asking; never
 * handed over as the answer or owned up to as its lead-in ("X does exactly that", "It's what
 * I work on at X", "I ask because I work on X"), which the gate calls product_as_answer. None says the task again: the question
 * has just said it.
 */
export const PRODUCT_TIES: ReadonlyArray<(x: Scene) => string | null> = [
  (x) => `Curious, since I work on ${x.product}.`,
  (x) => `Full disclosure: I work on ${x.product}.`,
  (x) => `Context: I'm on the ${x.product} team.`,
  (x) => `I work at ${x.product}, so the question isn't idle.`,
  (x) => `Disclosure: ${x.product} is my company.`,
  (x) => `I should say I work on ${x.product}.`,
  (x) => `Asking partly out of curiosity, partly because I work on ${x.product}.`,
];

/**
 * A soft offer, under a condition about them: never "an offer rather than a question", never
 * what they should change. The condition names the product: after a line on their talk, "Should
 * it help" reads as the talk helping (readers marked it). No length of its own ("fifteen minutes"):
 * the call to action says how long. The product is the subject of its own task ("how Tracewise shows
 * which request got slow") or the task follows a verb; it never hangs off a preposition.
 */
const OFFERS: Part[] = [
  (x) => `Should ${them(x)} ever need to ${verb(x)}, just ask how we do it at ${x.product}.`,
  (x) => `Should ${them(x)} want to see how ${x.product} ${does(x)}, I can share a short walkthrough.`,
  (x) => `${x.product} ${does(x)}; if that's ever useful${x.where}, I'm happy to show you.`,
  (x) => `${x.product} ${does(x)}, and a short walkthrough is yours if it's ever useful${x.where}.`,
  (x) => `If it would help to see how ${x.product} ${does(x)}, a short call would cover it.`,
  (x) => `Should ${x.product} help${x.where}, I can walk you through how it ${does(x)}.`,
  (x) => `If ${x.product} could ever be useful${x.where}, I can take a few minutes to show you how it helps you ${verb(x)}.`,
  (x) => `Should ${x.product} ever look useful${x.where}, I can show you on a short call how it ${does(x)}.`,
  (x) => `If seeing how ${x.product} ${does(x)} would be useful${x.where}, a short demo is easy to set up.`,
  (x) => `Should a look at how ${x.product} ${does(x)} ever help${x.where}, say the word.`,
  (x) => `If ${x.product} is ever relevant${x.where}, I'd be glad to run you through how it ${does(x)}.`,
  (x) => `If ${them(x)} ever ${needs(x)} a faster way to ${verb(x)}, ${x.product} might be worth ten minutes.`,
  (x) => `If ${x.product} could help ${them(x)} ${verb(x)}, I'd be glad to give you a quick tour.`,
  (x) => `Happy to show ${them(x)} how ${x.product} ${does(x)}, if it's useful.`,
  (x) => `If a quick tour of how ${x.product} ${does(x)} would be useful${x.where}, just say.`,
  (x) => `Whenever ${them(x)} ${needs(x)} to ${verb(x)}, I'd be glad to show how ${x.product} handles it.`,
  (x) => `Should ${x.product} be of use${x.where}, a quick call would show how it ${does(x)}.`,
];

/** "observability tool", "shared notebook": what the product is, from the pitch's offer, without article or audience; null when the offer does not say in three words. */
export function productKind(x: Scene): string | null {
  const head = x.offer?.split(/\s+for\s+/)[0];
  if (!head || head === x.offer || head.split(' ').length > 3) return null;
  const bare = head.replace(/^(?:an?|the)\s+/i, '');
  return bare === head ? `${bare} tool` : bare;
}

/**
 * The product with what it is and what it does, so a reader asked for their view knows what
 * of: "Labwise, a shared notebook that shows where each figure came from" (the kind from the
 * pitch's offer), else "Platewise, a tool that helps nutrition coaches …".
 */
function named(x: Scene): string {
  const thing = productKind(x);
  if (!thing) return `${x.product}, a tool that ${does(x)}`;
  // Said with what it does: asked for a view of "Tracewise, an observability tool", readers the
  // ICP qualifies sent none of 13 ("asks for a reaction to a product it barely describes"); two
  // readers shown both versions of 47 such messages preferred the one saying what it does 90
  // times of 94 (bench/labels/pairs-2026-11-26-view.json). Two ways in turn.
  const said = [`${x.product}, ${article(thing)} ${thing} that ${does(x)}`, `${x.product} (${article(thing)} ${thing} that ${does(x)})`];
  return said[(x.fact ?? x.talk ?? '').length % said.length] as string;
}

/**
 * The `view` kind's first sentence: their fact as the reason they in particular are asked,
 * and the product said with what it does (named). Each sentence puts the fact in another place.
 */
const VIEW_WHY: Part[] = [
  (x, t) => `With ${t} in mind, I'd like your read on ${named(x)}.`,
  (x, t) => `${cap(t)} made me want your view of ${named(x)}.`,
  (x, t) => `Reading about ${t}, I wanted your take on ${named(x)}.`,
  (x, t) => `You came to mind for ${named(x)}, because of ${t}.`,
  (x, t) => `I'd be curious what you think of ${named(x)}, given ${t}.`,
  (x, t) => `${cap(t)} is why I thought you might have a view on ${named(x)}.`,
  (x, t) => `Because of ${t}, I'd like to hear what you make of ${named(x)}.`,
  (x, t) => `Because of ${t}, I'd like to show you ${named(x)}.`,
  (x, t) => `After reading about ${t}, I wondered what you'd make of ${named(x)}.`,
  (x, t) => `${cap(t)} is why your view of ${named(x)} would help.`,
  (x, t) => `${cap(t)} is why I'd welcome your thoughts on ${named(x)}.`,
  (x, t) => `I'd like your honest take on ${named(x)}, given ${t}.`,
  (x, t) => `${cap(t)} makes you a good person to ask about ${named(x)}.`,
  (x, t) => `You'd be a fair judge of ${named(x)}, given ${t}.`,
];

/** The `view` kind's question: their judgement of it, never a claim that they need it. */
const VIEW_ASKS: Part[] = [
  (x) => `Is it something ${them(x)} would use, or is that need already covered?`,
  (x) => `Worth a look${x.where}, or not?`,
  (x) => (x.unit !== 'you' ? `Who${x.where} would judge that best?` : null),
  (x) => `A gap for ${them(x)}, or solved already?`,
  (x) => `Would ${them(x)} reach for it?`,
  () => `Useful, or beside the point?`,
  (x) => `Would it be of any use to ${them(x)}?`,
  () => `Is it worth ten minutes of your time?`,
  () => `Does it look useful from where you sit?`,
  () => `Is it something you'd try?`,
  (x) => `Would it save ${them(x)} any time?`,
  (x) => `Would ${them(x)} give it a try?`,
  (x) => `What would ${them(x)} compare it with?`,
  () => `What's your honest first reaction?`,
  () => `Does it solve a problem you actually have?`,
  () => `Is it useful, in your view?`,
  (x) => `Does it look like something ${them(x)} would use?`,
  (x) => `Would it be worth a try${x.where}?`,
];

/** A quoted talk of theirs: a bare "your talk" gives nothing to ask about. */
export const quotedTalk = (x: Scene): string | null => (x.talk && x.talk.includes('"') ? x.talk : null);

/** A question about their talk itself, as someone of the same trade would ask it. */
const TALK_ASKS: Part[] = [
  (x) => (x.past ? `Is there a recording of ${x.talk}?` : null),
  (x) => (x.past !== false ? `What surprised you most while preparing ${x.talk}?` : null),
  (x) => (x.past === false ? `What do you hope people take away from ${x.talk}?` : null),
  (x) => `What drew you to the subject of ${x.talk}?`,
  (x) => `Did ${x.talk} grow out of your own day-to-day work?`,
  (x) => (x.past ? `Are the slides of ${x.talk} online anywhere?` : null),
  (x) => (x.past ? `Would you change anything in ${x.talk} now?` : null),
  (x) => `What was the hardest part of ${x.talk} to explain?`,
];

/** Why the sender asks about the talk: the product as the subject of its task, said once. */
const TALK_WHYS: Part[] = [
  (x) => `I'm curious because ${x.product}, where I work, ${does(x)}.`,
  (x) => `The subject is close to mine: ${x.product} ${does(x)}.`,
  (x) => (x.more?.audience ? `I ask from the ${x.product} side, where we work with ${x.more.audience}.` : null),
  (x) => `My interest comes from ${x.product}: it ${does(x)}.`,
  (x) => `I work on ${x.product}, so the subject is close to home.`,
  (x) => `It's near my own work: ${x.product} ${does(x)}.`,
];

/**
 * A fit reader's second message, or null when the pitch gives no task to build it on.
 * Kinds in turn: their view of the product (said with what it does), a soft offer, a question
 * about their talk when the talk is of the product's field. Each kind is another sentence
 * structure, not another verb in one skeleton. No kind claims their work and the product
 * "overlap" (readers call that presumptuous): a fact of another subject ("your work at the
 * European Commission") gets the offer or the view only.
 */
export function fitSecond(x: Scene, seed: number): string | null {
  const t = x.fact ?? x.talk;
  if (!t || !x.product || !x.task) return null;
  // Six places in turn, so two neighbours in a campaign never get one shape; the talk's place
  // goes to `offer` when their talk is not of the product's field (a peer's question about an
  // unrelated talk, tied to the product, reads forced). No question about how they do the
  // product's task: readers sent 8 of 94 such second messages, and later ones none, against a
  // third of the views asked for and of the offers.
  const kinds = ['offer', 'view', 'offer', 'view', quotedTalk(x) && x.nearTalk ? 'talk' : 'offer', 'view'] as const;
  const kind = kinds[seed % kinds.length];
  // The parts turn on the whole seed: divided by the number of kinds, which differs from reader to
  // reader (a talk near the product's field adds one), two readers a turn apart took the same parts.
  const s = seed;
  const join = (...parts: Array<string | null>) => (parts.every(Boolean) ? parts.join(' ') : null);
  if (kind === 'talk') return join(choose(TALK_ASKS, x, t, s, 1), choose(TALK_WHYS, x, t, s, 3));
  if (kind === 'view') return join(choose(VIEW_WHY, x, t, s, 5), choose(VIEW_ASKS, x, t, s, 2));
  return join(choose(HOOKS, x, t, s, 5), choose(OFFERS, x, t, s, 2));
}
