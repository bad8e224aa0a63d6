import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { editMessage, viewOfMessage } from '../src/core/drafts.js';
import { uuid } from '../schemas/fields.js';
import { MessageView } from '../schemas/message.js';

export default defineTool({
  name: 'update_message',
  title: 'Edit message',
  description:
    'Replaces the text of a drafted message (1 to 4000 characters). Refused once the message is sent. A hand edit clears the QA score: the fix action becomes rescore, and rescore_drafts releases it when clean.',
  kind: 'write',
  http: { method: 'POST', path: '/messages/{message_id}' },
  hints: { idempotentHint: true },
  input: z.strictObject({ message_id: uuid, content: z.string().min(1).max(4000) }),
  output: MessageView,
  handler: async (input, ctx) => viewOfMessage(ctx, await editMessage(ctx, input.message_id, input.content)),
});
