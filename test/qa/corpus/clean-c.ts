/**
 * Single clean drafts in other voices: sender facts with figures and cities,
 * third-party names, questions about facts, dashes and colons. None may be
 * hard-failed.
 */
import type { CampaignLines } from '../../../src/qa/types.js';
import type { ContextName } from './contexts.js';

export interface CleanSingle {
  ctx: ContextName;
  slot: 1 | 2 | 3;
  content: string;
  /** Campaign-wide counts, for a draft that passes only when read against its campaign. */
  lines?: CampaignLines;
}

export const CLEAN_SINGLES: CleanSingle[] = [
  { ctx: 'john', slot: 1, content: 'John - the bit in your PGConf session about 64 clusters stuck with me. How did you pick the shard key for checkout?' },
  {
    ctx: 'john',
    slot: 2,
    content:
      "Hi John, I'm Alex, I run ShardLab. We're a team of 9 in Berlin and we've spent 3 years on traffic replay. Would a short demo of replaying a backfill help?",
  },
  {
    ctx: 'john',
    slot: 2,
    content: 'Hi John, one idea: Shopify-scale migrations are where replay pays off most. Happy to send a 2-page PDF on it, would that help?',
  },
  { ctx: 'john', slot: 2, content: 'Hi John, teams at Etsy and GitHub use ShardLab for this kind of migration. Would a short case study be useful?' },
  { ctx: 'john', slot: 2, content: 'Hi John, if you ever move to Vitess, replaying traffic first would be our suggestion. Would a write-up help?' },
  {
    ctx: 'priya',
    slot: 1,
    content: 'Hi Priya \u2014 Ledgerly moving the core ledger to event sourcing is a big bet. What was the hardest part of replaying 3 years of history?',
  },
  {
    ctx: 'priya',
    slot: 2,
    content:
      'Hi Priya, at Tracewise we trace events across Kafka and SQS for payment teams in London and New York. Would a short case study help your Lisbon hires ramp up?',
  },
  {
    ctx: 'priya',
    slot: 2,
    content: 'Hi Priya, one question after your talk: do you replay events through Kafka or through your own log? We see both at Tracewise.',
  },
  {
    ctx: 'priya',
    slot: 3,
    content: 'Dear Priya, may I schedule a 15-minute demo of Tracewise for you and the Lisbon platform team next week?\n\nKind regards,\nMaya Chen',
  },
  {
    ctx: 'rob',
    slot: 1,
    content: 'Hey Rob! Your DevRelCon talk made me rethink our own quickstart. How did you measure time-to-first-call before the rewrites?',
  },
  {
    ctx: 'rob',
    slot: 2,
    content:
      'Hi Rob, quick follow-up. Our customers (Vercel-sized DevRel teams, mostly) use Cadence to see which office hours lead to activation. Worth a look?',
  },
  {
    ctx: 'rob',
    slot: 2,
    content:
      'Hi Rob, many DevRel leads we talk to (at companies like Twilio or Stripe) struggle to tie office hours to usage. Would a short example from Cadence help?',
  },
  {
    ctx: 'maria',
    slot: 2,
    content:
      'Dear María, I read about your pilot with three growers in Almería. EdgeBench has helped teams in the Netherlands validate models before greenhouse trials. Might a comparison be of interest?',
  },
  {
    ctx: 'kwame',
    slot: 1,
    content: 'Dear Dr. Mensah, your talk on fairness audits at ODSC East 2024 was very clear on calibration drift. Which subgroup drifted first at Northwind?',
  },
  {
    ctx: 'kwame',
    slot: 2,
    content:
      'Dear Dr. Mensah, a thought after your talk: the FDA guidance on model changes makes continuous monitoring more relevant each year. Would a short summary of how Calibra approaches it be useful?',
  },
  {
    ctx: 'emily',
    slot: 1,
    content:
      'Hey Emily! Brightline Media going from two weeks to one day per new service is a great PlatformCon story. What made teams trust the golden paths?',
  },
  {
    ctx: 'emily',
    slot: 2,
    content:
      'Hey Emily, we built Stackyard after our own platform team at a 400-person media company hit the same gate problem. Would the story be useful for the survey?',
  },
  { ctx: 'tomas', slot: 1, content: 'Hi Tomás, Nina here from Vaultline. Your pre-commit hook for secrets is great. Do you rotate keys by hand after a leak?' },
  {
    ctx: 'tomas',
    slot: 2,
    content: 'Hi Tomás, GitHub secret scanning finds keys; rotating them is the slow part. Vaultline does the rotation. Would an example flow be useful?',
  },
  {
    ctx: 'aisha',
    slot: 2,
    content:
      'Hi Aisha, your talk on offline-first lessons reminded me of what Duolingo did early on. Pathwise brings the same idea to assessments. Would a demo video help?',
  },
  { ctx: 'aisha', slot: 3, content: 'Hi Aisha, shall we schedule a call so I can show you the API running offline on a lesson from Kora Learning?' },
  {
    ctx: 'alexandra',
    slot: 2,
    content: 'Hi Alexandra, you halved training pipeline costs at Quantiva by dropping the feature store. How did you handle point-in-time joins?',
  },
  {
    ctx: 'wei',
    slot: 2,
    content: 'Hi Wei, your SREcon talk made me think of the Google SRE book chapter on alert fatigue. Would a short note on how Quietpage applies it help?',
  },
];
