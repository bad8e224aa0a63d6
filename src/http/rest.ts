import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import type { AnyTool } from '../registry/define.js';
import { failure, invokeTool, type Outcome } from '../registry/invoke.js';
import { fieldTypes } from '../registry/json-schema.js';
import { allTools } from '../registry/catalog.js';
import { authenticate, WWW_AUTHENTICATE } from './auth.js';
import { noteCaller } from '../auth/caller.js';
import { ClientAbortError, HttpRefusal, isJsonContentType, MAX_BODY_BYTES, readBodyText } from './body.js';

export const API_BASE = '/api/public/v1';

/** Mounts every registered tool as an HTTP route; adding a tool file adds its endpoint. */
export function mountRest(app: Hono, services: Services): void {
  for (const tool of allTools()) {
    const path = API_BASE + tool.http.path.replace(/\{(\w+)\}/g, ':$1');
    const types = fieldTypes(tool);
    app.on(tool.http.method, path, async (c) => {
      // Hono serves HEAD with the GET handler; a HEAD must not run a tool or spend its budget.
      if (c.req.method === 'HEAD') return c.notFound();
      const principal = await authenticate(services, c.req.header('authorization'), c.get('accessToken'));
      if (!(principal instanceof ToolError)) noteCaller(c, principal);
      let outcome: Outcome;
      try {
        const raw = tool.http.method === 'GET' ? readGetInput(c, types) : await readBodyInput(c, tool);
        outcome = await invokeTool(tool, raw, services, principal, { idempotencyKey: c.req.header('idempotency-key') });
      } catch (err) {
        if (err instanceof ClientAbortError) throw err;
        const reported = principal instanceof ToolError ? principal : err;
        outcome = failure(tool, reported, services);
        if (reported instanceof HttpRefusal) outcome.status = reported.status;
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

/** A GET's input: its query and its path parameters, read without waiting for anything. */
function readGetInput(c: Context, types: Map<string, string>): Record<string, unknown> {
  const params = c.req.param() as Record<string, string>;
  const query = readQuery(c, types);
  if (query === null) return params;
  for (const k of Object.keys(params)) {
    if (k in query) throw new ToolError('invalid_request', `${k} is given in the path; leave it out of the query`);
  }
  return { ...query, ...params };
}

async function readBodyInput(c: Context, tool: AnyTool): Promise<Record<string, unknown>> {
  const params = c.req.param() as Record<string, string>;
  // The largest valid body (a rewrite naming 2,000 ids) is far below the cap; bulk imports name their own.
  const max = tool.maxBodyBytes ?? MAX_BODY_BYTES;
  const text = await readBodyText(c, max);
  if (text === null) throw new HttpRefusal(413, `body is larger than ${max} bytes`);
  // Many POSTs take an optional body, so an empty one is fine whatever its type says.
  if (!text.trim()) return { ...params };
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new HttpRefusal(415, `body must be JSON: send Content-Type: application/json (got ${c.req.header('content-type') ?? 'none'})`);
  }
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

/** Query strings are text; booleans and numbers are read by the field's declared type. Null: the URL has no query. */
function readQuery(c: Context, types: Map<string, string>): Record<string, unknown> | null {
  const at = c.req.url.indexOf('?');
  if (at < 0) return null;
  const out: Record<string, unknown> = {};
  // The parser drops a parameter without a name, so `?=x` would pass where `?x=1` is refused.
  const raw = c.req.url.slice(at + 1);
  if (raw && raw.split('&').some((part) => part === '' || part.startsWith('='))) {
    throw new ToolError('invalid_request', 'query: every parameter needs a name (an empty name or an empty segment between & was given)');
  }
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
