/**
 * Clean sequences, part one: realistic drafts that must pass every hard check.
 * Several carry traps for the checks: quoted titles that are in the dossier,
 * the sender's own figures, nicknames, "Freeman", "Cashew Pay", "freedom".
 */
import type { ContextName } from './contexts.js';

export interface CleanSequence {
  ctx: ContextName;
  /** Why this sequence is in the corpus. */
  note: string;
  angles: [string, string, string];
  slots: [string, string, string];
}

export const CLEAN_A: CleanSequence[] = [
  {
    ctx: 'john',
    note: 'sender figures (120 teams, 60%) next to grounded recipient figures (40%, 50,000)',
    angles: ['talk', 'pain', 'cta'],
    slots: [
      'Hi John, your PGConf talk on scaling Postgres writes at Shopify was great, especially the 40% drop in p99 write latency. We help teams rehearse sharding changes before they ship. Worth a chat?',
      "Hi John,\n\nOne more thought on online backfills. We've seen teams lose a weekend to a schema change that looked harmless in staging. ShardLab replays real production traffic against the change first; we're used by 120 engineering teams and cut migration incidents by 60%.\n\nWould a replay of one of your past migrations be useful to see?\n\nAlex",
      'Hi John,\n\nLast note from me. If rehearsing sharding changes is on your list this quarter, would you be up for a 20-minute call next week? Happy to bring a replay of a 64-cluster setup like the one in your talk.\n\nAlex',
    ],
  },
  {
    ctx: 'john',
    note: 'exact quoted title, "e.g." and "Node.js" must not split facts or count as links',
    angles: ['title', 'peer story', 'cta'],
    slots: [
      'Hi John, "Scaling Postgres Writes to 50,000 per Second" is the clearest sharding talk I have seen this year. Did the 64 clusters start as a plan or grow one at a time?',
      'Hi John, a quick follow-up on schema migrations. Teams we work with (e.g. a Node.js shop running 30 services) tend to test backfills by hand and hope. We replay the real traffic instead. Would it help if I sent a two-page write-up of how that works?',
      'Hi John, closing the loop here. If a 20-minute call to walk through a replay of a checkout-style migration sounds useful, could we book one for Thursday or Friday?',
    ],
  },
  {
    ctx: 'priya',
    note: 'professional tone, curly-quoted title, grounded funding and hiring figures',
    angles: ['talk', 'hiring', 'cta'],
    slots: [
      'Hi Priya, your QCon London talk \u201cLedgers Don\u2019t Lie: Event Sourcing for Payments\u201d made the idempotency trade-offs very concrete. How long did the replay of the ledger history take?',
      'Hi Priya,\n\nCongratulations on the $40M Series B. With 12 platform engineers joining in Lisbon, tracing events from producer to every consumer tends to become the onboarding bottleneck. Tracewise shows each event path end to end, so new engineers can follow a payment without tribal knowledge.\n\nWould it be useful to see how another payments team structured this?\n\nMaya',
      'Hi Priya,\n\nA final note from my side. If end-to-end tracing for the event-sourced ledger is on the roadmap, may I schedule a 15-minute demo with you and one of the platform leads?\n\nBest regards,\nMaya',
    ],
  },
  {
    ctx: 'priya',
    note: 'no greeting name, recipient figures all grounded (3 years)',
    angles: ['idempotency', 'replay', 'cta'],
    slots: [
      'Priya, replaying 3 years of ledger history to move Ledgerly onto event sourcing is a bold migration. Which idempotency rule surprised the team most?',
      'Hi Priya, one thing from your abstract stayed with me: replays are where idempotency bugs surface. Tracewise marks every consumer that handled an event twice. Would a short write-up on detecting duplicate handling be of interest?',
      'Hi Priya, I will keep this brief. Would you be open to a 15-minute demo of Tracewise on an event-sourced ledger, at a time that suits you?',
    ],
  },
  {
    ctx: 'rob',
    note: 'nickname Rob for Robert, friendly tone, CTA paraphrased (grab 15 minutes)',
    angles: ['talk', 'community', 'cta'],
    slots: [
      'Hi Rob, "Docs Are the Product" nailed it, especially measuring time-to-first-call. Curious: which of the three quickstart rewrites at Fernwood moved that number most?',
      'Hi Rob,\n\nLoved that you run community office hours every Thursday. Most DevRel teams I talk to can see who shows up, but not who goes on to make their first API call. Cadence connects those two, so you can tell which sessions actually create active users.\n\nWould a quick look at how that works be helpful?\n\nSam',
      'Hi Rob, last one from me! If connecting office hours to product usage sounds useful, could you grab 15 minutes on my calendar next week? Any slot works.\n\nSam',
    ],
  },
  {
    ctx: 'rob',
    note: 'full first name greeting, sign-off with sender name on its own line',
    angles: ['docs metric', 'proof', 'cta'],
    slots: [
      'Hi Robert, measuring time-to-first-call as the docs metric is such a good call. Do you track it per quickstart or across the whole Fernwood docs site?',
      'Hi Robert, a follow-up on docs as the product: when a community member reads the quickstart and then goes quiet, Cadence shows where they stopped. Would that be worth a look for the next rewrite?\n\nThanks,\nSam',
      'Hi Robert,\n\nI will leave it here. If you want to see it on your own community data, grab 15 minutes on my calendar next week?\n\nSam',
    ],
  },
  {
    ctx: 'maria',
    note: 'formal tone, accented names, greeting without accent, grounded 30 ms and 2 million',
    angles: ['talk', 'benchmarking', 'cta'],
    slots: [
      'Dear Maria, your Embedded World talk on computer vision in greenhouses was excellent, particularly on glare and keeping inference under 30 ms on Jetson modules. How do you validate a new model before it reaches the field?',
      'Dear María,\n\nFollowing up on edge deployment: teams running detection on Jetson hardware often benchmark on a desktop GPU and discover the latency gap only in the greenhouse. EdgeBench measures each model on the real target device before release.\n\nWould a short comparison on a Jetson module be of interest for the Almería pilot?\n\nKind regards,\nLena Vogel',
      'Dear María,\n\nThank you for considering my earlier notes on the harvesting robots in Almería. Could you reply with a good time for a short call in the coming weeks?\n\nKind regards,\nLena Vogel',
    ],
  },
  {
    ctx: 'kwame',
    note: 'honorific greeting with last name, year and grounded topic',
    angles: ['talk', 'paper', 'cta'],
    slots: [
      'Dear Dr. Mensah, your ODSC East talk on fairness audits for clinical risk models was very clear on calibration drift after deployment. How often does the Northwind review board re-audit a model?',
      'Dear Dr. Mensah,\n\nI read your 2022 paper on calibration drift in readmission models. Calibra tracks calibration and subgroup performance continuously, so drift shows up before the next scheduled audit rather than after it.\n\nWould a one-page summary of how we monitor subgroups be useful for the review board?\n\nBest regards,\nJordan Blake',
      'Dear Dr. Mensah,\n\nA last note from me. Would you be open to set up a 30-minute walkthrough of continuous subgroup monitoring on a sepsis-style model?\n\nBest regards,\nJordan Blake',
    ],
  },
];
