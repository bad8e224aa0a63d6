import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { AnyTool } from '../registry/define.js';
import { findTool } from '../registry/catalog.js';

export interface FastCall {
  id: string | number;
  tool: AnyTool;
  /** As sent: a wrong type is the tool's invalid_request envelope, on both paths. */
  arguments: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Recognises the one message shape that dominates traffic on a stateless server: a
 * single JSON-RPC `tools/call` of a known tool, with the headers the transport demands.
 * Such a call is answered without building a protocol server per request; anything
 * else (initialize, tools/list, batches, notifications, progress tokens, a wrong
 * header) returns null and goes through the SDK transport, which owns the protocol.
 * A test keeps the two paths answering byte-for-byte the same JSON.
 */
export function fastToolCall(headers: { accept?: string; contentType?: string; protocolVersion?: string }, body: unknown): FastCall | null {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
  if ((headers.contentType ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') return null;
  if (headers.protocolVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(headers.protocolVersion)) return null;
  if (!isObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return null;
  const id = body.id;
  if (typeof id !== 'string' && (typeof id !== 'number' || !Number.isInteger(id))) return null;
  const params = body.params;
  if (!isObject(params) || typeof params.name !== 'string' || params._meta !== undefined) return null;
  const tool = findTool(params.name);
  if (!tool) return null;
  return { id, tool, arguments: params.arguments ?? {} };
}
