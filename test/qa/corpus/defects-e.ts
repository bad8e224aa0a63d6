/**
 * Drafts with planted defects, part five: the defects a hand-labelled sample of real
 * drafts showed and the gate let through. Invented text in the same shapes: facts
 * read from page furniture or cut short, broken grammar, an agenda row greeted as a
 * person, the pitch pasted in, a sequence changing subject, a campaign-wide closer.
 */
import { countCampaignLines } from '../../../src/qa/campaign-lines.js';
import type { Defect } from './defects-a.js';

const PITCH = 'Greenroom turns conference speaker lists into short, personal outreach your team can review before anything is sent.';

export const EVIDENCE_AND_GRAMMAR: Defect[] = [
  // Organisations cut short, topics and talk titles as employers, furniture as facts.
  {
    ctx: 'lucia',
    slot: 2,
    codes: ['unsupported_fact'],
    content:
      "Hey Lucía,\n\nThanks for connecting. Your work on informal work surveys is why I'm writing. Is that something you run into at the Center at Distributive?\n\nCheers,\nDana Kim",
  },
  {
    ctx: 'marcus',
    slot: 2,
    codes: ['unsupported_fact'],
    content:
      'Hey Marcus,\n\nGood to be connected. Given your work on observability, I thought of you. Does that match what you see at Georgia Institute?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'francesca',
    slot: 1,
    codes: ['unsupported_fact'],
    content: "Hey Francesca, your work at Tessile caught my eye. I'm Dana Kim from Greenroom. Open to connecting?",
  },
  {
    ctx: 'jean',
    slot: 2,
    codes: ['unsupported_fact'],
    content:
      'Hey Jean,\n\nThanks for connecting. With all your Kotlin work, this seemed worth a mention. Is that something you run into at Java?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'tobias',
    slot: 2,
    codes: ['unsupported_fact'],
    content:
      'Hey Tobias,\n\nGood to be connected. Your talk "Building Resilient Web Forms" is what made me think of you. Does that match what you see at … social media links?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'tobias',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Tobias, I see you\'re a Frontend Engineer at (more…). Your talk "Building Resilient Web Forms" caught my eye. Open to connecting?',
  },
  {
    ctx: 'tobias',
    slot: 2,
    codes: ['implausible_company_or_title', 'unsupported_fact'],
    content: 'Hey Tobias,\n\nThanks for the connect. Could that be useful for your team at #?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'tobias',
    slot: 2,
    codes: ['unsupported_fact'],
    content: 'Hey Tobias,\n\nThanks for connecting. Is that something you run into at Building Resilient Web Forms?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'jean',
    slot: 1,
    codes: ['unsupported_fact'],
    content: "Hey Jean, saw you're on the » Orateurs speaker list. Your Kotlin coroutines posts are great. Open to connecting?",
  },
  {
    ctx: 'tobias',
    slot: 3,
    codes: ['unsupported_fact'],
    content:
      "Hey Tobias,\n\nOne last note from me. Glad we're connected; I found you through Palestrantes. Open to a short call next week?\n\nCheers,\nDana Kim",
  },
  {
    ctx: 'jean',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Jean, your talk "Keynote" caught my eye. I write about Android builds too. Open to connecting?',
  },
  {
    ctx: 'nadia',
    slot: 1,
    codes: ['unsupported_fact'],
    content: 'Hey Nadia, always nice to find someone deep in engineering leadership. Your talk "Strategy Is a Habit" caught my eye. Open to connecting?',
  },
  {
    ctx: 'tobias',
    slot: 3,
    codes: ['unsupported_fact'],
    content: 'Hey Tobias,\n\nOne last note. I came across your name among the Palestrantes speakers. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
  // Grammar and splices.
  {
    ctx: 'marcus',
    slot: 1,
    codes: ['broken_grammar'],
    content:
      'Hey Marcus, I see you\'re a presently serving as a Research Scientist. Your talk "Tracing .NET Services in Production" caught my eye. Open to connecting?',
  },
  {
    ctx: 'nadia',
    slot: 1,
    codes: ['broken_grammar'],
    content: 'Hey Nadia, I see you\'re a Strategy adviser with a MBA. Your talk "Strategy Is a Habit" caught my eye. Open to connecting?',
  },
  {
    ctx: 'marcus',
    slot: 2,
    codes: ['broken_grammar'],
    content:
      "Hey Marcus,\n\nGood to be connected. Your work on observability for.NET services is why I'm writing. Would a short example help?\n\nCheers,\nDana Kim",
  },
  {
    ctx: 'sofia',
    slot: 2,
    codes: ['broken_grammar'],
    content: 'Hey Sofia,\n\nThanks for connecting. Always up for swapping notes on Data and streaming. Would a short example help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'tobias',
    slot: 2,
    codes: ['broken_grammar'],
    content: 'Hey Tobias,\n\nThanks for connecting. Your Online work came to mind again. Would a short example help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'sofia',
    slot: 1,
    codes: ['broken_grammar'],
    content: 'Hey Sofia, your talk "Streaming Without Tears" caught my eye, the the part on backpressure most. Open to connecting?',
  },
  {
    ctx: 'lucia',
    slot: 1,
    codes: ['broken_grammar'],
    content: 'Hey Lucía, I see you\'re a Researcher at CEDLAS.Your talk "Measuring Informal Work with Household Surveys" caught my eye. Open to connecting?',
  },
  // Addressed as someone else, or by the surname, or not a person at all.
  {
    ctx: 'sofia',
    slot: 2,
    codes: ['wrong_recipient_name'],
    content: 'Thanks for connecting, Priya! Your talk "Streaming Without Tears" is what made me think of you. Would a short example help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'marcus',
    slot: 3,
    codes: ['wrong_recipient_name'],
    content: 'One last note from me, Emily. Your work on observability came to mind again. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'jean',
    slot: 1,
    codes: ['surname_greeting'],
    content: 'Hey Hallade, your Kotlin coroutines posts caught my eye. I write about Android builds too. Open to connecting?',
  },
  {
    ctx: 'marcus',
    slot: 1,
    codes: ['surname_greeting'],
    content: 'Hello Webb, your talk "Tracing .NET Services in Production" caught my eye. Open to connecting?',
  },
  {
    ctx: 'lucia',
    slot: 1,
    codes: ['surname_greeting'],
    content: 'Hi Ferreyra, your talk "Measuring Informal Work with Household Surveys" caught my eye. Open to connecting?',
  },
  {
    ctx: 'kwame',
    slot: 1,
    codes: ['surname_greeting'],
    content: 'Hi Mensah, your ODSC East talk on fairness audits was excellent. How does the review board decide on recalibration?',
  },
  { ctx: 'sofia', slot: 1, codes: ['surname_greeting'], content: 'Hey Marques, your talk "Streaming Without Tears" caught my eye. Open to connecting?' },
  { ctx: 'doors', slot: 1, codes: ['not_a_person'], content: 'Hey Doors, your name came up on a conference speaker list I follow. Open to connecting?' },
  {
    ctx: 'doors',
    slot: 2,
    codes: ['not_a_person'],
    content: 'Hey Doors,\n\nThanks for connecting. Would a short example of a reviewed outreach queue help?\n\nCheers,\nDana Kim',
  },
  { ctx: 'doors', slot: 3, codes: ['not_a_person'], content: 'Hey Doors,\n\nOne last note from me. Open to a short call next week?\n\nCheers,\nDana Kim' },
  { ctx: 'coffee', slot: 1, codes: ['not_a_person'], content: 'Hey Coffee, spotted your name on a speaker list I follow. Open to connecting?' },
  {
    ctx: 'coffee',
    slot: 3,
    codes: ['not_a_person', 'generic_filler'],
    content: 'Hi Coffee,\n\nA quick follow-up. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
];

const slot1 = (ctx: Defect['ctx'], content: string) => [{ slot: 1 as const, content }];

/** A campaign of 30 sequences, 8 of which close with the same question. */
/** A follow-up sentence 12 of a campaign's 30 second messages share: a form letter, whatever else each says. */
const SHARED = 'Our reviewers read every outreach draft before anything goes out to a speaker.';
const PHRASES = countCampaignLines(
  new Map(
    Array.from({ length: 30 }, (_, i) => [
      `p${i}`,
      [
        {
          slot: 2,
          content: `Hi P${i},\n\nNote ${i} on item ${i * 11}. ${i < 12 ? SHARED : `Different words ${i} here ${i * 13}.`} Is item ${i} on your list?\n\nCheers,\nDana Kim`,
        },
      ],
    ]),
  ),
);

const LINES = countCampaignLines(
  new Map(
    Array.from({ length: 30 }, (_, i) => [
      `seq${i}`,
      [`Hey Person${i}, talk number ${i} caught my eye. ${i < 8 ? 'Worth a look, do you think?' : `Open to connecting about topic ${i}?`}`],
    ]),
  ),
);

export const SEQUENCE_AND_CAMPAIGN: Defect[] = [
  {
    ctx: 'sofia',
    slot: 2,
    codes: ['pasted_pitch', 'generic_filler'],
    content: `Hey Sofia,\n\nThanks for connecting. ${PITCH} Would a short example help?\n\nCheers,\nDana Kim`,
  },
  {
    ctx: 'lucia',
    slot: 2,
    codes: ['pasted_pitch', 'generic_filler'],
    content: `Hey Lucía,\n\nGood to be connected. ${PITCH.replace('Greenroom', 'Our product')} Would that help?\n\nCheers,\nDana Kim`,
  },
  {
    ctx: 'marcus',
    slot: 3,
    codes: ['pasted_pitch'],
    content: `Hey Marcus,\n\nOne last note. What we do: ${PITCH}\n\nOpen to a short call next week?\n\nCheers,\nDana Kim`,
  },
  {
    ctx: 'nadia',
    slot: 3,
    codes: ['pasted_pitch'],
    content:
      'Hey Nadia,\n\nA quick follow-up.\n\nWhat we do: reviewed outreach for teams that meet speakers.\n\nOpen to a short call next week?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'jean',
    slot: 2,
    codes: ['pasted_pitch', 'generic_filler'],
    content:
      'Hey Jean,\n\nThanks for connecting. In short, it turns conference speaker lists into short, personal outreach your team can review. Would that help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'tobias',
    slot: 3,
    codes: ['topic_switch'],
    others: slot1('tobias', 'Hey Tobias, always up for swapping notes on web forms. Open to connecting?'),
    content: 'Hey Tobias,\n\nOne last note. It could be useful for your Android work. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'jean',
    slot: 2,
    codes: ['topic_switch', 'generic_filler'],
    others: slot1('jean', 'Hey Jean, I see you work on Android at Lumio. Open to connecting?'),
    content: 'Hey Jean,\n\nThanks for connecting. Given your work on iOS, I thought of you. Would a short example help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'sofia',
    slot: 3,
    codes: ['topic_switch'],
    others: [
      { slot: 1, content: 'Hey Sofia, your Python work caught my eye. Open to connecting?' },
      {
        slot: 2,
        content: 'Hey Sofia,\n\nThanks for connecting. Keen to follow more of your Python teaching. Would a short example help?\n\nCheers,\nDana Kim',
      },
    ],
    content: 'Hey Sofia,\n\nA quick follow-up. Given your work on JavaScript, I thought of you. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'marcus',
    slot: 2,
    codes: ['topic_switch'],
    others: slot1('marcus', 'Hey Marcus, your talk "Tracing .NET Services in Production" caught my eye. Open to connecting?'),
    content: 'Hey Marcus,\n\nGood to be connected. With all your Python work, this seemed worth a mention. Would a short example help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'tobias',
    slot: 2,
    codes: ['topic_switch'],
    others: slot1('tobias', 'Hey Tobias, your talk "Building Resilient Web Forms" caught my eye. Open to connecting?'),
    content: 'Hey Tobias,\n\nThanks for connecting. Your work on Java came to mind again. Would a short example help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'sofia',
    slot: 1,
    codes: ['campaign_repeated_line'],
    lines: LINES,
    content: 'Hey Sofia, your talk "Streaming Without Tears" caught my eye. Worth a look, do you think?',
  },
  {
    ctx: 'marcus',
    slot: 1,
    codes: ['campaign_repeated_line'],
    lines: LINES,
    content: 'Hey Marcus, your talk "Tracing .NET Services in Production" caught my eye. Worth a look, do you think?',
  },
  {
    ctx: 'lucia',
    slot: 1,
    codes: ['campaign_repeated_line'],
    lines: LINES,
    content: 'Hey Lucía, your talk "Measuring Informal Work with Household Surveys" caught my eye. Worth a look, do you think?',
  },
  {
    ctx: 'nadia',
    slot: 1,
    codes: ['campaign_repeated_line'],
    lines: LINES,
    content: 'Hey Nadia, your talk "Strategy Is a Habit" caught my eye. Worth a look, do you think?',
  },
  { ctx: 'jean', slot: 1, codes: ['campaign_repeated_line'], lines: LINES, content: 'Hey Jean, your Kotlin posts caught my eye. Worth a look, do you think?' },
  {
    ctx: 'sofia',
    slot: 2,
    codes: ['campaign_repeated_phrase', 'campaign_repeated_frame'],
    lines: PHRASES,
    content: `Hey Sofia,\n\nThanks for connecting; your streaming talk is why I reached out. ${SHARED} Does the backpressure story still hold?\n\nCheers,\nDana Kim`,
  },
  {
    ctx: 'marcus',
    slot: 2,
    codes: ['campaign_repeated_phrase', 'campaign_repeated_frame'],
    lines: PHRASES,
    content: `Hey Marcus,\n\nGood to be connected. ${SHARED} How do you trace .NET services today?\n\nCheers,\nDana Kim`,
  },
  {
    ctx: 'lucia',
    slot: 2,
    codes: ['campaign_repeated_phrase', 'campaign_repeated_frame'],
    lines: PHRASES,
    content: `Hey Lucía,\n\nYour survey talk was a good one. ${SHARED} Do household surveys ever need that?\n\nCheers,\nDana Kim`,
  },
  {
    ctx: 'nadia',
    slot: 2,
    codes: ['campaign_repeated_phrase', 'campaign_repeated_frame'],
    lines: PHRASES,
    content: `Hey Nadia,\n\nYour strategy talk stayed with me. ${SHARED} Which habit did your team keep?\n\nCheers,\nDana Kim`,
  },
  {
    ctx: 'jean',
    slot: 2,
    codes: ['campaign_repeated_phrase', 'campaign_repeated_frame'],
    lines: PHRASES,
    content: `Hey Jean,\n\nI liked your Kotlin posts. ${SHARED} Are coroutines still your default?\n\nCheers,\nDana Kim`,
  },
];
