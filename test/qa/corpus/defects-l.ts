/**
 * Drafts with planted defects, part twelve: what the readers of drafted campaigns stopped at
 * and the gate let through. The product's task said as a bare gerund where a noun belongs
 * ("When telling which request got slow next comes up"), an opening participle with the
 * wrong subject, a question answered at once by the product's reason for being ("That
 * question is the reason Tracewise exists"), and delight over what was only read ("came as
 * a treat"), a word said twice across two sentences ("be useful? Either answer is useful."),
 * a swear word quoted from a title, a last note that leaves its call as a standing offer, and
 * the reader's role and the writer's work declared alike.
 * The clean drafts beside them say the same things as a person would.
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
    codes: ['broken_grammar', 'unbridged_pitch'],
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
    codes: ['product_as_answer', 'unbridged_pitch'],
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
    codes: ['effusive_praise', 'generic_filler'],
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
  {
    ctx: 'lena',
    slot: 3,
    codes: ['effusive_praise'],
    content: `Hi Lena,\n\nI spent a pleasant while reading about your talk "Retries Without Regret" and its story of a payments outage that ended in a death march. Would a 20-minute call next week be worth it?${sign}`,
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
  // profanity: a swear word, quoted or not
  {
    ctx: 'lena',
    slot: 1,
    codes: ['profanity'],
    content: `Hi Lena, "Retries, motherfucka, do you speak it?" at DevDays 2023 is one I'd like to hear. I'm Dana from Tracewise. Could we connect?`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['profanity'],
    content: `Hi Lena,\n\nIt was your talk "Retries Without Regret" that made me reach out, no bullshit. Would a 20-minute call next week be worth it?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['profanity'],
    content: `Hi Kofi,\n\nThe Paylane checkout stuck with me: slow requests there must be a shitty thing to chase. How does your team find which request got slow?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['profanity'],
    content: `Hi Kofi,\n\nThe Paylane checkout stuck with me. Chasing which request got slow is bullshit work; how does your team do it?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['profanity'],
    content: `Hi Lena,\n\nWTF moments with payment retries are what I wanted to ask about. How does your team at Fernwerk find the slow call?${sign}`,
  },
  // last_note_no_ask: the call to action named, then left as a standing offer
  {
    ctx: 'lena',
    slot: 3,
    codes: ['last_note_no_ask', 'generic_filler'],
    content: `Hi Lena,\n\nThanks for reading, and all the best with your work at Fernwerk; this note is the last. A 20-minute call next week remains an option, should it ever be wanted.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    codes: ['last_note_no_ask'],
    content: `Hi Kofi,\n\nThe Paylane checkout is why I wrote. Thanks for reading this far; I'll stop here. If a 20-minute call next week does become useful one day, just reply.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['last_note_no_ask'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" is why I got in touch. A 20-minute call next week is there whenever it suits you.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['last_note_no_ask'],
    content: `Hi Lena,\n\nThis is my last note about the payment retries at Fernwerk. A 20-minute call next week stays on the table, should it ever help.${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    codes: ['last_note_no_ask'],
    content: `Hi Kofi,\n\nOne last note on the Paylane checkout. I'd be glad to set up a 20-minute call next week if it is ever worth it.${sign}`,
  },
  // claimed_common_ground: the reader's role and the writer's work declared alike
  {
    ctx: 'lena',
    slot: 2,
    codes: ['claimed_common_ground', 'generic_filler'],
    content: `Hi Lena,\n\nWhat you do as a Software Engineer at Fernwerk and my work at Tracewise overlap on finding out which request got slow. Has it been a headache lately?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['claimed_common_ground', 'generic_filler', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nYour role at Paylane and my days at Tracewise, finding out which request got slow, have a lot in common. How much of your team's week goes into it?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['claimed_common_ground'],
    content: `Hi Lena,\n\nYour work on the payment API and my own work at Tracewise have much in common. How do you find a slow retry today?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['claimed_common_ground'],
    content: `Hi Kofi,\n\nWhat you do at Paylane and my product overlap in one place: slow checkout requests. How do you find them?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    codes: ['claimed_common_ground'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" and my work at Tracewise overlap more than most. Would a 20-minute call next week be worth it?${sign}`,
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
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" made me wonder whether slow payment calls overlap with what Tracewise shows. Do they come up in your work at Fernwerk?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 3,
    content: `Hi Lena,\n\nI spent a pleasant while reading about your talk "Retries Without Regret". Would a 20-minute call next week be worth it?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 3,
    content: `Hi Kofi,\n\nThanks for reading this far; all the best with the Paylane checkout. Would a 20-minute call next week be worth it?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 1,
    content: `Hi Lena, your DevDays 2023 talk on payment retries in Polymer apps is one I'd like to hear. I'm Dana from Tracewise. Could we connect?`,
  },
];
