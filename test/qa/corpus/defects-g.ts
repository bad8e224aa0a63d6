/**
 * Drafts with planted defects, part seven: what the hand labels found that the gate let
 * through. A follow-up with nothing about its reader, a stock line, luck wished for a
 * talk given years ago, "Hey there" to a named speaker, an ask hedged twice, page
 * furniture in the event or the talk, and sentences that keep a campaign's frame while
 * swapping its words. Invented text in the same shapes.
 */
import { countCampaignLines } from '../../../src/qa/campaign-lines.js';
import type { Defect } from './defects-a.js';

/** The clock the gate is given: every event of 2018 to 2024 below is past. */
export const CORPUS_TODAY = new Date('2026-03-01T12:00:00Z');

// Every word a template swaps in differs from one sequence to the next, so no run of four words repeats.
const WORDS = (
  'apple birch cedar delta ember fjord grove harbor island jetty kelp lagoon meadow nectar orchard prairie quarry ridge ' +
  'savanna tundra umber valley willow yarrow zephyr amber basalt cobalt dune estuary flint glacier heath inlet juniper ' +
  'karst loam marsh nimbus oasis pebble quartz reef shale tarn upland vale wadi xeric yew zinc acorn bramble canyon ' +
  'dell elm fern gorse hazel ivy jade knoll larch moss nettle oak pine quince rush sedge thistle ash bay cove dale ' +
  'ebb fen glen holm isle'
).split(' ');
const word = (i: number, k: number) => WORDS[(i * 5 + k) % WORDS.length] as string;

/**
 * A campaign of 20 sequences whose second messages all ask the same question with every
 * particular swapped: no run of four words repeats, the frame does.
 */
const FRAMED = countCampaignLines(
  new Map(
    Array.from({ length: 20 }, (_, i) => [
      `f${i}`,
      [
        {
          slot: 2,
          content: `Hi P${i},\n\nWhen your ${word(i, 0)} ${word(i, 1)} to ${word(i, 2)} which ${word(i, 3)} got ${word(i, 4)}, where do they ${word(i, 5)}?\n\nCheers,\nDana Kim`,
        },
      ],
    ]),
  ),
);

const framed = (verb: string, what: string, tail: string) => `When your team needs to ${verb} which ${what} got slow, where do they start? ${tail}`;

