import { stableHash } from '../engine/offline/text.js';

/**
 * A run's speakers are split into this many shards so several processes can work one
 * stage side by side, each holding a lease on the shards it works (src/pipeline/scheduler.ts).
 */
export const SHARDS = 16;

/**
 * A speaker's shard, fixed when the row is written. People of one company share a shard,
 * so one process drafts them all and keeps their texts apart (src/pipeline/stages/colleagues.ts);
 * people with no company are spread by their dedupe key.
 */
export function shardOf(companyFold: string, dedupeKey: string): number {
  return stableHash(companyFold || dedupeKey) % SHARDS;
}
