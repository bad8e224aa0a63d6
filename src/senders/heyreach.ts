import { excerpt, SenderError } from './http.js';
import type { BatchResult, LeadOutcome, OutboundLead, SenderAdapter, SenderCall, SenderCampaign } from './types.js';

/**
 * HeyReach (LinkedIn), public API at {GREENROOM_HEYREACH_URL} = https://api.heyreach.io/api/public.
 * Auth: the X-API-KEY header. Campaigns: POST campaign/GetAll {offset, limit} answers
 * {totalCount, items:[{id, name, status}]}. Leads: POST campaign/AddLeadsToCampaignV2
 * {campaignId, accountLeadPairs:[{lead}]} with at most 100 pairs, answered with counts only:
 * {addedLeadsCount, updatedLeadsCount, failedLeadsCount}. A lead already in the campaign
 * is updated, not added twice, which is what makes a repeated push safe. The counts of each
 * batch as sent whole go into the push report (tool_counts).
 */
const LABEL = 'HeyReach';
const PAGE = 100;
const MAX_CAMPAIGNS = 1000;

function headers(call: SenderCall): Record<string, string> {
  return { 'x-api-key': call.apiKey, 'content-type': 'application/json', accept: 'application/json' };
}

async function post(call: SenderCall, path: string, body: unknown): Promise<unknown> {
  const res = await call.http.send(LABEL, { method: 'POST', url: `${call.baseUrls.heyreach}${path}`, headers: headers(call), body: JSON.stringify(body) });
  if (res.status < 200 || res.status >= 300) throw new SenderError('rejected', `${LABEL} refused the request (HTTP ${res.status})${excerpt(res.body)}`);
  try {
    return JSON.parse(res.body) as unknown;
  } catch {
    throw new SenderError('bad_answer', `${LABEL} answered something that is not JSON${excerpt(res.body)}`);
  }
}

async function listCampaigns(call: SenderCall): Promise<SenderCampaign[]> {
  const out: SenderCampaign[] = [];
  for (let offset = 0; offset < MAX_CAMPAIGNS; offset += PAGE) {
    const page = (await post(call, '/campaign/GetAll', { offset, limit: PAGE })) as {
      totalCount?: number;
      items?: Array<{ id?: unknown; name?: unknown; status?: unknown }>;
    };
    if (!Array.isArray(page?.items)) throw new SenderError('bad_answer', `${LABEL} answered campaign/GetAll without items`);
    for (const c of page.items)
      if (c.id !== undefined) out.push({ id: String(c.id), name: String(c.name ?? ''), status: typeof c.status === 'string' ? c.status : null });
    if (page.items.length < PAGE || out.length >= (page.totalCount ?? 0)) break;
  }
  return out;
}

function pairOf(l: OutboundLead) {
  return {
    lead: {
      firstName: l.firstName,
      lastName: l.lastName,
      profileUrl: l.linkedinUrl,
      companyName: l.company ?? '',
      position: l.title ?? '',
      customUserFields: l.messages.map((value, i) => ({ name: `MSG${i + 1}`, value })),
    },
  };
}

interface Counts {
  addedLeadsCount?: number;
  updatedLeadsCount?: number;
  failedLeadsCount?: number;
}

interface Answer {
  added: number;
  updated: number;
  failed: number;
}

async function send(call: SenderCall, campaignId: string, leads: OutboundLead[]): Promise<Counts> {
  // Numeric ids go as numbers, as HeyReach issues them; the flags keep a paused or finished campaign as it is.
  const id = /^\d+$/.test(campaignId) ? Number(campaignId) : campaignId;
  const body = { campaignId: id, accountLeadPairs: leads.map(pairOf), resumeFinishedCampaign: false, resumePausedCampaign: false };
  const counts = (await post(call, '/campaign/AddLeadsToCampaignV2', body)) as Counts;
  if (typeof counts?.addedLeadsCount !== 'number') throw new SenderError('bad_answer', `${LABEL} answered AddLeadsToCampaignV2 without addedLeadsCount`);
  return counts;
}

/**
 * Counts name no lead, so a batch with failures is split and each half sent again until
 * every failure is pinned to one lead. Resending is safe: a lead already in is updated.
 */
async function addLeads(call: SenderCall, campaignId: string, leads: OutboundLead[], answers: Answer[], resent = false): Promise<BatchResult> {
  let counts: Counts;
  try {
    counts = await send(call, campaignId, leads);
  } catch (err) {
    if (!(err instanceof SenderError)) throw err;
    return { outcomes: leads.map((l) => ({ ref: l.ref, status: 'failed', reason: err.message })), halt: err.halts ? err : null };
  }
  const added = counts.addedLeadsCount ?? 0;
  const updated = counts.updatedLeadsCount ?? 0;
  const failed = counts.failedLeadsCount ?? Math.max(0, leads.length - added - updated);
  answers.push({ added, updated, failed });
  if (failed === 0) {
    // A lead updated on a resend of a split batch may be one this push added a moment ago.
    const status: LeadOutcome['status'] = updated === leads.length && !resent ? 'duplicate' : 'added';
    return { outcomes: leads.map((l) => ({ ref: l.ref, status, reason: null })), halt: null };
  }
  if (leads.length === 1) {
    return {
      outcomes: [{ ref: leads[0]!.ref, status: 'failed', reason: `${LABEL} did not add this lead (failedLeadsCount 1): check that the profile URL opens` }],
      halt: null,
    };
  }
  const half = Math.ceil(leads.length / 2);
  const first = await addLeads(call, campaignId, leads.slice(0, half), answers, true);
  if (first.halt) return { outcomes: [...first.outcomes, ...leads.slice(half).map((l) => failedBy(l, first.halt!))], halt: first.halt };
  const second = await addLeads(call, campaignId, leads.slice(half), answers, true);
  return { outcomes: [...first.outcomes, ...second.outcomes], halt: second.halt };
}

function failedBy(l: OutboundLead, err: SenderError): LeadOutcome {
  return { ref: l.ref, status: 'failed', reason: err.message };
}

/** One batch, with HeyReach's own counts for it as sent whole (the answers to resent parts are not added in). */
async function addBatch(call: SenderCall, campaignId: string, leads: OutboundLead[]): Promise<BatchResult> {
  const answers: Answer[] = [];
  const result = await addLeads(call, campaignId, leads, answers);
  const whole = answers[0];
  return whole ? { ...result, counts: { leads: leads.length, ...whole, requests: answers.length } } : result;
}

export const heyreach: SenderAdapter = {
  tool: 'heyreach',
  label: LABEL,
  batchSize: 100,
  // HeyReach allows 300 requests a minute per key.
  rate: { requests: 300, windowMs: 60_000 },
  userUrl: false,
  reportsSent: true,
  listCampaigns,
  addLeads: addBatch,
};
