import type { Hono } from 'hono';
import addConferenceUrl from '../../tools/add_conference_url.js';
import createCampaign from '../../tools/create_campaign.js';
import getProfile from '../../tools/get_profile.js';
import startCampaignRun from '../../tools/start_campaign_run.js';
import getCampaign from '../../tools/get_campaign.js';
import getRunStatus from '../../tools/get_run_status.js';
import { attempt, read, type OutputOf } from './call.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import { field, type PageContext, type PageEnv } from './page-app.js';
import { pauseText } from './run-panel.js';

const MAX_URLS = 10;
const list = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter(Boolean);

type Profile = OutputOf<typeof getProfile>;
/** The parts of who fits (the ICP), each a comma-separated list on the form. */
const ICP_PARTS = ['titles', 'seniority', 'industries', 'keywords', 'exclusions', 'competitors'] as const;
const FIELDS = ['name', 'urls', 'your_name', 'your_role', 'your_company', 'pitch', 'cta', ...ICP_PARTS] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const fromProfile = (p: Profile): Values => ({
  name: '',
  urls: '',
  your_name: p.your_name,
  your_role: p.your_role,
  your_company: p.company,
  pitch: p.pitch,
  cta: p.cta,
  ...(Object.fromEntries(ICP_PARTS.map((k) => [k, (p.icp[k] ?? []).join(', ')])) as Record<(typeof ICP_PARTS)[number], string>),
});

function input(id: keyof Values, label: string, v: Values, opts: { hint?: string; required?: boolean; area?: boolean; type?: string } = {}): Safe {
  const hint = opts.hint ? h`<p class="hint" id="${id}-hint">${opts.hint}</p>` : '';
  const described = opts.hint ? h` aria-describedby="${id}-hint"` : '';
  const req = opts.required ? h` required` : '';
  const control = opts.area
    ? h`<textarea id="${id}" name="${id}" rows="3"${req}${described}>${v[id]}</textarea>`
    : h`<input type="${opts.type ?? 'text'}" id="${id}" name="${id}" value="${v[id]}"${req}${described}>`;
  return h`<div><label for="${id}">${label}</label>${control}${hint}</div>`;
}

function form(c: PageContext, v: Values, problem?: string, status?: number): Response {
  const { csrf, user } = c.var;
  const body = h`${problem ? notice('error', problem) : ''}
<form method="post" action="/campaigns/new" class="stack wide">${csrfField(csrf)}
${input('name', 'Campaign name', v, { required: true })}
${input('urls', 'Conference pages', v, { required: true, area: true, hint: `The public pages that list the speakers, one address a line (at most ${MAX_URLS}).` })}
<fieldset><legend>Sender</legend>
${input('your_name', 'Your name', v)}
${input('your_role', 'Your role', v)}
${input('your_company', 'Your company', v)}
</fieldset>
${input('pitch', 'Pitch', v, { area: true, hint: 'What you offer, in a sentence or two.' })}
${input('cta', 'Call to action', v, { hint: 'The one ask the last message ends with.' })}
<fieldset><legend>Who fits</legend>
${input('titles', 'Job titles', v, { hint: 'Separated by commas, for example: CTO, VP Engineering.' })}
${input('seniority', 'Seniority', v, { hint: 'Levels, separated by commas, for example: C-level, VP, Director.' })}
${input('industries', 'Industries', v, { hint: 'Separated by commas, for example: healthcare, fintech.' })}
${input('keywords', 'Topics', v, { hint: 'Words in a bio or talk that signal fit, separated by commas.' })}
${input('exclusions', 'Leave out', v, { hint: 'Words that rule a speaker out, separated by commas.' })}
${input('competitors', 'Competitors', v, { hint: 'Company names or domains, separated by commas: their people are left out.' })}
</fieldset>
<div class="actions"><button type="submit">Create the campaign and see the cost</button> <a href="/campaigns">Cancel</a></div>
</form>`;
  return page(c, { title: 'New campaign', body, csrf, user, status });
}

