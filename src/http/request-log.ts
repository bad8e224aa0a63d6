import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Principal } from '../context.js';
import type { Logger } from '../log.js';

/** Who made a request, as far as logging may say: ids only, never a credential. */
export interface Caller {
  /** The API key's id, or `oauth:<grant id>` for an OAuth access token. */
  key?: string;
  /** The signed-in person of a web session. */
  user?: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    caller: Caller;
  }
}

/** Called where a request's credential was resolved, so its log line names who called. */
export function noteCaller(c: Context, who: Principal | { userId: string }): void {
  c.set('caller', 'tokenId' in who ? { key: who.tokenId, user: who.userId } : { user: who.userId });
}

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
      const caller = c.get('caller');
      logger.info(
        { method: c.req.method, route: routeTemplate(c), status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10, ...caller },
        'request',
      );
    }
  };
}

/** The template of the handler that answered; `(unmatched)` when only middleware ran (404s). */
function routeTemplate(c: Context): string {
  const routes = matchedRoutes(c);
  const own = routes.filter((r) => !r.path.includes('*') && r.method !== 'ALL');
  return own.at(-1)?.path ?? '(unmatched)';
}
