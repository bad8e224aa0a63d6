import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { csrfToken, csrfValid, type WebUser } from '../auth/sessions.js';
import { callTool } from './call.js';
import { readForm } from './form.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import { day, requireUser } from './settings.js';
import { settingsNav } from './settings-nav.js';
import { forbidden } from './signin.js';

interface Entry {
  entry_id: string;
  type: string;
  value: string;
  reason: string | null;
  source: string;
  created_at: string;
}

interface ImportAnswer {
  added: number;
  already_listed: number;
  speakers_matched: number;
  refused: Array<{ row: number; line: number; error: string }>;
}

const TYPES: Record<string, string> = { linkedin: 'LinkedIn profile', email: 'E-mail', domain: 'Company domain' };
const PATH = '/settings/do-not-contact';

/** The do-not-contact list: add (one value a line, or CSV with a header), page through, remove. */
export function mountDoNotContact(app: Hono, services: Services): void {
  app.get(PATH, async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const removed = c.req.query('done') === 'removed' ? notice('success', 'Removed. Speakers held back only by that entry can be drafted and pushed again.') : h``;
    return listPage(c, services, user, removed);
  });

  app.post(PATH, async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const form = await readForm(c);
    if (!csrfValid(c, services, form.get('csrf'))) return forbidden(c, services);
    const text = form.get('entries') ?? '';
    const outcome = await callTool(services, user, 'import_do_not_contact', { csv: text });
    if (!outcome.envelope.ok) return listPage(c, services, user, notice('error', outcome.envelope.error?.message), outcome.status, text);
    const r = outcome.envelope.data as ImportAnswer;
    const summary = `Added ${r.added}; ${r.already_listed} already listed; ${r.speakers_matched} speaker(s) in your campaigns now held back.`;
    const refused = r.refused.length
      ? h`${notice('error', `${r.refused.length} line(s) were not added:`)}<ul>${r.refused.map((x) => h`<li>line ${x.line}: ${x.error}</li>`)}</ul>`
      : h``;
    return listPage(c, services, user, h`${notice('success', summary)}${refused}`);
  });

  app.post(`${PATH}/:id/remove`, async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const form = await readForm(c);
    if (!csrfValid(c, services, form.get('csrf'))) return forbidden(c, services);
    const outcome = await callTool(services, user, 'remove_do_not_contact', { entry_id: c.req.param('id') });
    if (outcome.envelope.ok) return c.redirect(`${PATH}?done=removed`, 303);
    return listPage(c, services, user, notice('error', outcome.envelope.error?.message), outcome.status);
  });
}

async function listPage(c: Context, services: Services, user: WebUser, top: Safe, status = 200, typed = ''): Promise<Response> {
  const csrf = csrfToken(c, services);
  const cursor = c.req.query('cursor');
  const listed = await callTool(services, user, 'list_do_not_contact', { limit: 100, ...(cursor ? { cursor } : {}) });
  const data = listed.envelope.ok ? (listed.envelope.data as { items: Entry[]; next_cursor: string | null; total: number }) : { items: [], next_cursor: null, total: 0 };
  const table = data.items.length
    ? h`<table><caption class="muted">${data.total} entr${data.total === 1 ? 'y' : 'ies'} on your list</caption><thead><tr><th scope="col">Value</th><th scope="col">Type</th><th scope="col">Reason</th><th scope="col">Added</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>${data.items.map(
        (e) =>
          h`<tr><th scope="row"><code>${e.value}</code></th><td>${TYPES[e.type] ?? e.type}</td><td>${e.reason ?? '—'}</td><td>${day(e.created_at)} (${e.source})</td>
<td><form method="post" action="${PATH}/${e.entry_id}/remove" class="inline">${csrfField(csrf)}<button type="submit" class="danger" aria-label="Remove ${e.value}">Remove</button></form></td></tr>`,
      )}</tbody></table>${data.next_cursor ? h`<p><a href="${PATH}?cursor=${data.next_cursor}">Next page</a></p>` : ''}`
    : h`<p class="muted">Nobody is on your do-not-contact list.</p>`;
  const body = h`${settingsNav('do-not-contact')}${top}${listed.envelope.ok ? '' : notice('error', listed.envelope.error?.message)}
<p>People on this list are never drafted and never pushed, in every campaign, whenever they were added. A company domain also covers its subdomains.</p>
${table}
<h2>Add people</h2>
<form method="post" action="${PATH}" class="stack">${csrfField(csrf)}
<div><label for="dnc-entries">LinkedIn profiles, e-mail addresses or company domains</label><textarea id="dnc-entries" name="entries" rows="6" required aria-describedby="dnc-hint">${typed}</textarea>
<p class="hint" id="dnc-hint">One a line, or a CSV export with a header row naming linkedin_url, email, domain and reason columns.</p></div>
<div class="actions"><button type="submit">Add to the list</button></div>
</form>`;
  return page(c, { title: 'Do not contact', body, csrf, user, status });
}
