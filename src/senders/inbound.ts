/**
 * The sending tools' webhook deliveries, read into one shape.
 *
 * HeyReach (its webhook event types: CONNECTION_REQUEST_SENT, CONNECTION_REQUEST_ACCEPTED, MESSAGE_SENT,
 * INMAIL_SENT, MESSAGE_REPLY_RECEIVED, INMAIL_REPLY_RECEIVED, EVERY_MESSAGE_REPLY_RECEIVED, ...) posts a snake_case body:
 *   {correlation_id, event_type, timestamp, is_inmail, conversation_id,
 *    campaign: {id, name}, sender: {id, first_name, ..., profile_url},
 *    lead: {id, profile_url, first_name, last_name, full_name, company_name, position, email_address},
 *    recent_messages: [{creation_time, message, is_reply}]}
 * The event type may arrive in either case; correlation_id stays the same when HeyReach
 * retries a delivery. A camelCase shape described elsewhere ({eventType, leadProfile:
 * {linkedInUrl, emailAddress}, campaign: {id}, message: {id}, timestamp}) is read too.
 *
 * lemlist posts an activity: {_id, type, createdAt, campaignId, leadId, leadEmail,
 * leadFirstName, linkedinUrl, sequenceId, stepId, sequenceStep, ...}; its types
 * linkedinInviteDone, linkedinInviteAccepted, linkedinSent, emailsSent, linkedinReplied and
 * emailsReplied are the ones acted on. sequenceStep is the activity's step of its sequence, counted from 0.
 *
 * An invite sent (HeyReach CONNECTION_REQUEST_SENT, lemlist linkedinInviteDone) is read as a
 * slot sent only when its note carries one of our slots: HeyReach's note text holds the slot's
 * text, or lemlist's invite step holds {{msg1}}..{{msg3}}. A bare invite marks nothing.
 */
import { createHash } from 'node:crypto';

export type InboundTool = 'heyreach' | 'lemlist';

/**
 * The tool's event names that Greenroom acts on, by what they mean, and the ones to register.
 * HeyReach's MESSAGE_REPLY_RECEIVED and INMAIL_REPLY_RECEIVED fire on a lead's first reply in
 * a campaign; EVERY_MESSAGE_REPLY_RECEIVED fires on every message, in every campaign, so with
 * both registered one reply would arrive twice under two ids. It is read when it comes, not asked for.
 */
export const TOOL_EVENTS: Record<
  InboundTool,
  {
    accepted: readonly string[];
    /** Invites: a slot sent only when the invite's note carries it. */
    invited: readonly string[];
    sent: readonly string[];
    replied: readonly string[];
    subscribe: readonly string[];
  }
> = {
  heyreach: {
    accepted: ['CONNECTION_REQUEST_ACCEPTED'],
    invited: ['CONNECTION_REQUEST_SENT'],
    sent: ['MESSAGE_SENT', 'INMAIL_SENT'],
    replied: ['MESSAGE_REPLY_RECEIVED', 'EVERY_MESSAGE_REPLY_RECEIVED', 'INMAIL_REPLY_RECEIVED'],
    subscribe: ['CONNECTION_REQUEST_SENT', 'CONNECTION_REQUEST_ACCEPTED', 'MESSAGE_SENT', 'INMAIL_SENT', 'MESSAGE_REPLY_RECEIVED', 'INMAIL_REPLY_RECEIVED'],
  },
  lemlist: {
    accepted: ['linkedinInviteAccepted'],
    invited: ['linkedinInviteDone'],
    sent: ['linkedinSent', 'emailsSent'],
    replied: ['linkedinReplied', 'emailsReplied'],
    subscribe: ['linkedinInviteDone', 'linkedinInviteAccepted', 'linkedinSent', 'emailsSent', 'linkedinReplied', 'emailsReplied'],
  },
};

