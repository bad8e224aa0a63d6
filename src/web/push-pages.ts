import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import listSendingConnections from '../../tools/list_sending_connections.js';
import pushApproved from '../../tools/push_approved.js';
import updateCampaign from '../../tools/update_campaign.js';
import type { SkipReason } from '../../schemas/push-vocabulary.js';
import { attempt, type OutputOf } from './call.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import { field, type PageContext, type PageEnv } from './page-app.js';
import type { Queue } from './review-queue.js';

type PushReport = OutputOf<typeof pushApproved>;

const TOOL_NAME: Record<PushReport['tool'], string> = { heyreach: 'HeyReach', lemlist: 'lemlist', webhook: 'your webhook' };

/** Why a sequence does not go, in the reviewer's words (the reasons' own hints name API calls), for every reason. */
const SKIP_TEXT: Record<SkipReason, string> = {
  already_pushed: 'already in the sending tool, or every message was sent',
  partly_sent: 'some messages were already sent another way: finish this sequence by hand',
  suppressed: 'the person is on your do-not-contact list',
  contacted_recently: 'another of your campaigns pushed this person recently',
  excluded: 'the speaker is excluded from the campaign',
  missing_slots: 'the sequence does not have all three messages drafted',
  not_scored: 'a message changed after its check: open it in the review and save it to check it again',
  stale: 'a check is out of date (researched again, or written too long ago): save or rewrite it in the review',
  needs_human: 'a message waits for a person: read it in the review and approve it',
  needs_redo: 'a message must be rewritten: rewrite it in the review',
  not_approvable: 'a message fails the check or scores below the bar: edit or rewrite it in the review',
  no_linkedin_url: 'the speaker has no public LinkedIn profile to send to',
  not_approved: 'checked and clean, but this campaign pushes only what you approved: approve it in the review',
};

type Connections = OutputOf<typeof listSendingConnections>['items'];

/** Wiring the campaign to a campaign inside a connected sending tool; the tool checks the id. */
function wireForm(campaignId: string, connections: Connections, csrf: string): Safe {
  if (connections.length === 0)
    return h`<p>Connect a sending tool in <a href="/settings/sending">settings</a> first; then wire this campaign to a campaign in it here.</p>`;
  return h`<form method="post" action="/campaigns/${campaignId}/wire" class="stack">${csrfField(csrf)}
<div><label for="wire-connection">Sending tool</label><select id="wire-connection" name="connection_id">${connections.map((k) => h`<option value="${k.connection_id}">${k.name} (${TOOL_NAME[k.tool]})</option>`)}</select></div>
<div><label for="wire-campaign">Campaign in the tool</label><input type="text" id="wire-campaign" name="sending_campaign_id" required maxlength="200" aria-describedby="wire-hint">
<p class="hint" id="wire-hint">Its id as the tool shows it. Nothing in the tool is started.</p></div>
<div class="actions"><button type="submit" class="secondary">Wire the campaign</button></div></form>`;
}

/** The push: how many a person approved and how many the gate cleared, then a dry run. */
export function pushPanel(
  campaignId: string,
  campaign: { sending_connection_id: string | null; sending_campaign_id: string | null },
  queue: Queue,
  connections: Connections,
  csrf: string,
): Safe {
  const wired = campaign.sending_connection_id && campaign.sending_campaign_id;
  const counts = h`<p><strong>${queue.counts.approved}</strong> approved by you · <strong>${queue.counts.ready}</strong> ready (QA-cleared, not approved yet) · ${queue.counts.pushed} pushed.</p>`;
  const body = wired
    ? h`${counts}<p>A push loads every sequence the QA gate cleared into campaign <code>${campaign.sending_campaign_id}</code> of your sending tool. First you see how many would go; nothing is sent until you start that campaign in the tool.</p>
<form method="post" action="/campaigns/${campaignId}/push" class="inline">${csrfField(csrf)}<button type="submit">Dry run the push</button></form>`
    : h`${counts}<p>This campaign is not wired to a sending tool yet.</p>${wireForm(campaignId, connections, csrf)}`;
  return h`<section aria-labelledby="push-h"><h2 id="push-h">Push to the sending tool</h2>${body}</section>`;
}

function skipList(report: PushReport): Safe {
  const reasons = (Object.entries(report.skipped_by_reason) as Array<[SkipReason, number]>).filter(([, n]) => n > 0);
  if (reasons.length === 0) return h``;
  return h`<h2>Not going</h2><ul>${reasons.map(([r, n]) => h`<li>${n}: ${SKIP_TEXT[r]}</li>`)}</ul>`;
}

const sequences = (n: number) => `${n} ${n === 1 ? 'sequence' : 'sequences'}`;

