/**
 * The second message to a reader the product fits, built from short parts each chosen on
 * its own: a line on their fact, then a question or an offer, and the product said in their
 * terms (their team, their place, their work) rather than the pitch pasted. Every list holds
 * a dozen or so wordings and each is turned by its own step (`turn`), so across a campaign no
 * wording, and no run of five words outside the product's own, carries more than a tenth of
 * it. Wordings keep function words apart: a clause of seven words holding five of them in one
 * order ("is why I thought of x: it would let") reads as a stock clause however the names change.
 */
import type { Scene } from './follow-ups.js';
import { cap } from './variants.js';

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
const whose = (x: Scene): string => (x.unit === 'you' ? 'your' : `${x.unit}'s`);
/** "your team at Acme", "you". */
const them = (x: Scene): string => `${who(x)}${x.where}`;
/** "wants", "want": the verb after whose work it is. */
const s3 = (x: Scene, verb: string): string => (x.unit === 'you' ? verb : `${verb}s`);

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
const gerund = (x: Scene): string => inTheirTerms(x.task?.gerund ?? '');

/** A line on their fact, no question in it: the content words sit next to the fact, so no frame of function words forms. */
const HOOKS: Part[] = [
  (x, t) => `${cap(t)} caught my eye.`,
  (x, t) => `${cap(t)} stood out to me.`,
  (x, t) => `${cap(t)} prompted this note.`,
  (x, t) => `${cap(t)} got me thinking.`,
  (x, t) => `${cap(t)} made me curious.`,
  (x, t) => `${cap(t)} seemed worth a follow-up.`,
  (x, t) => `I noticed ${t} and read on.`,
  (x, t) => `${cap(t)} came up in my reading.`,
  (x, t) => `${cap(t)} prompted a closer look.`,
  (x, t) => `${cap(t)} stuck with me.`,
  (x, t) => `Reading your page, ${t} stood out.`,
  (x, t) => `${cap(t)} got my attention.`,
  (x, t) => `${cap(t)} stayed on my mind.`,
  (x, t) => `${cap(t)} made me look closer.`,
  (x, t) => `${cap(t)} got me reading further.`,
  (x, t) => `${cap(t)} stood out on the page.`,
  (x, t) => `Spotted ${t} and took note.`,
];

/** A question about how they do the product's task, at their place. */
const TASK_ASKS: Part[] = [
  (x) => `How ${x.unit === 'you' ? 'do you' : `does ${x.unit}`}${x.where} ${verb(x)} today?`,
  (x) => `Any favourite tooling${x.where} for ${gerund(x)}?`,
  (x) => (x.task?.object ? `How much time goes into working out ${inTheirTerms(x.task.object)}${x.where}?` : null),
  (x) => `What ${x.unit === 'you' ? 'do you' : `does ${x.unit}`} reach for to ${verb(x)}${x.where}?`,
  (x) => `How long does it take ${them(x)} to ${verb(x)}?`,
  (x) => `Is there a tool ${x.unit === 'you' ? 'you use' : `${x.unit} uses`} to ${verb(x)}${x.where}?`,
  (x) => `Where ${x.unit === 'you' ? 'do you' : `does ${x.unit}`} start when it's time to ${verb(x)}${x.where}?`,
  (x) => (x.unit !== 'you' ? `Who${x.where} ends up ${gerund(x)} most of the time?` : null),
  (x) => `How often ${x.unit === 'you' ? 'do you' : `does ${x.unit}`} need to ${verb(x)}${x.where}?`,
  (x) => `Is ${gerund(x)} a chore for ${them(x)}, or already solved?`,
  (x) => `What's the slowest part of ${gerund(x)}${x.where}?`,
];

/**
 * The product named once after a question about its task, as the reason for asking; never
 * handed over as the answer ("X does exactly that"), which the gate calls product_as_answer.
 */
