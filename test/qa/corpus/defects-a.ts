/**
 * Drafts with planted defects, part one. `codes` is the exact set of hard
 * fails each draft must raise: every planted defect caught, nothing else.
 */
import type { QaInput } from '../../../src/qa/score.js';
import type { CampaignLines } from '../../../src/qa/types.js';
import type { ContextName } from './contexts.js';

export interface Defect {
  ctx: ContextName;
  slot: 1 | 2 | 3;
  codes: string[];
  content: string;
  limits?: QaInput['limits'];
  /** Earlier slots of the same sequence, for defects only a sequence shows. */
  others?: QaInput['otherSlots'];
  /** Campaign-wide line counts, for defects only the whole campaign shows. */
  lines?: CampaignLines;
  /** The gate's clock, for defects only a date shows (a talk already given). */
  today?: Date;
}

export const PLACEHOLDER_AND_LENGTH: Defect[] = [
  {
    ctx: 'john',
    slot: 1,
    codes: ['unresolved_placeholder'],
    content: 'Hi {{first_name}}, loved your PGConf talk on Postgres writes at Shopify. Worth a chat?',
  },
  {
    ctx: 'priya',
    slot: 2,
    codes: ['unresolved_placeholder'],
    content: 'Hi Priya, congratulations on the Series B at [Company]. Would a short note on tracing event-sourced ledgers be useful?',
  },
  {
    ctx: 'rob',
    slot: 1,
    codes: ['unresolved_placeholder'],
    content: 'Hi Rob, <talk title> was a great session. Curious how Fernwood measures time-to-first-call?',
  },
  {
    ctx: 'maria',
    slot: 3,
    codes: ['unresolved_placeholder', 'generic_filler'],
    content: 'Dear María,\n\nCould you reply with a good time for a short call next week?\n\nKind regards,\n[your name]',
  },
  {
    ctx: 'kwame',
    slot: 2,
    codes: ['unresolved_placeholder'],
    content: 'Dear Dr. Mensah, I enjoyed %TALK_TITLE% at ODSC East. Would a summary of subgroup monitoring help the review board?',
  },
  {
    ctx: 'emily',
    slot: 1,
    codes: ['unresolved_placeholder'],
    content: 'Hey {first_name}, your PlatformCon talk on golden paths was great. Were they built by your team?',
  },
  {
    ctx: 'tomas',
    slot: 2,
    codes: ['unresolved_placeholder'],
    content: 'Hi Tomás, following up on secrets rotation at COMPANY_NAME. Would an example rotation flow for a CI log leak be useful?',
  },
  {
    ctx: 'wei',
    slot: 3,
    codes: ['unresolved_placeholder', 'generic_filler'],
    content: 'Hi Wei, could we find time for a 25-minute call next week? Here is my calendar: [Calendly link]',
  },
  {
    ctx: 'aisha',
    slot: 2,
    codes: ['unresolved_placeholder'],
    content: 'Hi ${firstName}, with 200,000 learners on Kora Learning, would an offline assessment demo be useful?',
  },

  {
    ctx: 'john',
    slot: 1,
    codes: ['over_length'],
    content:
      'Hi John, your PGConf talk on scaling Postgres writes at Shopify was one of the best sessions of the conference, especially the part where sharding checkout writes cut p99 write latency by 40%. We built ShardLab to replay production traffic against sharding and schema changes before they ship, so migrations stop surprising anyone. Worth a chat?',
  },
  {
    ctx: 'priya',
    slot: 1,
    codes: ['over_length'],
    content:
      'Hi Priya, I watched your QCon London talk on event sourcing for payments and kept thinking about the part where replaying the ledger history exposed every idempotency assumption the team had made. We work with payments teams that trace events from producer to every consumer, and I would love to compare notes on how Ledgerly handles replays. Open to that?',
  },
  {
    ctx: 'rob',
    slot: 2,
    codes: ['over_length'],
    content: [
      'Hi Rob,',
      'I wanted to follow up on my earlier note about your DevRelCon talk, because the idea of treating documentation as the first product surface has stayed with me all week. Measuring time-to-first-call is exactly the kind of metric most developer relations teams talk about but rarely instrument properly, and hearing that Fernwood rewrote its quickstart three times to move it was refreshing.',
      'The reason I am writing again is that the teams we work with usually hit the same wall after a rewrite: they can see page views and they can see signups, but they cannot see which community touchpoints actually lead someone to make that first call. Office hours, forum answers, conference workshops and sample apps all blur together, and the budget conversation ends up being about anecdotes rather than numbers.',
      'Cadence connects community activity to product usage, so you can see that the people who attend Thursday office hours make their first call faster, or that a particular sample app is where most successful integrations begin. It plugs into the tools you already use and needs no changes to the docs themselves.',
      'Would a short walkthrough of how another developer tools company set this up be helpful?',
      'Sam',
    ].join('\n\n'),
  },
  {
    ctx: 'maria',
    slot: 3,
    codes: ['over_length'],
    content: [
      'Dear María,',
      'I am writing one final time regarding model validation at Huerta Robotics. Your Embedded World talk described the practical difficulties of running detection models on Jetson modules in greenhouses with great clarity, in particular the effects of glare and the discipline required to keep inference under 30 ms while the robot is moving between rows.',
      'In our experience, teams in a similar position often benchmark candidate models on a desktop GPU during development and only discover the latency gap once the model runs on the target module in the field. The consequences range from missed detections to a harvesting arm that waits for the vision system, and each discovery costs a field trip and a new release cycle.',
      'EdgeBench measures each candidate model on the real target hardware before deployment, under the same thermal and power constraints as in the greenhouse, and reports latency percentiles alongside accuracy so that the trade-off is visible before a release is made. For the Almería pilot, this could mean comparing candidate models on a Jetson module in an afternoon rather than across several field visits.',
      'Could you reply with a good time for a short call in the coming weeks?',
      'Kind regards,\nLena Vogel',
    ].join('\n\n'),
  },
  {
    ctx: 'wei',
    slot: 2,
    codes: ['over_length'],
    limits: { followupMax: 400 },
    content: [
      'Hi Wei,',
      'One more thought on on-call without burnout. Deleting alerts nobody acts on works well until a new service ships with its own noisy defaults, and then the pages per shift creep back up over a few months without anyone noticing the trend.',
      'Quietpage groups related alerts into one incident and flags the ones nobody acts on, so the cleanup you did at Lumen Cloud does not have to be repeated by hand each quarter, and new services start from a quiet baseline.',
      'Would a quick look at how it flags alerts be useful?',
      'Omar',
    ].join('\n\n'),
  },
  {
    ctx: 'kwame',
    slot: 1,
    codes: ['over_length'],
    limits: { slot1Max: 150 },
    content:
      'Dear Dr. Mensah, your ODSC East talk on fairness audits for clinical risk models was very clear on calibration drift after deployment. How often does the Northwind review board re-audit a model?',
  },
  {
    ctx: 'emily',
    slot: 3,
    codes: ['over_length'],
    content: [
      'Hey Emily,',
      'Last ping from me, promise. I keep coming back to your PlatformCon talk, because replacing approval gates with golden paths is exactly the shift we see the best platform teams make, and going from two weeks to one day to ship a new service is the kind of result that makes the rest of the company pay attention.',
      'Where we usually see teams get stuck afterwards is visibility: the golden paths exist, but nobody can tell which services are still on them, which templates are out of date, or which teams quietly forked a template a year ago and never came back. The platform team ends up running spreadsheets and chasing owners over chat, which is precisely the kind of gatekeeping the paved road was meant to remove.',
      'Stackyard puts the templates and scorecards in one developer portal, so you can see at a glance which services follow the paved road and nudge the ones that drifted, without adding a gate back. It reads from the repositories and CI you already have, and the survey you are running would slot straight into it as a baseline.',
      'If that sounds useful, could I book a quick demo with you and someone from your team?',
      'Chris',
    ].join('\n\n'),
  },
];

