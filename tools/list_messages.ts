import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { listMessages } from '../src/core/draft-qa.js';
import { cursor, limit, pageOf, uuid } from '../schemas/fields.js';
import { MessageView } from '../schemas/message.js';

export default defineTool({
  name: 'list_messages',
  title: 'List messages',
  description:
    'Returns a page of the drafted and sent messages of a campaign with their QA state (qa_score, qa_evaluated_at, needs_human, needs_redo, approvable). Filter with sent=true or false.',
  kind: 'read',
  http: { method: 'GET', path: '/messages' },
  input: z.strictObject({ campaign_id: uuid, sent: z.boolean().optional(), limit, cursor }),
  output: pageOf(MessageView.extend({ speaker_name: z.string() })),
  handler: async (input, ctx) => listMessages(ctx, input),
});