/** The run's cost, read from the pages before anything is charged, and the button that starts it (or resumes a paused one). */
async function startPage(c: PageContext, id: string, refused: string[] = []): Promise<Response> {
  const { services, user, csrf } = c.var;
  const [campaign, dry, status] = await Promise.all([
    read(services, user, getCampaign, { campaign_id: id }),
    attempt(services, user, startCampaignRun, { campaign_id: id, dry_run: true }),
    read(services, user, getRunStatus, { campaign_id: id }),
  ]);
  const pause = status.run?.status === 'paused' ? status.run.pause : null;
  const verb = pause ? 'Resume' : 'Start';
  const top = refused.length ? notice('error', h`These pages were not added: ${refused.join('; ')}. Add them again on the campaign page once fixed.`) : '';
  if (!dry.ok)
    return page(c, {
      title: `${verb} ${campaign.name}`,
      body: h`${top}${notice('error', dry.message)}<p><a href="/campaigns/${id}">Back to the campaign</a></p>`,
      csrf,
      user,
      status: dry.status,
    });
  const cost = dry.data.cost_preview;
  const lines = cost.lines.filter((l) => l.count > 0);
  const pages = campaign.conference_urls.length === 1 ? 'the conference page' : `the ${campaign.conference_urls.length} conference pages`;
  const body = h`${top}
${pause ? h`<p><strong>The run is paused: the credits ran out.</strong> ${pauseText(pause)}</p>` : ''}
<p>${pause ? 'Resuming, the rest of the run' : `Reading ${pages} now, the run`} would charge <strong>${cost.credits} credits</strong>; your balance is ${cost.balance}.</p>
${
  lines.length
    ? h`<table><caption class="muted">What the credits buy</caption><thead><tr><th scope="col">Step</th><th scope="col" class="num">Count</th><th scope="col" class="num">Credits</th></tr></thead>
<tbody>${lines.map((l) => h`<tr><td>${(l.stage ?? l.operation ?? '').replace(/_/g, ' ')}</td><td class="num">${l.count}</td><td class="num">${l.credits}</td></tr>`)}</tbody></table>`
    : ''
}
${cost.note ? h`<p class="muted">${cost.note}</p>` : ''}
${cost.sufficient ? '' : notice('info', 'The balance does not cover the whole run: it drafts the best-fitting speakers first and pauses when the credits run out.')}
<form method="post" action="/campaigns/${id}/runs" class="stack">${csrfField(csrf)}
<div class="actions"><button type="submit">${verb} the run</button> <a href="/campaigns/${id}">Not now</a></div></form>`;
  return page(c, { title: `${verb} ${campaign.name}`, body, csrf, user });
}

/** GET /campaigns/new: the form, filled from the profile. */
export async function newCampaignForm(c: PageContext): Promise<Response> {
  return form(c, fromProfile(await read(c.var.services, c.var.user, getProfile, {})));
}

/** POST /campaigns/new: the campaign and its further pages, then the start page. */
export async function createFromForm(c: PageContext): Promise<Response> {
  const { services, user } = c.var;
  const v = Object.fromEntries(FIELDS.map((k) => [k, field(c, k)])) as Values;
  const urls = [...new Set(v.urls.split(/\s+/).filter(Boolean))];
  if (!v.name || urls.length === 0 || urls.length > MAX_URLS)
    return form(c, v, `Give the campaign a name and between one and ${MAX_URLS} conference pages.`, 400);
  const text = (s: string) => (s ? s : undefined);
  const created = await attempt(services, user, createCampaign, {
    name: v.name,
    conference_url: urls[0],
    your_name: text(v.your_name),
    your_role: text(v.your_role),
    your_company: text(v.your_company),
    pitch: text(v.pitch),
    cta: text(v.cta),
    icp: Object.fromEntries(ICP_PARTS.map((k) => [k, list(v[k])])),
  });
  if (!created.ok) return form(c, v, created.message, created.status);
  const id = created.data.campaign_id as string;
  const refused: string[] = [];
  for (const url of urls.slice(1)) {
    const r = await attempt(services, user, addConferenceUrl, { campaign_id: id, url });
    if (!r.ok) refused.push(`${url} (${r.message})`);
  }
  // Refusals are shown at once; otherwise post, redirect, get, so a reload does not create a second campaign.
  return refused.length ? startPage(c, id, refused) : c.redirect(`/campaigns/${id}/start`, 303);
}

export function mountCampaignNew(app: Hono<PageEnv>): void {
  app.get('/:id/start', (c) => startPage(c, c.req.param('id')));

  app.post('/:id/runs', async (c) => {
    const id = c.req.param('id');
    const r = await attempt(c.var.services, c.var.user, startCampaignRun, { campaign_id: id });
    if (!r.ok) {
      const paused = r.status === 422 && (await read(c.var.services, c.var.user, getRunStatus, { campaign_id: id })).run?.status === 'paused';
      const why = paused ? 'The run is still paused: the balance does not cover what it pays for next. Add credits, then resume.' : r.message;
      return page(c, {
        title: 'The run did not start',
        body: h`${notice('error', why)}<p><a href="/campaigns/${id}">Back to the campaign</a></p>`,
        csrf: c.var.csrf,
        user: c.var.user,
        status: r.status,
      });
    }
    return c.redirect(`/campaigns/${id}#run-h`, 303);
  });
}