export const FILLER_AND_WORDING: Defect[] = [
  // generic_filler: nothing about the person, or a stock line.
  {
    ctx: 'lucia',
    slot: 2,
    codes: ['generic_filler'],
    content:
      'Hey Lucía,\n\nGood to be connected. Greenroom turns conference speaker lists into short, personal notes. Would a short example from a research conference help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'mel',
    slot: 3,
    codes: ['generic_filler'],
    content:
      'Hi Mel,\n\nIf tracking down where each figure came from ever eats into your week, would a short call in the next couple of weeks be useful?\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'john',
    slot: 3,
    codes: ['generic_filler'],
    content: 'Hi John, happy to work around your schedule. Book a 20-minute call whenever suits, or reply with a time.',
  },
  { ctx: 'wei', slot: 3, codes: ['generic_filler'], content: "Hi Wei, I'll keep it short: could we find time for a 25-minute call in the next two weeks?" },
  {
    ctx: 'maria',
    slot: 3,
    codes: ['generic_filler'],
    content:
      'Dear María,\n\nThank you for considering my earlier notes. Could you reply with a good time for a short call in the coming weeks?\n\nKind regards,\nLena Vogel',
  },
  {
    ctx: 'aisha',
    slot: 3,
    codes: ['generic_filler'],
    content: 'Hi Aisha, I will leave you with one question. Could we schedule a call where I show you the API on one of your own lessons?',
  },
  {
    ctx: 'john',
    slot: 2,
    codes: ['generic_filler'],
    content: 'Hi John,\n\nGlad we are connected now. Nothing to ask for the moment, only a proper hello.\n\nAlex',
  },
  {
    ctx: 'priya',
    slot: 2,
    codes: ['generic_filler'],
    content: 'Hi Priya,\n\nYour event sourcing work at Ledgerly is not something I get to read about often; thanks for putting it out there.\n\nMaya Chen',
  },
  {
    ctx: 'kwame',
    slot: 2,
    codes: ['generic_filler'],
    content:
      'Dear Dr. Mensah,\n\nI have been working through the ODSC line-up and wanted to say hello properly after your audit talk on sepsis risk scores.\n\nBest regards,\nJordan Blake',
  },
  {
    ctx: 'rob',
    slot: 3,
    codes: ['generic_filler'],
    content: 'Hi Robert,\n\nI promised myself one follow-up and no more. Would a 15-minute call next week work for you?\n\nSam',
  },

  // past_event_wish: luck wished for a talk at an event whose year is before the clock's.
  {
    ctx: 'mel',
    slot: 3,
    codes: ['past_event_wish'],
    today: CORPUS_TODAY,
    content:
      'Hi Mel,\n\nWould a short call in the next couple of weeks be useful for your plasma figures? Either way, good luck with your talk at CUWiP.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 3,
    codes: ['past_event_wish'],
    today: CORPUS_TODAY,
    content:
      'Hi Rachel,\n\nWould a short call in the next couple of weeks be useful for your gravity papers? All the best with your talk "Women in Physics: Finding Your Path".\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'marcus',
    slot: 3,
    codes: ['past_event_wish'],
    today: CORPUS_TODAY,
    content: 'Hey Marcus,\n\nLooking forward to your DotNet South session on tracing .NET services. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'sofia',
    slot: 2,
    codes: ['past_event_wish'],
    today: CORPUS_TODAY,
    content:
      'Hey Sofia,\n\nGood luck with your Dados Lisboa talk on streaming without tears; does the backpressure story still hold at the Lisbon Data Guild?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'francesca',
    slot: 3,
    codes: ['past_event_wish', 'generic_filler'],
    today: CORPUS_TODAY,
    content:
      'Gentile Francesca,\n\nI look forward to your keynote at Giornata Digitale about Lumen Tessile. Open to a short call next week?\n\nCordiali saluti,\nDana Kim',
  },

  // anonymous_greeting: "Hey there" to a speaker whose name is known.
  { ctx: 'priya', slot: 1, codes: ['anonymous_greeting'], content: 'Hey there, your QCon talk on event sourcing at Ledgerly stood out. Open to connecting?' },
  {
    ctx: 'kwame',
    slot: 1,
    codes: ['anonymous_greeting'],
    content: 'Hi there, your ODSC talk on fairness audits for clinical risk models stood out to me. Open to connecting?',
  },
  {
    ctx: 'aisha',
    slot: 1,
    codes: ['anonymous_greeting'],
    content: 'Hello there, your EdTech Week talk on offline-first lessons at Kora Learning caught my eye. Open to connecting?',
  },
  {
    ctx: 'wei',
    slot: 2,
    codes: ['anonymous_greeting'],
    content: 'Hey there,\n\nThanks for connecting. How does the follow-the-sun rotation between Singapore and Dublin handle grouped alerts?\n\nOmar',
  },
  {
    ctx: 'alexandra',
    slot: 1,
    codes: ['anonymous_greeting'],
    content: 'Hi there, your talk on data contracts for plain tables caught my eye. Open to connecting?',
  },

  // doubled_hedge: one question that asks leave twice.
  {
    ctx: 'john',
    slot: 1,
    codes: ['doubled_hedge'],
    content: 'Hi John, your PGConf talk on sharding checkout writes at Shopify stood out. Mind if we connect, if that works for you?',
  },
  {
    ctx: 'priya',
    slot: 1,
    codes: ['doubled_hedge'],
    content: 'Hi Priya, your QCon talk on event sourcing at Ledgerly stood out. Mind if we connect, if that suits you?',
  },
  {
    ctx: 'kwame',
    slot: 1,
    codes: ['doubled_hedge'],
    content: 'Dear Dr. Mensah, your ODSC talk on fairness audits stood out. Would you mind if we connected, if that is okay with you?',
  },
  {
    ctx: 'aisha',
    slot: 1,
    codes: ['doubled_hedge'],
    content: "Hi Aisha, your EdTech Week talk on offline-first lessons stood out. Would it be okay if we connected, if you don't mind?",
  },
  {
    ctx: 'alexandra',
    slot: 1,
    codes: ['doubled_hedge'],
    content: 'Hi Alexandra, your talk on data contracts for plain tables stood out. May I connect, if that works for you?',
  },

  // campaign_repeated_frame: the same sentence with its verb and subject swapped, in most of the campaign's second messages.
  {
    ctx: 'john',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: FRAMED,
    content: `Hi John,\n\n${framed('chase', 'checkout write', 'Your 64-cluster sharding story is why I ask.')}\n\nAlex`,
  },
  {
    ctx: 'priya',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: FRAMED,
    content: `Hi Priya,\n\n${framed('untangle', 'ledger replay', 'Your QCon talk on event sourcing is why I ask.')}\n\nMaya Chen`,
  },
  {
    ctx: 'kwame',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: FRAMED,
    content: `Dear Dr. Mensah,\n\n${framed('learn', 'risk score', 'Your calibration drift paper is why I ask.')}\n\nBest regards,\nJordan Blake`,
  },
  {
    ctx: 'aisha',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: FRAMED,
    content: `Hi Aisha,\n\n${framed('learn', 'lesson download', 'Your offline-first lessons are why I ask.')}\n\nBen`,
  },
  {
    ctx: 'wei',
    slot: 2,
    codes: ['campaign_repeated_frame'],
    lines: FRAMED,
    content: `Hi Wei,\n\n${framed('check', 'alert route', 'The Singapore and Dublin rotation is why I ask.')}\n\nOmar`,
  },

  // unsupported_fact: page furniture in the event's name, a co-speaker in the talk's title.
  {
    ctx: 'kira',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Kira, "Hackerspace Design Patterns" at Programm ZeTeCo jumped out at me. Open to connecting?',
  },
  {
    ctx: 'kira',
    slot: 2,
    codes: ['unsupported_fact'],
    content: 'Hey Kira,\n\nHow do small spaces share tools and keys after your Programm ZeTeCo talk on hackerspace design patterns?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'leo',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Leo, your offline sync work at Appwerk and your ExpertDay 2019.2 Xamarin session stood out. Open to connecting?',
  },
  {
    ctx: 'leo',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Leo, your talk "Offline Sync in Xamarin.Forms + Ana Ruiz" stood out to me. Open to connecting?',
  },
  {
    ctx: 'leo',
    slot: 2,
    codes: ['unsupported_fact'],
    content:
      'Hey Leo,\n\nYour session "Offline Sync in Xamarin.Forms + Ana Ruiz" raised a question: how does Appwerk resolve sync conflicts on phones?\n\nCheers,\nDana Kim',
  },
];
