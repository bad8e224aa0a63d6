import { Hono, type Context } from 'hono';
import type { Services } from '../context.js';
import { csrfToken, csrfValid, currentUser, type WebUser } from '../auth/sessions.js';
import { ERROR_STATUS, ToolError } from '../errors.js';
import { readForm } from './form.js';
import { h, notice, page, type Safe } from './html.js';
import { forbidden } from './door.js';

/** What every handler of a page sub-app finds on its context: checked before it runs. */
export interface PageEnv {
  Variables: {
    services: Services;
    user: WebUser;
    /** The submitted form of a POST, CSRF-checked; empty on a GET. */
    form: URLSearchParams;
    csrf: string;
  };
}

export type PageContext = Context<PageEnv>;

/**
 * A sub-app for pages behind sign-in: one middleware signs the person in (or sends them
 * to sign in and back), reads a POST's form and checks its CSRF token; one error handler
 * answers every fault as an HTML page, with a refused call's own status and message.
 */
export function pageApp(services: Services): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  app.use('*', async (c, next) => {
    const user = await currentUser(c, services);
    if (!user) {
      const url = new URL(c.req.url);
      const signin = `/signin?next=${encodeURIComponent(c.req.method === 'GET' ? url.pathname + url.search : '/campaigns')}`;
      // A request from the page's script: the browser itself goes to sign in.
      if (c.req.header('HX-Request')) return c.body(null, 204, { 'HX-Redirect': signin });
      return c.redirect(signin, 303);
    }
    c.set('services', services);
    c.set('user', user);
    if (c.req.method === 'POST') {
      const form = await readForm(c);
      if (!csrfValid(c, services, form.get('csrf'))) {
        wholePage(c);
        return forbidden(c, services);
      }
      c.set('form', form);
    } else c.set('form', new URLSearchParams());
    c.set('csrf', csrfToken(c, services));
    await next();
  });
  app.onError((err, c) => errorPage(c, services, err));
  return app;
}

/** An answer to the page's script that is not the part it asked for replaces the whole main region. */
function wholePage(c: Context): void {
  if (!c.req.header('HX-Request')) return;
  c.header('HX-Retarget', '#main');
  c.header('HX-Reselect', '#main');
  c.header('HX-Reswap', 'outerHTML');
}

function errorPage(c: Context<PageEnv>, services: Services, err: Error): Response {
  wholePage(c);
  const user = c.get('user') ?? null;
  const csrf = c.get('csrf') ?? csrfToken(c, services);
  // A tool's refusal, or the client going away mid-body: the envelope's code gives the status.
  if (err instanceof ToolError) return problem(c, user, csrf, ERROR_STATUS[err.code], err.message);
  services.logger.error({ err, path: c.req.path }, 'unhandled error on a page');
  return problem(c, user, csrf, 500, 'Something went wrong on our side; the fault was logged. Try again, or go back.');
}

function problem(c: Context, user: WebUser | null, csrf: string, status: number, message: string): Response {
  const body: Safe = h`${notice('error', message)}<p><a href="/campaigns">Back to campaigns</a></p>`;
  return page(c, { title: status === 404 ? 'Not found' : 'Cannot show this page', body, csrf, user, status });
}

/** A field of the submitted form, trimmed; empty when absent. */
export const field = (c: PageContext, name: string): string => (c.get('form').get(name) ?? '').trim();
