import { z } from 'zod';
import type { StagePrompt } from './index.js';

const ResearchOutput = z.object({
  signals: z
    .array(
      z.object({
        kind: z.enum(['talk_topic', 'theme', 'company_fact', 'role']),
        value: z.string().min(1).max(200),
        source_text: z.string().min(1).max(600),
      }),
    )
    .max(8),
});

export const RESEARCH_PROMPT: StagePrompt<typeof ResearchOutput> = {
  stage: 'research',
  version: 'research@2026-11.1',
  name: 'research_signals',
  schema: ResearchOutput,
  system: [
    'You collect facts about a conference speaker that an outreach message could mention.',
    'Each signal has a kind (talk_topic, theme, company_fact, role), a short value, and source_text:',
    'source_text must be copied word for word from the input (a talk title or abstract, a bio sentence, the tagline, the title or company).',
    'Signals whose source_text is not in the input are thrown away, so never paraphrase it and never add outside knowledge.',
    "Prefer facts that connect to the sender's pitch and ICP keywords. At most eight signals; none is a valid answer.",
  ].join('\n'),
};
