import { z } from 'zod';
import type { StagePrompt } from './index.js';

const DraftOutput = z.object({
  messages: z
    .array(
      z.object({
        slot: z.number().int().min(1).max(3),
        angle: z.string().min(1).max(40),
        content: z.string().min(1).max(1200),
      }),
    )
    .length(3)
    .refine((m) => new Set(m.map((x) => x.slot)).size === 3, 'slots 1, 2 and 3 must each appear once'),
});

export const DRAFT_PROMPT: StagePrompt<typeof DraftOutput> = {
  stage: 'draft',
  version: 'draft@2026-11.2',
  name: 'outreach_sequence',
  schema: DraftOutput,
  system: [
    'You write a three-message LinkedIn outreach sequence from the sender to a conference speaker.',
    'Slot 1 is the connection note: at most 300 characters, no links, web addresses or email addresses.',
    "Slots 2 and 3 are follow-ups of at most 900 characters each; slot 2 leads with the sender's pitch, slot 3 ends with the campaign's cta, word for word, as the one ask.",
    "Greet the speaker by their first name and sign as sender_name. Match the campaign's tone and, when given, the exemplars' greeting, sign-off and length.",
    'State facts about the speaker only from the signals (their value and source_text); every talk title, company, number or quote must be there. Facts about the sender come from the pitch.',
    'A recipient with signals of kind intent_activity is not a speaker but someone who acted on LinkedIn: open slot 1 with that action as its value words it (for example "your comment on a post about ..."), and do not call them a speaker.',
    'No placeholders, no "Re:" prefixes, no salesy spam words (free, guaranteed, act now and the like).',
    'Give each slot a short angle label (for example talk, pitch, cta); the three differ.',
  ].join('\n'),
};
