import { sql } from 'kysely';
import type { CampaignRow, MessageRow, SendingConnectionRow } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import type { LeadOutcome, StepSlot } from '../../senders/types.js';
import { emitEvent } from '../events.js';
import { recordSentAll, type SentRecord } from '../mark-sent.js';
import { writeAudit } from '../audit.js';
import type { Db } from '../../../db/index.js';
import { stepSlotsColumn } from './push-columns.js';

/**
 * The push ledger makes a push exactly-once from Greenroom's side: a speaker's row is
 * written (pending) before the tool is called and settled after it answers. A retry
 * after a crash or a timeout finds the row still pending and sends the lead again; the
 * tools drop a lead they already hold (HeyReach updates it, lemlist answers "already",
 * a webhook receiver sees the same id), and that answer confirms the row. So a lead is
 * never added twice and a confirmation the crash swallowed is recovered by the retry.
 */

export interface Target {
  campaign: CampaignRow;
  conn: SendingConnectionRow;
}

/** Marks the speakers pending before the call; returns each speaker's push id, stable across retries. */
export async function reserve(ctx: Ctx, t: Target, speakerIds: string[]): Promise<Map<string, string>> {
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    for (const speakerId of speakerIds) {
      await trx
        .insertInto('sending_pushes')
        .values({
          id: ctx.ids.uuid(),
          user_id: t.campaign.user_id,
          campaign_id: t.campaign.id,
          speaker_id: speakerId,
          connection_id: t.conn.id,
          tool: t.conn.tool,
          sending_campaign_id: t.campaign.sending_campaign_id as string,
          state: 'pending',
          attempts: 1,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['campaign_id', 'speaker_id']).doUpdateSet({
            state: 'pending',
            reason: null,
            attempts: sql`sending_pushes.attempts + 1`,
            connection_id: t.conn.id,
            tool: t.conn.tool,
            sending_campaign_id: t.campaign.sending_campaign_id as string,
            updated_at: now,
          }),
        )
        .execute();
    }
  });
  const rows = await ctx.db
    .selectFrom('sending_pushes')
    .select(['speaker_id', 'id'])
    .where('campaign_id', '=', t.campaign.id)
    .where('speaker_id', 'in', speakerIds)
    .execute();
  return new Map(rows.map((r) => [r.speaker_id, r.id]));
}

/** What the push learnt of the tool: whether it reports each message it sends, and which of its steps carry which slot. */
export interface ToolFacts {
  reportsSent: boolean;
  steps: StepSlot[] | null;
}

/**
 * Writes the tool's answer in one transaction; refused speakers keep their reason. A
 * confirmed speaker's slots are pushed: locked, queued in the tool, and sent when the tool
 * reports sending each (sender-events.ts). A tool that reports nothing back (a webhook)
 * gets them marked sent at once, with the same bookkeeping as mark_message_sent.
 * Returns, per speaker, the slots whose text changed after it was read for the push: the
 * tool has the earlier text, so they stay unsent here.
 */
export async function settle(
  ctx: Ctx,
  t: Target,
  outcomes: LeadOutcome[],
  messages: Map<string, MessageRow[]>,
  tool: ToolFacts,
): Promise<Map<string, number[]>> {
  const changed = new Map<string, number[]>();
  const now = ctx.clock.now().toISOString();
  const confirmed = outcomes.filter((o) => o.status !== 'failed');
  await ctx.db.transaction().execute(async (trx) => {
    const ids = confirmed.flatMap((o) => (messages.get(o.ref) ?? []).map((m) => m.id));
    // Re-read inside the transaction: a slot marked sent by hand meanwhile keeps its own record,
    // and a slot edited or rewritten while the tool took the earlier text is not marked sent
    // as if its new text had gone.
    const pushed = new Map([...messages.values()].flat().map((m) => [m.id, m]));
    const current = ids.length
      ? await trx.selectFrom('messages').select(['id', 'content', 'content_updated_at']).where('id', 'in', ids).where('sent', '=', 0).execute()
      : [];
    const same = (r: (typeof current)[number]) => r.content === pushed.get(r.id)?.content && r.content_updated_at === pushed.get(r.id)?.content_updated_at;
    const unsent = new Set(current.filter(same).map((r) => r.id));
    const sent: Array<{ m: MessageRow; r: SentRecord }> = [];
    for (const o of outcomes) {
      const steps = tool.steps ? stepSlotsColumn.write(tool.steps) : null;
      const set =
        o.status === 'failed'
          ? { state: 'failed' as const, reason: o.reason, updated_at: now }
          : { state: 'confirmed' as const, outcome: o.status, reason: null, confirmed_at: now, step_slots: steps, updated_at: now };
      await trx.updateTable('sending_pushes').set(set).where('campaign_id', '=', t.campaign.id).where('speaker_id', '=', o.ref).execute();
      if (o.status === 'failed') continue;
      const meta = { tool: t.conn.tool, sending_campaign_id: t.campaign.sending_campaign_id, outcome: o.status };
      for (const m of messages.get(o.ref) ?? []) {
        if (unsent.has(m.id)) sent.push({ m, r: { via: 'push', action: 'message.pushed', reference: `approved:${m.id}`, meta } });
        else if (current.some((r) => r.id === m.id)) changed.set(o.ref, [...(changed.get(o.ref) ?? []), m.slot]);
      }
    }
    if (tool.reportsSent) await markPushed(trx, ctx, sent);
    else await recordSentAll(trx, ctx, sent, { pushedAt: now });
  });
  return changed;
}

/** Locks each slot as pushed (sent = 1, sent_at null until the tool sends it), with an audit entry; guarded on it being unsent still. */
async function markPushed(trx: Db, ctx: Ctx, items: Array<{ m: MessageRow; r: SentRecord }>): Promise<void> {
  const now = ctx.clock.now().toISOString();
  for (const { m, r } of items) {
    const set = { sent: 1, sent_at: null, sent_via: 'push' as const, pushed_at: now, needs_human: 0, approvable: 0, updated_at: now };
    const done = await trx.updateTable('messages').set(set).where('id', '=', m.id).where('sent', '=', 0).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) continue;
    await writeAudit(trx, ctx, {
      userId: m.user_id,
      actor: ctx.principal.tokenId,
      action: r.action,
      targetType: 'message',
      targetId: m.id,
      meta: { speaker_id: m.speaker_id, slot: m.slot, ...r.meta },
    });
  }
}

/** One push.completed per push, after its last batch, naming every speaker the tool confirmed in it. */
export async function announcePush(ctx: Ctx, t: Target, confirmed: LeadOutcome[]): Promise<void> {
  if (confirmed.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    await emitEvent(trx, {
      campaignId: t.campaign.id,
      runId: null,
      type: 'push.completed',
      data: {
        tool: t.conn.tool,
        sending_campaign_id: t.campaign.sending_campaign_id,
        pushed: confirmed.filter((o) => o.status === 'added').length,
        duplicate: confirmed.filter((o) => o.status === 'duplicate').length,
        speaker_ids: confirmed.map((o) => o.ref),
      },
      at: ctx.clock.now(),
    });
  });
}