export interface ParsedEvent {
  eventId: string;
  toolType: string;
  kind: 'accepted' | 'sent' | 'replied' | 'ignored';
  /** A sent event that is an invite: it sent a slot only if its note carries one. */
  invite: boolean;
  /** The LinkedIn profile URL as the tool sent it. */
  profile: string | null;
  email: string | null;
  sendingCampaignId: string | null;
  occurredAt: string;
  /** HeyReach: the texts sent to the lead before the reply, oldest first (recent_messages without is_reply). */
  sentBefore: string[] | null;
  /** lemlist: the step the activity belongs to: its id, its sequence, and its zero-based place there. */
  sequenceStep: number | null;
  stepId: string | null;
  sequenceId: string | null;
  /** HeyReach: the text of the message (or invite note) a sent event reports (its newest message from the sender). */
  sentText: string | null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (...vs: unknown[]): string | null => {
  for (const v of vs) {
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
};
const digest = (...parts: Array<string | null>): string =>
  createHash('sha256')
    .update(parts.map((p) => p ?? '').join('\u0000'))
    .digest('base64url')
    .slice(0, 32);

function when(raw: string | null, now: Date): string {
  const t = raw ? Date.parse(raw) : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : now.toISOString();
}

function kindOf(tool: InboundTool, type: string): ParsedEvent['kind'] {
  const e = TOOL_EVENTS[tool];
  if (e.accepted.includes(type)) return 'accepted';
  if (e.sent.includes(type) || e.invited.includes(type)) return 'sent';
  if (e.replied.includes(type)) return 'replied';
  return 'ignored';
}

/** The newest message from the lead in a HeyReach conversation snapshot. */
function lastReply(messages: unknown): string | null {
  if (!Array.isArray(messages)) return null;
  const times = messages
    .map(obj)
    .filter((m) => m.is_reply === true)
    .map((m) => text(m.creation_time))
    .filter((t): t is string => t !== null);
  return times.sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
}

/** What the sender wrote before the lead's first reply in a HeyReach conversation snapshot, oldest first. */
function sentBeforeReply(messages: unknown): string[] | null {
  if (!Array.isArray(messages)) return null;
  const ms = messages.map(obj).map((m, i) => ({ i, reply: m.is_reply === true, at: Date.parse(text(m.creation_time) ?? ''), body: text(m.message) }));
  // Oldest first; a snapshot without times keeps its own order.
  ms.sort((a, b) => (Number.isFinite(a.at) && Number.isFinite(b.at) && a.at !== b.at ? a.at - b.at : a.i - b.i));
  const firstReply = ms.findIndex((m) => m.reply);
  return ms.slice(0, firstReply < 0 ? ms.length : firstReply).flatMap((m) => (!m.reply && m.body ? [m.body] : []));
}

/** The message a HeyReach sent event reports: the body's own message, else the newest the sender wrote in the snapshot. */
function sentMessage(b: Obj): string | null {
  const own = text(b.message, obj(b.message).text, obj(b.message).body);
  if (own) return own;
  if (!Array.isArray(b.recent_messages)) return null;
  const ms = b.recent_messages.map(obj).map((m, i) => ({ i, reply: m.is_reply === true, at: Date.parse(text(m.creation_time) ?? ''), body: text(m.message) }));
  const mine = ms.filter((m) => !m.reply && m.body);
  mine.sort((a, c) => (Number.isFinite(a.at) && Number.isFinite(c.at) && a.at !== c.at ? c.at - a.at : c.i - a.i));
  return mine[0]?.body ?? null;
}

function heyreachEvent(b: Obj, now: Date): ParsedEvent | { error: string } {
  const raw = text(b.event_type, b.eventType);
  if (!raw) return { error: 'event_type is missing' };
  const type = raw.toUpperCase();
  const lead = obj(b.lead ?? b.leadProfile);
  const profile = text(lead.profile_url, lead.profileUrl, lead.linkedInUrl, lead.linkedin_url);
  const email = text(lead.email_address, lead.emailAddress, lead.email);
  const at = text(b.timestamp, b.created_at, b.createdAt) ?? lastReply(b.recent_messages);
  const messageId = text(obj(b.message).id);
  const eventId =
    text(b.correlation_id, b.correlationId, b.id, b.event_id, b.eventId) ??
    (messageId ? `${type}:${messageId}` : `${type}:${digest(type, text(b.conversation_id), profile ?? email, at)}`);
  return {
    eventId,
    toolType: type,
    kind: kindOf('heyreach', type),
    invite: TOOL_EVENTS.heyreach.invited.includes(type),
    profile,
    email: email?.toLowerCase() ?? null,
    sendingCampaignId: text(obj(b.campaign).id, b.campaign_id, b.campaignId),
    occurredAt: when(at, now),
    sentBefore: sentBeforeReply(b.recent_messages),
    sequenceStep: null,
    stepId: null,
    sequenceId: null,
    sentText: kindOf('heyreach', type) === 'sent' ? sentMessage(b) : null,
  };
}

function lemlistActivity(b: Obj, now: Date): ParsedEvent | { error: string } {
  const type = text(b.type);
  if (!type) return { error: 'type is missing' };
  const eventId = text(b._id, b.id);
  if (!eventId) return { error: '_id is missing' };
  return {
    eventId,
    toolType: type,
    kind: kindOf('lemlist', type),
    invite: TOOL_EVENTS.lemlist.invited.includes(type),
    profile: text(b.linkedinUrl, b.leadLinkedinUrl, b.linkedinPublicUrl),
    email: text(b.leadEmail, b.email)?.toLowerCase() ?? null,
    sendingCampaignId: text(b.campaignId, obj(b.metaData).campaignId),
    occurredAt: when(text(b.createdAt), now),
    sentBefore: null,
    sequenceStep: typeof b.sequenceStep === 'number' && Number.isInteger(b.sequenceStep) && b.sequenceStep >= 0 ? b.sequenceStep : null,
    stepId: text(b.stepId, obj(b.metaData).stepId),
    sequenceId: text(b.sequenceId, obj(b.metaData).sequenceId),
    sentText: null,
  };
}

/** One delivered event in the tool's own fields, or why it cannot be read. */
export function parseEvent(tool: InboundTool, raw: unknown, now: Date): ParsedEvent | { error: string } {
  const b = obj(raw);
  if (Object.keys(b).length === 0) return { error: 'an event must be a JSON object' };
  return tool === 'heyreach' ? heyreachEvent(b, now) : lemlistActivity(b, now);
}
