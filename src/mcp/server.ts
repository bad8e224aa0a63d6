import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal, Services } from '../context.js';
import type { ToolError } from '../errors.js';
import type { AnyTool } from '../registry/define.js';
import { invokeTool, type Outcome } from '../registry/invoke.js';
import { envelopeJsonSchema, inputJsonSchema } from '../registry/json-schema.js';
import { findTool, toolsFor } from '../registry/catalog.js';
import { VERSION } from '../version.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

// The server validates only elicitation replies with it, but builds a fresh Ajv per
// instance by default; over stateless HTTP that is one per request, so it is shared.
const sharedValidator = new AjvJsonSchemaValidator();

const INSTRUCTIONS =
  'Greenroom runs outreach campaigns built around conferences. Every tool answers with an envelope {ok, tool, kind, data, error}: branch on ok and error.code, never on prose. ' +
  'Start with whoami or list_campaigns; create_campaign with a conference_url and auto_start begins the pipeline.';

/**
 * tools/call as it arrives: params are checked in the handler. The SDK parses the
 * request with its own schema before any handler runs, so `arguments: "x"` became
 * -32603 with a raw zod dump; here a known tool gets its invalid_request envelope, as
 * for any other bad input, and a malformed call a short -32602.
 */
const RawCallToolRequest = z.object({ method: z.literal('tools/call'), params: z.unknown() });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const described = new WeakMap<AnyTool, McpTool>();

function describe(tool: AnyTool): McpTool {
  let d = described.get(tool);
  if (!d) {
    d = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputJsonSchema(tool) as McpTool['inputSchema'],
      outputSchema: envelopeJsonSchema(tool) as McpTool['outputSchema'],
      annotations: { title: tool.title, ...tool.annotations },
    };
    described.set(tool, d);
  }
  return d;
}

/**
 * A JSON-RPC answer to a tools/call as JSON text: the same as JSON.stringify of
 * `{ result: toCallResult(outcome), jsonrpc, id }`, with the envelope stringified once
 * for both its places rather than twice.
 */
export function callResultJson(outcome: Outcome, id: string | number): string {
  const envelope = JSON.stringify(outcome.envelope);
  return `{"result":{"structuredContent":${envelope},"content":[{"type":"text","text":${JSON.stringify(envelope)}}],"isError":${!outcome.envelope.ok}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** structuredContent is the envelope; content carries the same JSON as text; isError = !ok. */
export function toCallResult(outcome: Outcome): CallToolResult {
  return {
    structuredContent: outcome.envelope as unknown as Record<string, unknown>,
    content: [{ type: 'text', text: JSON.stringify(outcome.envelope) }],
    isError: !outcome.envelope.ok,
  };
}

/**
 * One MCP server over the registry for one caller. The low-level Server is used rather
 * than McpServer so that tools/list shows only what the caller's scopes allow and every
 * failure, input validation included, comes back as the envelope instead of a protocol error.
 */
export function createMcpServer(services: Services, principal: Principal | ToolError): Server {
  const server = new Server(
    { name: 'greenroom', version: VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: sharedValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: 'scopes' in principal ? toolsFor(principal.scopes).map(describe) : [],
  }));
  // Protocol's registration, not Server's: Server's wraps tools/call in the same strict
  // parse. Its result check is not needed, toCallResult always builds a valid result.
  Protocol.prototype.setRequestHandler.call(server, RawCallToolRequest, async ({ params }) => {
    if (!isObject(params) || typeof params.name !== 'string') throw new McpError(ErrorCode.InvalidParams, 'tools/call needs params.name, the name of a tool');
    const tool = findTool(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return toCallResult(await invokeTool(tool, params.arguments ?? {}, services, principal));
  });
  return server;
}
