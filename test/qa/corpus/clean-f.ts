/**
 * Clean drafts beside part nine of the defects: a "who" question that asks for a person
 * and gets no answer from the product, a job title with the reader's own talk, a round
 * table called what it is, a community named with "the", a far reader asked who looks
 * after it, a reader in the field asked the product's question, and a talk at an event
 * named for a product.
 */
import type { CleanSequence } from './clean-a.js';
import type { CleanSingle } from './clean-c.js';

const sign = '\n\nCheers,\nDana Kim';

export const CLEAN_SINGLES_F: CleanSingle[] = [
  // The same workshop called what the page calls it.
  {
    ctx: 'raul',
    slot: 1,
    content:
      'Hey Raul, your workshop "Herramientas libres para mapas abiertos" at Datos Abiertos Cádiz 2013 caught my eye. I\'m Dana Kim from Tracewise. Happy to connect?',
  },
  // The title as the page gives it, without the co-speaker's name that follows it on the line.
  {
    ctx: 'zora',
    slot: 1,
    content: 'Hey Zora, your workshop "Mapping Rivers With Open Sensors" caught my eye. I\'m Dana Kim from Tracewise. Happy to connect?',
  },
  {
    ctx: 'ines',
    slot: 2,
    content: `Hi Ines,\n\nYour talk "Serverless? - more like someone else's server!" made me smile. How does your team find out which request got slow today? Tracewise is built for it.${sign}`,
  },
  {
    ctx: 'nina',
    slot: 2,
    content: `Hi Nina,\n\nYour work on the Bristol Software Testing Community caught my eye. Tracewise points to the slow request and its line of code; who at Cloud Harbor would be the right person to ask about that?${sign}`,
  },
  {
    ctx: 'omar',
    slot: 2,
    content: `Hi Omar,\n\nYour talk "Queues Without Tears" made me ask myself how you find out which request got slow once a queue backs up. Tracewise is built for that question.${sign}`,
  },
  {
    ctx: 'pablo',
    slot: 3,
    content: `Hi Pablo,\n\nThe round table "Mesa redonda sobre datos abiertos" at Open Data Sevilla 2012 is why I wrote. Open to a short call next week?${sign}`,
  },
  {
    ctx: 'vera',
    slot: 2,
    content: `Hi Vera,\n\nYour exhibition "Light Years" caught my eye. Tracewise points developers to the slow request behind a page; that is likely far from your work, so who at Kunsthalle Nord looks after the website?${sign}`,
  },
  {
    ctx: 'kofi',
    slot: 2,
    content: `Hi Kofi,\n\nThe checkout work at Paylane caught my eye. How does your team find out which request got slow when a payment hangs? Tracewise is built for it.${sign}`,
  },
  {
    ctx: 'rhea',
    slot: 2,
    content: `Hi Rhea,\n\nYour talk on pair programming for remote teams caught my eye. How does your team at Northwind find out which request got slow? Tracewise is built for it.${sign}`,
  },
];

/** Beside ask_after_no_pitch: a follow-up that asks whether the product is far from the reader's work, then the call; a promise of no pitch, then a question about who else to ask. */
export const NO_PITCH_KEPT: CleanSequence[] = [
  {
    ctx: 'nina',
    note: 'a condition ("if that is nowhere near your work") is a question, not a promise of no pitch',
    angles: ['company', 'slow requests', 'cta'],
    slots: [
      'Hi Nina, your work at Cloud Harbor caught my eye. I run a small tracing company. Open to connecting?',
      `Hi Nina,\n\nThe Bristol Software Testing Community you founded made me curious, so I wondered how your team finds a slow request. If that is nowhere near your work, tell me and I will leave it there.${sign}`,
      `Hi Nina,\n\nOne last note on slow requests, with the Bristol Software Testing Community in mind. Open to a short call next week?${sign}`,
    ],
  },
  {
    ctx: 'vera',
    note: 'no pitch promised, and the last note only asks who else would look after it',
    angles: ['exhibition', 'hello', 'referral'],
    slots: [
      'Hi Vera, your exhibition "Light Years" at Kunsthalle Nord caught my eye. Open to connecting?',
      `Hi Vera,\n\nThanks for connecting. "Light Years" stayed with me. I build tools that find slow web requests, which is a long way from your work, so no pitch here.${sign}`,
      `Hi Vera,\n\nOne last note: if someone else at Kunsthalle Nord looks after the museum's website, a name helps just as much. Open to a short call next week?${sign}`,
    ],
  },
];
