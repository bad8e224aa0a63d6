import { Hono } from 'hono';
import type { Services } from '../context.js';
import { allTools } from '../registry/catalog.js';
import { buildOpenApi } from './openapi.js';
import { API_BASE, mountRest } from './rest.js';
import { mcpMethodNotAllowed, mountMcp } from './mcp-route.js';
import { EVENTS_PATH, EVENTS_STREAM, mountEvents } from './events-route.js';
import { originGuard } from './origin-guard.js';
import { refuse, RouteTable } from './routes.js';
import { ClientAbortError } from './body.js';
import { ERROR_STATUS, ToolError } from '../errors.js';
import { VERSION } from '../version.js';
import { mountDoors } from '../web/index.js';
import { oauthApp } from './oauth-app.js';
import { mountResourceGuard } from './resource-guard.js';
import { requestLog } from './request-log.js';
import { CREATE as SIGNUP_CREATE, POLL as SIGNUP_POLL, SIGNUP_BASE } from './signup-api.js';
import { INBOUND_OPERATION, INBOUND_ROUTE, mountIntentInbound } from './intent-inbound-route.js';
import { mountSenderInbound, SENDER_INBOUND_OPERATION, SENDER_INBOUND_ROUTE } from './sender-inbound-route.js';

/** The whole HTTP surface: REST adapter, MCP endpoint, OpenAPI and health. */
export function createHttpApp(services: Services, opts: { mcpFastPath?: boolean } = {}): Hono {
  const app = new Hono();
  const routes = routeTable();
  let openapi: string | undefined;
  app.use(requestLog(services.logger));
  app.use(originGuard(services.config, routes, services.logger));
  app.get('/healthz', (c) => c.json({ ok: true, version: VERSION }));
  app.get(`${API_BASE}/openapi.json`, (c) => {
    openapi ??= JSON.stringify(buildOpenApi(allTools(), `${services.config.publicUrl}${API_BASE}`));
    return c.body(openapi, 200, { 'Content-Type': 'application/json' });
  });
  mountResourceGuard(app, services, routes);
  mountEvents(app, services);
  mountRest(app, services);
  mountMcp(app, services, { fastPath: opts.mcpFastPath });
  mountIntentInbound(app, services);
  mountSenderInbound(app, services);
  mountDoors(app, services);
  app.route('/', oauthApp(services));
  app.notFound((c) => {
    const allow = routes.allowed(c.req.path);
    if (allow.length === 0) return refuse(c, routes.operation(c.req.method, c.req.path), 404, 'not_found', `No route ${c.req.method} ${c.req.path}`);
    if (c.req.path === '/mcp') return mcpMethodNotAllowed();
    return refuse(
      c,
      routes.operation(c.req.method, c.req.path),
      405,
      'invalid_request',
      `${c.req.method} is not allowed on ${c.req.path}; use ${allow.join(' or ')}`,
      { Allow: allow.join(', ') },
    );
  });
  app.onError((err, c) => {
    const operation = routes.operation(c.req.method, c.req.path);
    // A refusal that reaches here answers in the envelope by its code; a client gone mid-body is no fault of ours.
    if (err instanceof ToolError) {
      if (err instanceof ClientAbortError) services.logger.debug({ path: c.req.path }, 'client aborted its request');
      return refuse(
        c,
        operation,
        ERROR_STATUS[err.code],
        err.code,
        err.message,
        err.retryAfter !== undefined ? { 'Retry-After': String(err.retryAfter) } : undefined,
      );
    }
    services.logger.error({ err, path: c.req.path }, 'unhandled error in HTTP handler');
    return refuse(c, operation, 500, 'tool_error', 'Internal error; the fault was logged');
  });
  return app;
}

/** Every route the app serves, named by its operation where it has one. */
function routeTable(): RouteTable {
  const routes = new RouteTable().add('GET', '/healthz').add('GET', `${API_BASE}/openapi.json`).add('POST', '/mcp');
  routes.add('GET', EVENTS_PATH, EVENTS_STREAM);
  routes.add('POST', INBOUND_ROUTE, INBOUND_OPERATION);
  routes.add('POST', SENDER_INBOUND_ROUTE, SENDER_INBOUND_OPERATION);
  routes.add('POST', SIGNUP_BASE, SIGNUP_CREATE);
  routes.add('GET', `${SIGNUP_BASE}/:request_id`, SIGNUP_POLL, { head: false });
  for (const tool of allTools()) routes.add(tool.http.method, API_BASE + tool.http.path.replace(/\{(\w+)\}/g, ':$1'), tool, { head: false });
  return routes;
}
