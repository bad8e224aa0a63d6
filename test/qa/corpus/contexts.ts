/**
 * Recipients and campaigns the corpus drafts are written for. Grounding texts
 * read like a joined dossier: bio, talk title and abstract, research signals.
 */
import type { QaInput } from '../../../src/qa/score.js';
import { EVIDENCE_CONTEXTS } from './contexts-evidence.js';

export type Context = Pick<QaInput, 'speaker' | 'grounding' | 'campaign'>;

export const CONTEXTS = {
  john: {
    speaker: { name: 'John Miller', company: 'Shopify', title: 'Staff Engineer' },
    grounding: [
      'John Miller is a Staff Engineer at Shopify, working on the checkout data platform.',
      'Talk at PGConf 2024: "Scaling Postgres Writes to 50,000 per Second". Abstract: how Shopify sharded checkout writes across 64 clusters and cut p99 write latency by 40%.',
      'Research: John wrote a blog post about zero-downtime schema migrations and online backfills.',
    ].join('\n'),
    campaign: {
      cta: 'Book a 20-minute call',
      senderName: 'Alex Kim',
      tone: 'casual',
      exclusions: ['layoffs'],
      competitors: ['PlanetScale', 'Citus Data'],
      pitch:
        'ShardLab replays production traffic against sharding and schema changes before they ship. Used by 120 engineering teams; cuts migration incidents by 60%.',
    },
  },
  priya: {
    speaker: { name: 'Priya Raman', company: 'Ledgerly', title: 'VP Engineering' },
    grounding: [
      'Priya Raman, VP Engineering at Ledgerly, a payments infrastructure company.',
      'QCon London 2024 talk: "Ledgers Don\'t Lie: Event Sourcing for Payments". Abstract: why Ledgerly moved its core ledger to event sourcing, replaying 3 years of history, and what it taught the team about idempotency.',
      'Signal: Ledgerly raised a $40M Series B in 2023. Signal: Priya posted that Ledgerly is hiring 12 platform engineers in Lisbon.',
    ].join('\n'),
    campaign: {
      cta: 'Schedule a 15-minute demo',
      senderName: 'Maya Chen',
      tone: 'professional',
      exclusions: ['crypto'],
      competitors: ['Datadog', 'Honeycomb'],
      pitch: 'Tracewise traces event-driven systems end to end, from producer to every consumer.',
    },
  },
  rob: {
    speaker: { name: 'Robert Nguyen', firstName: 'Robert', company: 'Fernwood', title: 'Head of Developer Relations' },
    grounding: [
      'Robert Nguyen leads Developer Relations at Fernwood, a developer tools company.',
      'DevRelCon 2023 talk: "Docs Are the Product". Abstract: treating documentation as the first product surface, measuring time-to-first-call, and why Fernwood rewrote its quickstart three times.',
      'Research: Robert hosts the Fernwood community office hours every Thursday.',
    ].join('\n'),
    campaign: {
      cta: 'Grab 15 minutes on my calendar next week',
      senderName: 'Sam Ortiz',
      tone: 'friendly',
      exclusions: ['discount'],
      competitors: ['Common Room', 'Orbit'],
      pitch: 'Cadence shows which community members turn into active users.',
    },
  },
  maria: {
    speaker: { name: 'María José García', firstName: 'María', company: 'Huerta Robotics', title: 'CTO' },
    grounding: [
      'María José García is CTO and co-founder of Huerta Robotics, which builds harvesting robots.',
      'Embedded World 2024 talk: "Computer Vision in the Field: Lessons from 2 Million Strawberries". Abstract: running detection models on Jetson modules in greenhouses, dealing with glare, and keeping inference under 30 ms.',
      'Signal: Huerta Robotics announced a pilot with three growers in Almería.',
    ].join('\n'),
    campaign: {
      cta: 'Reply with a good time for a short call',
      senderName: 'Lena Vogel',
      tone: 'formal',
      exclusions: [],
      competitors: ['Edge Impulse'],
      pitch: 'EdgeBench benchmarks vision models on real edge hardware before deployment.',
    },
  },
  kwame: {
    speaker: { name: 'Dr. Kwame Mensah', firstName: 'Kwame', company: 'Northwind Health', title: 'Principal Data Scientist' },
    grounding: [
      'Dr. Kwame Mensah is Principal Data Scientist at Northwind Health.',
      'ODSC East 2024 talk: "Fairness Audits for Clinical Risk Models". Abstract: auditing sepsis risk scores across patient groups, calibration drift after deployment, and the review board process Northwind built.',
      'Research: co-author of a 2022 paper on calibration drift in hospital readmission models.',
    ].join('\n'),
    campaign: {
      cta: 'Set up a 30-minute walkthrough',
      senderName: 'Jordan Blake',
      tone: 'professional',
      exclusions: ['guarantee'],
      competitors: ['Arize', 'Fiddler'],
      pitch: 'Calibra monitors calibration and subgroup performance of models in production.',
    },
  },
  emily: {
    speaker: { name: 'Emily Freeman', company: 'Brightline Media', title: 'Director of Platform Engineering' },
    grounding: [
      'Emily Freeman is Director of Platform Engineering at Brightline Media.',
      'PlatformCon 2024 talk: "Paved Roads, Not Gates". Abstract: how Brightline replaced approval gates with golden paths, and cut the time to ship a new service from two weeks to one day.',
      'Signal: Emily is organising the Brightline internal developer survey.',
    ].join('\n'),
    campaign: {
      cta: 'Book a quick demo',
      senderName: 'Chris Park',
      tone: 'casual',
      exclusions: ['layoffs'],
      competitors: ['Backstage', 'Port'],
      pitch: 'Stackyard is an internal developer portal with golden-path templates and scorecards.',
    },
  },
  tomas: {
    speaker: { name: 'Tomás Álvarez', company: 'Cashew Pay', title: 'Security Engineering Manager' },
    grounding: [
      'Tomás Álvarez manages security engineering at Cashew Pay.',
      'BSides SF 2024 talk: "Secrets Sprawl: Finding 4,000 Leaked Keys in a Week". Abstract: scanning every repository, CI log and wiki page at Cashew Pay, and the rotation playbook that followed.',
      'Research: Tomás maintains an open-source pre-commit hook for secret detection.',
    ].join('\n'),
    campaign: {
      cta: 'Open to a 20-minute call next week?',
      senderName: 'Nina Patel',
      tone: 'direct',
      exclusions: [],
      competitors: ['GitGuardian'],
      pitch: 'Vaultline rotates leaked credentials automatically once a scanner finds them.',
    },
  },
  aisha: {
    speaker: { name: 'Aisha Bello', company: 'Kora Learning', title: 'Founder & CEO' },
    grounding: [
      'Aisha Bello is founder and CEO of Kora Learning, an edtech company serving learners across West Africa.',
      'EdTech Week 2023 talk: "Freedom to Fail: Building Learning Platforms for Africa". Abstract: designing for low bandwidth, offline-first lessons, and assessments that reward retries.',
      'Signal: Kora Learning raised a $3M seed round in 2022 and reports 200,000 learners.',
    ].join('\n'),
    campaign: {
      cta: 'Schedule a call to see the API',
      senderName: 'Ben Carter',
      tone: 'warm',
      exclusions: ['free trial'],
      competitors: [],
      pitch: 'Pathwise is an adaptive assessment API that works offline.',
    },
  },
  alexandra: {
    speaker: { name: 'Alexandra Petrov', firstName: 'Alexandra', company: 'Quantiva', title: 'ML Platform Lead' },
    grounding: [
      'Alexandra Petrov leads the ML platform team at Quantiva.',
      'MLOps World 2024 talk: "Feature Stores Are Overrated". Abstract: why Quantiva retired its feature store, moved to plain tables with contracts, and halved training pipeline costs.',
    ].join('\n'),
    campaign: {
      cta: 'Book a 20-minute call',
      senderName: 'Alex Rivera',
      tone: null,
      exclusions: [],
      competitors: ['Tecton'],
      pitch: null,
    },
  },
  wei: {
    speaker: { name: 'Chen Wei', firstName: 'Wei', company: 'Lumen Cloud', title: 'Senior SRE' },
    grounding: [
      'Chen Wei is a Senior SRE at Lumen Cloud.',
      'SREcon 2024 talk: "On-call Without Burnout". Abstract: how Lumen Cloud cut pages per shift from 14 to 3 by deleting alerts nobody acted on, and the follow-the-sun rotation across Singapore and Dublin.',
    ].join('\n'),
    campaign: {
      cta: 'Find time for a 25-minute call',
      senderName: 'Omar Haddad',
      tone: 'conversational',
      exclusions: [],
      competitors: ['PagerDuty', 'Opsgenie'],
      pitch: 'Quietpage groups related alerts into one incident and suggests which alerts to delete.',
    },
  },
  // Dossiers as a careless scrape leaves them: the company field holds an award, the bio
  // "9+ years". The QA gate must not take either for an employer because the dossier says so.
  martina: {
    speaker: { name: 'Martina Weber', company: 'Microsoft RD', title: 'CEO' },
    grounding: ['Martina Weber', 'CEO atwork, MVP Office 365, Microsoft RD', 'Talk at Global Azure 2021: "Teams Governance in Practice".'].join('\n'),
    campaign: {
      cta: 'Open to a short call next week?',
      senderName: 'Dana Kim',
      tone: 'casual',
      exclusions: [],
      competitors: [],
      pitch: 'We help Microsoft 365 consultancies cut the manual work in tenant audits.',
    },
  },
  kateryna: {
    speaker: { name: 'Kateryna Bondar', company: null, title: 'Engineer' },
    grounding: [
      'Kateryna is an engineer from Ukraine with 9+ years of experience in UI development and design. She is passionate about accessible web.',
      'Talk: "Design Systems That Last".',
    ].join('\n'),
    campaign: {
      cta: 'Open to a short call next week?',
      senderName: 'Dana Kim',
      tone: 'casual',
      exclusions: [],
      competitors: [],
      pitch: 'We help design-system teams catch accessibility regressions before release.',
    },
  },
} satisfies Record<string, Context>;

export type ContextName = keyof typeof CONTEXTS | keyof typeof EVIDENCE_CONTEXTS;

export const ALL_CONTEXTS: Record<ContextName, Context> = { ...CONTEXTS, ...EVIDENCE_CONTEXTS };
