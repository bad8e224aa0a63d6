/**
 * Events back from the sending tools. Each HeyReach or lemlist connection gets an
 * inbound URL whose last path segment is a secret (neither tool signs its webhooks; a
 * secret in the URL is what both allow). The tool posts its own payload there, read by
 * src/senders/inbound.ts.
 *
 * An event is kept once per tool event id (HeyReach: correlation_id, else a digest of
 * type, conversation, lead and time; lemlist: _id), so a replay changes nothing. The person is found
 * among this connection's pushes by LinkedIn profile (then e-mail): an accept stamps
 * accepted_at; a reply stamps replied_at and sets reply_status to replied unless a person
 * already set booked, the first one records which slot it followed (reply_slot), and the
 * sequence's messages become the newest style exemplars.
 * A sent event marks the slot it sent (an invite only when its note carries one of our slots).
 * They go out as lead.accepted / lead.sent / lead.replied webhook events.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseEvent, TOOL_EVENTS, type ParsedEvent } from '../senders/inbound.js';
import type { MessageRow, SenderTool, SpeakerRow } from '../../db/types.js';
import type { StepSlot } from '../senders/types.js';
import type { Ctx, Services } from '../context.js';
import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';
import { emitEvent } from './events.js';
import { profileKey, speakerKeys } from './do-not-contact.js';
import { requireConnection } from './sending-connections.js';
import { promoteReplied, recordSentAll } from './mark-sent.js';
import { mayBeProfile } from './recontact.js';
import { stepSlotsColumn } from './push/push-columns.js';

export const SENDER_INBOUND_PATH = '/inbound/senders';

export const senderInboundUrl = (services: Pick<Services, 'config'>, connectionId: string, secret: string): string =>
  `${services.config.publicUrl}${SENDER_INBOUND_PATH}/${connectionId}/${secret}`;

const hash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Gives the connection a new inbound URL; a URL made before stops working at once. */
export async function createEventsUrl(ctx: Ctx, connectionId: string) {
  const conn = await requireConnection(ctx, connectionId);
  if (conn.tool === 'webhook') {
    throw new ToolError('tool_error', 'a webhook connection has no inbound events: only HeyReach and lemlist connections report accepts and replies');
  }
  const secret = randomBytes(24).toString('base64url');
  const rotated = conn.inbound_hash !== null;
  await ctx.db
    .updateTable('sending_connections')
    .set({ inbound_hash: hash(secret), updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', conn.id)
    .execute();
  return { connection_id: conn.id, tool: conn.tool, url: senderInboundUrl(ctx, conn.id, secret), rotated, subscribe_to: [...TOOL_EVENTS[conn.tool].subscribe] };
}

export interface InboundReport {
  received: number;
  duplicates: number;
  matched: number;
  ignored: number;
  unmatched: number;
}

/**
 * Checks the URL's secret, then records each event once and applies it. A wrong or
 * unknown URL is unauthenticated; a body that is not the tool's JSON is invalid_request.
 */
export async function receiveSenderEvents(services: Services, connectionId: string, secret: string, body: string): Promise<InboundReport> {
  const conn = /^[0-9a-f-]{36}$/i.test(connectionId)
    ? await services.db.selectFrom('sending_connections').selectAll().where('id', '=', connectionId).executeTakeFirst()
    : undefined;
  const expected = conn?.inbound_hash ? Buffer.from(conn.inbound_hash) : null;
  const given = Buffer.from(hash(secret));
  if (!conn || !expected || expected.length !== given.length || !timingSafeEqual(expected, given) || conn.tool === 'webhook') {
    throw new ToolError(
      'unauthenticated',
      'unknown inbound URL, or its secret was replaced: copy the current URL from create_sending_events_url into the tool',
    );
  }
  const tool = conn.tool as 'heyreach' | 'lemlist';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ToolError('invalid_request', 'the body is not JSON');
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0 || items.length > 500) throw new ToolError('invalid_request', 'send one event, or an array of 1 to 500');
  const now = services.clock.now();
  const events: ParsedEvent[] = [];
  for (const [i, item] of items.entries()) {
    const e = parseEvent(tool, item, now);
    if ('error' in e) throw new ToolError('invalid_request', items.length > 1 ? `event ${i}: ${e.error}` : e.error);
    events.push({ ...e, profile: profileKey(e.profile) });
  }
  const report: InboundReport = { received: events.length, duplicates: 0, matched: 0, ignored: 0, unmatched: 0 };
  for (const e of events) {
    const outcome = await applyEvent(services, conn.id, conn.user_id, conn.tool, e);
    report[outcome]++;
  }
  return report;
}

type Outcome = 'duplicates' | 'matched' | 'ignored' | 'unmatched';

interface Pushed {
  speaker: SpeakerRow;
  /** lemlist: the steps that carry our slots, as read from its campaign at the push; null when unknown. */
  steps: StepSlot[] | null;
}

async function applyEvent(services: Services, connectionId: string, userId: string, tool: SenderTool, e: ParsedEvent): Promise<Outcome> {
  const found = e.kind === 'ignored' ? undefined : await findSpeaker(services, connectionId, e);
  const speaker = found?.speaker;
  const nowIso = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('sender_events')
      .values({
        id: services.ids.uuid(),
        user_id: userId,
        connection_id: connectionId,
        tool,
        event_id: e.eventId.slice(0, 200),
        type: e.kind,
        tool_type: e.toolType.slice(0, 80),
        campaign_id: speaker?.campaign_id ?? null,
        speaker_id: speaker?.id ?? null,
        profile_url: e.profile,
        occurred_at: e.occurredAt,
        received_at: nowIso,
      })
      .onConflict((oc) => oc.columns(['connection_id', 'event_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicates';
    if (e.kind === 'ignored') return 'ignored';
    if (!found || !speaker) return 'unmatched';
    if (e.kind === 'sent') {
      await recordToolSent(trx, services, connectionId, tool, found, e);
      return 'matched';
    }
    if (e.kind === 'accepted') {
      await trx
        .updateTable('speakers')
        .set({ accepted_at: speaker.accepted_at && speaker.accepted_at < e.occurredAt ? speaker.accepted_at : e.occurredAt, updated_at: nowIso })
        .where('id', '=', speaker.id)
        .execute();
    } else {
      const replied = speaker.replied_at && speaker.replied_at > e.occurredAt ? speaker.replied_at : e.occurredAt;
      // The first reported reply says which message got the answer; later ones leave it.
      const slot = speaker.reply_slot ?? (await replySlot(trx, found, e));
      // booked is a person's call and stays; anything else becomes replied.
      await trx
        .updateTable('speakers')
        .set({ replied_at: replied, reply_slot: slot, ...(speaker.reply_status === 'booked' ? {} : { reply_status: 'replied' as const }), updated_at: nowIso })
        .where('id', '=', speaker.id)
        .execute();
      await promoteReplied(trx, speaker.id);
    }
    const data = { speaker_id: speaker.id, tool, tool_event: e.toolType, linkedin_url: e.profile, occurred_at: e.occurredAt };
    await emitEvent(trx, {
      campaignId: speaker.campaign_id,
      runId: null,
      type: e.kind === 'accepted' ? 'lead.accepted' : 'lead.replied',
      data,
      at: services.clock.now(),
    });
    return 'matched';
  });
}

const fold = (t: string): string => t.replace(/\s+/g, ' ').trim().toLowerCase();

type Slot = Pick<MessageRow, 'slot' | 'content' | 'sent_at' | 'pushed_at'>;

/** The slot whose text a message from the tool holds (a step may wrap {{MSG2}} in words of its own). */
function slotByText(slots: readonly Slot[], message: string): number | null {
  const text = fold(message);
  return slots.find((m) => fold(m.content) !== '' && text.includes(fold(m.content)))?.slot ?? null;
}

/**
 * The slot a lemlist activity's step carries, by the steps read from the campaign at the
 * push: the step's id, else its sequence and place. 'none' when the steps are known and
 * this one carries none of our slots (a step of the user's own words); null when unknown.
 */
function slotByStep(steps: StepSlot[] | null, e: ParsedEvent): number | 'none' | null {
  if (!steps || steps.length === 0) return null;
  const hit =
    (e.stepId ? steps.find((s) => s.step_id === e.stepId) : undefined) ??
    (e.sequenceStep !== null
      ? steps.find((s) => s.sequence_step === e.sequenceStep && (e.sequenceId === null || s.sequence_id === null || s.sequence_id === e.sequenceId))
      : undefined);
  if (hit) return hit.slot;
  return e.stepId || e.sequenceStep !== null ? 'none' : null;
}

/**
 * The tool sent one of the speaker's pushed slots: that slot is sent now, with the
 * bookkeeping of a sent message (audit, approved-lead row, exemplar), and goes out as
 * lead.sent. Which slot: HeyReach's message text, lemlist's step; without either, the first
 * pushed slot not sent yet, as the tool sends them in order. An invite names a slot only by
 * its note's text or its step, never by order: a bare invite sends none of ours. A slot
 * already sent (by hand, or a repeat) stays as it is.
 */
async function recordToolSent(db: Db, services: Services, connectionId: string, tool: SenderTool, found: Pushed, e: ParsedEvent): Promise<void> {
  const messages = await db.selectFrom('messages').selectAll().where('speaker_id', '=', found.speaker.id).orderBy('slot').execute();
  const byStep = slotByStep(found.steps, e);
  if (byStep === 'none') return;
  const inOrder = e.invite ? null : (messages.find((m) => m.pushed_at !== null && m.sent_at === null)?.slot ?? null);
  const slot = (e.sentText ? slotByText(messages, e.sentText) : null) ?? byStep ?? inOrder;
  const m = messages.find((x) => x.slot === slot);
  if (!m || m.sent_at !== null) return;
  const deps = { clock: services.clock, ids: services.ids, principal: { tokenId: `sending_connection:${connectionId}` } };
  const meta = { tool_event: e.toolType, occurred_at: e.occurredAt };
  const recorded = await recordSentAll(db, deps, [{ m, r: { via: 'push', action: 'message.sent_by_tool', reference: `approved:${m.id}`, meta } }]);
  if (recorded.length === 0) return;
  await emitEvent(db, {
    campaignId: found.speaker.campaign_id,
    runId: null,
    type: 'lead.sent',
    data: {
      speaker_id: found.speaker.id,
      message_id: m.id,
      slot: m.slot,
      tool,
      tool_event: e.toolType,
      linkedin_url: e.profile,
      occurred_at: e.occurredAt,
    },
    at: services.clock.now(),
  });
}

/**
 * The slot of the message a reply followed. HeyReach lists what was sent before the reply:
 * the newest of those that carries a slot's text. lemlist names the step, mapped to a slot by
 * the steps read from its campaign at the push. Otherwise, the last slot the tool (or a
 * person) actually sent before the reply; a slot only pushed, still queued, never counts.
 */
async function replySlot(db: Db, found: Pushed, e: ParsedEvent): Promise<number | null> {
  const slots = await db
    .selectFrom('messages')
    .select(['slot', 'content', 'sent_at', 'pushed_at'])
    .where('speaker_id', '=', found.speaker.id)
    .orderBy('slot')
    .execute();
  for (const sent of [...(e.sentBefore ?? [])].reverse()) {
    const hit = slotByText(slots, sent);
    if (hit !== null) return hit;
  }
  const byStep = slotByStep(found.steps, e);
  if (typeof byStep === 'number' && slots.some((m) => m.slot === byStep)) return byStep;
  return lastSlotSentBefore(slots, e.occurredAt);
}

/** The highest slot sent at or before a time (the slots go out in order); null when none was. */
function lastSlotSentBefore(slots: ReadonlyArray<{ slot: number; sent_at: string | null }>, at: string | null): number | null {
  const sent = slots.filter((m) => m.sent_at !== null && (at === null || m.sent_at <= at)).map((m) => m.slot);
  return sent.length ? Math.max(...sent) : null;
}

/** The pushed speaker the event is about: this connection's pushes, the tool campaign if named, by profile then e-mail; the newest push wins. */
async function findSpeaker(services: Services, connectionId: string, e: ParsedEvent): Promise<Pushed | undefined> {
  if (!e.profile && !e.email) return undefined;
  let q = services.db
    .selectFrom('sending_pushes')
    .innerJoin('speakers', 'speakers.id', 'sending_pushes.speaker_id')
    .selectAll('speakers')
    .select('sending_pushes.step_slots')
    .where('sending_pushes.connection_id', '=', connectionId)
    .where('sending_pushes.state', 'in', ['pending', 'confirmed'])
    .orderBy('sending_pushes.seq', 'desc');
  if (e.sendingCampaignId) q = q.where('sending_pushes.sending_campaign_id', '=', e.sendingCampaignId);
  const pushed = (row: (SpeakerRow & { step_slots: string | null }) | undefined): Pushed | undefined => {
    if (!row) return undefined;
    const { step_slots: steps, ...speaker } = row;
    return { speaker, steps: stepSlotsColumn.read(steps) };
  };
  if (e.profile) {
    const byProfile = (await q.where(mayBeProfile('speakers.linkedin_url', e.profile)).execute()).find((s) => profileKey(s.linkedin_url) === e.profile);
    if (byProfile || !e.email) return pushed(byProfile);
  }
  const rows = await q.execute();
  return pushed(
    rows.find((s) => e.profile && profileKey(s.linkedin_url) === e.profile) ?? rows.find((s) => e.email && speakerKeys(s).emails.includes(e.email)),
  );
}

/** A speaker's events from the sending tools, newest first, for the dossier. */
export async function speakerEvents(ctx: Ctx, speakerId: string) {
  const rows = await ctx.db
    .selectFrom('sender_events')
    .select(['type', 'tool', 'tool_type', 'occurred_at', 'received_at'])
    .where('speaker_id', '=', speakerId)
    .orderBy('occurred_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    type: r.type as 'accepted' | 'sent' | 'replied',
    tool: r.tool,
    tool_event: r.tool_type,
    occurred_at: r.occurred_at,
    received_at: r.received_at,
  }));
}