export const PRODUCT_TIES: ReadonlyArray<(x: Scene) => string | null> = [
  (x) => `${x.product} is built for it.`,
  (x) => `It's what I work on at ${x.product}.`,
  (x) => `We built ${x.product} for that.`,
  (x) => `I ask because that's what ${x.product} does.`,
  (x) => `${x.product} was made to answer it.`,
  (x) => `That question is the reason ${x.product} exists.`,
];

/** The ties, and three more that a fit reader's note may end on. */
const TIES: Part[] = [
  ...PRODUCT_TIES,
  (x) => `My own days at ${x.product} go into exactly that.`,
  (x) => `We built ${x.product} to show ${who(x)} exactly that.`,
  (x) => (x.more?.audience ? `At ${x.product} we help ${x.more.audience} with it.` : null),
];

/** A soft offer, under a condition about them: never "an offer rather than a question", never what they should change. */
const OFFERS: Part[] = [
  (x) => `Should ${gerund(x)} ever come up for ${them(x)}, happy to walk you through how we handle it at ${x.product}.`,
  (x) => `If ${gerund(x)} ever eats into ${whose(x)} week${x.where}, happy to show you what we do about it at ${x.product}.`,
  (x) => `If a short example from our work at ${x.product} would help with ${gerund(x)}, let me know.`,
  (x) => `Whenever ${gerund(x)} turns into a chore${x.where}, happy to walk you through what we built at ${x.product}.`,
  (x) => `Fifteen minutes on a call would cover our approach to ${gerund(x)} at ${x.product}; let me know if useful.`,
  (x) => `Should ${them(x)} ever need to ${verb(x)}, just ask how we do it at ${x.product}.`,
  (x) => `Any time ${them(x)} ${s3(x, 'want')} a second pair of eyes on ${gerund(x)}, our ${x.product} team is happy to help.`,
  (x) => `Happy to share our ${x.product} notes on ${gerund(x)}, whenever useful.`,
  (x) => `If ${them(x)} ever ${s3(x, 'wonder')} how others go about ${gerund(x)}, happy to share what we see at ${x.product}.`,
  (x) => `When ${gerund(x)} next comes up${x.where}, I'm glad to show what we'd make of it at ${x.product}.`,
  (x) => `Someday a real case of ${gerund(x)}${x.where} could be worth a look with us at ${x.product}; happy to set that up.`,
];

/** A quoted talk of theirs: a bare "your talk" gives nothing to ask about. */
export const quotedTalk = (x: Scene): string | null => (x.talk && x.talk.includes('"') ? x.talk : null);

/** A question about their talk itself, as someone of the same trade would ask it. */
const TALK_ASKS: Part[] = [
  (x) => (x.past ? `Is there a recording of ${x.talk}?` : null),
  (x) => (x.past !== false ? `What surprised you most while preparing ${x.talk}?` : null),
  (x) => (x.past === false ? `What do you hope people take away from ${x.talk}?` : null),
  (x) => (x.past ? `Did ${x.talk} draw questions you didn't expect?` : null),
  (x) => `What drew you to the subject of ${x.talk}?`,
  (x) => (x.past ? `Which part of ${x.talk} got the liveliest reaction?` : null),
  (x) => `How long did ${x.talk} take to put together?`,
  (x) => `Did ${x.talk} grow out of your own day-to-day work?`,
  (x) => (x.past ? `Are the slides of ${x.talk} online anywhere?` : null),
  (x) => `Whom did you have in mind as the audience for ${x.talk}?`,
  (x) => (x.past ? `Would you change anything in ${x.talk} now?` : null),
  (x) => `What was the hardest part of ${x.talk} to explain?`,
];

