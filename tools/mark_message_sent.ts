import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { markMessageSent } from '../src/core/mark-sent.js';
import { viewOfMessage } from '../src/core/drafts.js';
import { uuid } from '../schemas/fields.js';
import { MessageView } from '../schemas/message.js';

export default defineTool({
  name: 'mark_message_sent',
  title: 'Mark message sent',
  description:
    'Records that a message was already sent by another route: sets sent_at, writes an audit entry and an approved-lead row, clears needs_human and promotes the text to your style exemplars. Never pushes to the sending tool. Idempotent (recorded=false on a repeat) unless force=true.',
  kind: 'write',
  http: { method: 'POST', path: '/messages/{message_id}/sent' },
  hints: { idempotentHint: true },
  input: z.strictObject({ message_id: uuid, force: z.boolean().optional() }),
  output: z.object({ recorded: z.boolean(), message: MessageView }),
  handler: async (input, ctx) => {
    const { message, recorded } = await markMessageSent(ctx, input.message_id, input.force ?? false);
    return { recorded, message: await viewOfMessage(ctx, message) };
  },
});
