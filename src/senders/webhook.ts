import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, signatureFor } from './signer.js';
import { excerpt, SenderError } from './http.js';
import { sendEach } from './each.js';
import type { BatchResult, LeadOutcome, OutboundLead, SenderAdapter, SenderCall, SenderCampaign } from './types.js';

/**
 * A generic signed webhook target (n8n, Make, Zapier, a user's own back end). Each lead
 * with its three messages is POSTed as JSON and signed like Greenroom's webhooks:
 * X-Service-Signature t=..,v1=HMAC-SHA256(secret, "t.body"), the connection's key being
 * the signing secret. Any 2xx accepts the lead; the body's id (also sent as
 * Idempotency-Key) stays the same when a push is retried, so the receiver can drop repeats.
 */
const LABEL = 'the webhook target';
const CAMPAIGN: SenderCampaign = { id: 'default', name: 'Every lead, one POST each', status: null };

async function post(call: SenderCall, payload: Record<string, unknown>, idempotencyKey: string) {
  const body = JSON.stringify(payload);
  const headers = {
    'content-type': 'application/json',
    [SIGNATURE_HEADER.toLowerCase()]: signatureFor(call.apiKey, body, call.now().getTime() / 1000),
    'idempotency-key': idempotencyKey,
  };
  return call.http.send(LABEL, { method: 'POST', url: call.url as string, headers, body });
}

/** A signed ping proves the URL answers and takes our signature before anything is wired to it. */
async function verify(call: SenderCall): Promise<void> {
  const id = randomUUID();
  const res = await post(call, { type: 'ping', id, created_at: call.now().toISOString() }, id);
  if (res.status < 200 || res.status >= 300) throw new SenderError('rejected', `${LABEL} answered the signed ping with HTTP ${res.status}${excerpt(res.body)}`);
}

async function addOne(call: SenderCall, campaignId: string, l: OutboundLead): Promise<LeadOutcome> {
  const payload = {
    type: 'lead',
    id: l.pushId,
    campaign_id: campaignId,
    created_at: call.now().toISOString(),
    lead: { linkedin_url: l.linkedinUrl, first_name: l.firstName, last_name: l.lastName, company: l.company, title: l.title },
    greenroom: { campaign_id: l.campaignRef, speaker_id: l.ref },
    messages: { msg1: l.messages[0], msg2: l.messages[1], msg3: l.messages[2] },
  };
  const res = await post(call, payload, l.pushId);
  if (res.status >= 200 && res.status < 300) return { ref: l.ref, status: 'added', reason: null };
  return { ref: l.ref, status: 'failed', reason: `${LABEL} answered HTTP ${res.status}${excerpt(res.body)}` };
}

function addLeads(call: SenderCall, campaignId: string, leads: OutboundLead[]): Promise<BatchResult> {
  return sendEach(leads, (l) => addOne(call, campaignId, l));
}

export const webhook: SenderAdapter = {
  tool: 'webhook',
  label: 'webhook',
  batchSize: 25,
  rate: { requests: 10, windowMs: 1000 },
  userUrl: true,
  reportsSent: false,
  verify,
  listCampaigns: async () => [CAMPAIGN],
  addLeads,
};
