import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { deleteConnection } from '../src/core/sending-connections.js';
import { uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'delete_sending_connection',
  title: 'Delete sending connection',
  description:
    'Deletes a sending-tool connection and its stored key. Campaigns wired to it are unwired; leads already in the tool stay there and past pushes stay recorded.',
  kind: 'write',
  http: { method: 'POST', path: '/sending-connections/{connection_id}/delete' },
  hints: { destructiveHint: true },
  input: z.strictObject({ connection_id: uuid }),
  output: z.object({ connection_id: z.string(), deleted: z.literal(true), unwired_campaigns: z.number().int() }),
  handler: async (input, ctx) => deleteConnection(ctx, input.connection_id),
});
