/**
 * Drafts with planted defects, part ten: a first follow-up that keeps a stock clause two
 * of the campaign's other second messages hold, with the pointer around it changed ("your
 * talk", "your work on …", "your team at …"), so neither its whole frame nor a run of four
 * words repeats. Invented text in the same shapes; the clean drafts beside them share only
 * the pointer or the call to action.
 */
import { countCampaignLines } from '../../../src/qa/campaign-lines.js';
import type { CleanSingle } from './clean-c.js';
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';
const NOUNS = 'lantern harbor copper meadow quarry falcon timber saffron glacier walnut orchid basalt cinder thistle juniper marble'.split(' ');
const noun = (i: number) => NOUNS[i % NOUNS.length] as string;

/**
 * A campaign of 30 sequences: two second messages keep the clause "one offer: if … ever needs
 * to …, I'm happy to show you how … does it", each with its own pointer and verb; the other 28
 * each say something of their own, and every last note asks the call to action.
 */
export const STOCK_CLAUSE = countCampaignLines(
  new Map(
    Array.from({ length: 30 }, (_, i) => [
      `s${i}`,
      [
        {
          slot: 2,
          content:
            i === 0
              ? `Hi P0,\n\nAfter reading about your talk on ${noun(1)} pipelines, one offer: if you ever need to trace which ${noun(2)} got slow, I'm happy to show you how Tracewise does it.${sign}`
              : i === 1
                ? `Hi P1,\n\nAfter reading about your work on ${noun(3)}, one offer: if your team at ${noun(4)} ever needs to chase which ${noun(5)} got slow, I'm happy to show you how Tracewise does it.${sign}`
                : `Hi P${i},\n\n${noun(i)} ${noun(i + 3)} ${noun(i + 7)}: ${noun(i + 1)}ed by ${noun(i + 5)} ${noun(i + 9)}.${sign}`,
        },
        { slot: 3, content: `Hi P${i},\n\nBook a 20-minute call?${sign}` },
      ],
    ]),
  ),
);

export const STOCK_CLAUSES: Defect[] = [
  {
    ctx: 'john',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: STOCK_CLAUSE,
    content: `Hi John,\n\nAfter reading about your PGConf session, one offer: if your team at Shardly ever needs to pin down which checkout write got slow, I'm happy to show you how Tracewise does it.${sign}`,
  },
  {
    ctx: 'priya',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: STOCK_CLAUSE,
    content: `Hi Priya,\n\nSince your QCon talk on event sourcing, one offer: if you ever need to find which ledger replay got slow, I'm happy to show you how Tracewise does it.${sign}`,
  },
  {
    ctx: 'kwame',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: STOCK_CLAUSE,
    content: `Dear Dr. Mensah,\n\nAfter reading your calibration drift paper, one offer: if your group ever needs to see which risk score got slow, I'm happy to show you how Tracewise does it.\n\nBest regards,\nJordan Blake`,
  },
  {
    ctx: 'aisha',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: STOCK_CLAUSE,
    content: `Hi Aisha,\n\nReading about your offline-first lessons, one offer: if your team ever needs to spot which lesson download got slow, I'm happy to show you how Tracewise does it.\n\nBen`,
  },
  {
    ctx: 'wei',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: STOCK_CLAUSE,
    content: `Hi Wei,\n\nAfter the Singapore and Dublin rotation story, one offer: if you ever need to learn which alert route got slow, I'm happy to show you how Tracewise does it.\n\nOmar`,
  },
];

/** The same campaign: a follow-up in words of its own passes, and so does a last note that asks the call to action every last note asks. */
export const STOCK_CLAUSE_CLEAN: CleanSingle[] = [
  {
    ctx: 'john',
    slot: 2,
    lines: STOCK_CLAUSE,
    content: `Hi John,\n\nYour PGConf session on 64 clusters stuck with me. How did you pick the shard key for checkout, and did the write path slow down after the split?${sign}`,
  },
  {
    ctx: 'priya',
    slot: 2,
    lines: STOCK_CLAUSE,
    content: `Hi Priya,\n\nThe replay numbers in your QCon talk on event sourcing surprised me. When a projection falls behind, how do you spot which event handler holds it up?${sign}`,
  },
];

