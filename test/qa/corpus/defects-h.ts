/**
 * Drafts with planted defects, part eight: what the hand labels found after part seven.
 * The product's job asked in the pitch's words in follow-up after follow-up, a first
 * follow-up that names the product without a word of what it does, and a quoted talk that
 * carries a co-speaker's "+" or is cut where its sentence goes on. Invented text in the
 * same shapes.
 */
import { countCampaignLines } from '../../../src/qa/campaign-lines.js';
import type { Defect } from './defects-a.js';

const TOPICS = 'plasma lensing spectra neutrino galaxy isotope photon lattice quasar aerosol magnet colloid enzyme polymer tissue genome'.split(' ');

/**
 * A campaign of 16 research speakers whose second messages all ask the pitch's question
 * ("where each figure in a paper came from"), each about its own topic and with its own verb.
 */
export const PITCHED = countCampaignLines(
  new Map(
    TOPICS.map((t, i) => [
      `p${i}`,
      [
        {
          slot: 2,
          content: `Hi P${i},\n\nYour ${t} results are why I am writing. How does your group ${['trace', 'check', 'see', 'know'][i % 4]} where each figure in a paper came from? Labwise does that.\n\nBest,\nJonas Berg`,
        },
      ],
    ]),
  ),
);

export const PITCH_AND_FACTS: Defect[] = [
  // campaign_repeated_pitch: the pitch's question in most of the campaign's second messages.
  {
    ctx: 'mel',
    slot: 2,
    codes: ['campaign_repeated_pitch'],
    lines: PITCHED,
    content:
      'Hi Mel,\n\nYour work on turbulence and nonlinear wave coupling caught my eye. When your group needs to trace where each figure in a paper came from, where do you start? Labwise was made for it.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 2,
    codes: ['campaign_repeated_pitch', 'product_as_answer'],
    lines: PITCHED,
    content:
      'Hi Rachel,\n\nYour research on gravity and quantum field theory stood out to me. Is there a set way at Columbia University to see where each figure in a paper came from? That is the job Labwise does.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'mel',
    slot: 2,
    codes: ['campaign_repeated_pitch', 'product_as_answer'],
    lines: PITCHED,
    content:
      'Hi Mel,\n\nReading about nonlinear wave coupling made me think of you. How long does it take you to find where each figure in a paper came from? Labwise exists for exactly that question.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 2,
    // The question asks who, and the product answers it: question_answer_mismatch as well.
    codes: ['campaign_repeated_pitch', 'question_answer_mismatch'],
    lines: PITCHED,
    content:
      'Hi Rachel,\n\nYour talk on finding a path in physics got my attention. Who in your group ends up checking where each figure in a paper came from? I ask because Labwise does that.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'mel',
    slot: 2,
    codes: ['campaign_repeated_pitch'],
    lines: PITCHED,
    content:
      'Hi Mel,\n\nI enjoyed reading about your turbulence experiments. Do you have a good way to tell where each figure in a paper came from? Labwise is built for it.\n\nBest,\nJonas Berg',
  },
  // product_unexplained: the product named, doubted or handed on, and never said.
  {
    ctx: 'mel',
    slot: 2,
    codes: ['product_unexplained'],
    content:
      'Hi Mel,\n\nYour work on turbulence and nonlinear wave coupling caught my eye. It is likely Labwise is not your area, and I would rather ask than assume: who should I talk to?\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 2,
    codes: ['product_unexplained'],
    content:
      "Hi Rachel,\n\nYour work on gravity and quantum field theory stood out to me. Labwise probably belongs on someone else's desk at Columbia University; whose would that be?\n\nBest,\nJonas Berg",
  },
  {
    ctx: 'ilya',
    slot: 2,
    codes: ['product_unexplained', 'doubted_fit'],
    content:
      'Hey Ilya,\n\nAfter we connected, I read about your talk "Ruby Proxies for Scale". If Tracewise is miles from your world, a quick word saves us both time.\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'ines',
    slot: 2,
    codes: ['product_unexplained', 'doubted_fit'],
    content:
      'Hey Ines,\n\nYour talk "Mapping the Spectrum" made me think of you. I\'ll admit Tracewise may not be for you, and that\'s fine to say.\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'mel',
    slot: 2,
    codes: ['product_unexplained'],
    content:
      'Hi Mel,\n\nReading about your nonlinear wave coupling experiments is what prompted this message. Rather than guess whether Labwise fits your work, may I ask who on your side would know?\n\nBest,\nJonas Berg',
  },
  // unsupported_fact: the co-speaker marker kept, the title cut before the half that answers it.
  {
    ctx: 'ines',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Ines, "Mapping the Spectrum: Radio Signals as Open Data +" stood out to me. I\'m Dana Kim from Tracewise. Happy to connect?',
  },
  // A workshop called a talk, its kind said on the page's line before the title, the title quoted whole and in part.
  {
    ctx: 'raul',
    slot: 1,
    codes: ['unsupported_fact'],
    content:
      'Hey Raul, your talk "Herramientas libres para mapas abiertos" at Datos Abiertos Cádiz 2013 caught my eye. I\'m Dana Kim from Tracewise. Happy to connect?',
  },
  {
    ctx: 'raul',
    slot: 2,
    codes: ['unsupported_fact'],
    content:
      'Hey Raul,\n\nOne reason I wrote was your talk "Herramientas libres". Should Tracewise be of use at Forty Labs, a quick call would show how it finds which request got slow.\n\nCheers,\nDana Kim',
  },
  // Their view asked of the product for a talk far from its field, the page saying little else of them, and no word of how they meet.
  {
    ctx: 'zora',
    slot: 2,
    codes: ['product_unexplained', 'unbridged_pitch'],
    content:
      'Hey Zora,\n\nI\'d be curious what you think of Tracewise, an observability tool, given your workshop "Mapping Rivers With Open Sensors". Is it useful, in your view?\n\nCheers,\nDana Kim',
  },
  // The same with nothing of theirs but a talk at the event.
  {
    ctx: 'zora',
    slot: 2,
    codes: ['product_unexplained', 'unbridged_pitch'],
    content:
      "Hey Zora,\n\nI'd be curious what you think of Tracewise, an observability tool, given your Open Water Days talk. Is it useful, in your view?\n\nCheers,\nDana Kim",
  },
  // The quoted title ends in the co-speaker's name, which the page joins to the reader's own with "+".
  {
    ctx: 'zora',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Zora, your workshop "Mapping Rivers With Open Sensors Milan Petrov" caught my eye. I\'m Dana Kim from Tracewise. Happy to connect?',
  },
  {
    ctx: 'ines',
    slot: 3,
    codes: ['unsupported_fact'],
    content: 'Hey Ines,\n\nMy reason for writing was your talk "Serverless?" at Signal Days 2019. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
  // broken_text: the title's own full stop, and the sentence goes on.
  {
    ctx: 'ines',
    slot: 1,
    codes: ['broken_text'],
    content: 'Hey Ines, "Radio Signals as Open Data." at Signal Days 2019 is one I\'d like to hear. I\'m Dana Kim from Tracewise. Open to connecting?',
  },
];
