import type { Context, Hono } from 'hono';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Principal, Services } from '../context.js';
import { callResultJson, createMcpServer } from '../mcp/server.js';
import { fastToolCall } from '../mcp/fast-call.js';
import { invokeTool } from '../registry/invoke.js';
import { authenticate, WWW_AUTHENTICATE } from './auth.js';
import { ToolError } from '../errors.js';
import { readBodyText } from './body.js';
import { insufficientScope, missingScope } from './mcp-scope.js';
import { noteCaller } from '../auth/caller.js';

const MCP_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface McpRouteOptions {
  /** Answer plain tools/call messages without a per-request protocol server (default on). */
  fastPath?: boolean;
}

/**
 * Streamable HTTP at /mcp, stateless with JSON responses: each POST is answered on its
 * own, so any process behind a load balancer can serve any request.
 */
export function mountMcp(app: Hono, services: Services, opts: McpRouteOptions = {}): void {
  const fastPath = opts.fastPath ?? true;
  app.post('/mcp', async (c) => {
    const principal = await authenticate(services, c.req.header('authorization'), c.get('accessToken'));
    if (principal instanceof ToolError) {
      return c.json({ jsonrpc: '2.0', error: { code: -32001, message: principal.message }, id: null }, 401, {
        'WWW-Authenticate': `${WWW_AUTHENTICATE}, error="invalid_token"`,
      });
    }
    noteCaller(c, principal);
    // The same cap as the SDK transport's own reads.
    const text = await readBodyText(c, MCP_MAX_BODY_BYTES);
    if (text === null) return c.json({ jsonrpc: '2.0', error: { code: -32000, message: `Request body exceeds ${MCP_MAX_BODY_BYTES} bytes` }, id: null }, 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return viaTransport(c, services, principal, text);
    }
    const needed = missingScope(principal, body);
    if (needed) return insufficientScope(services, principal, needed, body);
    const fast = fastPath
      ? fastToolCall({ accept: c.req.header('accept'), contentType: c.req.header('content-type'), protocolVersion: c.req.header('mcp-protocol-version') }, body)
      : null;
    if (!fast) return viaTransport(c, services, principal, text, body);
    const outcome = await invokeTool(fast.tool, fast.arguments, services, principal);
    return c.body(callResultJson(outcome, fast.id), 200, { 'Content-Type': 'application/json' });
  });
  app.get('/mcp', mcpMethodNotAllowed);
  app.delete('/mcp', mcpMethodNotAllowed);
}

/** Any method but POST on /mcp: no SSE stream and no session to delete on a stateless server. */
export function mcpMethodNotAllowed(): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this endpoint is stateless; POST JSON-RPC messages' }, id: null }),
    {
      status: 405,
      headers: { Allow: 'POST', 'Content-Type': 'application/json' },
    },
  );
}

async function viaTransport(c: Context, services: Services, principal: Principal, text: string, parsedBody?: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const server = createMcpServer(services, principal);
  await server.connect(transport);
  // The body was read above; the transport gets it parsed, or as text when it is not JSON
  // so that it answers the parse error itself.
  const request = parsedBody === undefined ? new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body: text }) : c.req.raw;
  // In stateless JSON mode the transport holds nothing once it has answered (no
  // stream, no timer), so it is left to the garbage collector rather than closed:
  // closing builds a ConnectionClosed error per request for nobody to read.
  return transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
}
