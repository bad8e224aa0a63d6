import { excerpt, SenderError } from './http.js';
import { sendEach } from './each.js';
import type { BatchResult, LeadOutcome, OutboundLead, SenderAdapter, SenderCall, SenderCampaign, StepSlot } from './types.js';

/**
 * lemlist (LinkedIn and e-mail steps), API at {GREENROOM_LEMLIST_URL} = https://api.lemlist.com/api.
 * Auth: HTTP Basic with an empty user name and the API key as the password. Campaigns:
 * GET campaigns?version=v2&limit=100&page=N answers {campaigns:[{_id, name, status}],
 * pagination:{totalPage}}. Leads go one a request: POST campaigns/{id}/leads/?deduplicate=true
 * with the lead's fields and custom variables msg1..msg3 at the top level of the body.
 * lemlist refuses a lead already in this or another campaign with a 4xx whose text says
 * "already": that lead is in a campaign, so it counts as a duplicate, not a failure.
 * The campaign's sequences: GET campaigns/{id}/sequences answers {<sequenceId>: {_id, steps:
 * [{_id, type, sequenceId, sequenceStep, subject, message}]}}; a step whose subject or
 * message holds {{msg1}}..{{msg3}} carries that slot, whatever its place.
 */
const LABEL = 'lemlist';
const PAGE = 100;
const MAX_PAGES = 10;
const ALREADY = /already/i;

function headers(call: SenderCall): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`:${call.apiKey}`).toString('base64')}`, 'content-type': 'application/json', accept: 'application/json' };
}

function parse(body: string, what: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new SenderError('bad_answer', `${LABEL} answered ${what} with something that is not JSON${excerpt(body)}`);
  }
}

async function listCampaigns(call: SenderCall): Promise<SenderCampaign[]> {
  const out: SenderCampaign[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = `${call.baseUrls.lemlist}/campaigns?version=v2&limit=${PAGE}&page=${page}`;
    const res = await call.http.send(LABEL, { method: 'GET', url, headers: headers(call) });
    if (res.status !== 200) throw new SenderError('rejected', `${LABEL} refused the campaign list (HTTP ${res.status})${excerpt(res.body)}`);
    const body = parse(res.body, 'the campaign list') as { campaigns?: unknown; pagination?: { totalPage?: number } } | unknown[];
    // The v1 answer is a bare array; v2 wraps it with pagination.
    const rows = (Array.isArray(body) ? body : body.campaigns) as Array<{ _id?: unknown; name?: unknown; status?: unknown }> | undefined;
    if (!Array.isArray(rows)) throw new SenderError('bad_answer', `${LABEL} answered the campaign list without campaigns`);
    for (const c of rows)
      if (c._id !== undefined) out.push({ id: String(c._id), name: String(c.name ?? ''), status: typeof c.status === 'string' ? c.status : null });
    const totalPage = Array.isArray(body) ? 1 : (body.pagination?.totalPage ?? 1);
    if (page >= totalPage || rows.length === 0) break;
  }
  return out;
}

async function addOne(call: SenderCall, campaignId: string, l: OutboundLead): Promise<LeadOutcome> {
  const body = {
    linkedinUrl: l.linkedinUrl,
    firstName: l.firstName,
    lastName: l.lastName,
    ...(l.company ? { companyName: l.company } : {}),
    ...(l.title ? { jobTitle: l.title } : {}),
    msg1: l.messages[0],
    msg2: l.messages[1],
    msg3: l.messages[2],
  };
  const url = `${call.baseUrls.lemlist}/campaigns/${encodeURIComponent(campaignId)}/leads/?deduplicate=true`;
  const res = await call.http.send(LABEL, { method: 'POST', url, headers: headers(call), body: JSON.stringify(body) });
  if (res.status >= 200 && res.status < 300) return { ref: l.ref, status: 'added', reason: null };
  if (res.status >= 400 && res.status < 500 && ALREADY.test(res.body)) return { ref: l.ref, status: 'duplicate', reason: null };
  return { ref: l.ref, status: 'failed', reason: `${LABEL} refused this lead (HTTP ${res.status})${excerpt(res.body)}` };
}

const SLOT_VARIABLE = /\{\{\s*msg([123])\s*\}\}/i;

/** The steps of the campaign's sequences (the main one and any condition's) that carry one of our slots. */
async function stepSlots(call: SenderCall, campaignId: string): Promise<StepSlot[]> {
  const url = `${call.baseUrls.lemlist}/campaigns/${encodeURIComponent(campaignId)}/sequences`;
  const res = await call.http.send(LABEL, { method: 'GET', url, headers: headers(call) });
  if (res.status !== 200) throw new SenderError('rejected', `${LABEL} refused the campaign's sequences (HTTP ${res.status})${excerpt(res.body)}`);
  const body = parse(res.body, "the campaign's sequences");
  if (!body || typeof body !== 'object') throw new SenderError('bad_answer', `${LABEL} answered the campaign's sequences without sequences`);
  const out: StepSlot[] = [];
  for (const seq of Object.values(body as Record<string, { _id?: unknown; steps?: unknown }>)) {
    if (!seq || !Array.isArray(seq.steps)) continue;
    for (const step of seq.steps as Array<Record<string, unknown>>) {
      const found = SLOT_VARIABLE.exec(`${typeof step.subject === 'string' ? step.subject : ''}\n${typeof step.message === 'string' ? step.message : ''}`);
      if (!found || typeof step.sequenceStep !== 'number') continue;
      const sequenceId = typeof step.sequenceId === 'string' ? step.sequenceId : typeof seq._id === 'string' ? seq._id : null;
      out.push({ step_id: typeof step._id === 'string' ? step._id : null, sequence_id: sequenceId, sequence_step: step.sequenceStep, slot: Number(found[1]) });
    }
  }
  return out;
}

function addLeads(call: SenderCall, campaignId: string, leads: OutboundLead[]): Promise<BatchResult> {
  return sendEach(leads, (l) => addOne(call, campaignId, l));
}

export const lemlist: SenderAdapter = {
  tool: 'lemlist',
  label: LABEL,
  batchSize: 20,
  // lemlist allows 20 requests per 2 seconds per key.
  rate: { requests: 20, windowMs: 2000 },
  userUrl: false,
  reportsSent: true,
  listCampaigns,
  addLeads,
  stepSlots,
};
