import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { updateCampaign } from '../src/core/campaigns.js';
import { campaignDetail, requireCountedCampaign } from '../src/core/campaign-view.js';
import { CampaignDetail } from '../schemas/campaign.js';
import { IcpPatch, uuid } from '../schemas/fields.js';
import { ToolError } from '../src/errors.js';

export default defineTool({
  name: 'update_campaign',
  title: 'Update campaign',
  description:
    'Edits a campaign: name, pitch, cta, your_name, your_role, tone, positioning, intent_enabled and ICP lists. ' +
    'Only the fields you send change; each ICP list you send replaces that list. Returns the full campaign.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}' },
  hints: { idempotentHint: true },
  requireAny: ['name', 'pitch', 'cta', 'your_name', 'your_role', 'tone', 'positioning', 'intent_enabled', 'icp'],
  input: z.strictObject({
    campaign_id: uuid,
    name: z.string().min(1).max(200).optional(),
    pitch: z.string().max(2000).optional(),
    cta: z.string().max(1000).optional(),
    your_name: z.string().max(200).optional(),
    your_role: z.string().max(200).optional(),
    tone: z.string().max(80).optional(),
    positioning: z.string().max(2000).optional(),
    intent_enabled: z.boolean().optional(),
    icp: IcpPatch.optional(),
  }),
  output: CampaignDetail,
  handler: async (input, ctx) => {
    const { campaign_id, ...patch } = input;
    if (Object.values(patch).every((v) => v === undefined)) {
      throw new ToolError('invalid_request', 'nothing to update: send at least one field');
    }
    await updateCampaign(ctx, campaign_id, patch);
    return campaignDetail(ctx, await requireCountedCampaign(ctx, campaign_id));
  },
});