export function mountPushPages(app: Hono<PageEnv>): void {
  app.post('/:id/wire', async (c) => {
    const { services, user, csrf } = c.var;
    const id = c.req.param('id');
    const r = await attempt(services, user, updateCampaign, {
      campaign_id: id,
      sending_connection_id: field(c, 'connection_id'),
      sending_campaign_id: field(c, 'sending_campaign_id'),
    });
    if (!r.ok)
      return page(c, {
        title: 'Not wired',
        body: h`${notice('error', r.message)}<p><a href="/campaigns/${id}#push-h">Back to the campaign</a></p>`,
        csrf,
        user,
        status: r.status,
      });
    return c.redirect(`/campaigns/${id}#push-h`, 303);
  });

  app.post('/:id/push', async (c) => {
    const { services, user, csrf, form } = c.var;
    const id = c.req.param('id');
    if (form.get('confirm') !== 'yes') return preview(c, id);
    // The key was minted on the confirmation page: pressing twice, or reloading, replays the one push.
    const onlyApproved = form.get('only_approved') === 'yes';
    const r = await attempt(
      services,
      user,
      pushApproved,
      { campaign_id: id, ...(onlyApproved ? { only_approved: true } : {}) },
      form.get('push_key') ?? undefined,
    );
    if (!r.ok)
      return page(c, {
        title: 'The push did not go',
        body: h`${notice('error', r.message)}<p><a href="/campaigns/${id}">Back to the campaign</a></p>`,
        csrf,
        user,
        status: r.status,
      });
    const report = r.data;
    const tool = TOOL_NAME[report.tool];
    const pushed = (report.pushed ?? 0) + (report.duplicate ?? 0);
    const body = h`${notice(report.failed ? 'error' : 'success', `${sequences(pushed)} pushed to ${tool}, not sent until you start its campaign.${report.failed ? ` ${report.failed} failed: see below.` : ''}`)}
<ul>${(report.results ?? []).map((x) => h`<li>${x.speaker_name}: ${x.outcome === 'duplicate' ? 'already in the tool' : x.outcome}${x.detail ? ` (${x.detail})` : ''}</li>`)}</ul>
${skipList(report)}
<p>Greenroom never starts the campaign in ${tool}: start it there when you are ready. <a href="/campaigns/${id}">Back to the campaign</a></p>`;
    return page(c, { title: 'Pushed', body, csrf, user });
  });
}

/** A dry run first: how many would go and why the rest would not, then an explicit yes. */
async function preview(c: PageContext, id: string): Promise<Response> {
  const { services, user, csrf } = c.var;
  const r = await attempt(services, user, pushApproved, { campaign_id: id, dry_run: true });
  if (!r.ok)
    return page(c, {
      title: 'Cannot push yet',
      body: h`${notice('error', r.message)}<p><a href="/campaigns/${id}">Back to the campaign</a></p>`,
      csrf,
      user,
      status: r.status,
    });
  const report = r.data;
  const tool = TOOL_NAME[report.tool];
  const mine = report.approved_by_person;
  const others = report.would_push - mine;
  // Each choice carries its own key: the two are different pushes.
  const choice = (label: string, only: boolean, style = '') =>
    h`<form method="post" action="/campaigns/${id}/push" class="inline">${csrfField(csrf)}<input type="hidden" name="confirm" value="yes">${only ? h`<input type="hidden" name="only_approved" value="yes">` : ''}<input type="hidden" name="push_key" value="${`web-push-${randomUUID()}`}"><button type="submit"${style ? h` class="${style}"` : ''}>${label}</button></form>`;
  const confirm = report.would_push
    ? h`<div class="actions">${choice(`Yes, push ${sequences(report.would_push)} to ${tool}`, false)}${mine > 0 && others > 0 ? choice(`Push only the ${mine} you approved`, true, 'secondary') : ''} <a href="/campaigns/${id}">Cancel</a></div>`
    : h`<p>Nothing is ready to go. <a href="/campaigns/${id}">Back to the campaign</a></p>`;
  const whose = report.requires_approval
    ? ' This campaign pushes only what you approved.'
    : report.would_push
      ? others === 0
        ? ' You approved every one of them.'
        : ` ${mine} you approved, ${others} only cleared by the check (not approved by you).`
      : '';
  const body = h`${notice('info', `Dry run: ${sequences(report.would_push)} would go to campaign ${report.sending_campaign_id} in ${tool}.${whose} Nothing is sent until you start that campaign in ${tool}.`)}
${skipList(report)}${confirm}`;
  return page(c, { title: 'Push to the sending tool?', body, csrf, user });
}
