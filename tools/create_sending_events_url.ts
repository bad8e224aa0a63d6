import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { createEventsUrl } from '../src/core/sender-events.js';
import { uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'create_sending_events_url',
  title: 'Create sending-tool events URL',
  description:
    'Gives a HeyReach or lemlist connection the URL where the tool posts its own webhooks, shown this once (the secret in its path is the credential: neither tool signs its deliveries). Calling it again makes a new URL and the old one stops working at once. ' +
    'Register it in the tool for each event in subscribe_to (HeyReach: one webhook per event; its EVERY_MESSAGE_REPLY_RECEIVED is read too but repeats first replies under other ids). ' +
    "Each event is kept once by the tool's event id (a replay changes nothing) and matched by LinkedIn profile to the person this connection pushed: an accept sets accepted_at; a sent message marks that pushed slot sent (an invite only when its note carries a slot); a reply sets replied_at and reply_status replied (booked stays). They show in get_speaker_dossier and campaign_stats and go out as webhook events lead.accepted, lead.sent and lead.replied. A webhook connection has none (tool_error).",
  kind: 'write',
  http: { method: 'POST', path: '/sending-connections/{connection_id}/events-url' },
  secretFields: ['url'],
  input: z.strictObject({ connection_id: uuid }),
  output: z.object({
    connection_id: z.string(),
    tool: z.enum(['heyreach', 'lemlist']),
    url: z.string().describe('Where the tool posts its webhooks; shown once'),
    rotated: z.boolean().describe('true when an earlier URL of this connection stopped working'),
    subscribe_to: z.array(z.string()).describe("The tool's event names to register the URL for"),
  }),
  handler: async (input, ctx) => createEventsUrl(ctx, input.connection_id),
});
