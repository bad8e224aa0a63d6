import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { csrfToken, csrfValid, type WebUser } from '../auth/sessions.js';
import { SKIP_HINTS, type SkipReason } from '../core/push/eligibility.js';
import { act } from './campaigns.js';
import { readForm } from './form.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import { requireUser } from './settings.js';
import { forbidden } from './signin.js';

interface PushReport {
  dry_run: boolean;
  tool: string;
  sending_campaign_id: string;
  would_push: number;
  skipped_by_reason: Record<string, number>;
  pushed?: number;
  duplicate?: number;
  failed?: number;
  results?: Array<{ speaker_name: string; outcome: string; detail: string | null }>;
}

/** Shown only to a principal with the send scope: pushing loads approved sequences into the sending tool. */
export function pushPanel(campaignId: string, campaign: { sending_connection_id: string | null; sending_campaign_id: string | null }, csrf: string): Safe {
  const wired = campaign.sending_connection_id && campaign.sending_campaign_id;
  const body = wired
    ? h`<p>Approved, send-ready sequences go to campaign <code>${campaign.sending_campaign_id}</code> in your sending tool as MSG1 to MSG3. You see how many would go before anything is sent; a person still arms the campaign in the tool.</p>
<form method="post" action="/campaigns/${campaignId}/push" class="inline">${csrfField(csrf)}<button type="submit">Review the push</button></form>`
    : h`<p>This campaign is not wired to a sending tool yet. Connect one in <a href="/settings/sending">settings</a>, then wire it with <code>update_campaign</code> (sending_connection_id and sending_campaign_id).</p>`;
  return h`<section aria-labelledby="push-h"><h2 id="push-h">Push to the sending tool</h2>${body}</section>`;
}

function skipList(report: PushReport): Safe {
  const reasons = Object.entries(report.skipped_by_reason).filter(([, n]) => n > 0);
  if (reasons.length === 0) return h``;
  return h`<h2>Not going</h2><ul>${reasons.map(([r, n]) => h`<li>${n} × <code>${r}</code>: ${SKIP_HINTS[r as SkipReason] ?? ''}</li>`)}</ul>`;
}

export function mountPushPages(app: Hono, services: Services): void {
  app.post('/campaigns/:id/push', async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const form = await readForm(c);
    if (!csrfValid(c, services, form.get('csrf'))) return forbidden(c, services);
    const id = c.req.param('id');
    if (form.get('confirm') !== 'yes') return preview(c, services, user, id);
    // The key was minted on the confirmation page: pressing twice, or reloading, replays the one push.
    const r = await act(c, services, user, id, 'push_approved', { campaign_id: id }, form.get('push_key') ?? undefined);
    if (!r.ok) return r.response;
    const report = r.data as unknown as PushReport;
    const body = h`${notice(report.failed ? 'error' : 'success', `Pushed ${report.pushed ?? 0}, already in the tool ${report.duplicate ?? 0}, failed ${report.failed ?? 0}.`)}
<ul>${(report.results ?? []).map((x) => h`<li>${x.speaker_name}: ${x.outcome}${x.detail ? ` (${x.detail})` : ''}</li>`)}</ul>
${skipList(report)}
<p>Arm the campaign in ${report.tool} when you are ready: Greenroom never starts it. <a href="/campaigns/${id}">Back to the campaign</a></p>`;
    return page(c, { title: 'Push report', body, csrf: csrfToken(c, services), user });
  });
}

/** A dry run first: how many would go and why the rest would not, then an explicit yes. */
async function preview(c: Context, services: Services, user: WebUser, id: string): Promise<Response> {
  const r = await act(c, services, user, id, 'push_approved', { campaign_id: id, dry_run: true });
  if (!r.ok) return r.response;
  const report = r.data as unknown as PushReport;
  const csrf = csrfToken(c, services);
  const confirm = report.would_push
    ? h`<form method="post" action="/campaigns/${id}/push" class="stack">${csrfField(csrf)}
<input type="hidden" name="confirm" value="yes"><input type="hidden" name="push_key" value="${`web-push-${randomUUID()}`}">
<div class="actions"><button type="submit">Yes, push ${report.would_push} ${report.would_push === 1 ? 'sequence' : 'sequences'}</button> <a href="/campaigns/${id}">Cancel</a></div></form>`
    : h`<p>Nothing is ready to go. <a href="/campaigns/${id}">Back to the campaign</a></p>`;
  const body = h`${notice('info', `${report.would_push} approved ${report.would_push === 1 ? 'sequence goes' : 'sequences go'} to campaign ${report.sending_campaign_id} in ${report.tool}. Messages are marked sent once the tool confirms.`)}
${skipList(report)}${confirm}`;
  return page(c, { title: 'Push approved sequences?', body, csrf, user });
}
