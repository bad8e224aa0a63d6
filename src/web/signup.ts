import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { confirmSignup, denySignup, findSignupByLink, MAX_WRONG_CODES, signupState } from '../auth/agent-signup.js';
import { csrfToken, currentUser, startSession, type WebUser } from '../auth/sessions.js';
import { findUserByEmail } from '../auth/users.js';
import { checkedForm } from './door.js';
import { csrfField, h, notice, page, type Safe } from './html.js';

type SignupRow = NonNullable<Awaited<ReturnType<typeof findSignupByLink>>>;

const STATE_TEXT = {
  expired: 'This request has expired. Ask the agent to start again.',
  denied: 'This request was denied. The agent gets no key.',
  confirmed: 'This request is confirmed. The agent receives its key the next time it checks.',
} as const;

/** The page the mailed link opens: name the agent, type its code, confirm or deny. */
export function mountSignupPages(app: Hono, services: Services): void {
  app.get('/signup/confirm', async (c) => {
    const token = c.req.query('token') ?? '';
    const row = await findSignupByLink(services, token);
    return confirmPage(c, services, token, row, await currentUser(c, services));
  });

  app.post('/signup/confirm', checkedForm(services), async (c) => {
    const form = c.var.form;
    const token = form.get('token') ?? '';
    const row = await findSignupByLink(services, token);
    const user = await currentUser(c, services);
    if (!row || signupState(services, row) !== 'pending_confirmation' || gate(row, user, await accountExists(services, row))) {
      return confirmPage(c, services, token, row, user, undefined, 400);
    }
    if (form.get('action') === 'deny') {
      await denySignup(services, row.id);
      return confirmPage(c, services, token, await findSignupByLink(services, token), user);
    }
    const outcome = await confirmSignup(services, row.id, form.get('code') ?? '');
    if (!outcome.ok) {
      const message =
        outcome.reason === 'wrong_code'
          ? 'That is not the code the agent shows. Check it and try again.'
          : outcome.reason === 'voided'
            ? `The code was wrong ${MAX_WRONG_CODES} times, so the request is void. Ask the agent to start again.`
            : 'This request can no longer be confirmed.';
      return confirmPage(c, services, token, await findSignupByLink(services, token), user, message, 400);
    }
    // A new account: the mailed link and the typed code are the sign-in.
    if (!user) await startSession(c, services, outcome.userId);
    const body = h`${notice('success', `Confirmed. “${row.agent_name}” receives a key with read and write the next time it checks; it cannot send.`)}
<p>${outcome.created ? 'Your account was created. ' : ''}You can see and revoke the agent’s key in <a href="/settings">settings</a>.</p>`;
    return page(c, { title: 'Agent confirmed', body, csrf: csrfToken(c, services), user: user ?? { email: row.email } });
  });
}

async function accountExists(services: Services, row: SignupRow): Promise<boolean> {
  return (await findUserByEmail(services.db, row.email)) !== null;
}

/** An existing account is attached only by its signed-in owner; returns what stands in the way. */
function gate(row: SignupRow, user: WebUser | null, exists: boolean): Safe | null {
  if (user && user.email !== row.email) {
    return h`${notice('error', `You are signed in as ${user.email}, but this request is for ${row.email}.`)}<p>Sign out, then open the link from the mail again.</p>`;
  }
  if (exists && !user) return h`<p>${row.email} already has an account. Sign in to attach the agent to it.</p>`;
  return null;
}

async function confirmPage(
  c: Context,
  services: Services,
  token: string,
  row: SignupRow | null,
  user: WebUser | null,
  error?: string,
  status?: number,
): Promise<Response> {
  const csrf = csrfToken(c, services);
  const title = 'Confirm an agent';
  if (!row) return page(c, { title, body: notice('error', 'This link is not valid. Open the link from the mail again.'), csrf, user, status: 404 });
  const state = signupState(services, row);
  if (state !== 'pending_confirmation')
    return page(c, { title, body: h`${error ? notice('error', error) : ''}${notice('info', STATE_TEXT[state])}`, csrf, user, status });
  const blocked = gate(row, user, await accountExists(services, row));
  if (blocked) {
    const next = `/signup/confirm?token=${encodeURIComponent(token)}`;
    const signin = user ? '' : h`<p><a href="/signin?next=${encodeURIComponent(next)}">Sign in as ${row.email}</a></p>`;
    return page(c, { title, body: h`${blocked}${signin}`, csrf, user, status });
  }
  const body = h`${error ? notice('error', error) : ''}
<dl class="facts"><dt>Agent</dt><dd>${row.agent_name}</dd><dt>Account</dt><dd>${row.email}</dd><dt>Access</dt><dd>read and write (never send)</dd><dt>Expires</dt><dd>${row.expires_at.slice(0, 16).replace('T', ' ')} UTC</dd></dl>
<p>Only confirm if you asked this agent to sign up. It shows you a code; type it here.</p>
<form method="post" action="/signup/confirm" class="stack">${csrfField(csrf)}
<input type="hidden" name="token" value="${token}">
<div><label for="code">Code the agent shows</label>
<input type="text" id="code" name="code" class="code" autocomplete="off" aria-describedby="code-hint">
<p class="hint" id="code-hint">Eight letters and digits, for example ABCD-2345. It is not in the mail.</p></div>
<div class="actions"><button type="submit" name="action" value="confirm">Confirm and create the key</button>
<button type="submit" name="action" value="deny" class="danger">Deny</button></div>
</form>`;
  return page(c, { title, body, csrf, user, status });
}
