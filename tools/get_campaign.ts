import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { campaignDetailById } from '../src/core/campaign-view.js';
import { CampaignDetail } from '../schemas/campaign.js';
import { uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'get_campaign',
  title: 'Get campaign',
  description:
    'Returns the full configuration of one campaign: positioning, ICP, pitch, CTA, sender, tone, conference URLs with their scrape status, and totals.',
  kind: 'read',
  http: { method: 'GET', path: '/campaigns/{campaign_id}' },
  input: z.strictObject({ campaign_id: uuid }),
  output: CampaignDetail,
  handler: (input, ctx) => campaignDetailById(ctx, input.campaign_id),
});
