/**
 * Drafts with planted defects, part fifteen: a question owned up to as the product's lead-in
 * in the writer's own words ("It's what I work on at Tracewise", "Tracewise, where I work, is
 * built around it"), the product said to serve the positioning's audience ("built to help
 * engineering teams") or introduced by its kind alone ("What I build is an observability
 * tool, Tracewise"), reading claimed of what is no text ("Your research on … was a good
 * read"), an area of work kept "in mind" that the page does not give, and a last note resting
 * its call on a talk about people. The clean drafts beside them say the same things in ways
 * the readers sent.
 */
import type { CleanSingle } from './clean-c.js';
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';

export const OWNED_LEAD_INS: Defect[] = [
  // product_as_answer: the question's lead-in said as the sender's day job.
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. How often does your team need to check which request got slow? It's what I work on at Tracewise.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" prompted this note. What does your team reach for to see which request got slow at Fernwerk? Tracewise, where I work, is built around it.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['product_as_answer', 'unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" is what I wanted to follow up on. What do you reach for to determine which request got slow? It's the kind of question we think about at Tracewise.${sign}`,
  },
  // unsupported_fact: reading claimed of what is no text.
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['unsupported_fact'],
    content: `Hi Kofi,\n\nYour work on the Paylane checkout was a good read. How does your team find out which request got slow today?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['unsupported_fact'],
    content: `Hi Lena,\n\nThe DevDays 2023 programme was a good read, your talk "Retries Without Regret" above all. How do you tell which retry got slow first?${sign}`,
  },
  // unsupported_fact: an area "kept in mind" is still read against the page ("in mind" is not part of it).
  {
    ctx: 'rhea',
    slot: 3,
    codes: ['unsupported_fact', 'generic_filler'],
    content: `Hi Rhea,\n\nWith your work on Azure in mind: would a 20-minute call next week be worth it?${sign}`,
  },
  // pitch_after_people_talk: a last note that rests its call on a talk about people.
  {
    ctx: 'rachel',
    slot: 3,
    codes: ['pitch_after_people_talk'],
    content:
      'Hi Rachel,\n\nYour talk "Women in Physics: Finding Your Path" is where this began. Would a short call in the next couple of weeks be useful?\n\nBest,\nJonas Berg',
  },
  // pasted_positioning: the product said to serve the positioning's audience ("engineering teams").
  {
    ctx: 'lena',
    slot: 2,
    codes: ['pasted_positioning', 'unbridged_pitch'],
    content: `Hi Lena,\n\nI read up on your talk "Retries Without Regret". My work is Tracewise, built to help engineering teams identify which request got slow. Who would be worth asking about it?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    codes: ['pasted_positioning'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" made me think of retry storms at Fernwerk. I work on Tracewise, an observability tool made for engineering teams. How do you tell which retry got slow first?${sign}`,
  },
  // product_unexplained: the product introduced by its kind alone.
  {
    ctx: 'lena',
    slot: 2,
    codes: ['product_unexplained', 'unbridged_pitch'],
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" seemed well worth a note. What I build is an observability tool, Tracewise. Who would be worth asking about it?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    codes: ['product_unexplained', 'unbridged_pitch'],
    content: `Hi Kofi,\n\nThe checkout you build at Paylane stayed with me. Tracewise, an observability tool, is my company. Is there someone on your side I should ask about it?${sign}`,
  },
];

export const OWNED_LEAD_INS_CLEAN: CleanSingle[] = [
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nWith your work on retries in mind, I'd like your read on Tracewise, a tool that shows which request got slow. Is it something you would use, or is that need already covered?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" stayed with me. Does your engineering team at Fernwerk see which retry got slow first? Tracewise shows it, down to the line of code.${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nYour talk "Retries Without Regret" stayed with me. What I build is an observability tool, Tracewise: it shows which retry got slow and the line of code behind it. Would that help at Fernwerk?${sign}`,
  },
  {
    ctx: 'lena',
    slot: 2,
    content: `Hi Lena,\n\nThe abstract of your talk "Retries Without Regret" was a good read. How do you tell which retry got slow first?${sign}`,
  },
];
