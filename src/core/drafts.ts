import type { CampaignRow, MessageRow, SpeakerRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { ToolError, notFound } from '../errors.js';
import { requireCampaign } from './campaigns.js';
import { qaBriefOf, qaColumns, scoreSequence, type SlotState } from './message-qa.js';
import { messageView } from './message-view.js';
import { emitEvent } from './events.js';
import type { MessageView } from '../../schemas/message.js';

export async function requireMessage(ctx: Ctx, messageId: string): Promise<MessageRow> {
  const row = await ctx.db.selectFrom('messages').selectAll().where('id', '=', messageId).where('user_id', '=', ctx.principal.userId).executeTakeFirst();
  if (!row) throw notFound(`message ${messageId}`);
  return row;
}

/** Hint stored on a hand edit: the text has no score until rescore_drafts runs. */
export const EDITED_HINT = { code: 'edited_since_qa', action: 'rescore' as const, hint: 'The text was edited by hand and has no score yet: run rescore_drafts; a clean score releases it.' };

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
    qa_flags: '[]',
    qa_reasons: '[]',
    hard_fails: '[]',
    fix_hints: JSON.stringify([EDITED_HINT]),
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
    const speakers = await ctx.db.selectFrom('speakers').selectAll().where('id', 'in', ids).where('user_id', '=', ctx.principal.userId).orderBy('seq').execute();
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
  if (JSON.parse(m.hard_fails).length) return 'hard_fail';
  if (m.needs_human) return 'needs_human';
  return 'low_score';
}

/** Scores every unsent slot of the given speakers afresh and stores the verdicts. */
export async function rescoreSpeakers(ctx: Ctx, campaign: CampaignRow, speakerIds: string[]): Promise<Record<RescoreOutcome, number>> {
  const counts: Record<RescoreOutcome, number> = { approvable: 0, hard_fail: 0, needs_human: 0, low_score: 0, sent: 0 };
  const brief = qaBriefOf(campaign);
  const now = ctx.clock.now().toISOString();
  for (const { speaker, messages } of await loadScope(ctx, speakerIds)) {
    if (messages.length === 0) continue;
    const results = scoreSequence(speaker, brief, messages, ctx.config.qa, new Map(messages.map((m) => [m.slot, slotState(m)])));
    await ctx.db.transaction().execute(async (trx) => {
      for (const m of messages) {
        if (m.sent) {
          counts.sent++;
          continue;
        }
        const cols = qaColumns(results.get(m.slot)!, now);
        await trx.updateTable('messages').set({ ...cols, updated_at: now }).where('id', '=', m.id).where('content_updated_at', '=', m.content_updated_at).execute();
        counts[outcomeOf({ ...m, ...cols })]++;
      }
    });
  }
  return counts;
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
    const rows = await ctx.db.selectFrom('messages').select(['id', 'speaker_id']).where('campaign_id', '=', campaignId).where('id', 'in', t.message_ids).execute();
    const missing = t.message_ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new ToolError('not_found', `message ${missing[0]} is not in campaign ${campaignId}`);
    for (const r of rows) ids.add(r.speaker_id);
  }
  if (!t.speaker_ids?.length && !t.message_ids?.length) {
    const rows = await ctx.db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('drafted_at', 'is not', null).orderBy('seq').execute();
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

/** A person's decision: clears needs_human; refused while a hard fail stands or the text is unscored. */
export async function approveMessage(ctx: Ctx, messageId: string): Promise<MessageRow> {
  const m = await requireMessage(ctx, messageId);
  if (m.sent) throw new ToolError('tool_error', 'This message was already sent; there is nothing to approve');
  if (!m.qa_evaluated_at || m.qa_evaluated_at < m.content_updated_at) {
    throw new ToolError('tool_error', 'This text has no current QA score: run rescore_drafts first, then approve');
  }
  const hard = JSON.parse(m.hard_fails) as string[];
  if (hard.length) throw new ToolError('tool_error', `A hard fail stands (${hard.join(', ')}): fix it with request_rewrite or update_message, rescore, then approve`);
  const now = ctx.clock.now().toISOString();
  const approvable = (m.qa_score ?? 0) >= ctx.config.qa.approveScore && m.needs_redo === 0 ? 1 : 0;
  const set = { approved_at: now, needs_human: 0, approvable, updated_at: now };
  // A repeat approval of the same text records the time again but reports no new event.
  const already = m.approved_at !== null && m.approved_at >= m.content_updated_at;
  await ctx.db.transaction().execute(async (trx) => {
    const res = await trx.updateTable('messages').set(set).where('id', '=', m.id).where('content_updated_at', '=', m.content_updated_at).executeTakeFirst();
    if (already || Number(res.numUpdatedRows) !== 1) return;
    const data = { message_id: m.id, speaker_id: m.speaker_id, slot: m.slot, qa_score: m.qa_score, approvable: approvable === 1 };
    await emitEvent(trx, { campaignId: m.campaign_id, runId: null, type: 'message.approved', data, at: ctx.clock.now() });
  });
  return { ...m, ...set };
}

/** One message as the API shows it, judged fresh against its speaker's research. */
export async function viewOfMessage(ctx: Ctx, m: MessageRow): Promise<MessageView> {
  const s = await ctx.db.selectFrom('speakers').select('researched_at').where('id', '=', m.speaker_id).executeTakeFirstOrThrow();
  return messageView(m, { researchedAt: s.researched_at, now: ctx.clock.now(), maxAgeDays: ctx.config.qa.maxDraftAgeDays });
}
