/**
 * Drafts with planted defects, part twelve: what the readers of drafted campaigns stopped at
 * and the gate let through. The product's task said as a bare gerund where a noun belongs
 * ("When telling which request got slow next comes up"), an opening participle with the
 * wrong subject, a question answered at once by the product's reason for being ("That
 * question is the reason Tracewise exists"), and delight over what was only read ("came as
 * a treat"), a word said twice across two sentences ("be useful? Either answer is useful."). The clean drafts beside them say the same things as a person would.
 */
import type { CleanSingle } from './clean-c.js';
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';

export const GERUNDS_AND_GUSH: Defect[] = [
  // broken_grammar: the task as a gerund where a noun belongs, and a dangling opener
  {
    ctx: 'lena',
    slot: 2,
    codes: ['broken_grammar'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking. When telling which request got slow next comes up at Fernwerk, I'm glad to show what we'd make of it.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['broken_grammar'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" prompted this note. What's the slowest part of determining which request got slow at Fernwerk?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['broken_grammar'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. Someday a real case of spotting which request got slow could be worth a look together; happy to set that up.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['broken_grammar'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. I'm with Tracewise, working on knowing which request got slow. Is that a chore for your team?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['broken_grammar'],
    content: `Hi Lena,\n\nReading your page, your work on the payment API stood out. How does your team find a slow retry today?${sign}`,
  },
  // product_as_answer: the product's reason for being handed to the question
  {
    ctx: 'lena',
    slot: 2,
    codes: ['product_as_answer'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" prompted this note. How do you pinpoint which payment call got slow today? That question is the reason Tracewise exists.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_as_answer'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane made me look closer. How often do you need to check which request got slow? We built Tracewise for that.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_as_answer'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stood out. What do you reach for when a checkout request drags? Tracewise was made to answer it.${sign}`,
  },
  // effusive_praise: delight over what was only read
  {
    ctx: 'lena',
    slot: 3,
    codes: ['effusive_praise'],
    content: `Hi Lena,\n\nLearning about your work at Fernwerk came as a treat. Would a 20-minute call next week be worth it?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['effusive_praise'],
    content: `Hi Lena,\n\nIt was a pleasure reading up on your talk "Retries Without Regret". Would a 20-minute call next week be worth it?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['effusive_praise'],
    content: `Hi Kofi,\n\nYour work on the Paylane checkout made for a pleasant discovery. How does your team find which request got slow?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['effusive_praise'],
    content: `Hi Kofi,\n\nGlad to connect; your work on the Paylane checkout seemed fascinating. How does your team find which request got slow?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['effusive_praise'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" was a real joy to read about, and it was a delight learning how Fernwerk retries payments. How do you spot the slow call?${sign}`,
  },
  // echoed_word: a sentence ends on a word the short line after it says again
  {
    ctx: 'lena',
    slot: 3,
    codes: ['echoed_word'],
    content: `Hi Lena,\n\nI reached out on the strength of your talk "Retries Without Regret". Would a short call in the next couple of weeks be useful? Either answer is useful.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    codes: ['echoed_word'],
    content: `Hi Kofi,\n\nThe Paylane checkout is why I wrote. Would a short call next week be helpful? Even a no would be helpful.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['echoed_word'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" went through slow payment calls in detail. I'd like to hear more in detail.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    codes: ['echoed_word'],
    content: `Hi Kofi,\n\nYour checkout work at Paylane is why I got in touch. Open to a quick call to see whether it is relevant? Say so if it is not relevant.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['echoed_word'],
    content: `Hi Lena,\n\nLast note on the payment retries at Fernwerk. Would a 20-minute call next week be worthwhile? Even a no is worthwhile.${sign}`,
  },
];

/** Beside them: the same things said as a person would. */
export const GERUNDS_AND_GUSH_CLEAN: CleanSingle[] = [
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking. When a slow payment call next comes up at Fernwerk, I'm glad to show what Tracewise would make of it.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. If your team ever wonders how others go about telling which request got slow, happy to share what we see.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nReading your page, I noticed your work on the payment API. How does your team find a slow retry today? We built Tracewise to show teams the slow request and the line of code behind it.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    content: `Hi Lena,\n\nI enjoyed reading about your talk "Retries Without Regret". Would a 20-minute call next week be worth it?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    content: `Hi Kofi,\n\nYour work on the Paylane checkout made for interesting reading. Would a 20-minute call next week be worth it?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" is why I wrote. Would a short call in the next couple of weeks be useful? Either answer helps.${sign}`,
  },
];
