/**
 * Drafts with planted defects, part sixteen: a first follow-up that sets what it names of a
 * reader near the field (their talk, their work) beside the product and says nothing of how
 * the two meet: the talk's title, then the product's question or the product itself, each in
 * a sentence of its own. Readers near the field read it as two mail-merge fields; the clean
 * drafts beside them join what the reader does and what the product does in one sentence. And a
 * closer reading claimed ("I looked into your talk … a bit more") with nothing named that the
 * talk's title or the employer does not already say.
 */
import type { CleanSingle } from './clean-c.js';
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';

export const UNBRIDGED: Defect[] = [
  {
    ctx: 'lena',
    slot: 2,
    codes: ['unbridged_pitch'],
    content: `Hi Lena,\n\nYour DevDays 2023 talk "Retries Without Regret" is why I'm writing. How does your team see which request got slow? Tracewise shows it with the line of code behind it.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. If it would help to see how Tracewise shows which request got slow, fifteen minutes on a call would cover it.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. How long does it take your team to find out which request got slow? Curious, since I work on Tracewise.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking about retry storms. How do you tell which request got slow first? Curious, since I work on Tracewise.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" is the reason I'd like you to look at Tracewise. It points at the request that got slow. Would it be of use at Fernwerk?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['unbridged_pitch'],
    content: `Hi Kofi,\n\nGiven your work on the Paylane checkout, I'd value your opinion of Tracewise. It points at the request that got slow. Does anything about it seem off to you?${sign}`,
  },
  // generic_filler: a closer reading claimed, and nothing named beyond the talk's title or the employer.
  {
    ctx: 'lena',
    slot: 2,
    codes: ['generic_filler'],
    content: `Hi Lena,\n\nSince we connected, I've read a little more on your talk "Retries Without Regret". How does your team tell which retry got slow first? Tracewise shows it.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['generic_filler', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nI looked into your work at Paylane a bit more. Should it help, I can walk you through how Tracewise finds which request got slow.${sign}`,
  },
];

export const UNBRIDGED_CLEAN: CleanSingle[] = [
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nA retry storm is where a slow payment request hides best, which is why your talk "Retries Without Regret" stayed with me. Tracewise points at the one that got slow first. How do you find it at Fernwerk today?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    content: `Hi Kofi,\n\nWhen a payment hangs in a checkout like yours, finding which request got slow is usually the long part. Tracewise shows it with the line of code behind it. Is that something your team runs into?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nI read up on your work on the payment API: retries that wait out a slow call are where a checkout loses minutes. Tracewise points at the request that got slow first. How do you find it today?${sign}`,
  },
];
