import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireConnection, toolCampaigns } from '../src/core/sending-connections.js';
import { uuid } from '../schemas/fields.js';
import { SenderToolName } from '../schemas/push.js';

export default defineTool({
  name: 'list_sending_tool_campaigns',
  title: 'List campaigns in a sending tool',
  description:
    'Lists the campaigns inside a connected sending tool, read live with the stored key, so you can pick one and wire it with update_campaign (sending_connection_id, sending_campaign_id). A webhook connection has one campaign, "default".',
  kind: 'read',
  http: { method: 'GET', path: '/sending-connections/{connection_id}/campaigns' },
  hints: { openWorldHint: true },
  input: z.strictObject({ connection_id: uuid }),
  output: z.object({
    connection_id: z.string(),
    tool: SenderToolName,
    campaigns: z.array(z.object({ sending_campaign_id: z.string(), name: z.string(), status: z.string().nullable() })),
  }),
  handler: async (input, ctx) => {
    const conn = await requireConnection(ctx, input.connection_id);
    const campaigns = await toolCampaigns(ctx, conn);
    return { connection_id: conn.id, tool: conn.tool, campaigns: campaigns.map((c) => ({ sending_campaign_id: c.id, name: c.name, status: c.status })) };
  },
});
