import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../log.js';
import type { Caller } from '../auth/caller.js';

/**
 * One line per request at info: method, route template, status, duration and caller.
 * The route is the template (`/api/public/v1/campaigns/:campaign_id`), never the path
 * with its query, so tokens in links (`/signin/link?t=…`) stay out of the log; no header
 * is ever read here.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const caller: Caller | undefined = c.get('caller');
      // The caller's fields are named rather than spread in (a spread copies through a slow path); an absent one is left out of the line.
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info({ method: c.req.method, route: routeTemplate(c), status: c.res.status, ms, key: caller?.key, user: caller?.user }, 'request');
    }
  };
}

/** The template of the handler that answered; `(unmatched)` when only middleware ran (404s). */
function routeTemplate(c: Context): string {
  const routes = matchedRoutes(c);
  const own = routes.filter((r) => !r.path.includes('*') && r.method !== 'ALL');
  return own.at(-1)?.path ?? '(unmatched)';
}
