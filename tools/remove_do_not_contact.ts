import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { DNC_VALUE_MAX, removeEntry } from '../src/core/do-not-contact.js';
import { ToolError } from '../src/errors.js';
import { uuid } from '../schemas/fields.js';
import { DncEntry, DncType } from '../schemas/do-not-contact.js';

export default defineTool({
  name: 'remove_do_not_contact',
  title: 'Remove from do-not-contact',
  description:
    'Takes one entry off the do-not-contact list, named by entry_id or by value (and type, when the value could be read two ways). Speakers a run skipped because of it, and that no other entry matches, go back to the stage they were skipped at: the next start_campaign_run drafts them. Their pushes are no longer held back. An entry that is not on the list is not_found.',
  kind: 'write',
  http: { method: 'POST', path: '/do-not-contact/remove' },
  hints: { destructiveHint: true },
  requireAny: ['entry_id', 'value'],
  bodyRules: [{ not: { required: ['entry_id', 'value'] } }],
  input: z.strictObject({
    entry_id: uuid.optional(),
    value: z.string().min(1).max(DNC_VALUE_MAX).optional().describe('The value as added (it is normalised the same way)'),
    type: DncType.optional(),
  }),
  output: z.object({
    removed: DncEntry,
    speakers_released: z.number().int().describe('Speakers sent back to the stage a run skipped them at'),
  }),
  handler: async (input, ctx) => {
    if (input.entry_id && input.value !== undefined) throw new ToolError('invalid_request', 'give entry_id or value, not both');
    if (input.entry_id && input.type !== undefined) throw new ToolError('invalid_request', 'type goes with value, not with entry_id');
    return removeEntry(ctx, input);
  },
});
