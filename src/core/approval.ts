import type { MessageRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { ToolError } from '../errors.js';
import { writeAudit } from './audit.js';
import { emitEvent } from './events.js';
import { requireCampaign } from './campaigns.js';
import { MessageChanged, requireMessage, slotState, writeIfUnchanged } from './drafts.js';
import { qaBriefOf, qaColumns, scoreSequence } from './message-qa.js';
import type { QaResult } from './qa/types.js';

const alreadySent = () => new ToolError('tool_error', 'This message was already sent; there is nothing to approve');

/**
 * A person's decision on the current text (SPEC part 3, fix action human_review): it
 * settles routing flags and clears human_review hard fails, and is written to the audit
 * log with who approved. Refused while the text is unscored or a hard fail stands that a
 * rewrite must fix. The message is scored again with the approval, so approvable and the
 * score reflect the decision; a low score is not lifted.
 */
export async function approveMessage(ctx: Ctx, messageId: string): Promise<MessageRow> {
  const m = await requireMessage(ctx, messageId);
  if (m.sent) throw alreadySent();
  if (!m.qa_evaluated_at || m.qa_evaluated_at < m.content_updated_at) {
    throw new ToolError('tool_error', 'This text has no current QA score: run rescore_drafts first, then approve');
  }
  const { before, after } = await verdicts(ctx, m);
  if (after.hardFails.length) {
    throw new ToolError('tool_error', `A hard fail stands that a rewrite must fix (${after.hardFails.join(', ')}): fix it with request_rewrite or update_message, rescore, then approve`);
  }
  const now = ctx.clock.now().toISOString();
  const set = { ...qaColumns(after, now), approved_at: now, approved_via: 'approve_message' as const, updated_at: now };
  await ctx.db.transaction().execute(async (trx) => {
    // Only the text that was judged is approved: a concurrent edit or send leaves this update matching nothing.
    try {
      await writeIfUnchanged(trx, m, set);
    } catch (err) {
      throw err instanceof MessageChanged ? await lostRace({ ...ctx, db: trx }, m.id) : err;
    }
    await writeAudit(trx, ctx, {
      userId: m.user_id,
      actor: ctx.principal.tokenId,
      action: 'message.approved',
      targetType: 'message',
      targetId: m.id,
      meta: {
        approved_by: { user_id: ctx.principal.userId, credential_id: ctx.principal.tokenId, credential_name: ctx.principal.tokenName },
        speaker_id: m.speaker_id,
        slot: m.slot,
        content_updated_at: m.content_updated_at,
        cleared_hard_fails: before.hardFails,
        settled_flags: before.fixHints.filter((h) => h.action === 'human_review' && !before.hardFails.includes(h.code)).map((h) => h.code),
      },
    });
    // message.approved once per approved text: a repeat approval records the time again, no new event.
    if (m.approved_at !== null && m.approved_at >= m.content_updated_at) return;
    const data = { message_id: m.id, speaker_id: m.speaker_id, slot: m.slot, qa_score: set.qa_score, approvable: set.approvable === 1 };
    await emitEvent(trx, { campaignId: m.campaign_id, runId: null, type: 'message.approved', data, at: ctx.clock.now() });
  });
  return { ...m, ...set };
}

/** The slot's verdict as it stands and with this person's approval, scored against its whole sequence. */
async function verdicts(ctx: Ctx, m: MessageRow): Promise<{ before: QaResult; after: QaResult }> {
  const campaign = await requireCampaign(ctx, m.campaign_id);
  const speaker = await ctx.db.selectFrom('speakers').selectAll().where('id', '=', m.speaker_id).executeTakeFirstOrThrow();
  const sequence = await ctx.db.selectFrom('messages').selectAll().where('speaker_id', '=', m.speaker_id).orderBy('slot').execute();
  const score = (approved: boolean) => {
    const state = new Map(sequence.map((o) => [o.slot, o.id === m.id ? { stamp: o.founder_stamp, approvedCurrent: approved } : slotState(o)]));
    return scoreSequence(speaker, qaBriefOf(campaign), sequence, ctx.config.qa, state).get(m.slot) as QaResult;
  };
  return { before: score(false), after: score(true) };
}

/** Why the guarded update matched no row: the message was sent or its text changed meanwhile. Reads inside the caller's transaction. */
async function lostRace(ctx: Ctx, messageId: string): Promise<ToolError> {
  const now = await requireMessage(ctx, messageId);
  if (now.sent) return alreadySent();
  return new ToolError('tool_error', 'The text changed while it was being approved: rescore it and approve the new text');
}
