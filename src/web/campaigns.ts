import type { Hono } from 'hono';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import { currentUser } from '../auth/sessions.js';
import { funnelsOf } from '../core/funnels.js';
import { serveEventStream } from '../http/events-route.js';
import addConferenceUrl from '../../tools/add_conference_url.js';
import campaignStats from '../../tools/campaign_stats.js';
import getCampaign from '../../tools/get_campaign.js';
import getRunStatus from '../../tools/get_run_status.js';
import listCampaigns from '../../tools/list_campaigns.js';
import listSendingConnections from '../../tools/list_sending_connections.js';
import searchSpeakers from '../../tools/search_speakers.js';
import { attempt, read, sessionPrincipal, type OutputOf } from './call.js';
import { createFromForm, mountCampaignNew, newCampaignForm } from './campaign-new.js';
import { funnelBars } from './funnel.js';
import { h, notice, page, type Safe } from './html.js';
import { field, pageApp, type PageContext } from './page-app.js';
import { mountPushPages, pushPanel } from './push-pages.js';
import { mountReviewActions } from './review-actions.js';
import { reviewPage } from './review-page.js';
import { asView, loadQueue, VIEW_LABEL } from './review-queue.js';
import { runPanel } from './run-panel.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The campaign pages, one sub-app under /campaigns: sign-in, CSRF and errors are its middleware's. */
export function mountCampaigns(app: Hono, services: Services): void {
  // The campaign page's live progress: stream_campaign_events, served to the session.
  app.get('/campaigns/:campaign_id/events', async (c) => {
    const user = await currentUser(c, services);
    const principal = user ? sessionPrincipal(user) : new ToolError('unauthenticated', 'Sign in to follow this campaign');
    const stillAllowed = async () => (await currentUser(c, services))?.sessionId === user?.sessionId;
    return serveEventStream(c, services, principal, stillAllowed);
  });

  const pages = pageApp(services);
  // /campaigns/{id}/…: an id that cannot be a campaign's is a page not found.
  pages.use('*', async (c, next) => {
    const id = c.req.path.split('/')[2];
    if (id && id !== 'new' && !UUID.test(id)) throw new ToolError('not_found', 'No such campaign.');
    await next();
  });
  pages.get('/', listPage);
  // `new` sits where every other route takes a campaign id, so it is answered by the id's
  // own routes: Hono's fast router (RegExpRouter) refuses a literal segment beside a
  // parameter, and one such pair puts every request of the app on the slower trie router.
  pages.get('/:id', (c) => (c.req.param('id') === 'new' ? newCampaignForm(c) : campaignPage(c, c.req.param('id'))));
  pages.post('/:id', (c) => (c.req.param('id') === 'new' ? createFromForm(c) : c.notFound()));
  mountCampaignNew(pages);
  pages.get('/:id/review', (c) => {
    const q = c.req.queries();
    const done = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v[0] ?? '']));
    return reviewPage(c, c.req.param('id'), { view: asView(c.req.query('view')), speaker: c.req.query('speaker') }, done);
  });
  pages.post('/:id/urls', async (c) => {
    const id = c.req.param('id');
    const r = await attempt(c.var.services, c.var.user, addConferenceUrl, { campaign_id: id, url: field(c, 'url') });
    if (!r.ok) return campaignPage(c, id, notice('error', `That page was not added: ${r.message}`), r.status);
    return c.redirect(`/campaigns/${id}/start`, 303);
  });
  mountReviewActions(pages);
  mountPushPages(pages);
  app.route('/campaigns', pages);
}

async function listPage(c: PageContext): Promise<Response> {
  const { services, user, csrf } = c.var;
  const cursor = c.req.query('cursor');
  const campaigns = await read(services, user, listCampaigns, { limit: 20, ...(cursor ? { cursor } : {}) });
  // One query for the funnels of every campaign on the page.
  const funnels = await funnelsOf(
    { ...services, principal: sessionPrincipal(user) },
    campaigns.items.map((k) => k.campaign_id),
  );
  const rows = campaigns.items.map((k) => {
    const f = funnels.get(k.campaign_id);
    const stages: Array<[string, number]> = f
      ? [
          ['Scraped', f.scraped],
          ['Qualified', f.qualified],
          ['Drafted', f.drafted],
          ['Approved', f.approved],
          ['Sent', f.sent],
          ['Replied', f.replied],
        ]
      : [];
    return h`<li><h2><a href="/campaigns/${k.campaign_id}">${k.name}</a></h2>${funnelBars(`f-${k.campaign_id}`, `Funnel of ${k.name}`, stages)}</li>`;
  });
  const more = campaigns.has_more && campaigns.next_cursor ? h`<p><a href="/campaigns?cursor=${campaigns.next_cursor}">Older campaigns</a></p>` : '';
  const body = h`<p><a class="button" href="/campaigns/new">New campaign</a></p>
${rows.length ? h`<ul class="campaigns">${rows}</ul>` : h`<p>No campaigns yet. Create one here, or ask your agent to create one through the API.</p>`}${more}`;
  return page(c, { title: 'Campaigns', body, csrf, user });
}

