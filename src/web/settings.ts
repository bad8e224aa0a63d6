import type { Hono } from 'hono';
import type { Scope } from '../context.js';
import { SCOPES } from '../context.js';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyInfo } from '../core/keys.js';
import { writeAudit } from '../core/audit.js';
import { csrfField, h, notice, page, Safe } from './html.js';
import { field, type PageContext, type PageEnv } from './page-app.js';
import { settingsSections, type SettingsSection } from './settings-sections.js';
import { settingsNav } from './settings-nav.js';

const SCOPE_HELP: Record<Scope, string> = {
  read: 'read: list and inspect campaigns, speakers, drafts, QA state and credits',
  write: 'write: create campaigns, start runs, edit and rewrite drafts, mark messages sent',
  send: 'send: push approved sequences to the sending tool',
};

const DONE: Record<string, string> = {
  'key-revoked': 'The key was revoked. Calls with it now fail.',
  ...Object.fromEntries(settingsSections.map((s) => [s.done, s.doneText])),
};

/**
 * The keys and the revocable lists of the settings page, on the settings sub-app: its
 * middleware signs the person in and checks a post's CSRF token before any of these runs.
 */
export function mountSettings(app: Hono<PageEnv>): void {
  app.get('/', async (c) => {
    const done = DONE[c.req.query('done') ?? ''];
    return settingsPage(c, done ? notice('success', done) : h``);
  });

  app.post('/keys', async (c) => {
    const { services, user, form } = c.var;
    const name = field(c, 'name');
    const scopes = SCOPES.filter((s) => form.getAll('scopes').includes(s));
    if (!name || name.length > 100 || scopes.length === 0) {
      return settingsPage(c, notice('error', 'Give the key a name (at most 100 characters) and at least one scope.'), 400);
    }
    // send pushes messages out of Greenroom: it is minted only after a second, explicit yes.
    if (scopes.includes('send') && form.get('confirm_send') !== 'yes') return confirmSendPage(c, name, scopes);
    const { key, info } = await createApiKey(services.db, services, { userId: user.userId, name, scopes });
    await writeAudit(services.db, services, {
      userId: user.userId,
      actor: `web:${user.userId}`,
      action: 'api_key.created',
      targetType: 'api_key',
      targetId: info.key_id,
      meta: { scopes },
    });
    return newKeyPage(c, key, info);
  });

  app.post('/keys/:id/revoke', async (c) => {
    const { services, user } = c.var;
    const key = (await listApiKeys(services.db, user.userId)).find((k) => k.key_id === c.req.param('id'));
    if (!key) return settingsPage(c, notice('error', 'No such key.'), 404);
    await revokeApiKey(services.db, services.clock, key.key_id);
    await writeAudit(services.db, services, {
      userId: user.userId,
      actor: `web:${user.userId}`,
      action: 'api_key.revoked',
      targetType: 'api_key',
      targetId: key.key_id,
    });
    return c.redirect('/settings?done=key-revoked', 303);
  });

  for (const section of settingsSections) mountRevoke(app, section);
}

function mountRevoke(app: Hono<PageEnv>, section: SettingsSection): void {
  app.post(`/${section.path}/:id/revoke`, async (c) => {
    const { services, user } = c.var;
    if (!(await section.revoke(services, user, c.req.param('id')))) return settingsPage(c, notice('error', 'Nothing to revoke there.'), 404);
    await writeAudit(services.db, services, {
      userId: user.userId,
      actor: `web:${user.userId}`,
      action: `${section.path}.revoked`,
      targetType: section.path,
      targetId: c.req.param('id'),
    });
    return c.redirect(`/settings?done=${section.done}`, 303);
  });
}

async function settingsPage(c: PageContext, top: Safe, status?: number): Promise<Response> {
  const { services, user, csrf } = c.var;
  const keys = (await listApiKeys(services.db, user.userId)).reverse();
  const sections: Safe[] = [];
  for (const section of settingsSections) sections.push(await section.render(services, user, csrf));
  const body = h`${settingsNav('access')}${top}
<section aria-labelledby="keys-h"><h2 id="keys-h">API keys</h2>
<p>A key lets a script or an MCP client act as you. It is shown once, when it is created.</p>
${keyTable(keys, csrf)}
<h3>Create a key</h3>
<form method="post" action="/settings/keys" class="stack">${csrfField(csrf)}
<div><label for="key-name">Name</label><input type="text" id="key-name" name="name" required maxlength="100" aria-describedby="key-name-hint">
<p class="hint" id="key-name-hint">Where the key is used, for example “laptop” or “CI”.</p></div>
<fieldset><legend>Scopes</legend>
${SCOPES.map((s) => h`<label class="check"><input type="checkbox" name="scopes" value="${s}" ${s === 'send' ? '' : new Safe('checked')}> ${SCOPE_HELP[s]}</label>`)}
</fieldset>
<div class="actions"><button type="submit">Create key</button></div>
</form></section>
${sections}`;
  return page(c, { title: 'Settings', body, csrf, user, status });
}

function keyTable(keys: ApiKeyInfo[], csrf: string): Safe {
  if (keys.length === 0) return h`<p class="muted">No keys yet.</p>`;
  const rows = keys.map(
    (
      k,
    ) => h`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.scopes.join(', ')}</td><td>${day(k.created_at)}</td><td>${k.last_used_at ? day(k.last_used_at) : 'never'}</td>
<td>${k.revoked_at ? h`revoked ${day(k.revoked_at)}` : h`<form method="post" action="/settings/keys/${k.key_id}/revoke" class="inline">${csrfField(csrf)}<button type="submit" class="danger" aria-label="Revoke key ${k.name}">Revoke</button></form>`}</td></tr>`,
  );
  return h`<table><caption class="muted">Your keys, newest first</caption><thead><tr><th scope="col">Name</th><th scope="col">Starts with</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export const day = (iso: string): string => iso.slice(0, 16).replace('T', ' ') + ' UTC';

function confirmSendPage(c: PageContext, name: string, scopes: Scope[]): Response {
  const { user, csrf } = c.var;
  const body = h`${notice('info', 'A key with the send scope can push approved sequences to your sending tool. A person still arms the campaign there, but messages leave Greenroom with this key.')}
<p>Create the key <strong>${name}</strong> with ${scopes.join(', ')}?</p>
<form method="post" action="/settings/keys" class="stack">${csrfField(csrf)}
<input type="hidden" name="name" value="${name}">
${scopes.map((s) => h`<input type="hidden" name="scopes" value="${s}">`)}
<input type="hidden" name="confirm_send" value="yes">
<div class="actions"><button type="submit">Yes, create a key that can send</button> <a href="/settings">Cancel</a></div>
</form>`;
  return page(c, { title: 'Confirm the send scope', body, csrf, user });
}

function newKeyPage(c: PageContext, key: string, info: ApiKeyInfo): Response {
  const { user, csrf } = c.var;
  const body = h`${notice('success', `Key “${info.name}” created with ${info.scopes.join(', ')}.`)}
<p><strong>Copy it now: it is shown this once</strong> and cannot be shown again.</p>
<div class="stack"><label for="new-key">Your new API key</label>
<input type="text" id="new-key" class="secret" readonly value="${key}">
<div class="actions"><button type="button" data-copy="new-key" data-status="copy-status">Copy key</button> <a href="/settings">Back to settings</a></div>
<p id="copy-status" role="status" class="muted"></p></div>`;
  return page(c, { title: 'New API key', body, csrf, user, status: 201 });
}
