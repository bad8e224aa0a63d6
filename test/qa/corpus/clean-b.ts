/** Clean sequences, part two. */
import type { CleanSequence } from './clean-a.js';

export const CLEAN_B: CleanSequence[] = [
  {
    ctx: 'emily',
    note: '"Freeman" is no spam term; "portal" and "support" are not the competitor "Port"',
    angles: ['talk', 'survey', 'cta'],
    slots: [
      'Hey Emily, "Paved Roads, Not Gates" was my favourite PlatformCon talk. Going from two weeks to one day to ship a new service is huge. Were the golden paths built by your team or by product teams?',
      "Hey Emily,\n\nSaw you're running the Brightline developer survey. When we help platform teams with theirs, the answers usually point at the same thing: support tickets about where templates live. Stackyard is a developer portal with golden-path templates and scorecards in one place.\n\nWould it help if I shared the survey questions other teams found most useful?\n\nChris",
      'Hey Emily, last ping from me. If a developer portal is on the cards after the survey, could I book a quick demo with you? Happy to keep it to 20 minutes.\n\nChris Park\nStackyard',
    ],
  },
  {
    ctx: 'emily',
    note: 'signature names the sender company; bare "Emily Freeman" in the body',
    angles: ['golden paths', 'scorecards', 'cta'],
    slots: [
      'Hi Emily, replacing approval gates with golden paths is the platform story I keep retelling. What was the hardest gate to retire at Brightline Media?',
      'Hi Emily, one idea after your talk: golden paths get skipped when nobody can see who is on them. Stackyard scorecards show which services follow the paved road. Would a sample scorecard be useful?',
      'Hi Emily, I will stop here. Would you be up for a quick demo of scorecards built on paved roads, whenever suits you?',
    ],
  },
  {
    ctx: 'tomas',
    note: '"Cashew Pay" is not "cash"; recipient figure 4,000 grounded; direct tone',
    angles: ['talk', 'rotation', 'cta'],
    slots: [
      'Hi Tomas, finding 4,000 leaked keys in a week at Cashew Pay is a striking result from your BSides SF talk. How long did the rotation playbook take to run end to end?',
      'Hi Tomás,\n\nFollowing up on the rotation playbook. Most teams we meet can find leaked secrets quickly, but rotating them takes weeks of tickets. Vaultline rotates a leaked credential automatically as soon as a scanner reports it, including the pre-commit hook you maintain.\n\nWould an example rotation flow for a CI log leak be useful?\n\nNina',
      'Hi Tomás, last message from me. Open to a 20-minute call next week to see automatic rotation on a real leak? Tuesday or Wednesday both work on my side.\n\nNina',
    ],
  },
  {
    ctx: 'aisha',
    note: '"Freedom to Fail" title contains freedom, not free; grounded $3M and 200,000',
    angles: ['talk', 'scale', 'cta'],
    slots: [
      'Hi Aisha, your EdTech Week talk "Freedom to Fail" stayed with me, especially assessments that reward retries. How do you keep lessons working offline on low bandwidth?',
      'Hi Aisha,\n\nWith 200,000 learners on Kora Learning, assessment has to work on patchy connections. Pathwise is an adaptive assessment API that works offline and syncs results later, so retries never get lost.\n\nWould it be helpful to see how it handles a learner who retries a quiz three times offline?\n\nWarmly,\nBen',
      'Hi Aisha, one last note. If offline adaptive assessment fits your roadmap, could we schedule a call so I can show you the API on a real lesson?\n\nBen',
    ],
  },
  {
    ctx: 'aisha',
    note: 'founder title, seed round from research, warm tone',
    angles: ['founder story', 'retries', 'cta'],
    slots: [
      'Hi Aisha, building offline-first lessons for learners across West Africa is inspiring work. What did the $3M seed round let Kora Learning try that you could not before?',
      'Hi Aisha, a thought on assessments that reward retries: most assessment tools punish a second attempt in the scoring. Pathwise treats a retry as a learning signal. Would a short demo video be useful?',
      'Hi Aisha, I will leave you with one question. Could we schedule a call where I show you the API on one of your own offline-first lessons?',
    ],
  },
  {
    ctx: 'alexandra',
    note: 'sender shares a prefix of the speaker name; "Alex" greeting is a prefix nickname',
    angles: ['talk', 'costs', 'cta'],
    slots: [
      'Hi Alexandra, "Feature Stores Are Overrated" is a brave title for MLOps World. Did moving to plain tables with contracts at Quantiva change how teams own features?',
      'Hi Alex, following up on halving training pipeline costs. We see many ML platform teams keep a feature store mainly for point-in-time joins. Would a short note on doing those joins with plain tables be useful?\n\nAlex Rivera',
      'Hi Alexandra, last note from me. Would you like to book a 20-minute call to compare notes on contracts for plain tables?\n\nAlex',
    ],
  },
  {
    ctx: 'wei',
    note: 'family name first; grounded 14 to 3 pages; conversational tone',
    angles: ['talk', 'alerts', 'cta'],
    slots: [
      'Hi Wei, cutting pages per shift from 14 to 3 by deleting alerts nobody acted on is the best SREcon result I heard. How did you decide which alerts were safe to delete?',
      "Hi Wei,\n\nOne more thought on on-call without burnout. Deleting alerts works until a new service ships its own noisy set. Quietpage groups related alerts into one incident and flags the ones nobody acts on, so the cleanup you did at Lumen Cloud doesn't have to be repeated by hand.\n\nWould a quick look at how it flags alerts be useful?\n\nOmar",
      'Hi Wei, last note from me. Could we find time for a 25-minute call to compare how the follow-the-sun rotation between Singapore and Dublin handles grouped alerts?\n\nOmar',
    ],
  },
];
