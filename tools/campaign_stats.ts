import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { campaignStats } from '../src/core/stats.js';
import { uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'campaign_stats',
  title: 'Campaign funnel',
  description:
    'Returns the funnel of a campaign: speakers scraped, prequalified by verdict, enriched, qualified, drafted, approved (ready to send: the ready_to_send bucket of get_draft_qa, freshness included), sent (at least one message sent), replied and booked, plus how many are excluded. intent_leads is the same funnel for the campaign\'s intent leads (imported instead of scraped).',
  kind: 'read',
  http: { method: 'GET', path: '/campaigns/{campaign_id}/stats' },
  input: z.strictObject({ campaign_id: uuid }),
  output: z.object({
    campaign_id: z.string(),
    funnel: z.object({
      scraped: z.number().int(),
      prequalified: z.object({ qualified: z.number().int(), unsure: z.number().int(), disqualified: z.number().int() }),
      enriched: z.number().int(),
      qualified: z.number().int(),
      drafted: z.number().int(),
      approved: z.number().int(),
      sent: z.number().int(),
      replied: z.number().int(),
      booked: z.number().int(),
    }),
    excluded: z.number().int(),
    intent_leads: z
      .object({
        imported: z.number().int(),
        prequalified: z.object({ qualified: z.number().int(), unsure: z.number().int(), disqualified: z.number().int() }),
        enriched: z.number().int(),
        qualified: z.number().int(),
        drafted: z.number().int(),
        approved: z.number().int(),
        sent: z.number().int(),
        replied: z.number().int(),
        booked: z.number().int(),
        excluded: z.number().int().describe('Leads not selected (leads arrive unselected)'),
      })
      .describe('The same funnel for the intent leads of the campaign; funnel counts speakers only'),
  }),
  handler: async (input, ctx) => campaignStats(ctx, input.campaign_id),
});
