import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { setLeadSelected } from '../src/core/intent/leads.js';
import { uuid } from '../schemas/fields.js';
import { IntentLeadView } from '../schemas/intent.js';

export default defineTool({
  name: 'set_intent_lead_selected',
  title: 'Select or exclude intent lead',
  description:
    'Marks an intent lead selected (true) or excluded (false). Selected, qualified leads get a three-message sequence on the next run, with the same QA, approval and push as speakers.',
  kind: 'write',
  http: { method: 'POST', path: '/intent-leads/{lead_id}/selected' },
  hints: { idempotentHint: true },
  input: z.strictObject({ lead_id: uuid, selected: z.boolean() }),
  output: IntentLeadView,
  handler: async (input, ctx) => setLeadSelected(ctx, input.lead_id, input.selected),
});
