import type { Hono } from 'hono';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Services } from '../context.js';
import { createMcpServer } from '../mcp/server.js';
import { authenticate, WWW_AUTHENTICATE } from './auth.js';
import { ToolError } from '../errors.js';

/**
 * Streamable HTTP at /mcp, stateless with JSON responses: each POST is answered on its
 * own, so any process behind a load balancer can serve any request.
 */
export function mountMcp(app: Hono, services: Services): void {
  app.post('/mcp', async (c) => {
    const principal = await authenticate(services, c.req.header('authorization'));
    if (principal instanceof ToolError) {
      return c.json(
        { jsonrpc: '2.0', error: { code: -32001, message: principal.message }, id: null },
        401,
        { 'WWW-Authenticate': `${WWW_AUTHENTICATE}, error="invalid_token"` },
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = createMcpServer(services, principal);
    await server.connect(transport);
    // In stateless JSON mode the transport holds nothing once it has answered (no
    // stream, no timer), so it is left to the garbage collector rather than closed:
    // closing builds a ConnectionClosed error per request for nobody to read.
    return transport.handleRequest(c.req.raw);
  });
  const notAllowed = () =>
    new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this endpoint is stateless; POST JSON-RPC messages' }, id: null }), {
      status: 405,
      headers: { Allow: 'POST', 'Content-Type': 'application/json' },
    });
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
}
