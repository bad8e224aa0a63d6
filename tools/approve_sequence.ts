import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { approveSequence } from '../src/core/approval.js';
import { viewOfMessage } from '../src/core/drafts.js';
import { uuid } from '../schemas/fields.js';
import { MessageView } from '../schemas/message.js';

export default defineTool({
  name: 'approve_sequence',
  title: 'Approve sequence',
  description:
    "Records a person's approval of a speaker's whole sequence in one action: every unsent slot is approved as approve_message would approve it (audit log, needs_human and human_review hard fails cleared), all together or none. " +
    'Refused, naming the slot, while any slot has a hard fail that a rewrite must fix or has no current score (run rescore_drafts first). Approval does not lift a low score; an edit voids it.',
  kind: 'write',
  http: { method: 'POST', path: '/speakers/{speaker_id}/approve' },
  hints: { idempotentHint: true },
  input: z.strictObject({ speaker_id: uuid }),
  output: z.object({
    speaker_id: z.string(),
    approved: z.number().int().describe('Slots approved by this call that were not approved as they read before'),
    messages: z.array(MessageView).describe('Every slot of the sequence as it stands now, sent ones included'),
  }),
  handler: async (input, ctx) => {
    const { approved, messages } = await approveSequence(ctx, input.speaker_id);
    return { speaker_id: input.speaker_id, approved, messages: await Promise.all(messages.map((m) => viewOfMessage(ctx, m))) };
  },
});
