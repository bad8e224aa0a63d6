import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import type { AnyTool } from '../registry/define.js';
import { failure, invokeTool, type Outcome } from '../registry/invoke.js';
import { fieldTypes } from '../registry/json-schema.js';
import { allTools } from '../registry/catalog.js';
import { authenticate, WWW_AUTHENTICATE } from './auth.js';
import { MAX_BODY_BYTES, readBodyText } from './body.js';

export const API_BASE = '/api/public/v1';

/** Mounts every registered tool as an HTTP route; adding a tool file adds its endpoint. */
export function mountRest(app: Hono, services: Services): void {
  for (const tool of allTools()) {
    const path = API_BASE + tool.http.path.replace(/\{(\w+)\}/g, ':$1');
    const types = fieldTypes(tool);
    app.on(tool.http.method, path, async (c) => {
      const principal = await authenticate(services, c.req.header('authorization'));
      let outcome: Outcome;
      try {
        const raw = await readInput(c, tool, types);
        outcome = await invokeTool(tool, raw, services, principal, { idempotencyKey: c.req.header('idempotency-key') });
      } catch (err) {
        outcome = failure(tool, principal instanceof ToolError ? principal : err, services);
      }
      return respond(c, outcome);
    });
  }
}

export function respond(c: Context, outcome: Outcome): Response {
  if (outcome.retryAfter !== undefined) c.header('Retry-After', String(outcome.retryAfter));
  if (outcome.status === 401) c.header('WWW-Authenticate', WWW_AUTHENTICATE);
  return c.json(outcome.envelope, outcome.status as 200);
}

async function readInput(c: Context, tool: AnyTool, types: Map<string, string>): Promise<Record<string, unknown>> {
  const params = c.req.param() as Record<string, string>;
  if (tool.http.method === 'GET') return { ...readQuery(c, types), ...params };
  // The largest valid body (a rewrite naming 2,000 ids) is far below the cap.
  const text = await readBodyText(c, MAX_BODY_BYTES);
  if (text === null) throw new ToolError('invalid_request', `body is larger than ${MAX_BODY_BYTES} bytes`);
  if (!text.trim()) return { ...params };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ToolError('invalid_request', 'body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ToolError('invalid_request', 'body must be a JSON object');
  for (const [k, v] of Object.entries(params)) {
    const given = (body as Record<string, unknown>)[k];
    if (given !== undefined && given !== v) throw new ToolError('invalid_request', `${k} in the body differs from the path`);
  }
  return { ...(body as Record<string, unknown>), ...params };
}

/** Query strings are text; booleans and numbers are read by the field's declared type. */
function readQuery(c: Context, types: Map<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!c.req.url.includes('?')) return out;
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) throw new ToolError('invalid_request', `${key}: give the parameter once`);
    const v = values[0] ?? '';
    const type = types.get(key);
    if (type === 'boolean' && (v === 'true' || v === 'false')) out[key] = v === 'true';
    else if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(v)) out[key] = Number(v);
    else out[key] = v;
  }
  return out;
}
