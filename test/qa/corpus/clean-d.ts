/**
 * Clean drafts for the evidence contexts: facts stated as their evidence gives
 * them, grammar the new checks must leave alone ("an MBA", "on-call", "ASP.NET",
 * "Google Cloud", "Head of Platform"), a closing line on the talk's topic, a first
 * name after a comma, a short borrowing from the pitch, one topic kept throughout.
 */
import type { CleanSequence } from './clean-a.js';
import type { CleanSingle } from './clean-c.js';

export const CLEAN_D: CleanSequence[] = [
  {
    ctx: 'lucia',
    note: 'the full organisation name and its acronym; a closing line on the talk topic',
    angles: ['talk', 'surveys', 'cta'],
    slots: [
      'Hey Lucía, your talk "Measuring Informal Work with Household Surveys" caught my eye. I read a lot of labour data myself. Open to connecting?',
      'Hey Lucía,\n\nThanks for connecting! I see you measure informal work with household surveys at the Center for Distributive, Labor and Social Studies. We help research teams reach the people who speak at conferences, with every note reviewed first. Would a short example help?\n\nCheers,\nDana Kim',
      'Hey Lucía,\n\nOne last note. If reviewed outreach sounds useful for the team at CEDLAS, open to a short call next week? Happy to swap notes on household surveys either way.\n\nCheers,\nDana Kim',
    ],
  },
  {
    ctx: 'marcus',
    note: 'Georgia Institute of Technology in full, ".NET" spaced, an article before an acronym with a vowel sound',
    angles: ['talk', 'tracing', 'cta'],
    slots: [
      'Hey Marcus, your talk "Tracing .NET Services in Production" caught my eye, as an SRE turned founder. Open to connecting?',
      "Hey Marcus,\n\nGood to be connected. Your work on observability for .NET services at the Georgia Institute of Technology is why I'm writing. We help teams reach speakers with notes a person reviews. Would a one-page example help?\n\nCheers,\nDana Kim",
      'Hey Marcus,\n\nA quick follow-up on tracing: sampling on-call traces is where most of our users start. Open to a short call next week?\n\nCheers,\nDana Kim',
    ],
  },
  {
    ctx: 'sofia',
    note: 'one field (Kafka streaming) across all three slots; "Thanks for connecting, Sofia!"',
    angles: ['talk', 'replays', 'cta'],
    slots: [
      'Hey Sofia, your talk "Streaming Without Tears" at Dados Lisboa 2024 caught my eye. Always up for swapping notes on streaming. Open to connecting?',
      'Thanks for connecting, Sofia! Replays after a schema change are where most streaming teams I meet lose a weekend. Is that something you run into at Lisbon Data Guild?\n\nCheers,\nDana Kim',
      'Hey Sofia,\n\nOne more thought on backpressure in Kafka pipelines. Open to a short call next week?\n\nCheers,\nDana Kim',
    ],
  },
  {
    ctx: 'nadia',
    note: 'role and area of work as the evidence gives them; an MBA; a hyphenated doubled word',
    angles: ['talk', 'reviews', 'cta'],
    slots: [
      'Hey Nadia, I see you\'re a strategy adviser at Fieldwork Partners. Your talk "Strategy Is a Habit" caught my eye. Open to connecting?',
      'Hey Nadia,\n\nThanks for connecting. The weekly review in your talk is close to how we plan: a one-on-one on decisions, not documents. Would a short example help?\n\nCheers,\nDana Kim',
      "Hey Nadia,\n\nA quick follow-up. If reviewed outreach to conference speakers fits your clients' plans, open to a short call next week?\n\nCheers,\nDana Kim",
    ],
  },
];

export const CLEAN_SINGLES_D: CleanSingle[] = [
  { ctx: 'jean', slot: 1, content: 'Hey Jean, your posts on Kotlin coroutines caught my eye. I build Android apps on Google Cloud too. Open to connecting?' },
  {
    ctx: 'jean',
    slot: 2,
    content:
      'Hey Jean,\n\nThanks for connecting. I see you write about Kotlin coroutines for the Lumio apps; we help teams reach conference speakers with notes a person reviews. Would that help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'marcus',
    slot: 2,
    content:
      'Hey Marcus,\n\nThanks for connecting. A colleague who is Head of Platform at a bank moved their ASP.NET services to traces last year. Would an intro help?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'kwame',
    slot: 1,
    content:
      'Dear Dr. Mensah, your ODSC East talk on fairness audits for clinical risk models was excellent. How does the review board decide on recalibration?',
  },
  {
    ctx: 'ilya',
    slot: 2,
    content:
      'Hey Ilya,\n\nThanks for connecting; your talk "Ruby Proxies for Scale" is why I\'m writing. What I work on at Tracewise is observability for .NET and JavaScript apps. Would that be useful at FeedLens?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'jos',
    slot: 2,
    content:
      'Hey Jos,\n\nGlad we\'re connected; your talk "End-to-end Encryption in Cloudnest" lines up with what I do. Would that be useful for your team at Cloudnest?\n\nCheers,\nDana Kim',
  },
  { ctx: 'sho', slot: 1, content: "Hey Sho, your role as a Web Engineer at NIKKO made me curious. I'm Dana Kim from Greenroom. Open to connecting?" },
  {
    ctx: 'francesca',
    slot: 1,
    content: "Hey Francesca, your work as presidente at Lumen Tessile caught my eye. I'm Dana Kim from Greenroom. Open to connecting?",
  },
  {
    ctx: 'tobias',
    slot: 2,
    content:
      'Hey Tobias,\n\nThanks for connecting. Accessible web forms are an underrated topic; your talk "Building Resilient Web Forms" is what made me think of you. Would a short example help?\n\nCheers,\nDana Kim',
  },
];
