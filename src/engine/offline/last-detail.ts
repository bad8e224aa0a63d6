/**
 * A last note that says one thing the first two did not, then the call to action: what the
 * product spares the reader (the pitch's "without a week of setup"). What the people the
 * sender works with want (the positioning's "… and want to find slow requests before their
 * users do") is not said: it is the positioning pasted, deck language the gate fails. Readers called a last note that only points back at the first one and asks
 * again a formula with nothing new in it: 19 of 24 dev last notes to readers the ICP
 * qualifies, in the sample drawn at 5766835. Each part is turned by its own stride (fit-parts.ts),
 * so no lead-in and no sentence carries a campaign.
 */
import type { Scene } from './follow-ups.js';
import { choose } from './fit-parts.js';

type Part = (x: Scene, t: string) => string | null;

/** "a week of setup": a thing counted, said after "need" or "take"; not a clause ("changing how the lab works"). */
const counted = (spared: string): boolean => /^(?:a|an|any|one|\d+)\s/i.test(spared);
/** "changing how the lab works": a gerund's clause, said after "without". */
const clause = (spared: string): boolean => /^\p{Ll}+ing\b/u.test(spared);

/**
 * Lead-ins that name what the first note was about and say this is news, in one sentence with
 * the detail: a line on their talk, then the detail, then the call made three sentences of one
 * frame, and its line carried the campaign's other last notes' wordings a second time.
 */
const LEADS: Array<(about: string) => string> = [
  (a) => `One thing I left out when I wrote about ${a}: `,
  (a) => `A detail I skipped in my note about ${a}: `,
  (a) => `Something to add to my note on ${a}: `,
  (a) => `When I wrote about ${a}, I should have added that `,
  (a) => `To add to what I said about ${a}: `,
  (a) => `Following my note on ${a}, one more detail: `,
  (a) => `I mentioned ${a} before; what I didn't say is that `,
];

/** What the product spares them, with the product as subject. */
const SPARED: Part[] = [
  (x) => (x.more?.spared && counted(x.more.spared) ? `${x.product} doesn't need ${x.more.spared}.` : null),
  (x) => (x.more?.spared && counted(x.more.spared) ? `getting started with ${x.product} doesn't take ${x.more.spared}.` : null),
  (x) => (x.more?.spared && counted(x.more.spared) ? `you won't need ${x.more.spared} for ${x.product}.` : null),
  (x) => (x.more?.spared && clause(x.more.spared) ? `adopting ${x.product} doesn't mean ${x.more.spared}.` : null),
  (x) => (x.more?.spared && clause(x.more.spared) ? `you can use ${x.product} without ${x.more.spared}.` : null),
  (x) => (x.more?.spared && clause(x.more.spared) ? `${x.product} fits in without ${x.more.spared}.` : null),
];

/** The last note with a detail, after a lead-in on `about` (what the first note was about), or null when the pitch gives none. */
export function detailNote(x: Scene, about: string, cta: string, seed: number): string | null {
  if (!x.product) return null;
  const spared = choose(SPARED, x, '', seed, 1);
  if (!spared) return null;
  const lead = (LEADS[(seed + Math.floor(seed / LEADS.length)) % LEADS.length] as (a: string) => string)(about);
  return `${lead[0]?.toUpperCase()}${lead.slice(1)}${spared} ${cta}`;
}
