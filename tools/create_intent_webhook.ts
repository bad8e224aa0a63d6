import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { createOrRotateInbound } from '../src/core/intent/inbound.js';
import { timestamp, uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'create_intent_webhook',
  title: 'Create intent signal webhook',
  description:
    'Gives a campaign with intent_enabled=true its inbound webhook for a LinkedIn signal vendor: a URL and a signing secret, shown this once. Calling it again keeps the URL and replaces the secret (the old one stops working at once). ' +
    'The vendor POSTs JSON (one signal, an array, or {"rows": [...]}, fields as in import_intent_signals) signed with X-Service-Signature t=<unix>,v1=<hex HMAC-SHA256 of "t.body">, like Greenroom webhooks; signatures older than 5 minutes, and a delivery already received, are refused.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/intent-webhook' },
  secretFields: ['secret'],
  input: z.strictObject({ campaign_id: uuid }),
  output: z.object({
    inbound_id: z.string(),
    campaign_id: z.string(),
    url: z.string().describe('Where the vendor POSTs signals'),
    secret: z.string().describe('The signing secret, shown once'),
    rotated: z.boolean().describe('true when an existing webhook got a new secret'),
    signature_header: z.string(),
    created_at: timestamp,
    rotated_at: timestamp,
  }),
  handler: async (input, ctx) => createOrRotateInbound(ctx, input.campaign_id),
});
