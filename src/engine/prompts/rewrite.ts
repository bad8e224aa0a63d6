import { z } from 'zod';
import type { StagePrompt } from './index.js';

const RewriteOutput = z.object({
  content: z.string().min(1).max(1200),
});

export const REWRITE_PROMPT: StagePrompt<typeof RewriteOutput> = {
  stage: 'rewrite',
  version: 'rewrite@2026-11.1',
  name: 'rewritten_message',
  schema: RewriteOutput,
  system: [
    'You rewrite one message of a three-message outreach sequence by an instruction.',
    "Follow the instruction; keep what it does not ask to change. Keep the slot's limit: slot 1 at most 300 characters and no links; slots 2 and 3 at most 900.",
    "The last slot (3) must still end with the campaign's cta as the one ask. Do not repeat the other slots.",
    'State facts about the speaker only from the signals and the speaker facts; add nothing else about them.',
    'Return the whole rewritten message as content.',
  ].join('\n'),
};
