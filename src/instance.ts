import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dbTarget, type Config } from './config.js';
import { randomIds, systemClock, type Clock, type IdSource, type Services } from './context.js';
import { migrate, openDb, type OpenedDb } from '../db/index.js';
import { createLogger, type Logger } from './log.js';
import { RateLimiter } from './core/rate-limit.js';
import { createApiKey } from './core/keys.js';
import { createUser, findOwner } from './core/users.js';
import { createEngines } from './engine/engines.js';
import { campaignCallLedger } from './core/spend.js';
import { listenForOthers } from './core/notify.js';
import { KeyCache, TouchThrottle } from './core/caches.js';
import { SpeakerLocks } from './core/speaker-locks.js';
import { Mailer } from './auth/mail.js';
import { fetchFactory } from './scrape/fetchers.js';

export interface Instance extends Services {
  opened: OpenedDb;
  close(): Promise<void>;
}

/** Opens the database, applies migrations and assembles the services every entry point shares. */
export async function openInstance(config: Config, opts: { clock?: Clock; ids?: IdSource; logger?: Logger } = {}): Promise<Instance> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const opened = openDb(dbTarget(config), { onHookError: (err) => logger.error({ err }, 'a signal after commit failed') });
  await migrate(opened.db);
  const listener = await listenForOthers(opened, config.databaseUrl, logger);
  if (config.allowHosts.length) {
    logger.warn({ allowHosts: config.allowHosts }, 'GREENROOM_ALLOW_HOSTS is set: these loopback hosts may be fetched; use for tests and demos only');
  }
  const clock = opts.clock ?? systemClock;
  const ids = opts.ids ?? randomIds;
  const db = opened.db;
  return {
    config,
    db,
    opened,
    clock,
    ids,
    logger,
    secret: loadSecret(config),
    limiter: new RateLimiter(config.rateLimits, db),
    engines: createEngines(config, campaignCallLedger({ db, clock, ids })),
    signals: opened.signals,
    keyCache: new KeyCache(opened.signals),
    grantTouches: new TouchThrottle(),
    speakerLocks: new SpeakerLocks(),
    mailer: new Mailer({ config, db, clock, logger }),
    fetch: fetchFactory(config),
    close: async () => {
      await listener?.stop();
      await opened.close();
    },
  };
}

/** GREENROOM_SECRET, or a key generated once into the data folder and kept there. */
function loadSecret(config: Config): Buffer {
  if (config.secret) return Buffer.from(config.secret, 'utf8');
  if (config.dbPath === ':memory:') return randomBytes(32);
  const file = path.join(path.dirname(config.dbPath), 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

/**
 * Creates the owner account and its first key (read and write: a key that can push to a
 * sending tool is asked for by name, `greenroom keys create --scopes read,write,send`) on
 * first start; returns the key once.
 */
export async function ensureOwner(services: Services): Promise<{ email: string; key: string } | null> {
  if (await findOwner(services.db)) return null;
  const user = await createUser(services.db, services, {
    email: services.config.ownerEmail,
    name: 'Owner',
    role: 'owner',
    grant: services.config.signupCredits,
  });
  const { key } = await createApiKey(services.db, services, { userId: user.user_id, name: 'owner (first start)', scopes: ['read', 'write'] });
  return { email: user.email, key };
}
