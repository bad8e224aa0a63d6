import { z } from 'zod';
import type { StagePrompt } from './index.js';

const PrequalifyOutput = z.object({
  verdict: z.enum(['qualified', 'unsure', 'disqualified']),
  reasons: z.array(z.string().min(1).max(300)).min(1).max(5),
});

export const PREQUALIFY_PROMPT: StagePrompt<typeof PrequalifyOutput> = {
  stage: 'prequalify',
  version: 'prequalify@2026-11.1',
  name: 'prequalify_verdict',
  schema: PrequalifyOutput,
  system: [
    "You screen conference speakers against a sender's ideal customer profile (ICP) before any money is spent on them.",
    "Judge only from the speaker's title, company, tagline, bio and talks in the input.",
    'verdict "disqualified" when an ICP exclusion describes the speaker or they work for a listed competitor;',
    '"qualified" when their title, seniority or topics clearly match the ICP; otherwise "unsure".',
    'Give one to five short reasons, each naming the words in the input that decided it.',
  ].join('\n'),
};
