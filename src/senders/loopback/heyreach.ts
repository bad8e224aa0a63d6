import { json, startLoopback, text, type Loopback, type Received, type Reply } from './server.js';

/**
 * HeyReach's public API as documented: X-API-KEY, POST campaign/GetAll {offset, limit}
 * -> {totalCount, items}, POST campaign/AddLeadsToCampaignV2 {campaignId, accountLeadPairs}
 * (at most 100) -> {addedLeadsCount, updatedLeadsCount, failedLeadsCount}. A lead whose
 * profile URL is already in the campaign is updated, never added twice.
 */
export interface HeyReachLead {
  profileUrl: string;
  firstName?: string;
  lastName?: string;
  customUserFields?: Array<{ name: string; value: string }>;
}

export interface HeyReachCampaign {
  id: number;
  name: string;
  status: string;
  leads: Map<string, HeyReachLead>;
}

export interface FakeHeyReach extends Loopback {
  /** The base URL for GREENROOM_HEYREACH_URL. */
  base: string;
  campaigns: HeyReachCampaign[];
  /** Profile URLs HeyReach fails to add (counted in failedLeadsCount). */
  refuse: Set<string>;
  /** The key it accepts; change it to play a revoked key. */
  apiKey: string;
}

const PROFILE = /^https:\/\/www\.linkedin\.com\/in\/[^/]+$/;

export async function startHeyReach(opts: { apiKey: string; campaigns: Array<{ id: number; name: string; status?: string }> }): Promise<FakeHeyReach> {
  const campaigns: HeyReachCampaign[] = opts.campaigns.map((c) => ({ id: c.id, name: c.name, status: c.status ?? 'IN_PROGRESS', leads: new Map() }));
  const refuse = new Set<string>();
  const state = { apiKey: opts.apiKey };
  const route = (r: Received): Reply => {
    if (r.headers['x-api-key'] !== state.apiKey) return text(401, 'Unauthorized');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(r.body || '{}') as Record<string, unknown>;
    } catch {
      return json(400, { errorMessage: 'The request body is not valid JSON' });
    }
    if (r.method === 'POST' && r.path === '/api/public/campaign/GetAll') return getAll(campaigns, body);
    if (r.method === 'POST' && r.path === '/api/public/campaign/AddLeadsToCampaignV2') return addLeads(campaigns, refuse, body);
    return json(404, { errorMessage: 'Not found' });
  };
  const server = await startLoopback(route);
  const fake = Object.assign(server, { base: `${server.origin}/api/public`, campaigns, refuse, apiKey: opts.apiKey });
  Object.defineProperty(fake, 'apiKey', { get: () => state.apiKey, set: (v: string) => (state.apiKey = v) });
  return fake;
}

function getAll(campaigns: HeyReachCampaign[], body: Record<string, unknown>): Reply {
  const offset = Number(body.offset ?? 0);
  const limit = Number(body.limit ?? 100);
  if (limit > 100) return json(400, { errorMessage: 'limit must be at most 100' });
  const items = campaigns.slice(offset, offset + limit).map((c) => ({ id: c.id, name: c.name, status: c.status, campaignAccountIds: [7001] }));
  return json(200, { totalCount: campaigns.length, items });
}

function addLeads(campaigns: HeyReachCampaign[], refuse: Set<string>, body: Record<string, unknown>): Reply {
  const campaign = campaigns.find((c) => c.id === body.campaignId);
  if (!campaign) return json(404, { errorMessage: `Campaign ${String(body.campaignId)} not found` });
  const pairs = body.accountLeadPairs;
  if (!Array.isArray(pairs) || pairs.length === 0) return json(400, { errorMessage: 'accountLeadPairs is required' });
  if (pairs.length > 100) return json(400, { errorMessage: 'At most 100 leads can be added in one request' });
  let added = 0;
  let updated = 0;
  let failed = 0;
  for (const pair of pairs as Array<{ lead?: HeyReachLead }>) {
    const lead = pair.lead;
    if (!lead || typeof lead.profileUrl !== 'string' || !PROFILE.test(lead.profileUrl) || refuse.has(lead.profileUrl)) {
      failed++;
      continue;
    }
    if (campaign.leads.has(lead.profileUrl)) updated++;
    else added++;
    campaign.leads.set(lead.profileUrl, lead);
  }
  return json(200, { addedLeadsCount: added, updatedLeadsCount: updated, failedLeadsCount: failed });
}
