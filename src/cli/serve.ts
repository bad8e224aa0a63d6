import { serve as serveHttp, type ServerType } from '@hono/node-server';
import { dbLabel, type Config } from '../config.js';
import { ensureOwner, openInstance, type Instance } from '../instance.js';
import { createHttpApp } from '../http/app.js';
import { purgeExpiredIdempotencyKeys } from '../core/idempotency.js';
import { purgeExpiredAuth } from '../auth/purge.js';
import { Scheduler } from '../pipeline/scheduler.js';
import { WebhookWorker } from '../webhooks/worker.js';
import { out } from './output.js';
import { clientSnippets, KEY_PLACEHOLDER } from './connect.js';

export interface Running {
  instance: Instance;
  server: ServerType;
  port: number;
  stop(): Promise<void>;
}

/** Starts the HTTP server (REST, /mcp) and the background maintenance on one instance. */
export async function startServer(config: Config, instance?: Instance): Promise<Running> {
  const inst = instance ?? (await openInstance(config));
  const app = createHttpApp(inst);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serveHttp({ fetch: app.fetch, hostname: config.host, port: config.port }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const maintenance = setInterval(() => {
    purgeExpiredIdempotencyKeys(inst.db, inst.clock.now()).catch((e) => inst.logger.error({ err: e }, 'idempotency purge failed'));
    purgeExpiredAuth(inst.db, inst.clock.now()).catch((e) => inst.logger.error({ err: e }, 'sign-in and token purge failed'));
  }, 10 * 60_000);
  maintenance.unref();
  const scheduler = config.schedulerEnabled ? new Scheduler(inst) : null;
  scheduler?.start();
  // Background work follows one switch: GREENROOM_SCHEDULER=false makes an API-only process.
  const webhooks = config.schedulerEnabled ? new WebhookWorker(inst) : null;
  webhooks?.start();
  return {
    instance: inst,
    server,
    port,
    stop: async () => {
      clearInterval(maintenance);
      await scheduler?.stop();
      await webhooks?.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Live event streams never end on their own.
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      // An instance handed in belongs to the caller, who closes it.
      if (!instance) await inst.close();
    },
  };
}

export async function serveCommand(config: Config): Promise<void> {
  const instance = await openInstance(config);
  const owner = await ensureOwner(instance);
  const running = await startServer(config, instance);
  const stopAll = async () => {
    await running.stop();
    await instance.close();
  };
  const base = config.publicUrl.includes(`:${config.port}`) ? config.publicUrl.replace(`:${config.port}`, `:${running.port}`) : config.publicUrl;
  out(connectionHelp(base, config, owner));
  const shutdown = async (signal: string) => {
    instance.logger.info({ signal }, 'shutting down');
    await stopAll();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * The key appears once: stdout is often a log file (`npm start > log`), and every copy
 * there is one more place the secret can leak from. The snippets carry a placeholder;
 * `greenroom mcp-config` prints them filled in.
 */
function connectionHelp(base: string, config: Config, owner: { email: string; key: string } | null): string {
  const lines = [
    `Greenroom is serving on ${base}`,
    `  HTTP API      ${base}/api/public/v1   (OpenAPI: ${base}/api/public/v1/openapi.json)`,
    `  MCP           ${base}/mcp             (streamable HTTP, Authorization: Bearer ${KEY_PLACEHOLDER})`,
    `  Web app       ${base}/settings        (sign in by e-mail; without SMTP settings \`greenroom mail last\` shows the sign-in mail)`,
    `  Health        ${base}/healthz`,
    `  Database      ${dbLabel(config)}`,
    '',
  ];
  if (owner) lines.push(`Owner account ${owner.email} created. Its API key (read, write, send) is shown this once:`, '', owner.key, '');
  lines.push(
    `Connect a client with your key in place of ${KEY_PLACEHOLDER}${owner ? ' (the key above)' : ' (greenroom keys create --scopes read,write makes one)'}.`,
    `\`greenroom mcp-config --key ${KEY_PLACEHOLDER}\` prints these filled in.`,
    '',
    clientSnippets(base, config.dbPath, KEY_PLACEHOLDER),
  );
  return lines.join('\n');
}
