import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import { csrfToken, currentUser, endSession, startSession } from '../auth/sessions.js';
import { redeemCode, redeemLink, safeNext, startSignin } from '../auth/signin.js';
import { clientIp } from '../http/client-ip.js';
import { checkedForm, type FormEnv } from './door.js';
import { csrfField, h, notice, page, type Safe } from './html.js';

const UUID = /^[0-9a-f-]{36}$/;

export function mountSignin(app: Hono, services: Services): void {
  const form = checkedForm(services);

  app.get('/signin', async (c) => {
    const next = safeNext(c.req.query('next'));
    if (await currentUser(c, services)) return c.redirect(next, 303);
    return signinPage(c, services, { next });
  });

  app.post('/signin', form, async (c) => {
    const next = safeNext(c.var.form.get('next'));
    const email = c.var.form.get('email') ?? '';
    try {
      const { challengeId } = await startSignin(services, { email, ip: clientIp(c, services.config), next });
      services.mailer.kick();
      return c.redirect(`/signin/check?c=${challengeId}`, 303);
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      return signinPage(c, services, { next, email, error: err.message, status: err.code === 'rate_limited' ? 429 : 400 });
    }
  });

  app.get('/signin/check', (c) => codePage(c, services, c.req.query('c') ?? ''));

  app.post('/signin/code', form, async (c) => {
    const challenge = c.var.form.get('challenge') ?? '';
    const result = UUID.test(challenge) ? await redeemCode(services, challenge, c.var.form.get('code') ?? '') : null;
    if (!result) return codePage(c, services, challenge, 'That code is not right, or it has expired or was used. Check the mail, or start again.', 400);
    await startSession(c, services, result.userId);
    return c.redirect(result.next, 303);
  });

  mountLink(app, services, form);

  app.post('/signout', form, async (c) => {
    await endSession(c, services, await currentUser(c, services));
    return c.redirect('/signin', 303);
  });
}

function mountLink(app: Hono, services: Services, form: MiddlewareHandler<FormEnv>): void {
  app.get('/signin/link', (c) => {
    // Opening the link signs nobody in: mail scanners follow links, so a person presses the button.
    const token = c.req.query('token') ?? '';
    const body = h`<p>Continue to sign in to Greenroom in this browser.</p>
<form method="post" action="/signin/link" class="stack">${csrfField(csrfToken(c, services))}
<input type="hidden" name="token" value="${token}">
<div class="actions"><button type="submit">Sign in</button></div></form>`;
    return page(c, { title: 'Sign in', body, csrf: csrfToken(c, services) });
  });

  app.post('/signin/link', form, async (c) => {
    const result = await redeemLink(services, c.var.form.get('token') ?? '');
    if (!result) {
      const body = h`${notice('error', 'This sign-in link was already used or has expired.')}<p><a href="/signin">Ask for a new link</a></p>`;
      return page(c, { title: 'Sign in', body, csrf: csrfToken(c, services), status: 400 });
    }
    await startSession(c, services, result.userId);
    return c.redirect(result.next, 303);
  });
}

function signinPage(c: Context, services: Services, opts: { next: string; email?: string; error?: string; status?: number }): Response {
  const csrf = csrfToken(c, services);
  const body = h`${opts.error ? notice('error', opts.error) : ''}
<p>Enter your e-mail address. We send a sign-in link and a code to it if it belongs to an account.</p>
<form method="post" action="/signin" class="stack">${csrfField(csrf)}
<input type="hidden" name="next" value="${opts.next}">
<div><label for="email">E-mail address</label>
<input type="email" id="email" name="email" autocomplete="email" required value="${opts.email ?? ''}"></div>
<div class="actions"><button type="submit">Send sign-in link</button></div>
</form>`;
  return page(c, { title: 'Sign in', body, csrf, status: opts.status });
}

function codePage(c: Context, services: Services, challenge: string, error?: string, status?: number): Response {
  const csrf = csrfToken(c, services);
  const body: Safe = h`${error ? notice('error', error) : ''}
<p>If the address belongs to an account, a mail with a sign-in link and a code is on its way. Open the link, or enter the code here. Both work once, within 15 minutes.</p>
<form method="post" action="/signin/code" class="stack">${csrfField(csrf)}
<input type="hidden" name="challenge" value="${challenge}">
<div><label for="code">Code from the mail</label>
<input type="text" id="code" name="code" class="code" autocomplete="one-time-code" inputmode="text" required aria-describedby="code-hint">
<p class="hint" id="code-hint">Eight letters and digits, for example ABCD-2345.</p></div>
<div class="actions"><button type="submit">Sign in</button></div>
</form>
<p><a href="/signin">Use another address</a></p>`;
  return page(c, { title: 'Check your mail', body, csrf, status });
}
