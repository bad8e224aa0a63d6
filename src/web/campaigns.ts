import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import { csrfToken, currentUser, type WebUser } from '../auth/sessions.js';
import { serveEventStream } from '../http/events-route.js';
import { callTool, PageRefusal, readTool, sessionPrincipal } from './call.js';
import { funnelList, FUNNEL_STEPS, runPanel, speakerTable, type DraftRow, type Funnel, type RunStatusView, type SpeakerRow } from './campaign-parts.js';
import { reviewTable } from './review-table.js';
import { pushPanel } from './push-pages.js';
import { h, notice, page, type Safe } from './html.js';
import { requireUser } from './settings.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Slots per page of the review table: twenty speakers of three messages. */
const REVIEW_PAGE = 60;

interface Page<T> {
  items: T[];
  next_cursor: string | null;
  has_more: boolean;
}

interface CampaignDetail {
  campaign_id: string;
  name: string;
  missing_fields: string[];
  sending_connection_id: string | null;
  sending_campaign_id: string | null;
}

/** Notices after a form on the campaign page: the key names the text, counts come as numbers only. */
function doneNotice(q: (name: string) => string | undefined): Safe | '' {
  const n = (name: string) => Number(q(name) ?? 0) || 0;
  const texts: Record<string, () => string> = {
    edited: () => 'Saved. The QA score is cleared until the draft is rescored.',
    approved: () => 'Approved.',
    rescored: () => `Rescored: ${n('approvable')} approvable, ${n('hard_fail')} hard-failed, ${n('needs_human')} need a person, ${n('low_score')} scored low.`,
    rewritten: () => `Rewritten: ${n('rewritten')}, unchanged: ${n('unchanged')}, skipped because the rewrite failed QA: ${n('skipped')} (the old text was kept).`,
    run: () => 'The run is queued; progress appears below as it goes.',
  };
  const text = texts[q('done') ?? '']?.();
  return text ? notice('success', text) : '';
}

export function mountCampaigns(app: Hono, services: Services): void {
  app.get('/campaigns', async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    return guarded(c, services, user, () => listPage(c, services, user));
  });

  app.get('/campaigns/:id', async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    return guarded(c, services, user, () => campaignPage(c, services, user, c.req.param('id'), doneNotice((k) => c.req.query(k))));
  });

  // The campaign page's live progress: stream_campaign_events, served to the session.
  app.get('/campaigns/:campaign_id/events', async (c) => {
    const user = await currentUser(c, services);
    const principal = user ? sessionPrincipal(user) : new ToolError('unauthenticated', 'Sign in to follow this campaign');
    const stillAllowed = async () => (await currentUser(c, services))?.sessionId === user?.sessionId;
    return serveEventStream(c, services, principal, stillAllowed);
  });
}

/** A refused call becomes an error page with the call's own status and message. */
export async function guarded(c: Context, services: Services, user: WebUser, render: () => Promise<Response>): Promise<Response> {
  try {
    return await render();
  } catch (err) {
    if (!(err instanceof PageRefusal)) throw err;
    const body = h`${notice('error', err.message)}<p><a href="/campaigns">Back to campaigns</a></p>`;
    return page(c, { title: 'Cannot show this page', body, csrf: csrfToken(c, services), user, status: err.status });
  }
}

async function listPage(c: Context, services: Services, user: WebUser): Promise<Response> {
  const cursor = c.req.query('cursor');
  const campaigns = await readTool<Page<{ campaign_id: string; name: string; created_at: string }>>(services, user, 'list_campaigns', { limit: 20, ...(cursor ? { cursor } : {}) });
  const rows = await Promise.all(
    campaigns.items.map(async (k) => ({ k, funnel: (await readTool<{ funnel: Funnel }>(services, user, 'campaign_stats', { campaign_id: k.campaign_id })).funnel })),
  );
  const table = rows.length
    ? h`<table><caption class="muted">Your campaigns, newest first, with their funnel</caption>
<thead><tr><th scope="col">Campaign</th>${FUNNEL_STEPS.map(([label]) => h`<th scope="col" class="num">${label}</th>`)}</tr></thead>
<tbody>${rows.map(({ k, funnel }) => h`<tr><th scope="row"><a href="/campaigns/${k.campaign_id}">${k.name}</a></th>${FUNNEL_STEPS.map(([, get]) => h`<td class="num">${get(funnel)}</td>`)}</tr>`)}</tbody></table>`
    : h`<p>No campaigns yet. Create one with <code>create_campaign</code> from your agent or the API; it appears here.</p>`;
  const more = campaigns.has_more && campaigns.next_cursor ? h`<p><a href="/campaigns?cursor=${campaigns.next_cursor}">Older campaigns</a></p>` : '';
  return page(c, { title: 'Campaigns', body: h`${table}${more}`, csrf: csrfToken(c, services), user });
}

