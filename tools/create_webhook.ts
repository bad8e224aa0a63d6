import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { createWebhook } from '../src/core/webhooks.js';
import { httpsUrl } from '../schemas/fields.js';
import { SubscriptionName, WebhookView } from '../schemas/webhook.js';

export default defineTool({
  name: 'create_webhook',
  title: 'Create webhook',
  description:
    'Registers a public https endpoint for signed event deliveries (run.started, run.completed, run.failed, drafts.ready, message.ready, message.approved, push.completed, or "*" for all; default "*"). Returns the signing secret this once: store it, it is never shown again. Each POST carries X-Service-Signature t=<unix>,v1=<hex HMAC-SHA256 of "t.body">.',
  kind: 'write',
  http: { method: 'POST', path: '/webhooks' },
  secretFields: ['secret'],
  input: z.strictObject({
    url: httpsUrl(1000).describe('Public https URL, at most 1000 characters'),
    events: z.array(SubscriptionName).min(1).max(10).optional().describe('Event names, each at most 60 characters; default ["*"]'),
    description: z.string().max(200).optional(),
  }),
  output: z.object({ webhook: WebhookView, secret: z.string().describe('The signing secret, shown once') }),
  handler: async (input, ctx) => createWebhook(ctx, input),
});