/**
 * ask_after_no_pitch: the first follow-up told the reader the product is far from their work,
 * or that this is no pitch; the last note asks for a call all the same.
 */
const noPitch = (first: string, line: string) => [{ slot: 2 as const, content: `Hi ${first},\n\n${line}${sign}` }];

export const ASKS_AFTER_NO_PITCH: Defect[] = [
  {
    ctx: 'vera',
    slot: 3,
    codes: ['ask_after_no_pitch'],
    others: noPitch(
      'Vera',
      'Your exhibition "Light Years" caught my eye. I work at Tracewise, which finds slow requests. That is a long way from your work, so no pitch here.',
    ),
    content: `Hi Vera,\n\nI enjoyed reading about "Light Years" at Kunsthalle Nord. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'bruno',
    slot: 3,
    codes: ['ask_after_no_pitch', 'far_from_field'],
    others: noPitch('Bruno', 'The choir lessons at Escola Verdi stood out to me. It is far from your field, so take this as a hello rather than a pitch.'),
    content: `Hi Bruno,\n\nThe choir lessons at Escola Verdi are why I wrote. Closing the loop on my side: open to a short call next week?${sign}`,
  },
  {
    ctx: 'omar',
    slot: 3,
    codes: ['ask_after_no_pitch'],
    others: noPitch('Omar', 'Your talk "Queues Without Tears" was a good read. What I do has little to do with what you do, and I won\'t pretend otherwise.'),
    content: `Hi Omar,\n\nYour talk "Queues Without Tears" is what made me write. Final note from my side: open to a short call next week?${sign}`,
  },
  {
    ctx: 'nina',
    slot: 3,
    codes: ['ask_after_no_pitch', 'generic_filler'],
    others: noPitch('Nina', 'Your work at Cloud Harbor is why I reached out. This is not a pitch, just a hello.'),
    content: `Hi Nina,\n\nYour work at Cloud Harbor is what made me write. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    codes: ['ask_after_no_pitch', 'generic_filler'],
    others: noPitch('Kofi', 'Your work at Paylane caught my eye. It is far from your work, I know, so no pitch here.'),
    content: `Hi Kofi,\n\nGlad to have found your work at Paylane. Open to a short call next week?${sign}`,
  },
];

/** unfounded_link: the message says the reader's talk, role or company leads to the product's job, and nothing it names of them is near the field. */
export const UNFOUNDED_LINKS: Defect[] = [
  {
    ctx: 'vera',
    slot: 2,
    codes: ['unfounded_link', 'generic_filler'],
    content: `Hi Vera,\n\nYour work at Kunsthalle Nord is close to what the engineering teams I work with at Tracewise deal with every day: finding which request got slow.${sign}`,
  },
  {
    ctx: 'vera',
    slot: 2,
    codes: ['unfounded_link'],
    content: `Hi Vera,\n\nYour talk "Light Years" made me think of the teams we work with at Tracewise: most of them want to find which request got slow before their users do.${sign}`,
  },
  {
    ctx: 'bruno',
    slot: 2,
    codes: ['unfounded_link'],
    content: `Hi Bruno,\n\nYour choir lessons at Escola Verdi are why I'm writing, and they meet at one point with my own work: tracking down which request got slow, which is what Tracewise is for.${sign}`,
  },
  {
    ctx: 'bruno',
    slot: 3,
    codes: ['far_from_field', 'unfounded_link', 'generic_filler'],
    content: `Hi Bruno,\n\nYour work at Escola Verdi made me think of the engineering teams Tracewise works with, who need to find slow requests. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['unfounded_link', 'generic_filler', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nYour work at Paylane is close to what the engineering teams I work with at Tracewise deal with every day: seeing which request got slow.${sign}`,
  },
];

/** Beside unfounded_link: the same claim made of work the message names in the field's words, and a far reader's work named with no claim. */
export const LINKS_NAMED: CleanSingle[] = [
  {
    ctx: 'kofi',
    slot: 2,
    content: `Hi Kofi,\n\nThe JavaScript and TypeScript you write at Paylane are close to what the engineering teams I work with at Tracewise deal with every day: seeing which request got slow.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    content: `Hi Kofi,\n\nThe backend services behind the Paylane checkout made me think of the teams we work with at Tracewise: most of them want to see which request got slow before their users do.${sign}`,
  },
];
