import type { SenderTool } from '../db/types.js';

/** The sending tools, in the order they are offered; src/senders/index.ts holds one adapter for each. */
export const SENDER_TOOLS = ['heyreach', 'lemlist', 'webhook'] as const satisfies readonly SenderTool[];

/** Why a sequence does not go, in the order they are checked (src/core/push/eligibility.ts). */
export const SKIP_REASONS = [
  'already_pushed',
  'partly_sent',
  'suppressed',
  'contacted_recently',
  'excluded',
  'missing_slots',
  'not_scored',
  'stale',
  'needs_human',
  'needs_redo',
  'not_approvable',
  'no_linkedin_url',
  'not_approved',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
