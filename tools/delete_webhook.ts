import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { deleteWebhook } from '../src/core/webhooks.js';
import { uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'delete_webhook',
  title: 'Delete webhook',
  description: 'Deletes a webhook endpoint and cancels its pending deliveries (they stay listed as cancelled). The body is an empty object.',
  kind: 'write',
  http: { method: 'POST', path: '/webhooks/{webhook_id}/delete' },
  hints: { destructiveHint: true, idempotentHint: true },
  input: z.strictObject({ webhook_id: uuid }),
  output: z.object({ webhook_id: z.string(), deleted: z.literal(true), cancelled_deliveries: z.number().int() }),
  handler: async (input, ctx) => deleteWebhook(ctx, input.webhook_id),
});
