import type { Hono } from 'hono';
import importDoNotContact from '../../tools/import_do_not_contact.js';
import listDoNotContact from '../../tools/list_do_not_contact.js';
import removeDoNotContact from '../../tools/remove_do_not_contact.js';
import { attempt, read } from './call.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import type { PageContext, PageEnv } from './page-app.js';
import { day } from './settings.js';
import { settingsNav } from './settings-nav.js';

const TYPES: Record<string, string> = { linkedin: 'LinkedIn profile', email: 'E-mail', domain: 'Company domain' };
const PATH = '/settings/do-not-contact';

/** The do-not-contact list: add (one value a line, or CSV with a header), page through, remove. */
export function mountDoNotContact(app: Hono<PageEnv>): void {
  app.get('/do-not-contact', async (c) => {
    const removed =
      c.req.query('done') === 'removed' ? notice('success', 'Removed. Speakers held back only by that entry can be drafted and pushed again.') : h``;
    return listPage(c, removed);
  });

  app.post('/do-not-contact', async (c) => {
    const text = c.var.form.get('entries') ?? '';
    const answer = await attempt(c.var.services, c.var.user, importDoNotContact, { csv: text });
    if (!answer.ok) return listPage(c, notice('error', answer.message), answer.status, text);
    const r = answer.data;
    const summary = `Added ${r.added}; ${r.already_listed} already listed; ${r.speakers_matched} speaker(s) in your campaigns now held back.`;
    const refused = r.refused.length
      ? h`${notice('error', `${r.refused.length} line(s) were not added:`)}<ul>${r.refused.map((x) => h`<li>line ${x.line}: ${x.error}</li>`)}</ul>`
      : h``;
    return listPage(c, h`${notice('success', summary)}${refused}`);
  });

  app.post('/do-not-contact/:id/remove', async (c) => {
    const r = await attempt(c.var.services, c.var.user, removeDoNotContact, { entry_id: c.req.param('id') });
    if (r.ok) return c.redirect(`${PATH}?done=removed`, 303);
    return listPage(c, notice('error', r.message), r.status);
  });
}

async function listPage(c: PageContext, top: Safe, status = 200, typed = ''): Promise<Response> {
  const { services, user, csrf } = c.var;
  const cursor = c.req.query('cursor');
  const data = await read(services, user, listDoNotContact, { limit: 100, ...(cursor ? { cursor } : {}) });
  const table = data.items.length
    ? h`<table><caption class="muted">${data.total} entr${data.total === 1 ? 'y' : 'ies'} on your list</caption><thead><tr><th scope="col">Value</th><th scope="col">Type</th><th scope="col">Reason</th><th scope="col">Added</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>${data.items.map(
        (e) =>
          h`<tr><th scope="row"><code>${e.value}</code></th><td>${TYPES[e.type] ?? e.type}</td><td>${e.reason ?? '—'}</td><td>${day(e.created_at)} (${e.source})</td>
<td><form method="post" action="${PATH}/${e.entry_id}/remove" class="inline">${csrfField(csrf)}<button type="submit" class="danger" aria-label="Remove ${e.value}">Remove</button></form></td></tr>`,
      )}</tbody></table>${data.next_cursor ? h`<p><a href="${PATH}?cursor=${data.next_cursor}">Next page</a></p>` : ''}`
    : h`<p class="muted">Nobody is on your do-not-contact list.</p>`;
  const body = h`${settingsNav('do-not-contact')}${top}
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
