import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { listConnections } from '../src/core/sending-connections.js';
import { cursor, limit, pageOf } from '../schemas/fields.js';
import { SendingConnectionView } from '../schemas/push.js';

export default defineTool({
  name: 'list_sending_connections',
  title: 'List sending connections',
  description: 'Lists your sending-tool connections (HeyReach, lemlist, webhook) with how many campaigns are wired to each. Keys are never returned.',
  kind: 'read',
  http: { method: 'GET', path: '/sending-connections' },
  input: z.strictObject({ limit, cursor }),
  output: pageOf(SendingConnectionView),
  handler: async (input, ctx) => listConnections(ctx, input),
});
