import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Instance } from '../../src/instance.js';
import { startServer, type Running } from '../../src/cli/serve.js';
import { createMcpServer } from '../../src/mcp/server.js';
import type { Envelope } from '../../src/registry/invoke.js';
import type { TestUser } from './instance.js';
import { assertContract } from './contract.js';

export interface HttpReply<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope & { data: T };
}

/** Real HTTP on an ephemeral loopback port, over the same instance. */
export async function startHttp(instance: Instance): Promise<Running & { base: string }> {
  const running = await startServer({ ...instance.config, port: 0 }, instance);
  return { ...running, base: `http://127.0.0.1:${running.port}` };
}

export async function http<T = any>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: {
    key?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    query?: Record<string, string | number | boolean | undefined>;
  } = {},
): Promise<HttpReply<T>> {
  const url = new URL(`/api/public/v1${path}`, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: method === 'POST' ? (opts.rawBody ?? JSON.stringify(opts.body ?? {})) : undefined });
  const body = (await res.json()) as Envelope & { data: T };
  assertContract(body, `HTTP ${method} ${path}`);
  return { status: res.status, headers: res.headers, body };
}

/**
 * A real MCP client connected in memory to a server acting as the given user's key. It
 * lists the tools first, as a real client does, so the SDK validates every tool result
 * against the tool's outputSchema.
 */
export async function mcpClient(instance: Instance, user: TestUser, which: keyof TestUser['keys'] = 'all'): Promise<Client> {
  const server = createMcpServer(instance, await user.principal(which));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'greenroom-test', version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools();
  return client;
}

export async function call<T = any>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Envelope & { data: T }> {
  const result = await client.callTool({ name, arguments: args });
  const env = result.structuredContent as unknown as Envelope & { data: T };
  // content mirrors structuredContent, and isError mirrors !ok (DESIGN: envelope in MCP).
  const text = (result.content as Array<{ type: string; text: string }>)[0]?.text;
  if (JSON.stringify(env) !== text) throw new Error('content text does not equal structuredContent');
  if (Boolean(result.isError) !== !env.ok) throw new Error('isError does not mirror ok');
  assertContract(env, `MCP ${name}`);
  return env;
}

/** Runs fn with an MCP client acting as the given user's key, and closes the client afterwards. */
export async function withClient<T>(instance: Instance, user: TestUser, fn: (client: Client) => Promise<T>, which: keyof TestUser['keys'] = 'all'): Promise<T> {
  const client = await mcpClient(instance, user, which);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

/** One tool call as the given user's key, over a client of its own. */
export function callAs<T = any>(
  instance: Instance,
  user: TestUser,
  which: keyof TestUser['keys'],
  name: string,
  args: Record<string, unknown> = {},
): Promise<Envelope & { data: T }> {
  return withClient(instance, user, (client) => call<T>(client, name, args), which);
}

/** A tools/call over MCP streamable HTTP, the way a remote MCP client sends it. */
export function mcpOverHttp(base: string, name: string, args: Record<string, unknown>, authorization?: string): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}
