import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../context.js';
import { allTools } from '../registry/catalog.js';
import { buildOpenApi } from './openapi.js';
import { API_BASE, mountRest } from './rest.js';
import { mountMcp } from './mcp-route.js';
import { mountEvents } from './events-route.js';
import { VERSION } from '../version.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The whole HTTP surface: REST adapter, MCP endpoint, OpenAPI and health. */
export function createHttpApp(services: Services, opts: { mcpFastPath?: boolean } = {}): Hono {
  const app = new Hono();
  let openapi: string | undefined;
  app.get('/healthz', (c) => c.json({ ok: true, version: VERSION }));
  app.get(`${API_BASE}/openapi.json`, (c) => {
    openapi ??= JSON.stringify(buildOpenApi(allTools(), `${services.config.publicUrl}${API_BASE}`));
    return c.body(openapi, 200, { 'Content-Type': 'application/json' });
  });
  // The largest valid body (a rewrite with 2,000 ids) is far below this; anything bigger is refused unread.
  app.use(
    `${API_BASE}/*`,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ ok: false, tool: null, kind: null, data: null, error: { code: 'invalid_request', message: `body is larger than ${MAX_BODY_BYTES} bytes` } }, 400),
    }),
  );
  // The MCP transport caps its own reads at 4 MiB; the same cap covers the fast path.
  app.use(
    '/mcp',
    bodyLimit({
      maxSize: 4 * MAX_BODY_BYTES,
      onError: (c) => c.json({ jsonrpc: '2.0', error: { code: -32000, message: `Request body exceeds ${4 * MAX_BODY_BYTES} bytes` }, id: null }, 413),
    }),
  );
  mountEvents(app, services);
  mountRest(app, services);
  mountMcp(app, services, { fastPath: opts.mcpFastPath });
  app.notFound((c) =>
    c.json({ ok: false, tool: null, kind: null, data: null, error: { code: 'not_found', message: `No route ${c.req.method} ${c.req.path}` } }, 404),
  );
  app.onError((err, c) => {
    services.logger.error({ err, path: c.req.path }, 'unhandled error in HTTP handler');
    return c.json({ ok: false, tool: null, kind: null, data: null, error: { code: 'tool_error', message: 'Internal error; the fault was logged' } }, 500);
  });
  return app;
}
