import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { createConnection, WEBHOOK_URL_MAX } from '../src/core/sending-connections.js';
import { httpsUrl } from '../schemas/fields.js';
import { SenderToolName, SendingConnectionView } from '../schemas/push.js';

export default defineTool({
  name: 'create_sending_connection',
  title: 'Connect a sending tool',
  description:
    'Connects a sending tool: heyreach or lemlist with its API key, or webhook with a public https url and a signing secret (api_key, 16+ characters) that signs each POST like Greenroom webhooks. The key is checked with the tool (listing its campaigns, or a signed ping) and a refused key is invalid_request; it is stored encrypted and never returned. Greenroom only loads leads: a person arms the campaign in the tool.',
  kind: 'write',
  http: { method: 'POST', path: '/sending-connections' },
  hints: { openWorldHint: true },
  // A webhook target needs its url and a signing secret of 16+ characters; the vendors have fixed addresses.
  bodyRules: [
    {
      if: { properties: { tool: { const: 'webhook' } }, required: ['tool'] },
      then: { required: ['url'], properties: { api_key: { minLength: 16 } } },
      else: { not: { required: ['url'] } },
    },
  ],
  input: z.strictObject({
    tool: SenderToolName,
    name: z.string().trim().min(1).max(200),
    api_key: z.string().min(1).max(500),
    url: httpsUrl(WEBHOOK_URL_MAX).optional().describe('webhook only: the public https URL each lead is POSTed to'),
  }),
  output: SendingConnectionView.extend({ campaigns_found: z.number().int().describe('Campaigns the key can see in the tool') }),
  handler: async (input, ctx) => {
    const { view, campaigns } = await createConnection(ctx, input);
    return { ...view, campaigns_found: campaigns };
  },
});
