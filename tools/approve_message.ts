import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { approveMessage } from '../src/core/approval.js';
import { viewOfMessage } from '../src/core/drafts.js';
import { uuid } from '../schemas/fields.js';
import { MessageView } from '../schemas/message.js';

export default defineTool({
  name: 'approve_message',
  title: 'Approve message',
  description:
    "Records a person's approval of a message's current text, with who approved, in the audit log. It is how a person settles what QA put to them (fix action human_review): it clears needs_human and human_review hard fails such as forbidden_term or wrong_recipient_name. " +
    'Refused while a hard fail stands that a rewrite must fix, or while the text has no current score (run rescore_drafts first). Approval does not lift a low score; an edit voids it.',
  kind: 'write',
  http: { method: 'POST', path: '/messages/{message_id}/approve' },
  hints: { idempotentHint: true },
  input: z.strictObject({ message_id: uuid }),
  output: MessageView,
  handler: async (input, ctx) => viewOfMessage(ctx, await approveMessage(ctx, input.message_id)),
});
