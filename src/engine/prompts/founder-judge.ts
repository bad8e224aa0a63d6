import { z } from 'zod';
import type { StagePrompt } from './index.js';

const FounderJudgeOutput = z.object({
  rankings: z
    .array(
      z.object({
        id: z.string().min(1).max(80),
        score: z.number().int().min(0).max(10),
        reason: z.string().max(400),
      }),
    )
    .min(1)
    .max(20),
});

export type FounderJudgeOutput = z.output<typeof FounderJudgeOutput>;

/** Scores candidate sequences for one speaker the way the founder would, from the founder's recipe. */
export const FOUNDER_JUDGE_PROMPT: StagePrompt<typeof FounderJudgeOutput> = {
  stage: 'founder_judge',
  version: 'founder_judge@2026-11.1',
  name: 'candidate_rankings',
  schema: FounderJudgeOutput,
  system: [
    'You stand in for the founder who signs these outreach sequences to a conference speaker.',
    "The recipe in the input is the founder's own rules: pitch, call to action, tone, who fits, words to avoid, example messages they approved.",
    'Each candidate is a three-message sequence with an id. Score every candidate 0 to 10 for how gladly the founder would send it as written, by the recipe.',
    'A candidate that states facts about the speaker not found in the speaker facts or signals scores at most 3.',
    'Return one ranking per candidate id, with a one-sentence reason.',
  ].join('\n'),
};
