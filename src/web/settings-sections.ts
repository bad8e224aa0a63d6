import type { Services } from '../context.js';
import type { WebUser } from '../auth/sessions.js';
import { listSignups, revokeSignup, signupState } from '../auth/agent-signup.js';
import { listGrants, revokeUserGrant } from '../auth/oauth/grants.js';
import { csrfField, h, type Safe } from './html.js';

/** A list on the settings page whose rows can be revoked. */
export interface SettingsSection {
  path: string;
  /** Key of the notice shown after a revocation. */
  done: string;
  doneText: string;
  render(services: Services, user: WebUser, csrf: string): Promise<Safe>;
  revoke(services: Services, user: WebUser, id: string): Promise<boolean>;
}

const day = (iso: string): string => iso.slice(0, 16).replace('T', ' ') + ' UTC';

function revokeButton(path: string, id: string, label: string, csrf: string): Safe {
  return h`<form method="post" action="/settings/${path}/${id}/revoke" class="inline">${csrfField(csrf)}<button type="submit" class="danger" aria-label="${label}">Revoke</button></form>`;
}

const signups: SettingsSection = {
  path: 'signups',
  done: 'signup-revoked',
  doneText: 'The agent sign-up was revoked: a pending request is denied, a confirmed one loses its key.',
  async render(services, user, csrf) {
    const rows = await listSignups(services, user);
    const body = rows.length
      ? h`<table><thead><tr><th scope="col">Agent</th><th scope="col">Requested</th><th scope="col">Status</th><th scope="col">Key</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows.map(
          (r) => {
            const state = signupState(services, r);
            const key = r.prefix ? h`<code>${r.prefix}…</code>${r.revoked_at ? ' (revoked)' : r.key_delivered_at ? '' : ' (not yet collected)'}` : '—';
            const live = state === 'pending_confirmation' || (state === 'confirmed' && r.key_id && !r.revoked_at);
            return h`<tr><td>${r.agent_name}</td><td>${day(r.created_at)}</td><td>${state.replace('_', ' ')}</td><td>${key}</td><td>${live ? revokeButton('signups', r.id, `Revoke agent ${r.agent_name}`, csrf) : ''}</td></tr>`;
          },
        )}</tbody></table>`
      : h`<p class="muted">No agent has asked to sign up with your address.</p>`;
    return h`<section aria-labelledby="signups-h"><h2 id="signups-h">Agent sign-ups</h2>${body}</section>`;
  },
  revoke: (services, user, id) => revokeSignup(services, user, id),
};

const grants: SettingsSection = {
  path: 'grants',
  done: 'grant-revoked',
  doneText: 'Access was revoked. The app’s next call fails.',
  async render(services, user, csrf) {
    const now = services.clock.now().toISOString();
    const rows = await listGrants(services, user.userId);
    const body = rows.length
      ? h`<table><thead><tr><th scope="col">Application</th><th scope="col">Access</th><th scope="col">For</th><th scope="col">Allowed</th><th scope="col">Last used</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows.map(
          (g) => {
            const state = g.revoked_at ? `revoked ${day(g.revoked_at)}` : g.expires_at <= now ? 'expired' : null;
            return h`<tr><td>${g.client_name}</td><td>${g.scopes.replace(' ', ', ')}</td><td><code>${new URL(g.resource).pathname}</code></td><td>${day(g.created_at)}</td><td>${g.last_used_at ? day(g.last_used_at) : 'never'}</td><td>${state ?? revokeButton('grants', g.id, `Revoke access of ${g.client_name}`, csrf)}</td></tr>`;
          },
        )}</tbody></table>`
      : h`<p class="muted">No application is connected.</p>`;
    return h`<section aria-labelledby="grants-h"><h2 id="grants-h">Connected applications (OAuth)</h2><p>MCP clients you allowed on the consent page. They can read and write, never send.</p>${body}</section>`;
  },
  revoke: (services, user, id) => revokeUserGrant(services, user.userId, id),
};

export const settingsSections: SettingsSection[] = [grants, signups];
