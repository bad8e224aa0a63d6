import type { MessageRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';
import { writeAudit } from './audit.js';
import { requireMessage } from './drafts.js';
import { parseProfile } from './profile.js';

const PROFILE_EXEMPLARS = 50;
const CAMPAIGN_EXEMPLARS = 20;

/** How often a recording is retried when another call changed the message between our read and our write. */
const ATTEMPTS = 5;

/**
 * Records that a message went out by another route. Idempotent: a message already sent
 * is returned as it is unless force=true, which records it again. Never pushes anywhere.
 * The write is guarded on the state that was read, so of two calls racing to record a
 * first send exactly one records; the other gets the idempotent answer.
 */
export async function markMessageSent(ctx: Ctx, messageId: string, force: boolean): Promise<{ message: MessageRow; recorded: boolean }> {
  let m = await requireMessage(ctx, messageId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (m.sent && !force) return { message: m, recorded: false };
    const recorded = await record(ctx, m, force);
    if (recorded) return { message: recorded, recorded: true };
    m = await requireMessage(ctx, messageId);
  }
  throw new ToolError('tool_error', 'The message kept changing while it was being marked sent; retry');
}

/** One recording in one transaction, or null when the message no longer is as it was read. */
async function record(ctx: Ctx, m: MessageRow, force: boolean): Promise<MessageRow | null> {
  const now = ctx.clock.now().toISOString();
  const again = force && m.sent === 1;
  const set = { sent: 1, sent_at: now, sent_via: 'manual' as const, needs_human: 0, approvable: 0, updated_at: now };
  return ctx.db.transaction().execute(async (trx) => {
    let update = trx.updateTable('messages').set(set).where('id', '=', m.id);
    update = again ? update.where('sent', '=', 1).where('sent_at', 'is', m.sent_at) : update.where('sent', '=', 0);
    const res = await update.executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;
    await writeAudit(trx, ctx, {
      userId: m.user_id,
      actor: ctx.principal.tokenId,
      action: again ? 'message.marked_sent_again' : 'message.marked_sent',
      targetType: 'message',
      targetId: m.id,
      meta: { speaker_id: m.speaker_id, slot: m.slot, previous_sent_at: m.sent_at },
    });
    // One approved-lead row per recording: the plain reference dedupes retries, force adds another.
    const reference = again ? `approved:${m.id}:${ctx.ids.uuid()}` : `approved:${m.id}`;
    await trx
      .insertInto('approved_leads')
      .values({ id: ctx.ids.uuid(), user_id: m.user_id, campaign_id: m.campaign_id, speaker_id: m.speaker_id, message_id: m.id, reference, created_at: now })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
    await promoteExemplar(trx, m);
    return { ...m, ...set };
  });
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
