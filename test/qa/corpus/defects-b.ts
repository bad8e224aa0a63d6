/** Drafts with planted defects, part two: claims, links, CTA, spam, prefixes, forbidden terms. */
import type { Defect } from './defects-a.js';

export const CLAIMS_AND_LINKS: Defect[] = [
  {
    ctx: 'john',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi John, your talk "Scaling MySQL Reads at Scale" was great. Did sharding come before or after the read replicas?',
  },
  {
    ctx: 'john',
    slot: 2,
    codes: ['ungrounded_claim'],
    content: 'Hi John, congrats on hitting 80,000 writes per second at Shopify! Would a replay of that migration be useful?',
  },
  {
    ctx: 'priya',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi Priya, congrats on the $60M Series C at Ledgerly. How is the team handling idempotency during replays?',
  },
  {
    ctx: 'rob',
    slot: 2,
    codes: ['ungrounded_claim'],
    content: 'Hi Rob, your time at Stripe clearly shaped how you think about docs as the product. Would a look at Cadence help the next quickstart rewrite?',
  },
  {
    ctx: 'maria',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Dear María, your keynote at CES 2023 on strawberry detection was excellent. How do you validate a new model before the field?',
  },
  {
    ctx: 'kwame',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Dear Dr. Mensah, as you said in your talk, "fairness is a deployment problem, not a modelling problem". How does the board act on it?',
  },
  {
    ctx: 'emily',
    slot: 2,
    codes: ['ungrounded_claim'],
    content: 'Hey Emily, loved that you cut deploy times by 75% at Brightline Media. Would a sample scorecard for the paved roads be useful?',
  },
  {
    ctx: 'tomas',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi Tomás, your team at Cashew Pay found 12,000 leaked keys last year. How long did the rotation playbook take?',
  },
  {
    ctx: 'wei',
    slot: 2,
    codes: ['ungrounded_claim'],
    content: 'Hi Wei, you mentioned at SREcon that Lumen Cloud runs 900 microservices on Kubernetes. Would a look at alert grouping help?',
  },
  {
    ctx: 'aisha',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi Aisha, congrats on closing your Series A for Kora Learning! How do you keep lessons working offline on low bandwidth?',
  },
  {
    ctx: 'alexandra',
    slot: 1,
    codes: ['ungrounded_claim'],
    content: 'Hi Alexandra, your years at Google Brain show in "Feature Stores Are Overrated". Did Quantiva retire its store in one go?',
  },

  {
    ctx: 'john',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Hi John, loved your PGConf talk on Postgres writes at Shopify. Our write-up is at https://shardlab.dev/replay. Worth a chat?',
  },
  {
    ctx: 'priya',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Hi Priya, your QCon London talk on event sourcing was excellent. More on tracing replays at www.tracewise.io. Open to a chat?',
  },
  {
    ctx: 'rob',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Hi Rob, "Docs Are the Product" was great. We measure time-to-first-call at getcadence.com, curious if Fernwood does too?',
  },
  {
    ctx: 'maria',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Dear María, your Embedded World talk on greenhouse vision was excellent. Our Jetson benchmarks are on edgebench.ai. Would they help?',
  },
  {
    ctx: 'emily',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Hey Emily, loved "Paved Roads, Not Gates". If golden paths are on your list, email me at chris@stackyard.io. Worth a chat?',
  },
  {
    ctx: 'tomas',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Hi Tomás, your BSides SF talk on secrets sprawl was great. I am at linkedin.com/in/ninapatel, can we connect?',
  },
  {
    ctx: 'wei',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Hi Wei, your SREcon talk on on-call without burnout was great. We group alerts at quietpage dot io. Worth a look?',
  },
  {
    ctx: 'kwame',
    slot: 1,
    codes: ['link_in_first_touch'],
    content: 'Dear Dr. Mensah, your ODSC East talk on fairness audits was very clear. Our subgroup monitor lives at Calibra.app. May I share more?',
  },
];

