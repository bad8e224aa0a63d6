import type { Principal, Services } from '../context.js';
import { SCOPES } from '../context.js';
import { findTool } from '../registry/catalog.js';
import { MCP_PATH, resourceMetadataUrl } from '../auth/oauth/params.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The scope a tools/call in this message needs and the OAuth token lacks, or null. Only
 * OAuth tokens are challenged: the MCP authorization spec's 403 tells a client to
 * authorize again with more scope, which an API key cannot do; a key keeps getting the
 * forbidden_scope envelope as the tool's result.
 */
export function missingScope(principal: Principal, body: unknown): string | null {
  if (principal.tokenKind !== 'oauth') return null;
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isObject(message) || message.method !== 'tools/call' || !isObject(message.params)) continue;
    const name = message.params.name;
    const tool = typeof name === 'string' ? findTool(name) : undefined;
    if (tool && !principal.scopes.includes(tool.kind)) return tool.kind;
  }
  return null;
}

/**
 * 403 with `WWW-Authenticate: Bearer error="insufficient_scope"` (MCP authorization,
 * scope challenge handling). The scope named is what the token holds plus what is
 * missing: the SDK's client replaces its scope with the challenge's, so naming only the
 * missing one would make it give up what it already has when it authorizes again.
 */
export function insufficientScope(services: Services, principal: Principal, needed: string, body: unknown): Response {
  const scope = SCOPES.filter((s) => s === needed || principal.scopes.includes(s)).join(' ');
  const message = `This call needs the ${needed} scope; this token has ${principal.scopes.join(', ')}${needed === 'send' ? ' (send is never granted through OAuth: use an API key made in settings)' : ''}`;
  const id = isObject(body) && (typeof body.id === 'string' || typeof body.id === 'number') ? body.id : null;
  const challenge = `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadataUrl(services, MCP_PATH)}", error_description="${message}"`;
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32003, message }, id }), {
    status: 403,
    headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': challenge },
  });
}
