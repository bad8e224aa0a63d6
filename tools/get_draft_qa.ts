import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { draftQa, BUCKETS } from '../src/core/draft-qa.js';
import { cursor, limit, uuid } from '../schemas/fields.js';
import { Fix, FixAction, MessageView } from '../schemas/message.js';

export default defineTool({
  name: 'get_draft_qa',
  title: 'Draft QA',
  description:
    'QA state of drafts: per message qa_score, flags, hard-fail codes, fix hints {code, action, fix, hint}, needs_human, needs_redo, approvable and freshness; per-speaker buckets (ready_to_send, approved, needs_rewrite, needs_human, awaiting_qa, skipped, pushed, sent) and the most common fail codes. ready_to_send (QA-cleared, not approved by a person yet) and approved (the same, and a person approved every slot as it now reads) together are exactly what push_approved would take: three slots, none sent, each fresh and approvable, and a public LinkedIn URL; a sequence with a slot that went out (the sending tool said so, or mark_message_sent) is sent; one queued in a sending tool, nothing sent yet, is pushed; missing slots needs_rewrite, no LinkedIn URL as needs_human. ' +
    'Covers intent leads too: give a lead_id as speaker_id. Give campaign_id for a whole campaign or speaker_id for one speaker. only_failing=true returns only unsent drafts that are not approvable; the filter runs in the query, so has_more is exact.',
  kind: 'read',
  http: { method: 'GET', path: '/campaigns/{campaign_id}/qa' },
  input: z.strictObject({
    campaign_id: uuid.optional().describe('Required unless speaker_id is given'),
    speaker_id: uuid.optional(),
    only_failing: z.boolean().optional(),
    limit,
    cursor,
  }),
  output: z.object({
    messages: z.array(MessageView.extend({ speaker_name: z.string() })),
    speakers: z.array(
      z.object({
        speaker_id: z.string(),
        speaker_name: z.string(),
        source: z.enum(['conference', 'intent']).describe('intent: an intent lead (speaker_id is its lead_id)'),
        bucket: z.enum(BUCKETS),
      }),
    ),
    buckets: z.object(Object.fromEntries(BUCKETS.map((b) => [b, z.number().int()])) as Record<(typeof BUCKETS)[number], z.ZodNumber>),
    rollup: z.array(z.object({ code: z.string(), count: z.number().int(), action: FixAction, fix: Fix, hint: z.string() })),
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
  }),
  handler: async (input, ctx) => draftQa(ctx, input),
});
