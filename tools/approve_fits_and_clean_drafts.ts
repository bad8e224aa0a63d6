import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { approveAndPush } from '../src/core/push/approve.js';
import { dryRun, idempotencyKey, uuid } from '../schemas/fields.js';
import { PushReport, SkipCounts } from '../schemas/push.js';

export default defineTool({
  name: 'approve_fits_and_clean_drafts',
  title: 'Approve clean fits and push',
  description:
    "In one step, marks every QA-cleared, fresh sequence of a qualified, selected speaker approved (optionally only speaker_ids, optionally from min_fit_score) and pushes exactly those to the wired sending-tool campaign, as push_approved does; pushed is not sent: they wait in the tool until you start its campaign there. These approvals are this call's, not a person's: when the campaign sets push_requires_approval, only sequences a person approved with approve_message go and the rest are skipped (not_approved). Sequences that would not be pushed are not approved: people on the do-not-contact list (suppressed), and people another of your campaigns pushed within GREENROOM_RECONTACT_DAYS (contacted_recently) unless speaker_ids names them. dry_run shows how many messages it would approve and sequences it would push, and why the others would not.",
  kind: 'send',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/approve-and-push' },
  hints: { openWorldHint: true },
  input: z.strictObject({
    campaign_id: uuid,
    speaker_ids: z.array(uuid).min(1).max(1000).optional(),
    min_fit_score: z.number().int().min(0).max(100).optional().describe('Only speakers whose fit score is at least this (0 to 100)'),
    dry_run: dryRun,
    idempotency_key: idempotencyKey,
  }),
  output: z.object({
    dry_run: z.boolean(),
    would_approve: z.number().int().describe('Messages not yet approved in their current text'),
    approved: z.number().int(),
    speakers: z.number().int().describe('Sequences picked to approve and push'),
    not_picked_by_reason: z.object({ not_qualified: z.number().int(), below_fit_score: z.number().int() }),
    skipped_by_reason: SkipCounts,
    push: PushReport,
  }),
  handler: async (input, ctx) =>
    approveAndPush(ctx, input.campaign_id, { speakerIds: input.speaker_ids, minFitScore: input.min_fit_score, dryRun: input.dry_run }),
});
