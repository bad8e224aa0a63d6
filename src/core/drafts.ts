import type { Updateable } from 'kysely';
import type { MessageRow, MessagesTable, SpeakerRow } from '../../db/types.js';
import type { Db } from '../../db/index.js';
import type { Ctx } from '../context.js';
import { ToolError, notFound } from '../errors.js';
import { requireCampaign } from './campaigns.js';
import type { SlotState } from './message-qa.js';
import { messageView } from './message-view.js';
import type { MessageView } from '../../schemas/message.js';
import { hardFailCodes } from '../../db/cast.js';
import { fixHintsColumn, qaFlagsColumn, qaReasonsColumn } from './message-columns.js';

export async function requireMessage(ctx: Ctx, messageId: string): Promise<MessageRow> {
  const row = await ctx.db.selectFrom('messages').selectAll().where('id', '=', messageId).where('user_id', '=', ctx.principal.userId).executeTakeFirst();
  if (!row) throw notFound(`message ${messageId}`);
  return row;
}

/** Hint stored on a hand edit: the text has no score until it is checked again (action rescore). */
export const EDITED_HINT = {
  code: 'edited_since_qa',
  action: 'rescore' as const,
  fix: 'rescore' as const,
  hint: 'The text was edited by hand and has no score yet: check it again; a clean score releases it.',
};

/** A hand edit: refused once sent; clears the score so the fix action becomes rescore. */
export async function editMessage(ctx: Ctx, messageId: string, content: string): Promise<MessageRow> {
  const m = await requireMessage(ctx, messageId);
  if (m.sent) throw new ToolError('tool_error', 'This message was already sent; a sent message cannot be edited');
  const now = ctx.clock.now().toISOString();
  const set = {
    content,
    content_updated_at: now,
    hand_edited: 1,
    qa_score: null,
    qa_evaluated_at: null,
    qa_flags: qaFlagsColumn.write([]),
    qa_reasons: qaReasonsColumn.write([]),
    hard_fails: hardFailCodes.write([]),
    fix_hints: fixHintsColumn.write([EDITED_HINT]),
    needs_redo: 0,
    approvable: 0,
    // A person approved the previous text, not this one.
    approved_at: null,
    updated_at: now,
  };
  // The sent check rides in the update too, so a concurrent mark_message_sent wins cleanly.
  const res = await ctx.db.updateTable('messages').set(set).where('id', '=', m.id).where('sent', '=', 0).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new ToolError('tool_error', 'This message was already sent; a sent message cannot be edited');
  return { ...m, ...set };
}

export type RescoreOutcome = 'approvable' | 'hard_fail' | 'needs_human' | 'low_score' | 'sent';

export interface SpeakerScope {
  speaker: SpeakerRow;
  messages: MessageRow[];
}

export async function loadScope(ctx: Ctx, speakerIds: string[]): Promise<SpeakerScope[]> {
  if (speakerIds.length === 0) return [];
  const out: SpeakerScope[] = [];
  for (let i = 0; i < speakerIds.length; i += 500) {
    const ids = speakerIds.slice(i, i + 500);
    const speakers = await ctx.db
      .selectFrom('speakers')
      .selectAll()
      .where('id', 'in', ids)
      .where('user_id', '=', ctx.principal.userId)
      .orderBy('seq')
      .execute();
    const messages = await ctx.db.selectFrom('messages').selectAll().where('speaker_id', 'in', ids).orderBy('slot').execute();
    for (const s of speakers) out.push({ speaker: s, messages: messages.filter((m) => m.speaker_id === s.id) });
  }
  return out;
}

export function slotState(m: MessageRow): SlotState {
  return { stamp: m.founder_stamp, approvedCurrent: m.approved_at !== null && m.approved_at >= m.content_updated_at };
}

export function outcomeOf(m: Pick<MessageRow, 'sent' | 'approvable' | 'hard_fails' | 'needs_human'>): RescoreOutcome {
  if (m.sent) return 'sent';
  if (m.approvable) return 'approvable';
  if (hardFailCodes.read(m.hard_fails).length) return 'hard_fail';
  if (m.needs_human) return 'needs_human';
  return 'low_score';
}

/** Resolves rewrite/rescore targets to speaker ids: speakers, the speakers of messages, or the whole campaign. */
export async function targetSpeakers(ctx: Ctx, campaignId: string, t: { speaker_ids?: string[]; message_ids?: string[] }): Promise<string[]> {
  await requireCampaign(ctx, campaignId);
  const ids = new Set<string>();
  if (t.speaker_ids?.length) {
    const rows = await ctx.db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('id', 'in', t.speaker_ids).execute();
    const missing = t.speaker_ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new ToolError('not_found', `speaker ${missing[0]} is not in campaign ${campaignId}`);
    for (const r of rows) ids.add(r.id);
  }
  if (t.message_ids?.length) {
    const rows = await ctx.db
      .selectFrom('messages')
      .select(['id', 'speaker_id'])
      .where('campaign_id', '=', campaignId)
      .where('id', 'in', t.message_ids)
      .execute();
    const missing = t.message_ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new ToolError('not_found', `message ${missing[0]} is not in campaign ${campaignId}`);
    for (const r of rows) ids.add(r.speaker_id);
  }
  if (!t.speaker_ids?.length && !t.message_ids?.length) {
    const rows = await ctx.db
      .selectFrom('speakers')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('drafted_at', 'is not', null)
      .orderBy('seq')
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

/** One message as the API shows it, judged fresh against its speaker's research. */
export async function viewOfMessage(ctx: Ctx, m: MessageRow): Promise<MessageView> {
  const s = await ctx.db.selectFrom('speakers').select('researched_at').where('id', '=', m.speaker_id).executeTakeFirstOrThrow();
  return messageView(m, { researchedAt: s.researched_at, now: ctx.clock.now(), maxAgeDays: ctx.config.qa.maxDraftAgeDays });
}

/** A message changed between our read and our write; the caller's transaction rolls back. */
export class MessageChanged extends Error {}

/**
 * Writes to a message only while it is as it was read: unsent, the same text and, with
 * `sameApproval`, the same approval. Throws MessageChanged when the write matched no row,
 * so a guarded transaction over several slots writes all of them or none.
 */
export async function writeIfUnchanged(db: Db, m: MessageRow, set: Updateable<MessagesTable>, opts: { sameApproval?: boolean } = {}): Promise<void> {
  let update = db.updateTable('messages').set(set).where('id', '=', m.id).where('sent', '=', 0).where('content_updated_at', '=', m.content_updated_at);
  if (opts.sameApproval) update = update.where('approved_at', 'is not distinct from', m.approved_at);
  if (Number((await update.executeTakeFirst()).numUpdatedRows) !== 1) throw new MessageChanged();
}
