import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { listWebhooks } from '../src/core/webhooks.js';
import { WebhookView } from '../schemas/webhook.js';

export default defineTool({
  name: 'list_webhooks',
  title: 'List webhooks',
  description:
    'Returns your webhook endpoints with their subscribed events, active flag and recent failure count (failed attempts since the last delivered one). Signing secrets are never returned.',
  kind: 'read',
  http: { method: 'GET', path: '/webhooks' },
  input: z.strictObject({}),
  output: z.object({ items: z.array(WebhookView) }),
  handler: async (_input, ctx) => ({ items: await listWebhooks(ctx) }),
});
