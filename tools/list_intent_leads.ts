import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { listIntentLeads } from '../src/core/intent/leads.js';
import { cursor, limit, pageOf, uuid } from '../schemas/fields.js';
import { IntentLeadView } from '../schemas/intent.js';

export default defineTool({
  name: 'list_intent_leads',
  title: 'List intent leads',
  description:
    'Returns a page of the intent leads of a campaign (people who showed intent on LinkedIn), oldest first: headline, company, signal count and latest signal, whether the person is also a speaker in one of your campaigns, verdicts, fit score, stage and selection. ' +
    'The campaign must have intent_enabled=true. Filter with selected=true or false.',
  kind: 'read',
  http: { method: 'GET', path: '/intent-leads' },
  input: z.strictObject({ campaign_id: uuid, selected: z.boolean().optional(), limit, cursor }),
  output: pageOf(IntentLeadView),
  handler: async (input, ctx) => listIntentLeads(ctx, input),
});
