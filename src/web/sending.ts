import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { csrfToken, csrfValid, type WebUser } from '../auth/sessions.js';
import { SENDER_TOOLS } from '../senders/index.js';
import { callTool } from './call.js';
import { day } from './settings.js';
import { readForm } from './form.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import { requireUser } from './settings.js';
import { settingsNav } from './settings-nav.js';
import { forbidden } from './signin.js';

interface Connection {
  connection_id: string;
  tool: string;
  name: string;
  url: string | null;
  created_at: string;
  wired_campaigns: number;
}

const TOOL_NAMES: Record<string, string> = { heyreach: 'HeyReach', lemlist: 'lemlist', webhook: 'Signed webhook' };
const DONE: Record<string, string> = {
  created: 'Connected. The tool accepted the key; it is stored encrypted and never shown again.',
  deleted: 'The connection and its stored key were deleted; campaigns wired to it are unwired.',
};

/** Sending-tool connections: list, connect (the key is checked with the tool), delete. */
export function mountSending(app: Hono, services: Services): void {
  app.get('/settings/sending', async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const done = DONE[c.req.query('done') ?? ''];
    return sendingPage(c, services, user, done ? notice('success', done) : h``);
  });

  app.post('/settings/sending', async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const form = await readForm(c);
    if (!csrfValid(c, services, form.get('csrf'))) return forbidden(c, services);
    const tool = form.get('tool') ?? '';
    const url = (form.get('url') ?? '').trim();
    const args = { tool, name: (form.get('name') ?? '').trim(), api_key: form.get('api_key') ?? '', ...(tool === 'webhook' || url ? { url } : {}) };
    const outcome = await callTool(services, user, 'create_sending_connection', args);
    if (outcome.envelope.ok) return c.redirect('/settings/sending?done=created', 303);
    return sendingPage(c, services, user, notice('error', outcome.envelope.error?.message), outcome.status, { tool, name: args.name, url });
  });

  app.post('/settings/sending/:id/delete', async (c) => {
    const user = await requireUser(c, services);
    if (user instanceof Response) return user;
    const form = await readForm(c);
    if (!csrfValid(c, services, form.get('csrf'))) return forbidden(c, services);
    const outcome = await callTool(services, user, 'delete_sending_connection', { connection_id: c.req.param('id') });
    if (outcome.envelope.ok) return c.redirect('/settings/sending?done=deleted', 303);
    return sendingPage(c, services, user, notice('error', outcome.envelope.error?.message), outcome.status);
  });
}

async function sendingPage(c: Context, services: Services, user: WebUser, top: Safe, status = 200, typed: { tool?: string; name?: string; url?: string } = {}): Promise<Response> {
  const csrf = csrfToken(c, services);
  const listed = await callTool(services, user, 'list_sending_connections', { limit: 100 });
  const items = listed.envelope.ok ? (listed.envelope.data as { items: Connection[] }).items : [];
  const table = items.length
    ? h`<table><caption class="muted">Your sending-tool connections</caption><thead><tr><th scope="col">Name</th><th scope="col">Tool</th><th scope="col">Target</th><th scope="col">Wired campaigns</th><th scope="col">Connected</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>${items.map(
        (k) =>
          h`<tr><th scope="row">${k.name}</th><td>${TOOL_NAMES[k.tool] ?? k.tool}</td><td>${k.url ? h`<code>${k.url}</code>` : '—'}</td><td>${k.wired_campaigns}</td><td>${day(k.created_at)}</td>
<td><form method="post" action="/settings/sending/${k.connection_id}/delete" class="inline">${csrfField(csrf)}<button type="submit" class="danger" aria-label="Delete the connection ${k.name}">Delete</button></form></td></tr>`,
      )}</tbody></table>`
    : h`<p class="muted">No sending tool is connected.</p>`;
  const body = h`${settingsNav('sending')}${top}${listed.envelope.ok ? '' : notice('error', listed.envelope.error?.message)}
<p>Greenroom loads approved sequences into a campaign of your sending tool as MSG1 to MSG3. It never starts or arms that campaign: you do, in the tool.</p>
${table}
<h2>Connect a sending tool</h2>
<form method="post" action="/settings/sending" class="stack">${csrfField(csrf)}
<div><label for="s-tool">Tool</label><select id="s-tool" name="tool">${SENDER_TOOLS.map((t) => h`<option value="${t}"${t === typed.tool ? ' selected' : ''}>${TOOL_NAMES[t] ?? t}</option>`)}</select></div>
<div><label for="s-name">Name</label><input type="text" id="s-name" name="name" required maxlength="200" value="${typed.name ?? ''}"></div>
<div><label for="s-key">API key, or the signing secret for a webhook</label><input type="password" id="s-key" name="api_key" required maxlength="500" autocomplete="off" aria-describedby="s-key-hint">
<p class="hint" id="s-key-hint">Checked with the tool before it is saved; stored encrypted and never shown again. A webhook secret has at least 16 characters.</p></div>
<div><label for="s-url">Webhook URL (signed webhook only)</label><input type="url" id="s-url" name="url" maxlength="1000" value="${typed.url ?? ''}" aria-describedby="s-url-hint">
<p class="hint" id="s-url-hint">A public https address that receives each lead as a signed POST.</p></div>
<div class="actions"><button type="submit">Connect</button></div>
</form>`;
  return page(c, { title: 'Sending tools', body, csrf, user, status });
}
