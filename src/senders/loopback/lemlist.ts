import { json, startLoopback, text, type Loopback, type Received, type Reply } from './server.js';

/**
 * lemlist's API as documented: Basic auth with an empty user and the key as password;
 * GET campaigns?version=v2 -> {campaigns, pagination}; POST campaigns/{id}/leads/ with
 * the lead and its custom variables in the body; ?deduplicate=true refuses a lead that
 * is in another campaign. A lead already in a campaign is refused with a 400 "already".
 * GET campaigns/{id}/sequences answers {<sequenceId>: {_id, steps}} with each step's _id,
 * type, sequenceId, sequenceStep (from 0), subject and message.
 */
export interface LemlistStep {
  _id: string;
  type: string;
  subject?: string;
  message: string;
}

export interface LemlistCampaign {
  _id: string;
  name: string;
  status: string;
  leads: Map<string, Record<string, unknown>>;
  /** The main sequence's steps, in order; a test may change them. */
  steps: LemlistStep[];
}

/** A campaign as people build them: a profile visit and an invite first, then the three messages, the last by e-mail. */
export const DEFAULT_STEPS: readonly LemlistStep[] = [
  { _id: 'stp_visit', type: 'linkedinVisit', message: '' },
  { _id: 'stp_invite', type: 'linkedinInvite', message: '' },
  { _id: 'stp_msg1', type: 'linkedinSend', message: '{{msg1}}' },
  { _id: 'stp_msg2', type: 'linkedinSend', message: 'Hi {{firstName}},\n\n{{ msg2 }}' },
  { _id: 'stp_msg3', type: 'email', subject: 'About your talk, {{firstName}}', message: '<p>{{msg3}}</p>' },
];

export interface FakeLemlist extends Loopback {
  /** The base URL for GREENROOM_LEMLIST_URL. */
  base: string;
  campaigns: LemlistCampaign[];
}

const LEADS_PATH = /^\/api\/campaigns\/([^/]+)\/leads\/?$/;

const SEQUENCES_PATH = /^\/api\/campaigns\/([^/]+)\/sequences\/?$/;

export async function startLemlist(opts: {
  apiKey: string;
  campaigns: Array<{ _id: string; name: string; status?: string; steps?: LemlistStep[] }>;
}): Promise<FakeLemlist> {
  const campaigns: LemlistCampaign[] = opts.campaigns.map((c) => ({
    ...c,
    status: c.status ?? 'running',
    leads: new Map(),
    steps: c.steps ?? [...DEFAULT_STEPS],
  }));
  const expected = `Basic ${Buffer.from(`:${opts.apiKey}`).toString('base64')}`;
  const route = (r: Received): Reply => {
    if (r.headers.authorization !== expected) return text(401, 'Unauthorized');
    if (r.method === 'GET' && r.path === '/api/campaigns') return list(campaigns, r);
    const seq = SEQUENCES_PATH.exec(r.path);
    if (r.method === 'GET' && seq) return sequences(campaigns, decodeURIComponent(seq[1] as string));
    const m = LEADS_PATH.exec(r.path);
    if (r.method === 'POST' && m) return addLead(campaigns, decodeURIComponent(m[1] as string), r);
    return text(404, 'Not found');
  };
  const server = await startLoopback(route);
  return Object.assign(server, { base: `${server.origin}/api`, campaigns });
}

function list(campaigns: LemlistCampaign[], r: Received): Reply {
  const limit = Math.min(100, Number(r.query.get('limit') ?? 100));
  const page = Number(r.query.get('page') ?? 1);
  const rows = campaigns.slice((page - 1) * limit, page * limit).map(({ _id, name, status }) => ({ _id, name, status }));
  if (r.query.get('version') !== 'v2') return json(200, rows);
  const totalPage = Math.max(1, Math.ceil(campaigns.length / limit));
  return json(200, {
    campaigns: rows,
    pagination: { totalRecords: campaigns.length, currentPage: page, nextPage: page < totalPage ? page + 1 : null, totalPage },
  });
}

function addLead(campaigns: LemlistCampaign[], id: string, r: Received): Reply {
  const campaign = campaigns.find((c) => c._id === id);
  if (!campaign) return text(404, 'Campaign not found');
  let lead: Record<string, unknown>;
  try {
    lead = JSON.parse(r.body || '{}') as Record<string, unknown>;
  } catch {
    return text(400, 'Invalid JSON body');
  }
  const key = typeof lead.linkedinUrl === 'string' ? lead.linkedinUrl : '';
  if (!key) return text(400, 'A lead needs an email or a linkedinUrl');
  if (campaign.leads.has(key)) return text(400, 'Lead already in the campaign');
  if (r.query.get('deduplicate') === 'true' && campaigns.some((c) => c.leads.has(key))) return text(400, 'Lead already exists in another campaign');
  const stored = { _id: `lea_${campaign.leads.size + 1}`, campaignId: id, ...lead };
  campaign.leads.set(key, stored);
  return json(200, stored);
}

function sequences(campaigns: LemlistCampaign[], id: string): Reply {
  const campaign = campaigns.find((c) => c._id === id);
  if (!campaign) return text(404, 'Campaign not found');
  const sequenceId = `seq_${id}`;
  const steps = campaign.steps.map((s, i) => ({
    _id: s._id,
    delay: i === 0 ? 0 : 2,
    type: s.type,
    index: i + 1,
    sequenceId,
    sequenceStep: i,
    ...(s.subject ? { subject: s.subject } : {}),
    message: s.message,
  }));
  return json(200, { [sequenceId]: { _id: sequenceId, steps } });
}
