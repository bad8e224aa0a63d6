import type { Hono } from 'hono';
import approveSequence from '../../tools/approve_sequence.js';
import getDraftQa from '../../tools/get_draft_qa.js';
import rescoreDrafts from '../../tools/rescore_drafts.js';
import requestRewrite from '../../tools/request_rewrite.js';
import updateMessage from '../../tools/update_message.js';
import { attempt, read, type OutputOf } from './call.js';
import { csrfField, h, page } from './html.js';
import { field, type PageContext, type PageEnv } from './page-app.js';
import { asView, inView, loadQueue, lockedSlot, VIEW_LABEL, type Slot } from './review-queue.js';
import { reviewPage, reviewUrl, type Done, type Place } from './review-page.js';

/**
 * After an action: the page's script gets the review region at once (one request);
 * a plain form is redirected to the review page, which words the notice from the query.
 * Words from the call itself (a refusal, what a rewrite could not follow) are shown in
 * place, never carried in the address.
 */
function answer(c: PageContext, campaignId: string, place: Place, done: Done, status = 200, words?: string): Promise<Response> | Response {
  if (c.req.header('HX-Request') || status !== 200 || words) return reviewPage(c, campaignId, place, done, status, words);
  return c.redirect(`${reviewUrl(campaignId, place)}&${new URLSearchParams(done)}`, 303);
}

const placeOf = (c: PageContext, speaker?: string): Place => ({ view: asView(field(c, 'view')), speaker: speaker || field(c, 'speaker_id') || undefined });

async function slotsOf(c: PageContext, speakerId: string): Promise<Slot[]> {
  return (await read(c.var.services, c.var.user, getDraftQa, { speaker_id: speakerId })).messages;
}

/** Approves a speaker's sequence in one call (one write against the per-session limit); the status of a refusal, or 200. */
async function approveAll(c: PageContext, speakerId: string): Promise<number> {
  const r = await attempt(c.var.services, c.var.user, approveSequence, { speaker_id: speakerId });
  return r.ok ? 200 : r.status;
}

type Results = NonNullable<OutputOf<typeof requestRewrite>['results']>;

/** What the rewrite could not follow, each part of the instruction once, in the engine's words. */
function notFollowed(results: Results): string | undefined {
  const notes = results.flatMap((r) => (r.instruction_notes ?? []).filter((x) => x.status === 'not_applied').map((x) => `“${x.request}”: ${x.note}`));
  return notes.length ? [...new Set(notes)].join(' ') : undefined;
}

export function mountReviewActions(app: Hono<PageEnv>): void {
  // Saves the slots whose text changed, then checks them again, so the score is current on the page.
  app.post('/:id/review/save', async (c) => {
    const { services, user, form } = c.var;
    const id = c.req.param('id');
    const speaker = field(c, 'speaker_id');
    const changed: string[] = [];
    for (const m of await slotsOf(c, speaker)) {
      const text = form.get(`content-${m.message_id}`)?.replace(/\r\n/g, '\n');
      if (lockedSlot(m) || text === undefined || text === m.content) continue;
      const r = await attempt(services, user, updateMessage, { message_id: m.message_id, content: text });
      if (!r.ok) return answer(c, id, placeOf(c), { done: 'refused', text: r.status === 429 ? 'limit' : 'save', of: speaker }, r.status, r.message);
      changed.push(m.message_id);
    }
    if (changed.length) await read(services, user, rescoreDrafts, { campaign_id: id, message_ids: changed });
    // The check judges the whole sequence again, so the count is of every unsent message, as the page then shows them.
    const unsent = (await slotsOf(c, speaker)).filter((m) => !m.sent);
    const cleared = unsent.filter((m) => m.approvable).length;
    return answer(c, id, placeOf(c), { done: 'saved', of: speaker, saved: String(changed.length), cleared: String(cleared), checked: String(unsent.length) });
  });

  // Approves the whole sequence, then moves on to the next speaker of the view.
  app.post('/:id/review/approve', async (c) => {
    const id = c.req.param('id');
    const speaker = field(c, 'speaker_id');
    const status = await approveAll(c, speaker);
    if (status !== 200) return answer(c, id, placeOf(c), { done: 'refused', text: status === 429 ? 'limit' : 'approve', of: speaker }, status);
    return answer(c, id, placeOf(c, field(c, 'next') || speaker), { done: 'approved', of: speaker });
  });

  app.post('/:id/review/rewrite', async (c) => {
    const { services, user } = c.var;
    const id = c.req.param('id');
    const speaker = field(c, 'speaker_id');
    const r = await attempt(services, user, requestRewrite, { campaign_id: id, instruction: field(c, 'instruction'), speaker_ids: [speaker] });
    if (!r.ok) return answer(c, id, placeOf(c), { done: 'refused', text: r.status === 429 ? 'limit' : 'rewrite', of: speaker }, r.status, r.message);
    const n = (x: number | undefined) => String(x ?? 0);
    const done = { done: 'rewritten', of: speaker, rewritten: n(r.data.rewritten), unchanged: n(r.data.unchanged), skipped: n(r.data.skipped?.length) };
    return answer(c, id, placeOf(c), done, 200, notFollowed(r.data.results ?? []));
  });

  // Every ready sequence of the view: a page stating the count first, then the approvals.
  app.post('/:id/review/approve-ready', async (c) => {
    const { services, user, csrf } = c.var;
    const id = c.req.param('id');
    const view = asView(field(c, 'view'));
    const ready = inView(await loadQueue(services, user, id), view).filter((s) => s.state === 'ready');
    if (field(c, 'confirm') !== 'yes') {
      const count = `${ready.length} ready ${ready.length === 1 ? 'sequence' : 'sequences'}`;
      const body = h`<p>Approve ${count} in “${VIEW_LABEL[view]}”? The QA gate cleared each of them; approving says you read and agree.</p>
<ul class="plain columns">${ready.map((s) => h`<li>${s.name}</li>`)}</ul>
<form method="post" action="/campaigns/${id}/review/approve-ready" class="stack">${csrfField(csrf)}<input type="hidden" name="view" value="${view}"><input type="hidden" name="confirm" value="yes">
<div class="actions"><button type="submit">Yes, approve ${count}</button> <a href="${reviewUrl(id, { view })}">Cancel</a></div></form>`;
      return page(c, { title: `Approve ${count}?`, body, csrf, user });
    }
    let approved = 0;
    let failed = 0;
    for (const s of ready) {
      const status = await approveAll(c, s.speaker_id);
      if (status === 429) break;
      if (status === 200) approved++;
      else failed++;
    }
    const left = ready.length - approved - failed;
    return c.redirect(
      `${reviewUrl(id, { view })}&${new URLSearchParams({ done: 'bulk', approved: String(approved), failed: String(failed), left: String(left) })}`,
      303,
    );
  });
}
