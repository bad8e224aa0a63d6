/**
 * Drafts with planted defects, part nine: what the hand labels found after part eight. A
 * question asking for a person answered with the product, a follow-up whose only word about
 * its reader is a job title thousands hold, a round table called "your talk", a community
 * named without "the", the product's question asked of someone far from its field, and an
 * area of work read from the event's name. Invented text in the same shapes.
 */
import type { Defect } from './defects-a.js';

const sign = '\n\nCheers,\nDana Kim';

export const ANSWERS_AND_ROLES: Defect[] = [
  // question_answer_mismatch: "who ...?" and then the product as the answer.
  {
    ctx: 'ines',
    slot: 2,
    codes: ['question_answer_mismatch'],
    content: `Hi Ines,\n\nYour talk "Serverless? - more like someone else's server!" made me smile. Who on your team finds out which request got slow? Tracewise is built for it.${sign}`,
  },
  {
    ctx: 'ines',
    slot: 2,
    codes: ['question_answer_mismatch'],
    content: `Hi Ines,\n\nThinking about your radio signals as open data, I wondered: who in your group tracks down which request got slow? Tracewise does exactly that.${sign}`,
  },
  {
    ctx: 'ines',
    slot: 2,
    codes: ['question_answer_mismatch'],
    content: `Hi Ines,\n\nSince seeing your talk "Serverless? - more like someone else's server!", one thing I'd like to know: who on your side pinpoints which request got slow and the line of code behind it? That's the job Tracewise does.${sign}`,
  },
  {
    ctx: 'nina',
    slot: 2,
    codes: ['question_answer_mismatch', 'generic_filler'],
    content: `Hi Nina,\n\nYour work at Cloud Harbor is why I'm writing. Who in your team ends up finding out which request got slow? Tracewise was made to answer it.${sign}`,
  },
  {
    ctx: 'nina',
    slot: 3,
    codes: ['question_answer_mismatch', 'generic_filler'],
    content: `Hi Nina,\n\nOne more thought on Cloud Harbor: who there spots which request got slow, and the line of code behind it? It's the problem Tracewise takes on. Open to a short call next week?${sign}`,
  },
  // generic_filler: a common job title, and nothing else of the reader.
  {
    ctx: 'omar',
    slot: 2,
    codes: ['generic_filler'],
    content: `Hi Omar,\n\nYour role as a Software Engineer made me ask myself: how do you find out which request got slow? Tracewise is built for it.${sign}`,
  },
  {
    ctx: 'omar',
    slot: 3,
    codes: ['generic_filler'],
    content: `Hi Omar,\n\nMy reason for writing was your role as a Software Engineer. Open to a short call next week?${sign}`,
  },
  // unsupported_fact: a round table called a talk.
  {
    ctx: 'pablo',
    slot: 3,
    codes: ['unsupported_fact'],
    content: `Hi Pablo,\n\nMy reason for writing was your talk "Mesa redonda sobre datos abiertos". Open to a short call next week?${sign}`,
  },
  {
    ctx: 'pablo',
    slot: 2,
    codes: ['unsupported_fact'],
    content: `Hi Pablo,\n\nIf you have slides of your Open Data Sevilla 2012 talk online, I'd be keen to see them. How does your team at Datalia find out which request got slow? Tracewise is built for it.${sign}`,
  },
  // broken_grammar: a community named without "the".
  {
    ctx: 'nina',
    slot: 2,
    codes: ['broken_grammar'],
    content: `Hi Nina,\n\nYour work on Bristol Software Testing Community caught my eye. How does your team at Cloud Harbor find out which request got slow? Tracewise is built for it.${sign}`,
  },
  // far_from_field: the product's question to a reader whose own page is about something else.
  {
    ctx: 'vera',
    slot: 2,
    codes: ['far_from_field'],
    content: `Hi Vera,\n\nYour exhibition "Light Years" caught my eye. How does your team find out which request got slow? Tracewise is built for it.${sign}`,
  },
  {
    ctx: 'vera',
    slot: 2,
    // "We built Tracewise for that" also hands the question to the product's reason for being.
    codes: ['far_from_field', 'product_as_answer'],
    content: `Hi Vera,\n\nYour work on sound installations got me curious: what do you use to spot which request got slow? We built Tracewise for that.${sign}`,
  },
  {
    ctx: 'vera',
    slot: 3,
    codes: ['far_from_field'],
    content: `Hi Vera,\n\nThe sound installations at Kunsthalle Nord are why I wrote. How long does it take you to see which request got slow, as Tracewise does? Open to a short call next week?${sign}`,
  },
  {
    ctx: 'bruno',
    slot: 2,
    codes: ['far_from_field', 'generic_filler', 'product_as_answer'],
    content: `Hi Bruno,\n\nYour work at Escola Verdi got me curious: what does your team use to spot which request got slow? I ask because that's what Tracewise does.${sign}`,
  },
  {
    ctx: 'bruno',
    slot: 2,
    codes: ['far_from_field'],
    content: `Hi Bruno,\n\nThe choir and orchestra lessons you coordinate stood out to me. How often does your team need to track down which request got slow? Tracewise does that.${sign}`,
  },
  // unsupported_fact: an area of work read from the event's name alone.
  {
    ctx: 'rhea',
    slot: 2,
    codes: ['unsupported_fact', 'generic_filler'],
    content: `Hi Rhea,\n\nYour work on Azure caught my eye. How does your team at Northwind find out which request got slow? Tracewise is built for it.${sign}`,
  },
];