/** Why the sender asks about the talk: the product in one clause, in the terms of its job. */
const TALK_WHYS: Part[] = [
  (x) => `I ask because ${gerund(x)} is what I work on at ${x.product}.`,
  (x) => `Its subject sits close to my work at ${x.product}, ${gerund(x)}.`,
  (x) => `I'm curious from the ${x.product} side, where ${gerund(x)} is the daily work.`,
  (x) => `At ${x.product} my days go into ${gerund(x)}, so the subject is close to home.`,
  (x) => `${x.product}, where I work, is about ${gerund(x)}, hence the question.`,
  (x) => `Part of why I ask: ${gerund(x)} is the problem ${x.product} works on.`,
  (x) => `The question comes from ${x.product}, where we spend our time on ${gerund(x)}.`,
  (x) => `My interest comes from ${x.product}, which exists for ${gerund(x)}.`,
  (x) => `I work on ${x.product}, so ${gerund(x)} is never far from my mind.`,
  (x) => `${cap(gerund(x))} is my own corner of the field, at ${x.product}.`,
];

/** Their fact tied to the product's job, said as a statement; a light question about their own experience follows. */
const LINKS: Part[] = [
  (x, t) => `${cap(t)} came close to my own work at ${x.product}: ${gerund(x)}.`,
  (x, t) => `${cap(t)} and my work at ${x.product} overlap on ${gerund(x)}.`,
  (x, t) => `${cap(t)} and my days at ${x.product}, ${gerund(x)}, have a lot in common.`,
  (x, t) => `${cap(t)} made me think of my work at ${x.product}, ${gerund(x)}.`,
  (x, t) => `${cap(t)} caught my eye, since ${gerund(x)} is what ${x.product} does.`,
  (x, t) => `${cap(t)} seemed close to ${gerund(x)}, the problem ${x.product} was built around.`,
  (x, t) => `${cap(t)} lines up with my day job at ${x.product}: ${gerund(x)}.`,
  (x, t) => `${cap(t)} is near ${gerund(x)}, which ${x.product} handles.`,
];

/** After a link line: their experience of the task ("it"), asked lightly. */
const LINK_ASKS: Part[] = [
  (x) => `Does that come up much${x.where}?`,
  (x) => `How ${x.unit === 'you' ? 'do you' : `does ${x.unit}`} handle it${x.where} today?`,
  (x) => `Has it been a headache${x.where} lately?`,
  (x) => `How much of ${whose(x)} week${x.where} goes into it?`,
  (x) => (x.unit !== 'you' ? `Who${x.where} usually takes that on?` : null),
  (x) => `Have you found an approach${x.where} that works?`,
  (x) => `What does that look like${x.where} today?`,
  (x) => `Is it mostly done by hand${x.where}?`,
  (x) => `Where does it bite hardest${x.where}?`,
];

/**
 * A fit reader's second message, or null when the pitch gives no task to build it on.
 * Kinds in turn: the question about the task, a soft offer, a link from their fact to the
 * product when the fact is of the product's field, a question about their talk when the
 * talk is. A fact of another subject ("your work at the European Commission") gets the
 * question or the offer only.
 */
export function fitSecond(x: Scene, seed: number): string | null {
  const t = x.fact ?? x.talk;
  if (!t || !x.product || !x.task) return null;
  const kinds: Array<'ask' | 'offer' | 'link' | 'talk'> = ['ask', 'offer'];
  if (x.nearFact) kinds.push('link');
  if (quotedTalk(x) && x.nearTalk) kinds.push('talk');
  const kind = kinds[seed % kinds.length];
  const s = Math.floor(seed / kinds.length);
  const join = (...parts: Array<string | null>) => (parts.every(Boolean) ? parts.join(' ') : null);
  if (kind === 'talk') return join(choose(TALK_ASKS, x, t, s, 1), choose(TALK_WHYS, x, t, s, 3));
  if (kind === 'link') return join(choose(LINKS, x, t, s, 1), choose(LINK_ASKS, x, t, s, 2));
  // The hook is shared by three kinds: it turns on the whole seed, so two kinds at one turn do not open alike.
  const hook = choose(HOOKS, x, t, seed, 5);
  if (kind === 'offer') return join(hook, choose(OFFERS, x, t, s, 2));
  return join(hook, choose(TASK_ASKS, x, t, s, 3), choose(TIES, x, t, s, 7));
}
