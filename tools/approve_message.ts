import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { approveMessage, viewOfMessage } from '../src/core/drafts.js';
import { uuid } from '../schemas/fields.js';
import { MessageView } from '../schemas/message.js';

export default defineTool({
  name: 'approve_message',
  title: 'Approve message',
  description:
    "Records a person's approval of a message's current text and clears needs_human. Refused while a hard fail stands or while the text has no current score (run rescore_drafts first). Approval does not lift a low score.",
  kind: 'write',
  http: { method: 'POST', path: '/messages/{message_id}/approve' },
  hints: { idempotentHint: true },
  input: z.strictObject({ message_id: uuid }),
  output: MessageView,
  handler: async (input, ctx) => viewOfMessage(ctx, await approveMessage(ctx, input.message_id)),
});
