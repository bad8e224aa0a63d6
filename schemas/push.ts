import { z } from 'zod';
import { SENDER_TOOLS, SKIP_REASONS, type SkipReason } from './push-vocabulary.js';
import { CostPreview, timestamp } from './fields.js';

export const SenderToolName = z.enum(SENDER_TOOLS);

export const SendingConnectionView = z.object({
  connection_id: z.string(),
  tool: SenderToolName,
  name: z.string(),
  url: z.string().nullable().describe('The target of a webhook connection; null for HeyReach and lemlist'),
  created_at: timestamp,
  wired_campaigns: z.number().int().describe('Greenroom campaigns wired to this connection'),
  events_url: z.boolean().describe("Whether the connection has an inbound URL for the tool's accepts and replies (create_sending_events_url)"),
});

export const SkipCounts = z
  .object(Object.fromEntries(SKIP_REASONS.map((r) => [r, z.number().int()])) as Record<SkipReason, z.ZodNumber>)
  .describe('Sequences that do not go, counted by reason');

export const SpeakerPushResult = z.object({
  speaker_id: z.string(),
  speaker_name: z.string(),
  outcome: z.enum(['pushed', 'duplicate', 'skipped', 'failed']).describe('duplicate: the tool already held the lead, which counts as confirmed'),
  reason: z.string().nullable().describe('skipped: the skip reason; failed: tool_failed'),
  detail: z.string().nullable().describe('What to do about a skip, or what the tool said'),
});
export type SpeakerPushResult = z.output<typeof SpeakerPushResult>;

const CountFields = {
  added: z.number().int().describe('Leads the tool says it added to its campaign'),
  updated: z.number().int().describe('Leads the tool says it already held and updated'),
  failed: z.number().int().describe('Leads the tool says it could not add'),
};

export const ToolCountsReport = z.object({
  ...CountFields,
  batches: z.array(
    z.object({
      leads: z.number().int().describe('Leads sent in the batch'),
      ...CountFields,
      requests: z
        .number()
        .int()
        .describe("The tool's answers the batch took: more than one when failures were pinned to leads by resending parts (those answers are not added in)"),
    }),
  ),
});
export type ToolCountsReport = z.output<typeof ToolCountsReport>;

export const PushReport = z.object({
  dry_run: z.boolean(),
  tool: SenderToolName,
  sending_campaign_id: z.string(),
  cost_preview: CostPreview,
  would_push: z
    .number()
    .int()
    .describe('Sequences that go (dry run) or went into the push: QA-cleared, fresh, not yet pushed; only person-approved ones when requires_approval'),
  approved_by_person: z.number().int().describe('Of would_push, the sequences a person approved, every slot as it now reads (approve_message)'),
  requires_approval: z
    .boolean()
    .describe(
      "Only sequences a person approved go: the campaign's push_requires_approval, or only_approved on this call; the rest are skipped as not_approved",
    ),
  skipped_by_reason: SkipCounts,
  pushed: z.number().int().optional(),
  duplicate: z.number().int().optional(),
  failed: z.number().int().optional(),
  skipped: z.number().int().optional(),
  requests: z.number().int().optional().describe('HTTP requests made to the sending tool'),
  tool_counts: ToolCountsReport.nullable()
    .optional()
    .describe(
      "The tool's own counts, for a tool that answers a batch with counts rather than per lead (HeyReach); null for lemlist and webhooks, which answer per lead",
    ),
  results: z.array(SpeakerPushResult).optional(),
  step_slots: z
    .array(
      z.object({
        step_id: z.string().nullable(),
        sequence_id: z.string().nullable(),
        sequence_step: z.number().int().describe("The step's place in its sequence, from 0"),
        slot: z.number().int(),
      }),
    )
    .nullable()
    .optional()
    .describe(
      'lemlist only: the steps of its campaign that carry {{msg1}}..{{msg3}}, read at this push; each sent or reply activity is counted for the slot of its step. Empty when no step carries them, null when the sequences could not be read: sent slots then go in order and a reply counts for the last slot sent',
    ),
});
export type PushReport = z.output<typeof PushReport>;
