/**
 * Drafts with planted defects, part four: companies and titles that do not read as one
 * although the dossier holds them, and broken text. Taken from what drafting over real
 * conference pages produced (../shared/eval). Drafts that paste the whole twelve-word
 * pitch carry pasted_pitch as well.
 */
import type { Defect } from './defects-a.js';

export const FACTS_AND_TEXT: Defect[] = [
  {
    ctx: 'martina',
    slot: 2,
    codes: ['implausible_company_or_title', 'pasted_pitch'],
    content:
      'Hey Martina,\n\nThanks for connecting! Given your work on Teams governance, I thought of you. We help Microsoft 365 consultancies cut the manual work in tenant audits. Does that match what you see at Microsoft RD?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'martina',
    slot: 1,
    codes: ['implausible_company_or_title'],
    content:
      'Hey Martina, your talk "Teams Governance in Practice" caught my eye. Always up for swapping notes with folks at Microsoft RD. Open to connecting?',
  },
  {
    ctx: 'martina',
    slot: 2,
    codes: ['implausible_company_or_title', 'pasted_pitch'],
    content:
      'Hey Martina,\n\nGood to be connected. We help Microsoft 365 consultancies cut the manual work in tenant audits. Is that something you run into at MVP Office 365?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'kateryna',
    slot: 2,
    codes: ['implausible_company_or_title'],
    content:
      'Hey Kateryna,\n\nGood to be connected. With all your design work, this seemed worth a mention. We help design-system teams catch accessibility regressions before release. Is that something you run into at 9?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'kateryna',
    slot: 1,
    codes: ['implausible_company_or_title'],
    content: 'Hey Kateryna, I see you\'re an Engineer at Ukraine. Your talk "Design Systems That Last" caught my eye. Open to connecting?',
  },
  {
    ctx: 'kateryna',
    slot: 1,
    codes: ['implausible_company_or_title'],
    content:
      'Hey Kateryna, as an engineer with 9+ years of experience you know design systems. Your talk "Design Systems That Last" caught my eye. Open to connecting?',
  },
  {
    ctx: 'martina',
    slot: 3,
    codes: ['broken_text'],
    content: 'Hey Martina,\n\nOne more note. Teams governance audits at atwork? see! short offer, Cheers,\nDana Kim\n\nOpen to a short call next week?',
  },
  {
    ctx: 'martina',
    slot: 2,
    codes: ['broken_text', 'pasted_pitch'],
    content:
      'Hey Martina,\n\nThanks for connecting!. We help Microsoft 365 consultancies cut the manual work in tenant audits. Would that help your team?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'kateryna',
    slot: 2,
    codes: ['broken_text'],
    content:
      'Hey Kateryna,\n\nGood to be connected. We help design-system teams catch accessibility regressions before release. Is that something your?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'kateryna',
    slot: 3,
    codes: ['broken_text'],
    content:
      'Hey Kateryna,\n\nQuick follow-up. It connects well with your talk "Design Systems That Last".. Open to a short call next week?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'kateryna',
    slot: 2,
    codes: ['broken_text'],
    content:
      'Hey Kateryna,\n\nGood to be connected. We help design-system teams catch accessibility regressions. before release, with a review. Would that help the?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'john',
    slot: 2,
    codes: ['broken_text'],
    content: 'Hi John,\n\nThanks for connecting. ShardLab replays production traffic against schema changes before they ship, Best,\nAlex Kim',
  },
];
