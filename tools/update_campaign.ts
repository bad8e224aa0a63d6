import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { updateCampaign } from '../src/core/campaigns.js';
import { campaignDetail, requireCountedCampaign } from '../src/core/campaign-view.js';
import { CampaignDetail } from '../schemas/campaign.js';
import { IcpPatch, uuid } from '../schemas/fields.js';
import { ToolError } from '../src/errors.js';
import { wireCampaign } from '../src/core/sending-connections.js';
import { PROVIDER_IDS } from '../src/model-settings.js';

export default defineTool({
  name: 'update_campaign',
  title: 'Update campaign',
  description:
    'Edits a campaign: name, pitch, cta, your_name, your_role, your_company, tone, positioning, intent_enabled, auto_start (intent imports queue a run for new leads), push_requires_approval (pushes take only sequences a person approved with approve_message) and ICP lists. ' +
    'Only the fields you send change; each ICP list you send replaces that list. model_provider picks the model vendor this campaign researches and drafts with (offline for the built-in rules; null: the instance default); one without its key or URL on this instance is refused. sending_connection_id with sending_campaign_id wires the campaign to a campaign inside a sending tool (checked with the tool; both null unwires); nothing in the tool is started. Returns the full campaign.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}' },
  hints: { idempotentHint: true, openWorldHint: true },
  requireAny: [
    'name',
    'pitch',
    'cta',
    'your_name',
    'your_role',
    'your_company',
    'tone',
    'positioning',
    'intent_enabled',
    'auto_start',
    'push_requires_approval',
    'icp',
    'model_provider',
    'sending_connection_id',
    'sending_campaign_id',
  ],
  // The wiring pair goes together: both ids to wire, both null to unwire.
  bodyRules: [
    { dependentRequired: { sending_connection_id: ['sending_campaign_id'], sending_campaign_id: ['sending_connection_id'] } },
    {
      not: {
        anyOf: [
          {
            properties: { sending_connection_id: { type: 'null' }, sending_campaign_id: { type: 'string' } },
            required: ['sending_connection_id', 'sending_campaign_id'],
          },
          {
            properties: { sending_connection_id: { type: 'string' }, sending_campaign_id: { type: 'null' } },
            required: ['sending_connection_id', 'sending_campaign_id'],
          },
        ],
      },
    },
  ],
  input: z.strictObject({
    campaign_id: uuid,
    name: z.string().min(1).max(200).optional(),
    pitch: z.string().max(2000).optional(),
    cta: z.string().max(1000).optional(),
    your_name: z.string().max(200).optional(),
    your_role: z.string().max(200).optional(),
    your_company: z.string().max(200).optional().describe('Your company, named when you introduce yourself'),
    tone: z.string().max(80).optional(),
    positioning: z.string().max(2000).optional(),
    intent_enabled: z.boolean().optional(),
    auto_start: z.boolean().optional().describe('true: each intent import that brings new leads queues a run for them'),
    push_requires_approval: z
      .boolean()
      .optional()
      .describe(
        'true: push_approved and approve_fits_and_clean_drafts take only sequences a person approved (every slot, as it now reads) and skip the rest as not_approved; false (the default): every QA-cleared, fresh sequence goes',
      ),
    icp: IcpPatch.optional(),
    model_provider: z
      .enum(PROVIDER_IDS)
      .nullable()
      .optional()
      .describe('offline, openai, xai, anthropic, google, mistral or openai_compatible; null: the instance default (GREENROOM_MODEL_PROVIDER)'),
    sending_connection_id: uuid.nullable().optional().describe('A connection from list_sending_connections; null unwires'),
    sending_campaign_id: z.string().min(1).max(200).nullable().optional().describe('A campaign from list_sending_tool_campaigns; null unwires'),
  }),
  output: CampaignDetail,
  handler: async (input, ctx) => {
    const { campaign_id, sending_connection_id, sending_campaign_id, ...patch } = input;
    const wiring = sending_connection_id !== undefined || sending_campaign_id !== undefined;
    // Judged before the campaign is looked up, as the OpenAPI document judges it (bodyRules).
    if (
      wiring &&
      (sending_connection_id === undefined || sending_campaign_id === undefined || (sending_connection_id === null) !== (sending_campaign_id === null))
    ) {
      throw new ToolError(
        'invalid_request',
        'sending_connection_id and sending_campaign_id go together: send both to wire the campaign, both null to unwire it',
      );
    }
    if (!wiring && Object.values(patch).every((v) => v === undefined)) {
      throw new ToolError('invalid_request', 'nothing to update: send at least one field');
    }
    // Wiring is checked with the tool first, so a refused wiring changes nothing else either.
    if (wiring) await wireCampaign(ctx, campaign_id, sending_connection_id, sending_campaign_id);
    await updateCampaign(ctx, campaign_id, patch);
    return campaignDetail(ctx, await requireCountedCampaign(ctx, campaign_id));
  },
});
