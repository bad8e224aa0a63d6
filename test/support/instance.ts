import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import type { Clock, Principal, Scope } from '../../src/context.js';
import { openInstance, type Instance } from '../../src/instance.js';
import { createUser } from '../../src/core/users.js';
import { createApiKey, resolveApiKey } from '../../src/core/keys.js';
import { createLogger } from '../../src/log.js';
import { dropDatabase, freshDatabaseUrl } from './pg.js';

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private t = Date.parse('2026-11-22T09:00:00.000Z')) {}
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(ms: number): void {
    this.t = ms;
  }
}

export interface TestUser {
  userId: string;
  email: string;
  keys: Record<'all' | 'read' | 'write' | 'readWrite', string>;
  principal(which?: keyof TestUser['keys']): Promise<Principal>;
}

export interface TestEnv {
  instance: Instance;
  clock: ManualClock;
  dbPath: string;
  /** The settings that point a child process at this database (file, and URL on PostgreSQL). */
  dbEnv: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A freshly migrated database with a silent logger: a SQLite file in a temporary folder,
 * or under npm run test:pg a fresh PostgreSQL database (the folder still holds the secret).
 */
export async function makeInstance(env: Record<string, string> = {}): Promise<TestEnv> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-test-'));
  const dbPath = path.join(dir, 'test.db');
  const url = await freshDatabaseUrl();
  const dbEnv: Record<string, string> = url ? { GREENROOM_DB: dbPath, GREENROOM_DATABASE_URL: url } : { GREENROOM_DB: dbPath };
  const config = loadConfig({}, { ...dbEnv, GREENROOM_LOG_LEVEL: 'silent', GREENROOM_SCHEDULER: 'false', ...env });
  const clock = new ManualClock();
  const instance = await openInstance(config, { clock, logger: createLogger((process.env.GREENROOM_TEST_LOG as 'silent') ?? 'silent') });
  return {
    instance,
    clock,
    dbPath,
    dbEnv,
    close: async () => {
      await instance.close();
      if (url) await dropDatabase(url);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const SCOPE_SETS: Record<keyof TestUser['keys'], Scope[]> = {
  all: ['read', 'write', 'send'],
  read: ['read'],
  write: ['write'],
  readWrite: ['read', 'write'],
};

export async function makeUser(instance: Instance, email = 'ada@example.com', grant = 500): Promise<TestUser> {
  const user = await createUser(instance.db, instance, { email, name: 'Ada Lovelace', role: 'member', grant });
  const keys = {} as TestUser['keys'];
  for (const [name, scopes] of Object.entries(SCOPE_SETS)) {
    keys[name as keyof TestUser['keys']] = (await createApiKey(instance.db, instance, { userId: user.user_id, name, scopes })).key;
  }
  return {
    userId: user.user_id,
    email,
    keys,
    principal: async (which = 'all') => {
      const p = await resolveApiKey(instance, keys[which]);
      if (!p) throw new Error('test key did not resolve');
      return p;
    },
  };
}
