import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { listDeliveries } from '../src/core/webhooks.js';
import { cursor, pageOf, uuid } from '../schemas/fields.js';
import { DeliveryStatus, DeliveryView } from '../schemas/webhook.js';

export default defineTool({
  name: 'list_webhook_deliveries',
  title: 'List webhook deliveries',
  description:
    'Returns your webhook deliveries, newest first: event, status (pending, delivered, failed, cancelled), attempts, the last response status and error. Failed attempts retry at about 30 s, 2 min, 10 min, 30 min, 2 h and 6 h, then the delivery is failed. Filter by webhook_id and status.',
  kind: 'read',
  http: { method: 'GET', path: '/webhook-deliveries' },
  input: z.strictObject({
    webhook_id: uuid.optional(),
    status: DeliveryStatus.optional(),
    limit: z.number().int().min(1).max(100).optional().describe('Page size, 1 to 100 (default 50)'),
    cursor,
  }),
  output: pageOf(DeliveryView),
  handler: async (input, ctx) => listDeliveries(ctx, input),
});
