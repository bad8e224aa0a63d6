import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { pushApproved } from '../src/core/push/push.js';
import { dryRun, idempotencyKey, uuid } from '../schemas/fields.js';
import { PushReport } from '../schemas/push.js';

export default defineTool({
  name: 'push_approved',
  title: 'Push ready sequences to the sending tool',
  description:
    "Loads every QA-cleared (ready), not-yet-pushed sequence (three slots drafted, QA-clean and fresh, no needs_human or needs_redo, a LinkedIn URL) into the sending tool's wired campaign as MSG1..MSG3, optionally only speaker_ids. With the campaign's push_requires_approval or only_approved, only sequences a person approved (approve_message) go, the rest skipped not_approved; approved_by_person counts them. Pushed is not sent: leads wait in the tool until you start its campaign. Slots are marked sent once the tool confirms; a lead it already holds counts as confirmed (duplicate). Per speaker: pushed, duplicate, skipped (reason) or failed (reason); a failed push can be repeated without adding twice. Skipped: do-not-contact (suppressed); pushed by another campaign within GREENROOM_RECONTACT_DAYS (contacted_recently) unless named in speaker_ids. dry_run counts what would go.",
  kind: 'send',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/push' },
  hints: { openWorldHint: true },
  input: z.strictObject({
    campaign_id: uuid,
    speaker_ids: z
      .array(uuid)
      .min(1)
      .max(1000)
      .optional()
      .describe('Only these speakers; naming a speaker also lets it go although another campaign pushed the same person recently'),
    only_approved: z
      .boolean()
      .optional()
      .describe("Only sequences a person approved, every slot as it now reads (approve_message); the campaign's push_requires_approval makes this the rule"),
    dry_run: dryRun,
    idempotency_key: idempotencyKey,
  }),
  output: PushReport,
  handler: async (input, ctx) =>
    pushApproved(ctx, input.campaign_id, { speakerIds: input.speaker_ids, dryRun: input.dry_run, named: input.speaker_ids, onlyApproved: input.only_approved }),
});
