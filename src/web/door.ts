import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import type { Services } from '../context.js';
import { csrfToken, csrfValid, currentUser, dropPlantedCsrfCookies, type WebUser } from '../auth/sessions.js';
import { ERROR_STATUS, ToolError } from '../errors.js';
import { readForm } from './form.js';
import { h, notice, page } from './html.js';

/**
 * The guards of the doors (sign-in, sign-up confirmation, consent), written once and put
 * in front of each of their routes: a route's handler runs only once they let it through;
 * and their error handler, which answers a fault with a page. The settings pages sit on
 * their own sub-app (page-app.ts), which guards them and answers faults the same way.
 */

/** A post of a door's form: read and CSRF-checked before the handler runs. */
export interface FormEnv {
  Variables: { form: URLSearchParams };
}

/** A door behind sign-in. */
export interface SignedInEnv {
  Variables: { user: WebUser };
}

/** Reads the posted form and checks its CSRF token; a post that fails gets the expired-form page. */
export function checkedForm(services: Services): MiddlewareHandler<FormEnv> {
  return async (c, next) => {
    const form = await readForm(c);
    if (!csrfValid(c, services, form.get('csrf'))) return forbidden(c, services);
    c.set('form', form);
    await next();
  };
}

/** Lets a signed-in person through; anyone else is sent to sign in and back. */
export function signedIn(services: Services): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const user = await currentUser(c, services);
    if (!user) {
      const back = c.req.path + (c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?')) : '');
      return c.redirect(`/signin?next=${encodeURIComponent(back)}`, 303);
    }
    c.set('user', user);
    await next();
  };
}

/** The answer to a form post whose CSRF check failed. */
export function forbidden(c: Context, services: Services): Response {
  dropPlantedCsrfCookies(c, services);
  const body = h`${notice('error', 'This form has expired or came from another site. Go back, reload the page and try again.')}
<p>Forms work on pages opened at <a href="${services.config.publicUrl}/settings">${services.config.publicUrl}</a> only.</p>`;
  return page(c, { title: 'Form expired', body, csrf: csrfToken(c, services), status: 403 });
}

/** A fault on a door's page answers a page, not the API's envelope. */
export function doorFault(services: Services): ErrorHandler {
  return (err, c) => {
    // A refusal (the client gone mid-body is one) answers its code's status, as on the campaign pages.
    if (err instanceof ToolError) return faultPage(c, services, ERROR_STATUS[err.code], err.message);
    services.logger.error({ err, path: c.req.path }, 'unhandled error on a page');
    return faultPage(c, services, 500, 'Something went wrong on our side; the fault was logged. Try again, or go back.');
  };
}

function faultPage(c: Context, services: Services, status: number, message: string): Response {
  const body = h`${notice('error', message)}<p><a href="/settings">Back to settings</a></p>`;
  return page(c, { title: 'Cannot show this page', body, csrf: csrfToken(c, services), status });
}
