import type { MessageRow, SpeakerRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { ToolError } from '../errors.js';
import { writeAudit } from './audit.js';
import { emitEvent } from './events.js';
import { requireCampaign } from './campaigns.js';
import { MessageChanged, requireMessage, slotState, writeIfUnchanged } from './drafts.js';
import { qaBriefOf, qaColumns, scoreSequence } from './message-qa.js';
import { qaCode } from '../qa/codes.js';
import type { QaResult } from '../qa/types.js';
import { requireSpeaker } from './speakers.js';

type Via = 'approve_message' | 'approve_sequence';

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
  const speaker = await ctx.db.selectFrom('speakers').selectAll().where('id', '=', m.speaker_id).executeTakeFirstOrThrow();
  const { stored } = await approve(ctx, speaker, [m.id], 'approve_message');
  return stored[0] as MessageRow;
}

/**
 * A person's approval of a speaker's whole sequence as one decision: every unsent slot is
 * approved as approve_message would, in one transaction, or none is (a slot unscored or
 * with a hard fail a rewrite must fix refuses the whole sequence, naming the slot).
 * Returns every slot of the sequence as stored afterwards.
 */
export async function approveSequence(ctx: Ctx, speakerId: string): Promise<{ approved: number; messages: MessageRow[] }> {
  const speaker = await requireSpeaker(ctx, speakerId);
  const sequence = await sequenceOf(ctx, speaker.id);
  if (sequence.length === 0) throw new ToolError('tool_error', 'This speaker has no drafts yet; there is nothing to approve');
  const open = sequence.filter((m) => !m.sent);
  if (open.length === 0) throw new ToolError('tool_error', 'Every message of this sequence was already sent; there is nothing to approve');
  const { stored, newly } = await approve(
    ctx,
    speaker,
    open.map((m) => m.id),
    'approve_sequence',
  );
  const byId = new Map(stored.map((m) => [m.id, m]));
  return { approved: newly, messages: sequence.map((m) => byId.get(m.id) ?? m) };
}

const sequenceOf = (ctx: Ctx, speakerId: string) => ctx.db.selectFrom('messages').selectAll().where('speaker_id', '=', speakerId).orderBy('slot').execute();

/** Another approval of the same text was stored between this call's read and its write. */
class ApprovedMeanwhile extends Error {}

/**
 * Approves the given unsent slots of one speaker's sequence together, scored with every
 * one of them approved, and writes them onto the texts and approvals that were read, or
 * nothing. When another call approved one of them meanwhile, the approval is made again
 * on what is stored now, so it is announced once and this person's approval stands.
 * Returns the slots as stored and how many of them this call approved first.
 */
async function approve(ctx: Ctx, speaker: SpeakerRow, ids: string[], via: Via): Promise<{ stored: MessageRow[]; newly: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await approveOnce(ctx, speaker, ids, via);
    } catch (err) {
      if (!(err instanceof ApprovedMeanwhile)) throw err;
      if (attempt === 3) throw new ToolError('tool_error', 'Other approvals of this text keep arriving at the same time: retry in a moment');
    }
  }
}

async function approveOnce(ctx: Ctx, speaker: SpeakerRow, ids: string[], via: Via): Promise<{ stored: MessageRow[]; newly: number }> {
  const sequence = await sequenceOf(ctx, speaker.id);
  const targets = sequence.filter((m) => ids.includes(m.id));
  const label = (m: MessageRow) => (via === 'approve_sequence' ? `Message ${m.slot}: ` : '');
  for (const m of targets) {
    if (m.sent) throw alreadySent();
    if (!m.qa_evaluated_at || m.qa_evaluated_at < m.content_updated_at) {
      throw new ToolError('tool_error', `${label(m)}This text has no current QA score: check it again first, then approve`);
    }
  }
  const { before, after } = await verdicts(ctx, speaker, sequence, ids);
  for (const m of targets) {
    const fails = (after.get(m.slot) as QaResult).hardFails;
    if (fails.length) {
      throw new ToolError(
        'tool_error',
        `${label(m)}It fails the check: ${fails.map((code) => qaCode(code)?.description ?? code).join(' ')} Edit or rewrite it, check it again, then approve.`,
      );
    }
  }
  const now = ctx.clock.now().toISOString();
  const sets = new Map(
    targets.map((m) => [
      m.id,
      { ...qaColumns(after.get(m.slot) as QaResult, now), approved_at: now, approved_via: 'approve_message' as const, updated_at: now },
    ]),
  );
  await ctx.db.transaction().execute(async (trx) => {
    for (const m of targets) {
      const set = sets.get(m.id)!;
      // Only the text that was judged, as approved as it was read, is approved: a concurrent edit, send or approval leaves this update matching nothing.
      try {
        await writeIfUnchanged(trx, m, set, { sameApproval: true });
      } catch (err) {
        throw err instanceof MessageChanged ? await lostRace({ ...ctx, db: trx }, m) : err;
      }
      const was = before.get(m.slot) as QaResult;
      await writeAudit(trx, ctx, {
        userId: m.user_id,
        actor: ctx.principal.tokenId,
        action: 'message.approved',
        targetType: 'message',
        targetId: m.id,
        meta: {
          approved_by: { user_id: ctx.principal.userId, credential_id: ctx.principal.tokenId, credential_name: ctx.principal.tokenName },
          via,
          speaker_id: m.speaker_id,
          slot: m.slot,
          content_updated_at: m.content_updated_at,
          cleared_hard_fails: was.hardFails,
          settled_flags: was.fixHints.filter((h) => h.action === 'human_review' && !was.hardFails.includes(h.code)).map((h) => h.code),
        },
      });
      // message.approved once per approved text: a repeat approval records the time again, no new event.
      if (slotState(m).approvedCurrent) continue;
      const data = { message_id: m.id, speaker_id: m.speaker_id, slot: m.slot, qa_score: set.qa_score, approvable: set.approvable === 1 };
      await emitEvent(trx, { campaignId: m.campaign_id, runId: null, type: 'message.approved', data, at: ctx.clock.now() });
    }
  });
  return { stored: targets.map((m) => ({ ...m, ...sets.get(m.id)! })), newly: targets.filter((m) => !slotState(m).approvedCurrent).length };
}

/** The slots' verdicts as they stand and with this person's approval of `ids`, scored against the whole sequence. */
async function verdicts(
  ctx: Ctx,
  speaker: SpeakerRow,
  sequence: MessageRow[],
  ids: string[],
): Promise<{ before: Map<number, QaResult>; after: Map<number, QaResult> }> {
  const campaign = await requireCampaign(ctx, speaker.campaign_id);
  const score = (approved: boolean) => {
    const state = new Map(sequence.map((o) => [o.slot, ids.includes(o.id) ? { stamp: o.founder_stamp, approvedCurrent: approved } : slotState(o)]));
    return scoreSequence(speaker, qaBriefOf(campaign), sequence, ctx.config.qa, state);
  };
  return { before: score(false), after: score(true) };
}

/** Why the guarded update matched no row: the message was sent, its text changed or it was approved meanwhile. Reads inside the caller's transaction. */
async function lostRace(ctx: Ctx, m: MessageRow): Promise<Error> {
  const now = await requireMessage(ctx, m.id);
  if (now.sent) return alreadySent();
  if (now.content_updated_at !== m.content_updated_at)
    return new ToolError('tool_error', 'The text changed while it was being approved: check it again and approve the new text');
  return new ApprovedMeanwhile();
}
