import fs from 'node:fs';
import { serve as serveHttp, type ServerType } from '@hono/node-server';
import { dbLabel, processOnlyText, type Config } from '../config.js';
import { ensureOwner, openInstance, type Instance } from '../instance.js';
import { createHttpApp } from '../http/app.js';
import { purgeExpiredIdempotencyKeys } from '../core/idempotency.js';
import { purgeExpiredAuth } from '../auth/purge.js';
import { Scheduler } from '../pipeline/scheduler.js';
import { WebhookWorker } from '../webhooks/worker.js';
import { CommandFailed, out } from './output.js';
import { clientSnippets, KEY_PLACEHOLDER, maskedDb } from './connect.js';

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
  let server: ServerType;
  try {
    server = await listen(app.fetch, config);
  } catch (e) {
    if (!instance) await inst.close();
    throw e;
  }
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

/** Listens, or says in one line why not: a port taken by another program is the common case. */
function listen(fetch: (req: Request) => Response | Promise<Response>, config: Config): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const s = serveHttp({ fetch, hostname: config.host, port: config.port }, () => {
      s.off('error', refused);
      resolve(s);
    });
    const refused = (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') reject(new CommandFailed(`port ${config.port} is in use; set GREENROOM_PORT`));
      else if (e.code === 'EACCES') reject(new CommandFailed(`port ${config.port} needs privileges; set GREENROOM_PORT to 1024 or above`));
      else if (e.code === 'EADDRNOTAVAIL') reject(new CommandFailed(`${config.host} is not an address of this machine; set GREENROOM_HOST`));
      else reject(e);
    };
    s.once('error', refused);
  });
}

export async function serveCommand(config: Config): Promise<void> {
  const instance = await openInstance(config);
  let running: Running;
  try {
    running = await startServer(config, instance);
  } catch (e) {
    await instance.close();
    throw e;
  }
  // The owner (and its key, printed once) is made only once the server listens: a start
  // that fails on a busy port must not use up the one showing of the key.
  const owner = await ensureOwner(instance);
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
    `  Settings      ${config.settingsFile ?? '-'}${config.settingsFile && fs.existsSync(config.settingsFile) ? '' : ' (not present: every process on this database reads it; `greenroom config` shows each setting)'}`,
  ];
  const only = processOnlyText(config);
  if (only)
    lines.push(
      `  Only here     ${only}`,
      `                (from this process's environment: a desktop client's \`greenroom stdio\` on this database runs without them; put them in ${config.settingsFile})`,
    );
  lines.push('');
  if (owner) {
    lines.push(`Owner account ${owner.email} created. Its API key (read, write) is shown this once:`, '', owner.key, '');
    lines.push('Pushing to a sending tool takes a key with send: `greenroom keys create --scopes read,write,send`.', '');
  }
  lines.push(
    `Connect a client with your key in place of ${KEY_PLACEHOLDER}${owner ? ' (the key above)' : ' (greenroom keys create --scopes read,write makes one)'}.`,
    `\`greenroom mcp-config --key ${KEY_PLACEHOLDER}\` prints these filled in.`,
    '',
    clientSnippets(base, maskedDb(config), KEY_PLACEHOLDER),
  );
  return lines.join('\n');
}