/** What drafting still needs, in words: the profile seeds these; a campaign without a page needs one added. */
const MISSING_WORDS: Record<string, string> = { pitch: 'the pitch', cta: 'the call to action', your_name: 'your name' };

function missingNotice(fields: string[]): Safe | '' {
  const named = fields.map((f) => MISSING_WORDS[f]).filter((w): w is string => w !== undefined);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '');
  const needs = list ? `Drafting needs these, still empty: ${list}. Your profile fills them in for the campaigns you create next.` : '';
  const page = fields.includes('conference_urls') ? 'The campaign has no conference page yet: add one below.' : '';
  return needs || page ? notice('info', [needs, page].filter(Boolean).join(' ')) : '';
}

type Stats = OutputOf<typeof campaignStats>;

const funnelOf = (f: Stats['funnel']): Array<[string, number]> => [
  ['Scraped', f.scraped],
  ['Prequalified', f.prequalified.qualified + f.prequalified.unsure],
  ['Qualified', f.qualified],
  ['Drafted', f.drafted],
  ['QA-cleared', f.approvable],
  ['Approved', f.approved],
  ['Sent', f.sent],
  ['Replied', f.replied],
  ['Booked', f.booked],
];

/** The campaign page: the funnel, the run as it goes, where the review stands, and the push. */
export async function campaignPage(c: PageContext, id: string, top: Safe | '' = '', status = 200): Promise<Response> {
  const { services, user, csrf } = c.var;
  const [campaign, run, stats, queue, speakers] = await Promise.all([
    read(services, user, getCampaign, { campaign_id: id }),
    read(services, user, getRunStatus, { campaign_id: id }),
    read(services, user, campaignStats, { campaign_id: id }),
    loadQueue(services, user, id),
    read(services, user, searchSpeakers, { campaign_id: id, limit: 200 }),
  ]);
  const wired = campaign.sending_connection_id !== null && campaign.sending_campaign_id !== null;
  const connections = wired ? [] : (await read(services, user, listSendingConnections, { limit: 100 })).items;
  const base = `/campaigns/${id}`;
  const missing = missingNotice(campaign.missing_fields);
  const views = (['needs_work', 'ready', 'approved', 'pushed', 'excluded'] as const).map(
    (v) => h`<li><a href="${base}/review?view=${v}">${VIEW_LABEL[v]}: ${queue.counts[v]}</a></li>`,
  );
  const body = h`${top}${missing}
<p><a href="/campaigns">All campaigns</a></p>
<section aria-labelledby="funnel-h"><h2 id="funnel-h">Funnel</h2>${funnelBars('funnel', `Funnel of ${campaign.name}`, funnelOf(stats.funnel))}</section>
${runPanel(id, run, queue.counts.all, csrf)}
<section aria-labelledby="review-h"><h2 id="review-h">Review</h2>
${queue.counts.all ? h`<p><a class="button" href="${base}/review">Review the drafts (${queue.counts.all} speakers)</a></p><ul class="views">${views}</ul>` : h`<p class="muted">No drafts yet.</p>`}
</section>
${pushPanel(id, campaign, queue, connections, csrf)}
<section aria-labelledby="speakers-h"><h2 id="speakers-h">Speakers</h2>${speakerTable(speakers.items)}</section>`;
  return page(c, { title: campaign.name, body, csrf, user, status });
}

function speakerTable(rows: OutputOf<typeof searchSpeakers>['items']): Safe {
  if (rows.length === 0) return h`<p class="muted">No speakers yet.</p>`;
  return h`<details><summary>Every speaker read from the pages (${rows.length})</summary><table><caption class="sr-only">Speakers read from the conference pages</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Title and company</th><th scope="col">Prequalified</th><th scope="col" class="num">Fit</th><th scope="col">Stage</th><th scope="col">Selected</th></tr></thead>
<tbody>${rows.map(
    (s) =>
      h`<tr><th scope="row">${s.name}</th><td>${[s.title, s.company].filter(Boolean).join(', ') || '—'}</td><td>${s.prequalify_verdict ?? '—'}</td><td class="num">${s.fit_score ?? '—'}</td><td>${s.stage}</td><td>${s.selected ? 'yes' : 'no'}</td></tr>`,
  )}</tbody></table></details>`;
}
