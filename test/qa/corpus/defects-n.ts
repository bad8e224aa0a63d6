/**
 * Drafts with planted defects, part fourteen: a greeting with no name in it ("Hey," to a
 * speaker known by a handle), an offer of the product closed on a customer-service line
 * ("let me know", "our team is happy to help", "I'd be glad to show you"), and a question
 * owned up to as the product's lead-in ("I ask because that's what Tracewise does", "hence
 * the question"). The clean drafts beside them make the same offer or ask the same
 * question and end on something the reader can answer.
 */
import type { CleanSingle } from './clean-c.js';
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';

export const GREETINGS_AND_OFFERS: Defect[] = [
  // bare_greeting: the name slot left empty.
  {
    ctx: 'zed',
    slot: 1,
    codes: ['bare_greeting'],
    content: 'Hey, your talk "Tracing Slow Requests in Node" at DevDays 2023 caught my eye. I\'m Dana Kim from Tracewise. Open to connecting?',
  },
  {
    ctx: 'zed',
    slot: 3,
    codes: ['bare_greeting'],
    content: `Hey,\n\nYour talk "Tracing Slow Requests in Node" is why I wrote. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'zed',
    slot: 2,
    codes: ['bare_greeting'],
    content: `Hi,\n\nYour talk "Tracing Slow Requests in Node" stayed with me. How do you find the one request that got slow in a busy backend today?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 1,
    codes: ['bare_greeting'],
    content: "Hello, the checkout you build at Paylane caught my eye. I'm Dana Kim from Tracewise. Open to connecting?",
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['bare_greeting'],
    content: `Hi \u2014 your talk "Retries Without Regret" is why I wrote. Open to a short call next week?${sign}`,
  },
  // stock_offer: the offer ends on a customer-service line.
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['stock_offer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. If a short demo of how Tracewise shows which request got slow would be useful to your team, let me know.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['stock_offer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. Any time your team wants a second opinion on how to find out which request got slow, our Tracewise team is happy to help.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['stock_offer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. If your team ever wants another way to see which request got slow, I'd be glad to show you Tracewise.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['stock_offer', 'unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking about retry storms. Tracewise shows which request got slow first; if that's ever useful at Fernwerk, just let me know.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['stock_offer'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" is why I wrote. Open to a short call next week? If a look at Tracewise on your own services would help, let me know.${sign}`,
  },
  // product_as_answer: the question owned up to as the product's lead-in.
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. How often does your team need to find out which request got slow? I ask because that's what Tracewise does.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. How do you see which request got slow today? Tracewise is my day job, hence the question.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['product_as_answer'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking. Where do you start when a retry storm hides which request got slow? My own days at Tracewise go into exactly that.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    // "engineering teams" is whom the positioning says the sender works with.
    codes: ['product_as_answer', 'pasted_positioning'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking. What do you reach for when a retry storm hides which request got slow? At Tracewise we help engineering teams with it.${sign}`,
  },
  // generic_filler: a job title thousands hold, kept "in mind", is all a last note says of them.
  {
    ctx: 'omar',
    slot: 3,
    codes: ['generic_filler'],
    content: `Hi Omar,\n\nWith your role as a Software Engineer in mind: open to a short call next week?${sign}`,
  },
  // verdict_request: a stranger asked to judge the product from its name.
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['verdict_request'],
    content: `Hi Kofi,\n\nA small request, prompted by the checkout you build at Paylane: a frank opinion of Tracewise, a tool that shows which request got slow. Useful, or beside the point?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['verdict_request'],
    content: `Hi Lena,\n\nBecause of your talk "Retries Without Regret", I'd like to hear what you make of Tracewise, a tool that shows which request got slow. A one-line verdict is plenty.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['verdict_request'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" is why I'm asking you about Tracewise, a tool that shows which request got slow. Blunt answers welcome.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['verdict_request'],
    content: `Hi Kofi,\n\nAfter reading about the checkout you build at Paylane, you seemed the right person to ask about Tracewise, a tool that shows which request got slow. Does it miss the mark?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['verdict_request'],
    content: `Hi Lena,\n\nWith your talk "Retries Without Regret" in mind, I'd like your read on Tracewise, a tool that shows which request got slow. Would it earn a place at Fernwerk?${sign}`,
  },
];

export const GREETINGS_AND_OFFERS_CLEAN: CleanSingle[] = [
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nGiven your talk "Retries Without Regret", I'd value your opinion of Tracewise, a tool that shows which request got slow. Is it something your team would use, or is that need already covered?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking: a retry storm hides which request got slow first. Should your team ever need to spot it, just ask how we do it at Tracewise.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 1,
    content: 'Hi Lena, your talk "Retries Without Regret" at DevDays 2023 caught my eye. I\'m Dana Kim from Tracewise. Open to connecting?',
  },
];
