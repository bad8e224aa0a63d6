import type { MessageRow } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import { writeAudit } from '../audit.js';
import { emitEvent } from '../events.js';
import { emptyCounts } from './eligibility.js';
import type { SkipReason } from '../../../schemas/push-vocabulary.js';
import type { Target } from './ledger.js';
import { planPush, pushApproved, wiredTarget, withPushLease, type PushLease, type PushReport } from './push.js';

export const FIT_REASONS = ['not_qualified', 'below_fit_score'] as const;
export type FitReason = (typeof FIT_REASONS)[number];

export interface ApproveReport {
  dry_run: boolean;
  would_approve: number;
  approved: number;
  speakers: number;
  not_picked_by_reason: Record<FitReason, number>;
  skipped_by_reason: Record<SkipReason, number>;
  push: PushReport;
}

/**
 * Approves, in one step, every clean, fresh, approvable sequence of a qualified and
 * selected speaker (optionally only speaker_ids, optionally from a minimum fit score),
 * then pushes exactly those. "Clean" is push eligibility itself (SPEC part 3 rule 2), so
 * nothing is approved that the push would then skip. Its approvals are recorded as the
 * bulk tool's, not a person's: where the campaign requires a person's approval, the
 * sequences nobody approved are skipped (not_approved) and only the approved ones go.
 *
 * It takes the campaign's push lease before approving and holds it through its push: a
 * second call, or a push_approved, of the campaign meanwhile is refused before it approves
 * anything, and this call's approvals are always followed by its own push, never stored
 * and then left unreported behind a push refused for the lease.
 * Each approval is a guarded write on the text and the approval as they were read: what
 * another call or a person approved meanwhile is neither approved again, counted nor
 * announced twice.
 */
export async function approveAndPush(
  ctx: Ctx,
  campaignId: string,
  opts: { speakerIds?: string[]; minFitScore?: number; dryRun?: boolean },
): Promise<ApproveReport> {
  const target = await wiredTarget(ctx, campaignId);
  if (opts.dryRun) return approveAndPushNow(ctx, target, opts);
  return withPushLease(ctx, campaignId, (pushLease) => approveAndPushNow(ctx, target, { ...opts, pushLease }));
}

async function approveAndPushNow(
  ctx: Ctx,
  target: Target,
  opts: { speakerIds?: string[]; minFitScore?: number; dryRun?: boolean; pushLease?: PushLease },
): Promise<ApproveReport> {
  const campaignId = target.campaign.id;
  const plan = await planPush(ctx, target, { speakerIds: opts.speakerIds, named: opts.speakerIds });
  const notPicked: Record<FitReason, number> = { not_qualified: 0, below_fit_score: 0 };
  const picked = plan.ready.filter(({ scope: { speaker } }) => {
    if (speaker.qualified !== 1) return (notPicked.not_qualified++, false);
    if (opts.minFitScore !== undefined && (speaker.fit_score ?? -1) < opts.minFitScore) return (notPicked.below_fit_score++, false);
    return true;
  });
  const messages = picked.flatMap((p) => p.scope.messages);
  const pending = messages.filter((m) => m.approved_at === null || m.approved_at < m.content_updated_at);
  const speakerIds = picked.map((p) => p.scope.speaker.id);
  const skipped = emptyCounts();
  for (const s of plan.skipped) skipped[s.reason]++;
  const base = { would_approve: pending.length, speakers: picked.length, not_picked_by_reason: notPicked, skipped_by_reason: skipped };
  if (opts.dryRun)
    return { dry_run: true, ...base, approved: 0, push: await pushApproved(ctx, campaignId, { speakerIds, dryRun: true, named: opts.speakerIds }) };
  const approved = await approvePending(ctx, pending);
  await opts.pushLease?.renew();
  const push = await pushApproved(ctx, campaignId, { speakerIds, named: opts.speakerIds, lease: opts.pushLease });
  return { dry_run: false, ...base, approved, push };
}

/** Approves each message still as it was read; returns how many of those writes stored. */
async function approvePending(ctx: Ctx, pending: readonly MessageRow[]): Promise<number> {
  const now = ctx.clock.now().toISOString();
  let approved = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const m of pending) {
      // The text approved is the text scored, still unapproved: a concurrent edit, send or approval leaves it alone, and uncounted.
      const written = await trx
        .updateTable('messages')
        .set({ approved_at: now, approved_via: 'approve_fits_and_clean_drafts', needs_human: 0, updated_at: now })
        .where('id', '=', m.id)
        .where('content_updated_at', '=', m.content_updated_at)
        .where('sent', '=', 0)
        .where('approved_at', 'is not distinct from', m.approved_at)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) !== 1) continue;
      approved++;
      await writeAudit(trx, ctx, {
        userId: m.user_id,
        actor: ctx.principal.tokenId,
        action: 'message.approved',
        targetType: 'message',
        targetId: m.id,
        meta: { speaker_id: m.speaker_id, slot: m.slot, via: 'approve_fits_and_clean_drafts' },
      });
      const data = { message_id: m.id, speaker_id: m.speaker_id, slot: m.slot, qa_score: m.qa_score, approvable: m.approvable === 1 };
      await emitEvent(trx, { campaignId: m.campaign_id, runId: null, type: 'message.approved', data, at: ctx.clock.now() });
    }
  });
  return approved;
}
