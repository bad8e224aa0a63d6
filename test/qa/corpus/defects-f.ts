/**
 * Drafts with planted defects, part six: wording that does not fit the reader, as the hand
 * labels of real drafts found it. The organisation named twice in one message, "your team"
 * to a student, a product pitched off a talk about people. Invented text in the same shapes.
 */
import type { Defect } from './defects-a.js';

export const READER_FIT: Defect[] = [
  {
    ctx: 'mel',
    slot: 3,
    codes: ['repeated_organisation', 'team_for_student', 'generic_filler'],
    content:
      'Hi Mel,\n\nIf your team at Columbia University ever loses an afternoon working out where each figure came from, would a short call in the next couple of weeks be useful? If it is not a priority at Columbia University right now, I understand.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 3,
    codes: ['repeated_organisation', 'generic_filler'],
    content:
      'Hi Rachel,\n\nIf tracing a figure back to its data is slow for your group at Columbia University, would a short call in the next couple of weeks be useful? Either way, all the best to everyone at Columbia University.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'lucia',
    slot: 2,
    codes: ['repeated_organisation', 'broken_grammar'],
    content:
      'Hey Lucía,\n\nThanks for connecting. Your work at Center for Distributive, Labor and Social Studies (CEDLAS) on informality stood out. How does Center for Distributive, Labor and Social Studies (CEDLAS) share survey microdata today?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'john',
    slot: 2,
    codes: ['repeated_organisation'],
    content:
      'Hey John,\n\nThanks for connecting. Your sharding work at Shopify is why I am writing. How do teams at Shopify test schema changes before they ship?\n\nCheers,\nAlex Kim',
  },
  {
    ctx: 'priya',
    slot: 3,
    codes: ['repeated_organisation', 'generic_filler'],
    content:
      'Hi Priya,\n\nIf tracing events end to end is on the list at Ledgerly, would a 15-minute demo help? Either way, best of luck to the team at Ledgerly.\n\nBest regards,\nMaya Chen',
  },
  {
    ctx: 'mel',
    slot: 2,
    codes: ['team_for_student'],
    content:
      'Hi Mel,\n\nYour research on experimental studies of turbulence caught my eye. How does your team find out where each figure came from today? It is the question Labwise was built around.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'mel',
    slot: 3,
    codes: ['team_for_student', 'generic_filler'],
    content:
      'Hi Mel,\n\nIf someone else on your team owns the figures, a name is just as helpful. Would a short call in the next couple of weeks be useful?\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'mel',
    slot: 2,
    codes: ['team_for_student'],
    content:
      'Hi Mel,\n\nIs tracking down where each figure came from easy for your team, or still a chore? I ask after reading about your plasma research.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'mel',
    slot: 3,
    codes: ['team_for_student', 'generic_filler'],
    content:
      "Hi Mel,\n\nIn case seeing where each figure came from is on your team's list this year, would a short call in the next couple of weeks be useful?\n\nBest,\nJonas Berg",
  },
  {
    ctx: 'mel',
    slot: 2,
    // "a shared notebook for research groups" is the pitch's own definition of the product, pasted.
    codes: ['pitch_after_people_talk', 'pasted_pitch'],
    content:
      'Hi Mel,\n\nThanks for accepting; your panel "Underrepresented in STEM" is what I wanted to write about. Since Labwise works on a shared notebook for research groups, I am curious: how do you see where each figure came from?\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'mel',
    slot: 3,
    codes: ['pitch_after_people_talk', 'generic_filler'],
    content:
      'Hi Mel,\n\nYour panel "Underrepresented in STEM" is still on my mind, so one short question: would a short call in the next couple of weeks be useful to see Labwise?\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 2,
    codes: ['pitch_after_people_talk'],
    content:
      'Hi Rachel,\n\nYour talk "Women in Physics: Finding Your Path" caught my eye. How does your group find out where each figure came from today? It is the question Labwise was built around.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 3,
    codes: ['pitch_after_people_talk'],
    content:
      'Hi Rachel,\n\nWould a short call in the next couple of weeks be useful? I would rather show Labwise than describe it, and your talk "Women in Physics: Finding Your Path" made me think your group might like it.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 2,
    codes: ['pitch_after_people_talk'],
    content:
      'Hi Rachel,\n\nGood to be connected. After "Women in Physics: Finding Your Path", I wondered whether Labwise could help your group keep track of where each figure came from. Is that a chore today?\n\nBest,\nJonas Berg',
  },
];
