import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { listCampaignRows } from '../src/core/campaigns.js';
import { summarize } from '../src/core/campaign-view.js';
import { CampaignSummary } from '../schemas/campaign.js';
import { cursor, limit, pageOf } from '../schemas/fields.js';

export default defineTool({
  name: 'list_campaigns',
  title: 'List campaigns',
  description: 'Returns a page of your campaigns, newest first. Pass next_cursor as cursor while has_more is true.',
  kind: 'read',
  http: { method: 'GET', path: '/campaigns' },
  input: z.strictObject({ limit, cursor }),
  output: pageOf(CampaignSummary),
  handler: async (input, ctx) => {
    const page = await listCampaignRows(ctx, input);
    return { ...page, items: page.items.map(summarize) };
  },
});