export const CTA_SPAM: Defect[] = [
  { ctx: 'john', slot: 3, codes: ['missing_cta'], content: 'Hi John, last note from me. Let me know if rehearsing sharding changes is ever a priority.' },
  {
    ctx: 'priya',
    slot: 3,
    codes: ['missing_cta'],
    content: 'Hi Priya, a final note. If tracing becomes a priority for the Lisbon team, I would be glad to help. Thank you for your time.',
  },
  { ctx: 'rob', slot: 3, codes: ['missing_cta'], content: 'Hi Rob, I will leave it here. Thanks for reading, and good luck with the next quickstart rewrite!' },
  {
    ctx: 'maria',
    slot: 3,
    codes: ['missing_cta'],
    content: 'Dear María, thank you for your attention. I wish the Almería pilot every success.\n\nKind regards,\nLena Vogel',
  },
  {
    ctx: 'kwame',
    slot: 3,
    codes: ['missing_cta', 'generic_filler'],
    content: 'Dear Dr. Mensah, a last note. I would be glad to send our subgroup monitoring checklist if useful.',
  },
  { ctx: 'tomas', slot: 3, codes: ['missing_cta'], content: 'Hi Tomás, last message from me. Happy to share our rotation playbook whenever it suits you.' },
  {
    ctx: 'aisha',
    slot: 3,
    codes: ['missing_cta', 'generic_filler'],
    content: 'Hi Aisha, one last note. Pathwise might fit Kora Learning well; would a short demo video help?',
  },
  {
    ctx: 'wei',
    slot: 3,
    codes: ['missing_cta'],
    content: 'Hi Wei, last note from me. Would a written summary of alert grouping be useful for the Dublin team?',
  },

  {
    ctx: 'john',
    slot: 1,
    codes: ['spam_trigger_stack'],
    content: 'Hi John, FR3E replay of your Shopify migration, guaranteeed results, act now! Worth a chat?',
  },
  {
    ctx: 'priya',
    slot: 2,
    codes: ['spam_trigger_stack'],
    content: 'Hi Priya, 100% free tracing for Ledgerly, risk-free and no obligation. Would a demo help the Lisbon team?',
  },
  {
    ctx: 'rob',
    slot: 2,
    codes: ['spam_trigger_stack'],
    content: 'Hi Rob, be a w1nner: c@sh bonus for every community member you bring to Cadence. Interested?',
  },
  {
    ctx: 'maria',
    slot: 2,
    codes: ['spam_trigger_stack'],
    content: 'Dear María, f.r.e.e benchmarking, limited time only, $$$ saved on every Jetson module. Would this interest you?',
  },
  {
    ctx: 'emily',
    slot: 1,
    codes: ['spam_trigger_stack'],
    content: 'Hey Emily, URGENT: click here for an exclusive deal on Stackyard for Brightline. Want it?',
  },
  {
    ctx: 'tomas',
    slot: 2,
    codes: ['spam_trigger_stack'],
    content: 'Hi Tomás, Vaultline is the cheapest option, with a special promotion and a prize draw for Cashew Pay. Interested?',
  },
  {
    ctx: 'aisha',
    slot: 2,
    codes: ['spam_trigger_stack', 'generic_filler'],
    content: 'Hi Aisha, once in a lifetime offer: double your money with Pathwise, guaranteed!!! Want in?',
  },
  { ctx: 'wei', slot: 2, codes: ['spam_trigger_stack'], content: 'Hi Wei, Quietpage is FREEEE for Lumen Cloud, no credit card, act fast. Worth a look?' },
  {
    ctx: 'kwame',
    slot: 2,
    codes: ['spam_trigger_stack'],
    content: 'Dear Dr. Mensah, Calibra is fr\u0435\u0435 for Northwind Health this month, with a bonus audit and a cash rebate. Interested?',
  },
];

