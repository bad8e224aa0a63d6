import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { addConferenceUrl } from '../src/core/campaigns.js';
import { urlView } from '../src/core/campaign-view.js';
import { ConferenceUrlView } from '../schemas/campaign.js';
import { httpsUrl, uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'add_conference_url',
  title: 'Add conference URL',
  description:
    'Adds a conference page to a campaign. It must be a public https URL with a hostname; IP addresses, private or internal hostnames and credentials in the URL are rejected. Adding a URL the campaign already has returns it with added=false.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/conference-urls' },
  hints: { idempotentHint: true },
  input: z.strictObject({ campaign_id: uuid, url: httpsUrl(500) }),
  output: z.object({ campaign_id: z.string(), added: z.boolean(), conference_url: ConferenceUrlView }),
  handler: async (input, ctx) => {
    const { row, added } = await addConferenceUrl(ctx, input.campaign_id, input.url);
    return { campaign_id: input.campaign_id, added, conference_url: urlView(row) };
  },
});
