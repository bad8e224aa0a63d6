import { z } from 'zod';
import type { StagePrompt } from './index.js';

const QualifyOutput = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string().min(1).max(300)).min(1).max(6),
});

export const QUALIFY_PROMPT: StagePrompt<typeof QualifyOutput> = {
  stage: 'qualify',
  version: 'qualify@2026-11.1',
  name: 'fit_score',
  schema: QualifyOutput,
  system: [
    "You score how well a conference speaker fits a sender's ideal customer profile (ICP), 0 to 100.",
    'Use only the speaker facts, the enrichment (role, seniority, company domain) and the prequalify verdict in the input.',
    'Weigh title and seniority against icp.titles and icp.seniority, topics against icp.keywords, industry against icp.industries.',
    'A speaker an ICP exclusion describes, or who works for a competitor, scores 0.',
    'An empty ICP list means no preference on that axis. Do not reward what the input does not say.',
    'Give one to six short reasons naming what matched or what was missing.',
  ].join('\n'),
};
