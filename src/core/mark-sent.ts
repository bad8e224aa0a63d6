import type { MessageRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { Db } from '../../db/index.js';
import { writeAudit } from './audit.js';
import { requireMessage } from './drafts.js';
import { parseProfile } from './profile.js';

const PROFILE_EXEMPLARS = 50;
const CAMPAIGN_EXEMPLARS = 20;

/**
 * Records that a message went out by another route. Idempotent: a message already sent
 * is returned as it is unless force=true, which records it again. Never pushes anywhere.
 */
export async function markMessageSent(ctx: Ctx, messageId: string, force: boolean): Promise<{ message: MessageRow; recorded: boolean }> {
  const m = await requireMessage(ctx, messageId);
  if (m.sent && !force) return { message: m, recorded: false };
  const again = force && m.sent === 1;
  let set!: Partial<MessageRow>;
  await ctx.db.transaction().execute(async (trx) => {
    set = await recordSent(trx, ctx, m, {
      via: 'manual',
      action: again ? 'message.marked_sent_again' : 'message.marked_sent',
      // One approved-lead row per recording: the plain reference dedupes retries, force adds another.
      reference: again ? `approved:${m.id}:${ctx.ids.uuid()}` : `approved:${m.id}`,
      meta: { previous_sent_at: m.sent_at },
    });
  });
  return { message: { ...m, ...set }, recorded: true };
}

export interface SentRecord {
  via: 'manual' | 'push';
  action: string;
  reference: string;
  meta?: Record<string, unknown>;
}

/**
 * The bookkeeping of a sent message (SPEC part 2), inside the caller's transaction: sent
 * and sent_at, an audit entry, an approved-lead row, needs_human cleared, exemplar promotion.
 * mark_message_sent and push_approved both record a send through here.
 */
export async function recordSent(trx: Db, ctx: Ctx, m: MessageRow, r: SentRecord): Promise<Partial<MessageRow>> {
  const now = ctx.clock.now().toISOString();
  const set = { sent: 1, sent_at: now, sent_via: r.via, needs_human: 0, approvable: 0, updated_at: now };
  await trx.updateTable('messages').set(set).where('id', '=', m.id).execute();
  await writeAudit(trx, ctx, {
    userId: m.user_id,
    actor: ctx.principal.tokenId,
    action: r.action,
    targetType: 'message',
    targetId: m.id,
    meta: { speaker_id: m.speaker_id, slot: m.slot, ...r.meta },
  });
  await trx
    .insertInto('approved_leads')
    .values({ id: ctx.ids.uuid(), user_id: m.user_id, campaign_id: m.campaign_id, speaker_id: m.speaker_id, message_id: m.id, reference: r.reference, created_at: now })
    .onConflict((oc) => oc.column('reference').doNothing())
    .execute();
  await promoteExemplar(trx, m);
  return set;
}

/** A message the user sent becomes a style exemplar that later drafts learn from. */
async function promoteExemplar(db: Db, m: MessageRow): Promise<void> {
  const user = await db.selectFrom('users').select('profile').where('id', '=', m.user_id).executeTakeFirstOrThrow();
  const profile = parseProfile(user.profile);
  if (!profile.exemplars.includes(m.content)) {
    profile.exemplars = [...profile.exemplars, m.content].slice(-PROFILE_EXEMPLARS);
    await db.updateTable('users').set({ profile: JSON.stringify(profile) }).where('id', '=', m.user_id).execute();
  }
  const campaign = await db.selectFrom('campaigns').select('style').where('id', '=', m.campaign_id).executeTakeFirstOrThrow();
  const style = JSON.parse(campaign.style || '{}') as { exemplars?: string[] };
  const exemplars = style.exemplars ?? [];
  if (!exemplars.includes(m.content)) {
    await db.updateTable('campaigns').set({ style: JSON.stringify({ ...style, exemplars: [...exemplars, m.content].slice(-CAMPAIGN_EXEMPLARS) }) }).where('id', '=', m.campaign_id).execute();
  }
}