export const PREFIX_AND_FORBIDDEN: Defect[] = [
  {
    ctx: 'john',
    slot: 1,
    codes: ['fake_reply_prefix'],
    content: 'Re: your PGConf talk\n\nHi John, loved the part on sharding writes at Shopify. Worth a chat?',
  },
  {
    ctx: 'priya',
    slot: 1,
    codes: ['fake_reply_prefix'],
    content: 'RE: Ledgerly tracing\nHi Priya, your QCon London talk on event sourcing was excellent. How long did the replay take?',
  },
  {
    ctx: 'rob',
    slot: 1,
    codes: ['fake_reply_prefix'],
    content: 'Fwd: docs metrics\n\nHi Rob, measuring time-to-first-call at Fernwood is smart. Curious how you track it?',
  },
  {
    ctx: 'maria',
    slot: 1,
    codes: ['fake_reply_prefix'],
    content: 'FW: EdgeBench\nDear María, your Embedded World talk on greenhouse vision was excellent. How do you validate new models?',
  },
  {
    ctx: 'emily',
    slot: 1,
    codes: ['fake_reply_prefix'],
    content: 're: golden paths - Hey Emily, loved your PlatformCon talk. Were the paths built by your team?',
  },
  {
    ctx: 'tomas',
    slot: 1,
    codes: ['fake_reply_prefix'],
    content: 'Subject: Re: leaked keys\nHi Tomás, your BSides SF talk on secrets sprawl was great. How long did rotation take?',
  },
  {
    ctx: 'wei',
    slot: 1,
    codes: ['fake_reply_prefix'],
    content: 'RE[2]: on-call\nHi Wei, your SREcon talk on on-call without burnout was great. How did you pick alerts to delete?',
  },

  {
    ctx: 'john',
    slot: 2,
    codes: ['forbidden_term'],
    content: 'Hi John, unlike PlanetScale, ShardLab replays your real traffic before a migration. Would a replay of one past change help?',
  },
  {
    ctx: 'priya',
    slot: 2,
    codes: ['forbidden_term'],
    content: 'Hi Priya, teams moving off Datadog for event tracing usually start with the ledger. Would a comparison be useful?',
  },
  {
    ctx: 'rob',
    slot: 1,
    codes: ['forbidden_term'],
    content: 'Hi Rob, loved "Docs Are the Product". Are you using Common Room for community data at Fernwood?',
  },
  {
    ctx: 'emily',
    slot: 2,
    codes: ['forbidden_term', 'generic_filler'],
    content: 'Hey Emily, if your team already runs Backstage, Stackyard plugs straight into it. Worth a look?',
  },
  {
    ctx: 'tomas',
    slot: 3,
    codes: ['forbidden_term'],
    content: 'Hi Tomás, compared to GitGuardian we rotate keys, not just find them. Open to a 20-minute call next week?',
  },
  {
    ctx: 'aisha',
    slot: 2,
    codes: ['forbidden_term', 'generic_filler'],
    content: 'Hi Aisha, we can set Kora Learning up with a free trial of Pathwise this month. Would that help?',
  },
  {
    ctx: 'wei',
    slot: 1,
    codes: ['forbidden_term'],
    content: 'Hi Wei, your SREcon talk on deleting alerts was great. Did Lumen Cloud move off pagerduty first?',
  },
  {
    ctx: 'kwame',
    slot: 2,
    codes: ['forbidden_term'],
    content: 'Dear Dr. Mensah, Calibra comes with an accuracy guarantee for subgroup monitoring. Would a summary help the review board?',
  },
  {
    ctx: 'john',
    slot: 3,
    codes: ['forbidden_term', 'generic_filler'],
    content: 'Hi John, I know the recent layoffs made this a busy quarter. Would a 20-minute call next week still work?',
  },

  {
    ctx: 'john',
    slot: 1,
    codes: ['fake_reply_prefix', 'unresolved_placeholder', 'spam_trigger_stack', 'link_in_first_touch'],
    content: 'RE: quick one\nHi {{first_name}}, FR3E audit, guaranteed, act now at shardlab.dev!',
  },
  {
    ctx: 'priya',
    slot: 3,
    codes: ['wrong_recipient_name', 'empty_or_too_short', 'missing_cta', 'generic_filler'],
    content: 'Hi Sarah, following up. Let me know.',
  },
  {
    ctx: 'emily',
    slot: 1,
    codes: ['ungrounded_claim', 'forbidden_term'],
    content: 'Hey Emily, saw you spent 6 years on the Backstage core team before Brightline Media. Did that shape the golden paths?',
  },
];
