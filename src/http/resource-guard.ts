import type { Context, Hono, Next } from 'hono';
import type { Services } from '../context.js';
import { resolveAccessToken } from '../auth/oauth/grants.js';
import { ACCESS_PREFIX, MCP_PATH, resourceMetadataUrl, resources, REST_PATH } from '../auth/oauth/params.js';
import { refuse as refuseWith, type RouteTable } from './routes.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The OAuth side of the protected resources /mcp and /api/public/v1:
 * - an OAuth access token is accepted only by the resource it was issued for (RFC 8707
 *   audience), so a token for the REST API, or for another server, is refused at /mcp;
 * - every 401 names the resource metadata (RFC 9728), which is how an MCP client finds
 *   where to authorize;
 * - a 403 for a missing scope says insufficient_scope with the scope (RFC 6750).
 * API keys pass straight through: they are not bound to one resource.
 */
export function mountResourceGuard(app: Hono, services: Services, routes: RouteTable): void {
  const ours = resources(services);
  const rest = guard(services, routes, REST_PATH, ours.rest);
  app.use(MCP_PATH, guard(services, routes, MCP_PATH, ours.mcp));
  app.use(`${REST_PATH}/*`, async (c, next) => {
    // The agent sign-up endpoints answer their own poll secret, not an access token.
    if (c.req.path.startsWith(`${REST_PATH}/agent-signup`)) return next();
    return rest(c, next);
  });
}

function guard(services: Services, routes: RouteTable, path: string, resource: string) {
  const metadata = resourceMetadataUrl(services, path);
  return async (c: Context, next: Next): Promise<Response | void> => {
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (token?.startsWith(ACCESS_PREFIX)) {
      const resolved = await resolveAccessToken(services, token);
      if (resolved && resolved.resource !== resource) return refuse(c, routes, path, metadata);
      c.set('accessToken', { token, principal: resolved?.principal ?? null });
    }
    await next();
    if (c.res.status === 401) {
      c.res.headers.set('WWW-Authenticate', `Bearer resource_metadata="${metadata}"${token ? ', error="invalid_token"' : ''}`);
    } else if (c.res.status === 403) {
      const scope = await neededScope(c.res);
      if (scope) c.res.headers.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${metadata}"`);
    }
  };
}

function refuse(c: Context, routes: RouteTable, path: string, metadata: string): Response {
  const message = 'This access token was issued for another resource';
  const headers = { 'WWW-Authenticate': `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="${message}"` };
  if (path === MCP_PATH) return c.json({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }, 401, headers);
  return refuseWith(c, routes.operation(c.req.method, c.req.path), 401, 'unauthenticated', message, headers);
}

/** A refused call's envelope names its kind, which is the scope it needs. */
async function neededScope(res: Response): Promise<string | null> {
  try {
    const body = (await res.clone().json()) as { kind?: unknown; error?: { code?: unknown } };
    return body.error?.code === 'forbidden_scope' && typeof body.kind === 'string' ? body.kind : null;
  } catch {
    return null;
  }
}
