/**
 * Drafts with planted defects, part eleven: what the readers of drafted campaigns stopped at
 * and the gate let through. The sender's positioning pasted as a stock line; a follow-up
 * whose only word about its reader is a job title with no employer beside it; an
 * offer to audit the reader's practice; a question answered at once with the product. The
 * clean drafts beside them say the same things in the reader's terms.
 */
import type { CleanSingle } from './clean-c.js';
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';

export const READER_REVIEW: Defect[] = [
  // pasted_positioning
  {
    ctx: 'lena',
    slot: 2,
    codes: ['pasted_positioning', 'unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" caught my eye. At Tracewise we help engineering teams find slow requests before their users do.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['pasted_positioning'],
    content: `Hi Lena,\n\nThe retry logic you write at Fernwerk reminds me of the teams we work with: most of them want to find slow requests before their users do. Is that on your mind too?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['pasted_positioning', 'generic_filler'],
    content: `Hi Lena,\n\nOne last note: we work with engineering teams that run production web services at places like Fernwerk. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['pasted_positioning'],
    content: `Hi Lena,\n\nIf it's useful, I can send a short write-up on how the teams at Tracewise find slow requests before their users do, with your payment API in mind.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['pasted_positioning'],
    content: `Hi Lena,\n\nYour payment API at Fernwerk is why I wrote: teams that run production web services and want answers fast use Tracewise. Open to a short call next week?${sign}`,
  },
  // generic_filler: a title with no employer beside it is all the follow-up says of her
  {
    ctx: 'lena',
    slot: 3,
    codes: ['generic_filler'],
    content: `Hi Lena,\n\nYour work as a Software Engineer is why you came to mind. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'vera',
    slot: 3,
    codes: ['generic_filler', 'far_from_field'],
    content: `Hi Vera,\n\nGlad to have found your work as a Curator. Open to a short call next week?${sign}`,
  },
  // presumptuous_offer
  {
    ctx: 'lena',
    slot: 2,
    codes: ['presumptuous_offer'],
    content: `Hi Lena,\n\nGiven your talk "Retries Without Regret", an offer: I'd gladly look at how your team goes about finding which request got slow and share what I'd change.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['presumptuous_offer'],
    content: `Hi Lena,\n\nYour retry work at Fernwerk stood out. Send me a trace of a slow payment call and I'll tell you what I'd change.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['presumptuous_offer', 'generic_filler'],
    content: `Hi Lena,\n\nOne last note: I would be happy to review how your team at Fernwerk handles slow requests. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['presumptuous_offer'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane caught my eye. I'd love to look at how your team traces a slow payment and suggest what I would improve.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    codes: ['presumptuous_offer', 'generic_filler'],
    content: `Hi Kofi,\n\nLast note from me: I'd be glad to go over how your team at Paylane finds slow requests. Open to a short call next week?${sign}`,
  },
  // product_as_answer
  {
    ctx: 'lena',
    slot: 2,
    codes: ['product_as_answer'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" made me ask myself: how does your team check which request got slow? That's the job Tracewise does.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Lena,\n\nYour retry work at Fernwerk caught my eye. What does your team use to tell which request got slow? Tracewise exists for exactly that question.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stood out to me. How long does it take your team to see which request got slow? It's the problem Tracewise takes on.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nYour work on the Paylane checkout got my attention. How often do you need to find which request got slow? Tracewise does exactly that.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['product_as_answer'],
    content: `Hi Lena,\n\nBack to your payment API: where do you start when a call gets slow? That is the job Tracewise does. Open to a short call next week?${sign}`,
  },
];

/** Beside them: the same facts said in the reader's terms. */
export const READER_REVIEW_CLEAN: CleanSingle[] = [
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" caught my eye. When a retry hides a slow payment call, Tracewise points at the request that dragged and the code behind it.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour role as a Software Engineer at Fernwerk and your work on the payment API made me think of you. How do you find out which request got slow when a payment call drags?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    content: `Hi Kofi,\n\nThe checkout you build at Paylane caught my eye. If it helps, I could show you how Tracewise points at the slow request and the line of code behind it.${sign}`,
  },
];
