import { z } from 'zod';
import { QA_CODES } from '../../qa/codes.js';
import type { StagePrompt } from './index.js';

const HARD_FAIL_CODES = QA_CODES.map((c) => c.code) as [string, ...string[]];

const JudgeOutput = z.object({
  messages: z
    .array(
      z.object({
        slot: z.number().int().min(1).max(3),
        score: z.number().int().min(0).max(10),
        approvable: z.boolean(),
        hard_fail_codes: z.array(z.enum(HARD_FAIL_CODES)).max(10),
        reason: z.string().max(400),
      }),
    )
    .min(1)
    .max(3),
});

export type JudgeOutput = z.output<typeof JudgeOutput>;

/** A model in the QA gate's seat: compare_models sets its verdicts beside the gate's and people's. */
export const JUDGE_PROMPT: StagePrompt<typeof JudgeOutput> = {
  stage: 'judge',
  version: 'judge@2026-11.1',
  name: 'message_verdicts',
  schema: JudgeOutput,
  system: [
    'You review LinkedIn outreach messages to conference speakers before they are sent, one verdict per message in the input.',
    'Score each 0 to 10 for how ready it is to send as written; approvable is true when a careful sender would send it unchanged.',
    `List the hard faults you find, using only these codes: ${HARD_FAIL_CODES.join(', ')}.`,
    'ungrounded_claim: the message states a fact about the recipient that the speaker facts and signals in the input do not support (when they are absent, judge only what the message itself shows).',
    'Slot 1 is a connection note of at most 300 characters without links; slot 3 must end with the campaign cta when one is given.',
    "When the input carries a recipe, it is the sender's own rules for a good message: judge against it as well.",
    'Give a one-sentence reason per message.',
  ].join('\n'),
};
