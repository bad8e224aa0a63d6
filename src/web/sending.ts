import type { Hono } from 'hono';
import { SENDER_TOOLS } from '../../schemas/push-vocabulary.js';
import createSendingConnection from '../../tools/create_sending_connection.js';
import deleteSendingConnection from '../../tools/delete_sending_connection.js';
import listSendingConnections from '../../tools/list_sending_connections.js';
import { attempt, read } from './call.js';
import { day } from './settings.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import { field, type PageContext, type PageEnv } from './page-app.js';
import { settingsNav } from './settings-nav.js';

const TOOL_NAMES: Record<string, string> = { heyreach: 'HeyReach', lemlist: 'lemlist', webhook: 'Signed webhook' };
const DONE: Record<string, string> = {
  created: 'Connected. The tool accepted the key; it is stored encrypted and never shown again.',
  deleted: 'The connection and its stored key were deleted; campaigns wired to it are unwired.',
};

/** Sending-tool connections: list, connect (the key is checked with the tool), delete. */
export function mountSending(app: Hono<PageEnv>): void {
  app.get('/sending', async (c) => {
    const done = DONE[c.req.query('done') ?? ''];
    return sendingPage(c, done ? notice('success', done) : h``);
  });

  app.post('/sending', async (c) => {
    const tool = field(c, 'tool');
    const url = field(c, 'url');
    const name = field(c, 'name');
    const known = SENDER_TOOLS.find((t) => t === tool);
    if (!known) return sendingPage(c, notice('error', 'Pick a tool from the list.'), 400, { name, url });
    const args = { tool: known, name, api_key: c.var.form.get('api_key') ?? '', ...(known === 'webhook' || url ? { url } : {}) };
    const r = await attempt(c.var.services, c.var.user, createSendingConnection, args);
    if (r.ok) return c.redirect('/settings/sending?done=created', 303);
    return sendingPage(c, notice('error', r.message), r.status, { tool, name, url });
  });

  app.post('/sending/:id/delete', async (c) => {
    const r = await attempt(c.var.services, c.var.user, deleteSendingConnection, { connection_id: c.req.param('id') });
    if (r.ok) return c.redirect('/settings/sending?done=deleted', 303);
    return sendingPage(c, notice('error', r.message), r.status);
  });
}

async function sendingPage(c: PageContext, top: Safe, status = 200, typed: { tool?: string; name?: string; url?: string } = {}): Promise<Response> {
  const { services, user, csrf } = c.var;
  const items = (await read(services, user, listSendingConnections, { limit: 100 })).items;
  const table = items.length
    ? h`<table><caption class="muted">Your sending-tool connections</caption><thead><tr><th scope="col">Name</th><th scope="col">Tool</th><th scope="col">Target</th><th scope="col">Wired campaigns</th><th scope="col">Connected</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>${items.map(
        (k) =>
          h`<tr><th scope="row">${k.name}</th><td>${TOOL_NAMES[k.tool] ?? k.tool}</td><td>${k.url ? h`<code>${k.url}</code>` : '—'}</td><td>${k.wired_campaigns}</td><td>${day(k.created_at)}</td>
<td><form method="post" action="/settings/sending/${k.connection_id}/delete" class="inline">${csrfField(csrf)}<button type="submit" class="danger" aria-label="Delete the connection ${k.name}">Delete</button></form></td></tr>`,
      )}</tbody></table>`
    : h`<p class="muted">No sending tool is connected.</p>`;
  const body = h`${settingsNav('sending')}${top}
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
