import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { csrfValid, type WebUser } from '../auth/sessions.js';
import { act } from './campaigns.js';
import { readForm } from './form.js';
import { requireUser } from './settings.js';
import { forbidden } from './signin.js';

type Handler = (c: Context, user: WebUser, form: URLSearchParams, campaignId: string) => Promise<Response>;

/** Every form of the campaign page: signed in, CSRF-checked, then one tool call through invoke. */
function post(app: Hono, services: Services, path: string, handler: Handler): void {
  app.post(path, async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const form = await readForm(c);
    if (!csrfValid(c, services, form.get('csrf'))) return forbidden(c, services);
    return handler(c, user, form, c.req.param('id') ?? '');
  });
}

/** Back to the campaign page (post, redirect, get), at the speaker or message acted on. */
const back = (c: Context, campaignId: string, query: Record<string, string | number>, anchor = ''): Response =>
  c.redirect(`/campaigns/${campaignId}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}${anchor ? `#${anchor}` : ''}`, 303);

/** A single speaker named by the form, or the whole campaign. */
const speakerScope = (form: URLSearchParams): { speaker_ids?: string[] } => (form.get('speaker_id') ? { speaker_ids: [form.get('speaker_id') as string] } : {});

export function mountReviewActions(app: Hono, services: Services): void {
  post(app, services, '/campaigns/:id/messages/:mid', async (c, user, form, id) => {
    const r = await act(c, services, user, id, 'update_message', { message_id: c.req.param('mid'), content: form.get('content') ?? '' });
    return r.ok ? back(c, id, { done: 'edited' }, `m-${c.req.param('mid')}`) : r.response;
  });

  post(app, services, '/campaigns/:id/messages/:mid/approve', async (c, user, _form, id) => {
    const r = await act(c, services, user, id, 'approve_message', { message_id: c.req.param('mid') });
    return r.ok ? back(c, id, { done: 'approved' }, `m-${c.req.param('mid')}`) : r.response;
  });

  post(app, services, '/campaigns/:id/rescores', async (c, user, form, id) => {
    const r = await act(c, services, user, id, 'rescore_drafts', { campaign_id: id, ...speakerScope(form) });
    if (!r.ok) return r.response;
    const outcomes = r.data.outcomes as Record<string, number>;
    return back(c, id, { done: 'rescored', ...outcomes }, form.get('speaker_id') ? `speaker-${form.get('speaker_id')}` : 'review-h');
  });

  post(app, services, '/campaigns/:id/rewrites', async (c, user, form, id) => {
    const r = await act(c, services, user, id, 'request_rewrite', { campaign_id: id, instruction: (form.get('instruction') ?? '').trim(), ...speakerScope(form) });
    if (!r.ok) return r.response;
    const skipped = (r.data.skipped as unknown[] | undefined)?.length ?? 0;
    return back(c, id, { done: 'rewritten', rewritten: Number(r.data.rewritten ?? 0), unchanged: Number(r.data.unchanged ?? 0), skipped }, form.get('speaker_id') ? `speaker-${form.get('speaker_id')}` : 'review-h');
  });

  post(app, services, '/campaigns/:id/runs', async (c, user, _form, id) => {
    const r = await act(c, services, user, id, 'start_campaign_run', { campaign_id: id });
    return r.ok ? back(c, id, { done: 'run' }, 'run-h') : r.response;
  });
}
