import { Hono } from 'hono';
import type { Services } from '../context.js';
import { allTools } from '../registry/catalog.js';
import { buildOpenApi } from './openapi.js';
import { API_BASE, mountRest } from './rest.js';
import { mountMcp } from './mcp-route.js';
import { mountEvents } from './events-route.js';
import { VERSION } from '../version.js';
import { mountDoors } from '../web/index.js';
import { mountResourceGuard } from '../auth/resource-guard.js';

/** The whole HTTP surface: REST adapter, MCP endpoint, OpenAPI and health. */
export function createHttpApp(services: Services, opts: { mcpFastPath?: boolean } = {}): Hono {
  const app = new Hono();
  let openapi: string | undefined;
  app.get('/healthz', (c) => c.json({ ok: true, version: VERSION }));
  app.get(`${API_BASE}/openapi.json`, (c) => {
    openapi ??= JSON.stringify(buildOpenApi(allTools(), `${services.config.publicUrl}${API_BASE}`));
    return c.body(openapi, 200, { 'Content-Type': 'application/json' });
  });
  mountResourceGuard(app, services);
  mountEvents(app, services);
  mountRest(app, services);
  mountMcp(app, services, { fastPath: opts.mcpFastPath });
  mountDoors(app, services);
  app.notFound((c) =>
    c.json({ ok: false, tool: null, kind: null, data: null, error: { code: 'not_found', message: `No route ${c.req.method} ${c.req.path}` } }, 404),
  );
  app.onError((err, c) => {
    services.logger.error({ err, path: c.req.path }, 'unhandled error in HTTP handler');
    return c.json({ ok: false, tool: null, kind: null, data: null, error: { code: 'tool_error', message: 'Internal error; the fault was logged' } }, 500);
  });
  return app;
}
