/**
 * The sending tools' own webhook deliveries, as HeyReach and lemlist post them, for tests
 * and demos: the payload builders follow each tool's field names (see src/senders/inbound.ts),
 * and deliver() POSTs to a Greenroom inbound URL the way the tool does (JSON, no signature).
 */

export interface HeyReachEventInput {
  eventType: string;
  profileUrl: string;
  campaignId: number;
  /** HeyReach's id of the event, the same on a retried delivery. */
  correlationId?: string;
  timestamp: string;
  email?: string;
  text?: string;
}

const SENT = new Set(['MESSAGE_SENT', 'INMAIL_SENT']);
/** A connection request: its note, when it has one, is the sender's message in the conversation. */
const INVITE = 'CONNECTION_REQUEST_SENT';
const REPLIES = new Set(['MESSAGE_REPLY_RECEIVED', 'EVERY_MESSAGE_REPLY_RECEIVED', 'INMAIL_REPLY_RECEIVED']);

/** A HeyReach webhook body: snake_case, the lead and the sender as LinkedIn profiles, a reply with its conversation. */
export function heyreachEvent(e: HeyReachEventInput): Record<string, unknown> {
  const slug = e.profileUrl.replace(/\/+$/, '').split('/').pop() ?? 'lead';
  const reply = REPLIES.has(e.eventType.toUpperCase());
  return {
    ...(e.correlationId ? { correlation_id: e.correlationId } : {}),
    event_type: e.eventType,
    timestamp: e.timestamp,
    campaign: { id: e.campaignId, name: 'DevConf speakers' },
    sender: { id: 77, first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace', profile_url: 'https://www.linkedin.com/in/ada-sender' },
    lead: {
      id: `li_${slug}`,
      profile_url: e.profileUrl,
      first_name: 'Lead',
      last_name: 'Person',
      full_name: 'Lead Person',
      company_name: 'Acme',
      position: 'Engineer',
      email_address: e.email ?? null,
    },
    ...(SENT.has(e.eventType.toUpperCase())
      ? {
          is_inmail: e.eventType.toUpperCase() === 'INMAIL_SENT',
          conversation_id: `2-${slug}`,
          recent_messages: [{ creation_time: e.timestamp, message: e.text ?? 'Hi, saw your talk.', is_reply: false }],
        }
      : {}),
    ...(e.eventType.toUpperCase() === INVITE && e.text
      ? { conversation_id: `2-${slug}`, recent_messages: [{ creation_time: e.timestamp, message: e.text, is_reply: false }] }
      : {}),
    ...(reply
      ? {
          is_inmail: e.eventType.toUpperCase() === 'INMAIL_REPLY_RECEIVED',
          conversation_id: `2-${slug}`,
          recent_messages: [
            { creation_time: e.timestamp, message: 'Hi, saw your talk.', is_reply: false },
            { creation_time: e.timestamp, message: e.text ?? 'Thanks, happy to talk.', is_reply: true },
          ],
        }
      : {}),
  };
}

export interface LemlistActivityInput {
  _id: string;
  type: string;
  linkedinUrl: string;
  campaignId: string;
  createdAt: string;
  leadEmail?: string;
  /** The step the activity belongs to, as lemlist names it: its id, sequence and place (from 0). */
  step?: { stepId: string; sequenceId: string; sequenceStep: number };
}

export function lemlistActivity(a: LemlistActivityInput): Record<string, unknown> {
  return {
    _id: a._id,
    type: a.type,
    createdAt: a.createdAt,
    bot: false,
    teamId: 'tea_123',
    leadId: `lea_${a._id}`,
    campaignId: a.campaignId,
    name: 'DevConf, LinkedIn then e-mail',
    metaData: { teamId: 'tea_123', campaignId: a.campaignId, leadId: `lea_${a._id}`, type: a.type },
    leadFirstName: 'Lead',
    leadLastName: 'Person',
    ...(a.leadEmail ? { leadEmail: a.leadEmail } : {}),
    linkedinUrl: a.linkedinUrl,
    msg1: 'first slot',
    ...(a.step ? { sequenceId: a.step.sequenceId, stepId: a.step.stepId, sequenceStep: a.step.sequenceStep } : {}),
  };
}

/** Greenroom's answer to a delivery. */
export interface InboundAnswer {
  ok: boolean;
  data: { received: number; duplicates: number; matched: number; ignored: number; unmatched: number } | null;
  error: { code: string; message: string } | null;
}

export async function deliver(url: string, body: unknown): Promise<{ status: number; body: InboundAnswer }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as InboundAnswer };
}
