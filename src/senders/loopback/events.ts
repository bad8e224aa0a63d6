/**
 * The sending tools' own webhook deliveries, as HeyReach and lemlist post them, for tests
 * and demos: the payload builders follow each tool's field names, and deliver() POSTs
 * to a Greenroom inbound URL the way the tool does (JSON, no signature).
 */

export interface HeyReachEventInput {
  eventType: string;
  profileUrl: string;
  campaignId: number;
  messageId?: string;
  timestamp: string;
  text?: string;
}

export function heyreachEvent(e: HeyReachEventInput): Record<string, unknown> {
  return {
    eventType: e.eventType,
    timestamp: e.timestamp,
    campaign: { id: e.campaignId, name: 'DevConf speakers' },
    leadProfile: { firstName: 'Lead', lastName: 'Person', linkedInUrl: e.profileUrl, emailAddress: null },
    ...(e.messageId ? { message: { id: e.messageId, text: e.text ?? 'Thanks, happy to talk.' } } : {}),
    sender: { id: 77, firstName: 'Ada', lastName: 'Lovelace' },
  };
}

export interface LemlistActivityInput {
  _id: string;
  type: string;
  linkedinUrl: string;
  campaignId: string;
  createdAt: string;
  leadEmail?: string;
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
  };
}

/** Greenroom's answer to a delivery. */
export interface InboundAnswer {
  ok: boolean;
  data: { received: number; duplicates: number; matched: number; ignored: number; unmatched: number } | null;
  error: { code: string; message: string } | null;
}

export async function deliver(url: string, body: unknown): Promise<{ status: number; body: InboundAnswer }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as InboundAnswer };
}