/** The campaign page; `status` and `extra` let a refused form re-render it with its notice. */
export async function campaignPage(c: Context, services: Services, user: WebUser, id: string, top: Safe | '' = '', status = 200): Promise<Response> {
  if (!UUID.test(id)) throw new PageRefusal({ status: 404, envelope: { ok: false, tool: 'get_campaign', kind: 'read', data: null, error: { code: 'not_found', message: 'No such campaign.' } } });
  const csrf = csrfToken(c, services);
  const q = (name: string) => c.req.query(name);
  const onlyFailing = q('only_failing') === 'true';
  const [campaign, run, stats, speakers, qa] = await Promise.all([
    readTool<CampaignDetail>(services, user, 'get_campaign', { campaign_id: id }),
    readTool<RunStatusView>(services, user, 'get_run_status', { campaign_id: id }),
    readTool<{ funnel: Funnel }>(services, user, 'campaign_stats', { campaign_id: id }),
    readTool<Page<SpeakerRow>>(services, user, 'search_speakers', { campaign_id: id, limit: 50, ...(q('speakers') ? { cursor: q('speakers') } : {}) }),
    readTool<{ messages: DraftRow[]; buckets: Record<string, number>; next_cursor: string | null; has_more: boolean }>(services, user, 'get_draft_qa', {
      campaign_id: id,
      limit: REVIEW_PAGE,
      ...(onlyFailing ? { only_failing: true } : {}),
      ...(q('drafts') ? { cursor: q('drafts') } : {}),
    }),
  ]);
  const base = `/campaigns/${id}`;
  const moreSpeakers = speakers.has_more && speakers.next_cursor ? h`<p><a href="${base}?speakers=${speakers.next_cursor}#speakers-h">More speakers</a></p>` : '';
  const moreDrafts = qa.has_more && qa.next_cursor ? h`<p><a href="${base}?drafts=${qa.next_cursor}${onlyFailing ? '&only_failing=true' : ''}#review-h">More drafts</a></p>` : '';
  const filter = onlyFailing ? h`<a href="${base}#review-h">Show every draft</a>` : h`<a href="${base}?only_failing=true#review-h">Show only drafts that need work</a>`;
  const buckets = Object.entries(qa.buckets).map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`).join(' · ');
  const missing = campaign.missing_fields.length ? notice('info', `Drafting needs these fields, still empty: ${campaign.missing_fields.join(', ')}. Fill them in your profile or with update_campaign.`) : '';
  const body = h`${top}${missing}
<p><a href="/campaigns">All campaigns</a></p>
<section aria-labelledby="funnel-h"><h2 id="funnel-h">Funnel</h2>${funnelList(stats.funnel)}</section>
${runPanel(id, run, csrf)}
<section aria-labelledby="speakers-h"><h2 id="speakers-h">Speakers</h2>${speakerTable(speakers.items, moreSpeakers)}</section>
<section aria-labelledby="review-h"><h2 id="review-h">Draft review</h2>
<p class="muted">Speakers by QA state: ${buckets}. ${filter}</p>
${reviewActions(id, csrf)}
${reviewTable(id, qa.messages, csrf)}${moreDrafts}</section>
${sessionPrincipal(user).scopes.includes('send') ? pushPanel(id, campaign, csrf) : ''}`;
  return page(c, { title: campaign.name, body, csrf, user, status });
}

function reviewActions(id: string, csrf: string): Safe {
  return h`<div class="actions bulk">
<form method="post" action="/campaigns/${id}/rewrites" class="rewrite"><input type="hidden" name="csrf" value="${csrf}">
<label for="rewrite-all">Rewrite every unsent draft by an instruction</label>
<input type="text" id="rewrite-all" name="instruction" required maxlength="2000">
<button type="submit" class="secondary">Rewrite all</button></form>
<form method="post" action="/campaigns/${id}/rescores" class="inline"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary">Rescore all</button></form>
</div>`;
}

/** Runs a write from a form; the refusal, if any, is shown on the campaign page with the call's status. */
export async function act(c: Context, services: Services, user: WebUser, campaignId: string, tool: string, args: Record<string, unknown>, idempotencyKey?: string) {
  const outcome = await callTool(services, user, tool, args, idempotencyKey);
  if (outcome.envelope.ok) return { ok: true as const, data: outcome.envelope.data as Record<string, unknown> };
  const message = outcome.envelope.error?.message ?? 'refused';
  return { ok: false as const, response: await guarded(c, services, user, () => campaignPage(c, services, user, campaignId, notice('error', message), outcome.status)) };
}
