import { z } from 'zod';
import { timestamp } from './fields.js';

/** The SPEC's QA fix action (part 3). */
export const FixAction = z.enum(['none', 'rescore', 'human_review']);
/** How to fix a finding, finer than its action (list_qa_codes explains each). */
export const Fix = z
  .enum(['none', 'rescore', 'rewrite', 'human_review'])
  .describe(
    'How to fix it, finer than action: rewrite = call request_rewrite with the hint as its instruction (or edit the text), then a clean score releases it',
  );

export const FixHint = z.object({ code: z.string(), action: FixAction, fix: Fix, hint: z.string() });

export const MessageView = z.object({
  message_id: z.string(),
  speaker_id: z.string(),
  campaign_id: z.string(),
  slot: z.number().int(),
  angle: z.string().nullable(),
  content: z.string(),
  sent: z.boolean().describe('The message went out: a sending tool reported sending it, or mark_message_sent recorded it'),
  sent_at: timestamp.nullable(),
  pushed_at: timestamp
    .nullable()
    .describe('When a sending tool took it (push_approved). Pushed and not sent: queued in the tool, locked here, and sent once the tool reports sending it'),
  drafted_at: timestamp,
  content_updated_at: timestamp,
  qa_score: z.number().int().nullable().describe('Null until scored; a hand edit clears it until rescored'),
  qa_evaluated_at: timestamp.nullable(),
  qa_flags: z.array(z.string()),
  qa_reasons: z.array(z.string()),
  hard_fail_codes: z.array(z.string()),
  fix_hints: z.array(FixHint),
  needs_human: z.boolean(),
  needs_redo: z.boolean(),
  approvable: z.boolean(),
  fresh: z.boolean().describe('QA is newer than the last edit and the research, and the draft is young enough'),
  stale_reasons: z.array(z.string()),
  approved_at: timestamp.nullable().describe('When this text was approved (see approved_via); null when nobody approved it'),
  approved_via: z
    .enum(['approve_message', 'approve_fits_and_clean_drafts'])
    .nullable()
    .describe('approve_message: a person approved it; approve_fits_and_clean_drafts: approved in bulk because the QA gate cleared it, not by a person'),
});
export type MessageView = z.output<typeof MessageView>;

/** One slot's fate in a rewrite (request_rewrite): skipped means the rewrite failed the hard-fail gate and the old text stayed. */
export const RewriteResult = z.object({
  message_id: z.string(),
  speaker_id: z.string(),
  slot: z.number().int(),
  outcome: z.enum(['rewritten', 'unchanged', 'skipped', 'sent']),
  qa_score: z.number().int().nullable(),
  hard_fail_codes: z.array(z.string()),
  instruction_notes: z
    .array(z.object({ request: z.string(), status: z.enum(['applied', 'not_applied', 'approximated']), note: z.string() }))
    .nullable()
    .describe('Each part of the instruction and what the built-in engine did with it (approximated: written afresh); null when a model rewrote the text'),
});
export type RewriteResult = z.output<typeof RewriteResult>;
