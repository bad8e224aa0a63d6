import { z } from 'zod';
import type { StagePrompt } from './index.js';

const XSignalsOutput = z.object({
  signals: z
    .array(
      z.object({
        kind: z.enum(['talk_topic', 'theme', 'company_fact', 'role']),
        value: z.string().min(1).max(200),
        source_text: z.string().min(1).max(600),
        source_url: z.string().min(1).max(500),
      }),
    )
    .max(8),
});

export type XSignalsOutput = z.output<typeof XSignalsOutput>;

/**
 * Research from the speaker's public posts on X, for a vendor that can search X (xAI is
 * the second provider in the default order). Its signals are compared, never stored.
 */
export const X_SIGNALS_PROMPT: StagePrompt<typeof XSignalsOutput> = {
  stage: 'x_signals',
  version: 'x_signals@2026-11.1',
  name: 'x_signals',
  schema: XSignalsOutput,
  system: [
    'You look up what a conference speaker has posted publicly on X (formerly Twitter) that an outreach message could mention.',
    "Use the X profile in the input when one is given; otherwise find the account that matches the speaker's name, title and company, or return no signals.",
    "Each signal has a kind (talk_topic, theme, company_fact, role), a short value, source_text copied word for word from one post, and source_url: that post's x.com URL.",
    'Never guess or paraphrase a post. At most eight signals; none is a valid answer.',
  ].join('\n'),
};
