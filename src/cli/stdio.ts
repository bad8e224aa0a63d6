import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../config.js';
import { openInstance } from '../instance.js';
import { resolveApiKey } from '../core/keys.js';
import { createMcpServer } from '../mcp/server.js';
import { Scheduler } from '../pipeline/scheduler.js';
import { UsageError } from './output.js';
import { announceDb, announceProcessOnly } from './database.js';

/**
 * MCP over stdio for Claude Desktop: stdout carries the protocol and nothing else.
 * The process also drives pipeline runs, since most users of this entry never start
 * `greenroom serve`; leases in the database keep a run from being worked twice when
 * both are running on one database.
 */
export async function stdioCommand(config: Config): Promise<void> {
  if (!config.apiKey)
    throw new UsageError('GREENROOM_API_KEY is not set: create one with `greenroom keys create --scopes read,write` and pass it in the environment');
  const instance = await openInstance(config);
  announceDb(config);
  announceProcessOnly(config);
  const principal = await resolveApiKey(instance, config.apiKey);
  if (!principal) {
    await instance.close();
    throw new UsageError('GREENROOM_API_KEY is not a valid key for this database (revoked, or created against another GREENROOM_DB)');
  }
  const scheduler = config.schedulerEnabled ? new Scheduler(instance) : null;
  const server = createMcpServer(instance, principal);
  const transport = new StdioServerTransport();
  let closing: Promise<void> | null = null;
  transport.onclose = () => {
    closing ??= (async () => {
      await scheduler?.stop();
      await instance.close();
    })();
  };
  await server.connect(transport);
  // The transport listens for data only; the client closing our stdin (or a signal) ends
  // the process, which the scheduler's timer would otherwise keep alive.
  const end = () => void transport.close();
  process.stdin.once('end', end);
  process.once('SIGTERM', end);
  process.once('SIGINT', end);
  scheduler?.start();
  instance.logger.info(
    { user: principal.userId, scopes: principal.scopes, runs: scheduler ? 'driven here' : 'off (GREENROOM_SCHEDULER=false)' },
    'greenroom MCP server ready on stdio',
  );
}
