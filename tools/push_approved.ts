import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { pushApproved } from '../src/core/push/push.js';
import { dryRun, idempotencyKey, uuid } from '../schemas/fields.js';
import { PushReport } from '../schemas/push.js';

export default defineTool({
  name: 'push_approved',
  title: 'Push approved sequences',
  description:
    'Loads every send-ready, not-yet-pushed sequence (all three slots drafted, QA-clean and fresh, no needs_human or needs_redo, a LinkedIn URL) into the campaign wired in the sending tool, optionally only speaker_ids. Slots go as MSG1..MSG3. Messages are marked sent only once the tool confirms; a lead the tool already holds counts as confirmed (duplicate). Per speaker: pushed, duplicate, skipped (reason) or failed (reason). A failed or interrupted push can be repeated: nothing is added twice. People on the do-not-contact list are skipped (suppressed), whenever they were listed. A person (by LinkedIn profile) pushed by another of your campaigns within GREENROOM_RECONTACT_DAYS (default 90) is skipped (contacted_recently) unless speaker_ids names them. dry_run counts what would go and why the rest would not. Never starts or arms the tool campaign.',
  kind: 'send',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/push' },
  hints: { openWorldHint: true },
  input: z.strictObject({
    campaign_id: uuid,
    speaker_ids: z.array(uuid).min(1).max(1000).optional().describe('Only these speakers; naming a speaker also lets it go although another campaign pushed the same person recently'),
    dry_run: dryRun,
    idempotency_key: idempotencyKey,
  }),
  output: PushReport,
  handler: async (input, ctx) => pushApproved(ctx, input.campaign_id, { speakerIds: input.speaker_ids, dryRun: input.dry_run, named: input.speaker_ids }),
});
