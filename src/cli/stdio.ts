import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../config.js';
import { openInstance } from '../instance.js';
import { resolveApiKey } from '../core/keys.js';
import { createMcpServer } from '../mcp/server.js';
import { UsageError } from './output.js';

/** MCP over stdio for Claude Desktop: stdout carries the protocol and nothing else. */
export async function stdioCommand(config: Config): Promise<void> {
  if (!config.apiKey) throw new UsageError('GREENROOM_API_KEY is not set: create one with `greenroom keys create --scopes read,write` and pass it in the environment');
  const instance = await openInstance(config);
  const principal = await resolveApiKey(instance.db, instance.clock, config.apiKey);
  if (!principal) {
    await instance.close();
    throw new UsageError('GREENROOM_API_KEY is not a valid key for this database (revoked, or created against another GREENROOM_DB)');
  }
  const server = createMcpServer(instance, principal);
  const transport = new StdioServerTransport();
  transport.onclose = () => void instance.close();
  await server.connect(transport);
  instance.logger.info({ user: principal.userId, scopes: principal.scopes }, 'greenroom MCP server ready on stdio');
}
