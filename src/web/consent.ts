import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Services } from '../context.js';
import { csrfToken, type WebUser } from '../auth/sessions.js';
import { parseAuthorize, redirectWith, type AuthorizeRequest } from '../auth/oauth/authorize.js';
import { issueCode } from '../auth/oauth/grants.js';
import { writeAudit } from '../core/audit.js';
import { clientIp } from '../http/client-ip.js';
import { checkedForm, signedIn } from './door.js';
import { csrfField, h, notice, page } from './html.js';

/** Parameters of the authorization request, carried through the consent form unchanged. */
const CARRIED = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'resource', 'code_challenge', 'code_challenge_method'] as const;

const SCOPE_TEXT: Record<string, string> = {
  read: 'read: list and inspect your campaigns, speakers, drafts, QA state and credits',
  write: 'write: create campaigns, start runs, edit and rewrite drafts, mark messages sent',
};

/** The OAuth consent page at /oauth/authorize: a signed-in person approves or denies. */
export function mountConsent(app: Hono, services: Services): void {
  const signIn = signedIn(services);

  // The request is checked before sign-in: a bad one is answered without asking anyone to sign in.
  app.get('/oauth/authorize', authorizeQuery(services), signIn, (c) => consentPage(c, services, c.var.user, c.var.authorize, (name) => c.req.query(name)));

  app.post('/oauth/authorize', checkedForm(services), signIn, async (c) => {
    const { form, user } = c.var;
    const get = (name: string) => form.get(name) ?? undefined;
    const parsed = await parseAuthorize(services, get, clientIp(c, services.config));
    if (!parsed.ok) return 'page' in parsed ? errorPage(c, services, parsed.page) : c.redirect(parsed.redirect, 303);
    const request = parsed.request;
    if (form.get('decision') !== 'approve') {
      return c.redirect(
        redirectWith(services, request.redirectUri, { error: 'access_denied', error_description: 'The person denied access', state: request.state }),
        303,
      );
    }
    // The person may narrow what the client asked for, never widen it.
    const scopes = request.scopes.filter((s) => form.getAll('grant_scope').includes(s));
    if (scopes.length === 0) return consentPage(c, services, user, request, get, 'Choose at least one kind of access, or deny.');
    const code = await issueCode(services, {
      userId: user.userId,
      clientId: request.client.clientId,
      clientName: request.client.name,
      redirectUri: request.redirectUri,
      scopes,
      resource: request.resource,
      challenge: request.challenge,
    });
    await writeAudit(services.db, services, {
      userId: user.userId,
      actor: `web:${user.userId}`,
      action: 'oauth.authorized',
      targetType: 'oauth_client',
      targetId: request.client.clientId,
      meta: { scopes, resource: request.resource },
    });
    return c.redirect(redirectWith(services, request.redirectUri, { code, state: request.state }), 303);
  });
}

/** The authorization request of the query string, parsed; an unusable one is answered here. */
function authorizeQuery(services: Services): MiddlewareHandler<{ Variables: { authorize: AuthorizeRequest } }> {
  return async (c, next) => {
    const repeated = Object.entries(c.req.queries()).find(([, v]) => v.length > 1);
    if (repeated) return errorPage(c, services, `The parameter ${repeated[0]} is given more than once.`);
    const parsed = await parseAuthorize(services, (name) => c.req.query(name), clientIp(c, services.config));
    if (!parsed.ok) return 'page' in parsed ? errorPage(c, services, parsed.page) : c.redirect(parsed.redirect, 302);
    c.set('authorize', parsed.request);
    await next();
  };
}

function errorPage(c: Context, services: Services, message: string): Response {
  const body = h`${notice('error', message)}<p>Nothing was shared. Return to the app that sent you here and try connecting again.</p>`;
  return page(c, { title: 'Cannot connect this app', body, csrf: csrfToken(c, services), status: 400 });
}

function consentPage(
  c: Context,
  services: Services,
  user: WebUser,
  request: AuthorizeRequest,
  get: (name: string) => string | undefined,
  error?: string,
): Response {
  const csrf = csrfToken(c, services);
  const redirect = new URL(request.redirectUri);
  const identity =
    request.client.kind === 'metadata_document'
      ? h`published at <code>${new URL(request.client.clientId).host}</code>`
      : h`registered itself here; its name is not verified`;
  const body = h`${error ? notice('error', error) : ''}
<p><strong>${request.client.name}</strong> (${identity}) asks to act as <strong>${user.email}</strong>.</p>
<dl class="facts"><dt>Application</dt><dd>${request.client.name}</dd>
<dt>Sends you back to</dt><dd><code>${redirect.host}</code></dd>
<dt>For</dt><dd><code>${request.resource}</code></dd></dl>
<form method="post" action="/oauth/authorize" class="stack">${csrfField(csrf)}
${CARRIED.map((name) => (get(name) === undefined ? '' : h`<input type="hidden" name="${name}" value="${get(name)}">`))}
<fieldset><legend>Access to allow</legend>
${request.scopes.map((s) => h`<label class="check"><input type="checkbox" name="grant_scope" value="${s}" checked> ${SCOPE_TEXT[s]}</label>`)}
<p class="hint">Pushing messages to a sending tool (send) is never available to connected apps.</p>
</fieldset>
<div class="actions"><button type="submit" name="decision" value="approve">Allow access</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button></div>
</form>
<p class="muted">You can revoke this at any time in <a href="/settings">settings</a>.</p>`;
  // The form posts here and is answered with a redirect to the client: that origin must be
  // allowed as a form target too, or the browser stops the redirect.
  return page(c, { title: `Connect ${request.client.name}?`, body, csrf, user, formTargets: [redirect.origin] });
}