export const SHORT_AND_NAMES: Defect[] = [
  { ctx: 'john', slot: 1, codes: ['empty_or_too_short'], content: '' },
  { ctx: 'priya', slot: 2, codes: ['empty_or_too_short'], content: '   \n  ' },
  { ctx: 'john', slot: 2, codes: ['empty_or_too_short', 'generic_filler'], content: 'Hi John, thoughts?' },
  { ctx: 'rob', slot: 2, codes: ['empty_or_too_short', 'generic_filler'], content: 'Bump.' },
  { ctx: 'priya', slot: 2, codes: ['empty_or_too_short', 'generic_filler'], content: 'Hi Priya, any update?' },
  { ctx: 'tomas', slot: 3, codes: ['empty_or_too_short', 'missing_cta', 'generic_filler'], content: 'Following up!' },
  { ctx: 'wei', slot: 1, codes: ['empty_or_too_short'], content: 'Hi Wei, ping.' },
  { ctx: 'rob', slot: 2, codes: ['empty_or_too_short'], limits: { minChars: 80 }, content: 'Hi Rob, worth a quick chat about office hours?' },

  { ctx: 'john', slot: 1, codes: ['wrong_recipient_name'], content: 'Hi Sarah, your PGConf talk on Postgres writes at Shopify was great. Worth a chat?' },
  {
    ctx: 'priya',
    slot: 2,
    codes: ['wrong_recipient_name'],
    content: 'Dear Mr. Smith, following up on event sourcing at Ledgerly. Would a short note on tracing replays be useful?',
  },
  {
    ctx: 'rob',
    slot: 1,
    codes: ['wrong_recipient_name'],
    content: 'Hi Bob, "Docs Are the Product" was a great talk. Which quickstart rewrite at Fernwood moved time-to-first-call most?',
  },
  {
    ctx: 'maria',
    slot: 3,
    codes: ['wrong_recipient_name'],
    content: 'Dear Lena,\n\nCould you reply with a good time for a short call about benchmarking on Jetson modules?\n\nKind regards,\nLena Vogel',
  },
  {
    ctx: 'kwame',
    slot: 2,
    codes: ['wrong_recipient_name'],
    content: 'Michael, following up on the fairness audits at Northwind Health. Would a summary of subgroup monitoring help the review board?',
  },
  {
    ctx: 'emily',
    slot: 3,
    codes: ['wrong_recipient_name', 'generic_filler'],
    content: 'Hey Emma, last ping from me. Could I book a quick demo of Stackyard scorecards with you?',
  },
  {
    ctx: 'wei',
    slot: 1,
    codes: ['wrong_recipient_name'],
    content: 'Hi Wang, cutting pages per shift from 14 to 3 at Lumen Cloud is impressive. How did you pick alerts to delete?',
  },
  {
    ctx: 'tomas',
    slot: 2,
    codes: ['wrong_recipient_name'],
    content: 'Great to meet you, Daniel. Following up on the rotation playbook from BSides SF; would an example rotation flow be useful?',
  },
  {
    ctx: 'aisha',
    slot: 1,
    codes: ['wrong_recipient_name'],
    content: 'Hello Amina, your EdTech Week talk on offline-first lessons was inspiring. How do you keep assessments working on low bandwidth?',
  },
];
