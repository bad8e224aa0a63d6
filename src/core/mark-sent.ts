import type { MessageRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';
import { writeAudit } from './audit.js';
import { requireMessage } from './drafts.js';
import { parseProfile } from './profile.js';
import { HARD } from '../qa/codes.js';
import { brokenText } from '../qa/plausible.js';
import { hardFailCodes } from '../../db/cast.js';
import { styleColumn } from './campaign-columns.js';

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
    // A pushed slot still queued in the tool (sent_at null) can be recorded as sent by hand.
    if (m.sent && m.sent_at !== null && !force) return { message: m, recorded: false };
    const recorded = await record(ctx, m, force);
    if (recorded) return { message: recorded, recorded: true };
    m = await requireMessage(ctx, messageId);
  }
  throw new ToolError('tool_error', 'The message kept changing while it was being marked sent; retry');
}

/** One recording in one transaction, or null when the message no longer is as it was read. */
async function record(ctx: Ctx, m: MessageRow, force: boolean): Promise<MessageRow | null> {
  const again = force && m.sent === 1 && m.sent_at !== null;
  return ctx.db.transaction().execute(async (trx) => {
    const recorded = await recordSentAll(trx, ctx, [
      {
        m,
        r: {
          via: 'manual',
          action: again ? 'message.marked_sent_again' : 'message.marked_sent',
          // One approved-lead row per recording: the plain reference dedupes retries, force adds another.
          reference: again ? `approved:${m.id}:${ctx.ids.uuid()}` : `approved:${m.id}`,
          meta: { previous_sent_at: m.sent_at },
        },
      },
    ]);
    return recorded[0] ?? null;
  });
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
 * mark_message_sent records one message through here, push_approved a confirmed batch.
 * Each write is guarded on the message as it was read (unsent, or sent at the time read
 * for a forced repeat); a message that changed meanwhile is left out of the result.
 */
export async function recordSentAll(
  trx: Db,
  ctx: Pick<Ctx, 'clock' | 'ids'> & { principal: Pick<Ctx['principal'], 'tokenId'> },
  items: Array<{ m: MessageRow; r: SentRecord }>,
  opts: { pushedAt?: string } = {},
): Promise<MessageRow[]> {
  const now = ctx.clock.now().toISOString();
  const recorded: MessageRow[] = [];
  for (const { m, r } of items) {
    const set = {
      sent: 1,
      sent_at: now,
      sent_via: r.via,
      needs_human: 0,
      approvable: 0,
      updated_at: now,
      ...(opts.pushedAt ? { pushed_at: opts.pushedAt } : {}),
    };
    let update = trx.updateTable('messages').set(set).where('id', '=', m.id);
    update = m.sent === 1 ? update.where('sent', '=', 1).where('sent_at', 'is not distinct from', m.sent_at) : update.where('sent', '=', 0);
    if (Number((await update.executeTakeFirst()).numUpdatedRows) !== 1) continue;
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
      .values({
        id: ctx.ids.uuid(),
        user_id: m.user_id,
        campaign_id: m.campaign_id,
        speaker_id: m.speaker_id,
        message_id: m.id,
        reference: r.reference,
        created_at: now,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
    recorded.push({ ...m, ...set });
  }
  await promoteExemplars(trx, recorded);
  return recorded;
}

/** Appends each text not yet there, keeping the newest; one read and one write per user and per campaign. */
function appendExemplars(list: string[], texts: string[], max: number): { list: string[]; changed: boolean } {
  let out = list;
  let changed = false;
  for (const t of texts) {
    if (out.includes(t)) continue;
    out = [...out, t].slice(-max);
    changed = true;
  }
  return { list: out, changed };
}

/**
 * Broken text or a company that is no company would teach later drafts the same fault:
 * such a message is recorded as sent but never learned from, whoever approved it.
 */
function promotable(m: MessageRow): boolean {
  const fails = hardFailCodes.read(m.hard_fails);
  return brokenText(m.content) === null && !fails.includes(HARD.brokenText) && !fails.includes(HARD.implausibleCompanyOrTitle);
}

/** A message the user sent becomes a style exemplar that later drafts learn from. */
async function promoteExemplars(db: Db, sent: MessageRow[]): Promise<void> {
  const messages = sent.filter(promotable);
  for (const userId of new Set(messages.map((m) => m.user_id))) {
    const user = await db.selectFrom('users').select('profile').where('id', '=', userId).executeTakeFirstOrThrow();
    const profile = parseProfile(user.profile);
    const next = appendExemplars(
      profile.exemplars,
      messages.filter((m) => m.user_id === userId).map((m) => m.content),
      PROFILE_EXEMPLARS,
    );
    if (next.changed)
      await db
        .updateTable('users')
        .set({ profile: JSON.stringify({ ...profile, exemplars: next.list }) })
        .where('id', '=', userId)
        .execute();
  }
  for (const campaignId of new Set(messages.map((m) => m.campaign_id))) {
    const campaign = await db.selectFrom('campaigns').select('style').where('id', '=', campaignId).executeTakeFirstOrThrow();
    const style = styleColumn.read(campaign.style);
    const next = appendExemplars(
      style.exemplars ?? [],
      messages.filter((m) => m.campaign_id === campaignId).map((m) => m.content),
      CAMPAIGN_EXEMPLARS,
    );
    if (next.changed)
      await db
        .updateTable('campaigns')
        .set({ style: styleColumn.write({ ...style, exemplars: next.list }) })
        .where('id', '=', campaignId)
        .execute();
  }
}

/** Moves each text to the newest end (adding it when missing), so what got a reply outlasts what was only sent. */
function renewExemplars(list: string[], texts: string[], max: number): { list: string[]; changed: boolean } {
  if (texts.length === 0) return { list, changed: false };
  const out = [...list.filter((t) => !texts.includes(t)), ...texts].slice(-max);
  return { list: out, changed: out.join('\u0000') !== list.join('\u0000') };
}

/**
 * A speaker replied (a sending tool said so, or a person set replied or booked): the
 * sent messages of that sequence become exemplars, or are renewed as the newest ones, in
 * the user's profile and the campaign, so later drafts learn from what got answers.
 */
export async function promoteReplied(db: Db, speakerId: string): Promise<number> {
  // What went out: a slot still queued in a sending tool (sent_at null) was never read by them.
  const sent = (
    await db
      .selectFrom('messages')
      .selectAll()
      .where('speaker_id', '=', speakerId)
      .where('sent', '=', 1)
      .where('sent_at', 'is not', null)
      .orderBy('slot')
      .execute()
  ).filter(promotable);
  if (sent.length === 0) return 0;
  const texts = sent.map((m) => m.content);
  const { user_id: userId, campaign_id: campaignId } = sent[0] as MessageRow;
  const user = await db.selectFrom('users').select('profile').where('id', '=', userId).executeTakeFirstOrThrow();
  const profile = parseProfile(user.profile);
  const p = renewExemplars(profile.exemplars, texts, PROFILE_EXEMPLARS);
  if (p.changed)
    await db
      .updateTable('users')
      .set({ profile: JSON.stringify({ ...profile, exemplars: p.list }) })
      .where('id', '=', userId)
      .execute();
  const campaign = await db.selectFrom('campaigns').select('style').where('id', '=', campaignId).executeTakeFirstOrThrow();
  const style = styleColumn.read(campaign.style);
  const c = renewExemplars(style.exemplars ?? [], texts, CAMPAIGN_EXEMPLARS);
  if (c.changed)
    await db
      .updateTable('campaigns')
      .set({ style: styleColumn.write({ ...style, exemplars: c.list }) })
      .where('id', '=', campaignId)
      .execute();
  return texts.length;
}
