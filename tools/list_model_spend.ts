import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireCampaign } from '../src/core/campaigns.js';
import { listSpend } from '../src/core/spend.js';
import { uuid } from '../schemas/fields.js';

const usage = {
  calls: z.number().int().describe('Model calls, each attempt counted'),
  failed_calls: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z
    .number()
    .nullable()
    .describe(
      'USD at the price table (GREENROOM_MODEL_PRICES over the built-in one); null: unknown, calls of a model without a price are included (unpriced_calls)',
    ),
  unpriced_calls: z.number().int().describe('Calls of a model without a price: their cost is unknown, not zero'),
  credits: z.number().int().describe('Credits charged with these calls (enrichments that learned something, drafted sequences)'),
  rate_limit_wait_ms: z.number().int().describe("Time the calls waited out the provider's rate limits (HTTP 429, Retry-After)"),
};

export default defineTool({
  name: 'list_model_spend',
  title: 'Model spend',
  description:
    'Lists your model spend by campaign, provider and model: calls, failed calls, tokens, USD, credits and time waited out rate limits, with totals; optionally one campaign_id or from a time on (since). A model without a price is marked priced=false and its cost is unknown (cost_usd null, with unpriced_calls), never counted as free. Calls outside a campaign (compare_models) have campaign_id null. `greenroom spend` prints the same.',
  kind: 'read',
  http: { method: 'GET', path: '/spend' },
  input: z.strictObject({
    campaign_id: uuid.optional().describe('Only this campaign'),
    since: z.iso.datetime({ offset: true }).optional().describe('Only calls at or after this time (ISO 8601)'),
  }),
  output: z.object({
    lines: z.array(
      z.object({
        campaign_id: z.string().nullable(),
        campaign_name: z.string().nullable(),
        provider: z.string(),
        model: z.string(),
        priced: z.boolean().describe('false: the model has no price'),
        ...usage,
      }),
    ),
    totals: z.object({ ...usage, priced_usd: z.number().describe('USD of the priced calls alone') }),
  }),
  handler: async (input, ctx) => {
    if (input.campaign_id) await requireCampaign(ctx, input.campaign_id);
    const since = input.since ? new Date(input.since).toISOString() : undefined;
    return listSpend(ctx.db, ctx.principal.userId, { campaignId: input.campaign_id, since });
  },
});
