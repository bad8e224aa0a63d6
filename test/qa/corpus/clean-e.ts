/**
 * Clean drafts for readers whose standing changes the wording: a student asked about their
 * own research, a professor about their group, a talk about people left without a pitch.
 * The organisation is named once.
 */
import type { CleanSingle } from './clean-c.js';

export const CLEAN_SINGLES_E: CleanSingle[] = [
  {
    ctx: 'mel',
    slot: 2,
    content:
      'Hi Mel,\n\nThanks for connecting; your research on turbulence and nonlinear wave coupling in dipole plasmas caught my eye. How do you find out where each figure came from today? It is the question Labwise was built around.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'mel',
    slot: 2,
    content:
      'Hi Mel,\n\nGlad we are connected, and if you ever share slides or a recording of the panel "Underrepresented in STEM", I would be keen to see them.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 2,
    content:
      'Hi Rachel,\n\nYour research on gravity and quantum field theory caught my eye. How does your group at Columbia University find out where each figure came from today? It is the question Labwise was built around.\n\nBest,\nJonas Berg',
  },
  {
    ctx: 'rachel',
    slot: 3,
    content:
      'Hi Rachel,\n\nWould a short call in the next couple of weeks be useful? Either way, good luck with your research on gravity and quantum field theory.\n\nBest,\nJonas Berg',
  },
  // The main title before its subtitle is how people name a talk; the product said in the writer's words.
  {
    ctx: 'ines',
    slot: 1,
    content: 'Hey Ines, "Mapping the Spectrum" at Signal Days 2019 stood out to me. I\'m Dana Kim from Tracewise. Happy to connect?',
  },
  {
    ctx: 'ines',
    slot: 2,
    content:
      'Hey Ines,\n\nYour talk "Mapping the Spectrum" made me think of you. When a request of yours gets slow, Tracewise shows the line of code behind it. Is that something you run into?\n\nCheers,\nDana Kim',
  },
  {
    ctx: 'mel',
    slot: 2,
    content:
      'Hi Mel,\n\nYour work on turbulence and nonlinear wave coupling caught my eye. Labwise keeps the data and code behind each plot of a paper in one notebook; would that help your lab?\n\nBest,\nJonas Berg',
  },
];
