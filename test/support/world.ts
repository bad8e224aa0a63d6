import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, http, mcpClient, startHttp, type HttpReply } from './clients.js';
import { makeInstance, makeUser, type TestEnv, type TestUser } from './instance.js';
import type { Envelope } from '../../src/registry/invoke.js';

export interface World extends TestEnv {
  user: TestUser;
  base: string;
  mcp: Client;
  /** Calls a tool through the real MCP client. */
  tool<T = any>(name: string, args?: Record<string, unknown>): Promise<Envelope & { data: T }>;
  get<T = any>(path: string, opts?: Parameters<typeof http>[3]): Promise<HttpReply<T>>;
  post<T = any>(path: string, body?: unknown, opts?: Parameters<typeof http>[3]): Promise<HttpReply<T>>;
}

/** A migrated database, one user with keys of every scope set, a listening server and an MCP client. */
export async function makeWorld(env: Record<string, string> = {}): Promise<World> {
  const t = await makeInstance(env);
  const user = await makeUser(t.instance);
  const server = await startHttp(t.instance);
  const mcp = await mcpClient(t.instance, user);
  return {
    ...t,
    user,
    base: server.base,
    mcp,
    tool: (name, args = {}) => call(mcp, name, args),
    get: (path, opts = {}) => http(server.base, 'GET', path, { key: user.keys.all, ...opts }),
    post: (path, body = {}, opts = {}) => http(server.base, 'POST', path, { key: user.keys.all, body, ...opts }),
    close: async () => {
      await mcp.close();
      await server.stop();
      await t.close();
    },
  };
}
