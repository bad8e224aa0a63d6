import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ModelEnv, modelSettingsFrom, type ModelSettings } from './model-settings.js';

/**
 * The only reader of process.env and of the settings file. Parsed once with zod, frozen,
 * and passed down; a bad value stops start-up with a message naming the variable.
 *
 * Every process on one database reads the same settings file beside it (settings.env
 * in the database's folder), so `serve` and a desktop client's `stdio` run alike; the
 * environment wins over the file for a process that sets a variable itself.
 */
const intFrom = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const bool = (def: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .default(def ? 'true' : 'false')
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  // The default is the per-user data folder (defaultDataDir); loadConfig fills it in.
  GREENROOM_DB: z.string().min(1),
  // Set, PostgreSQL holds the data and GREENROOM_DB is not used.
  GREENROOM_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/./i, 'GREENROOM_DATABASE_URL must be postgres://user:password@host:port/database')
    .optional(),
  GREENROOM_HOST: z.string().min(1).default('127.0.0.1'),
  GREENROOM_PORT: intFrom(8787).pipe(z.number().max(65535)),
  GREENROOM_PUBLIC_URL: z.url().optional(),
  GREENROOM_API_KEY: z.string().optional(),
  GREENROOM_ALLOW_HOSTS: z.string().default(''),
  GREENROOM_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const origins: string[] = [];
      for (const item of text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const origin = originOf(item);
        if (origin) origins.push(origin);
        else ctx.issues.push({ code: 'custom', input: item, message: `"${item}" is not an origin such as https://app.example.com` });
      }
      return origins;
    }),
  // Addresses of reverse proxies whose X-Forwarded-For names the client (door rate limits); none by default.
  GREENROOM_TRUSTED_PROXY: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const addresses: string[] = [];
      for (const item of text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (isIP(item)) addresses.push(item.toLowerCase());
        else ctx.issues.push({ code: 'custom', input: item, message: `"${item}" is not an IP address such as 127.0.0.1 or ::1` });
      }
      return addresses;
    }),
  GREENROOM_SECRET: z.string().min(32, 'GREENROOM_SECRET must be at least 32 characters').optional(),
  GREENROOM_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GREENROOM_RATE_READ: intFrom(600, 1),
  GREENROOM_RATE_WRITE: intFrom(120, 1),
  GREENROOM_RATE_SEND: intFrom(30, 1),
  GREENROOM_SIGNUP_CREDITS: intFrom(500),
  GREENROOM_SCHEDULER_INTERVAL_MS: intFrom(1000, 10),
  GREENROOM_SCHEDULER: bool(true),
  GREENROOM_WEBHOOK_POLL_MS: intFrom(1000, 10),
  GREENROOM_OWNER_EMAIL: z.email().default('owner@localhost.localdomain'),
  GREENROOM_SCRAPE_PACING_MS: intFrom(500),
  GREENROOM_FETCH_TIMEOUT_MS: intFrom(15_000, 100),
  GREENROOM_SSE_HEARTBEAT_MS: intFrom(15_000, 100),
  GREENROOM_LEASE_MS: intFrom(60_000, 1000),
  GREENROOM_PIPELINE_BATCH: intFrom(200, 1),
  GREENROOM_QA_APPROVE_SCORE: intFrom(8).pipe(z.number().max(10)),
  GREENROOM_QA_FOLLOWUP_MAX: intFrom(1000, 100),
  GREENROOM_DRAFT_MAX_AGE_DAYS: intFrom(21, 1),
  GREENROOM_PIPELINE_CHUNK: intFrom(25, 1),
  // Fault injection for crash-safety tests: "crash-after-items=N" kills the worker
  // process (SIGKILL) after N speakers were committed, leaving its lease behind;
  // "crash-after-push-answer" kills it after a sending tool answered a push, before the answer is written.
  GREENROOM_FAILPOINT: z
    .string()
    .regex(/^(crash-after-items=\d+|crash-after-push-answer)?$/, 'GREENROOM_FAILPOINT must be crash-after-items=N or crash-after-push-answer')
    .default(''),
  GREENROOM_HEYREACH_URL: z.url().default('https://api.heyreach.io/api/public'),
  GREENROOM_LEMLIST_URL: z.url().default('https://api.lemlist.com/api'),
  GREENROOM_SENDER_TIMEOUT_MS: intFrom(30_000, 100),
  GREENROOM_SENDER_MAX_WAIT_MS: intFrom(60_000),
  GREENROOM_RECONTACT_DAYS: intFrom(90),
  ...ModelEnv,
  GREENROOM_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'GREENROOM_SMTP_URL must be smtp://… or smtps://…')
    .optional(),
  GREENROOM_MAIL_FROM: z.string().min(3).optional(),
  GREENROOM_AGENT_SIGNUP: bool(true),
  GREENROOM_OAUTH_ACCESS_TTL_S: intFrom(900, 60).pipe(z.number().max(3600)),
  // The doors' caps in all (each many times one client's), and the client metadata documents one client address may have fetched.
  GREENROOM_DOOR_SIGNIN_ALL: intFrom(1000, 1),
  GREENROOM_DOOR_SIGNUP_ALL: intFrom(300, 1),
  GREENROOM_DOOR_REGISTER_ALL: intFrom(600, 1),
  GREENROOM_DOOR_METADATA_FETCHES: intFrom(20, 1),
});

/** Every variable read from the environment (.env.example lists the same, checked by a test). */
export const SETTING_NAMES: readonly string[] = Object.freeze(Object.keys(EnvSchema.shape));

/**
 * The settings that change what a run or a push does (pages allowed, models and their keys,
 * pacing, the QA gate, recontact, the sending tools): every process that drives runs on
 * one database should have the same, so they belong in the settings file.
 */
const RUN_SETTINGS: ReadonlySet<string> = new Set([
  'GREENROOM_ALLOW_HOSTS',
  'GREENROOM_SCRAPE_PACING_MS',
  'GREENROOM_FETCH_TIMEOUT_MS',
  'GREENROOM_PIPELINE_BATCH',
  'GREENROOM_PIPELINE_CHUNK',
  'GREENROOM_QA_APPROVE_SCORE',
  'GREENROOM_QA_FOLLOWUP_MAX',
  'GREENROOM_DRAFT_MAX_AGE_DAYS',
  'GREENROOM_RECONTACT_DAYS',
  'GREENROOM_HEYREACH_URL',
  'GREENROOM_LEMLIST_URL',
  'GREENROOM_SENDER_TIMEOUT_MS',
  'GREENROOM_SENDER_MAX_WAIT_MS',
  ...Object.keys(ModelEnv),
]);

/** Where an effective setting came from. */
export type SettingSource = 'environment' | 'settings file' | 'default';

export interface Config {
  readonly dbPath: string;
  /** The settings file every process on this database reads; null for an in-memory database. */
  readonly settingsFile: string | null;
  /** Each setting that was given, and where from; a setting not listed has its default. */
  readonly sources: Readonly<Record<string, { value: string; source: Exclude<SettingSource, 'default'> }>>;
  /**
   * Settings that change what a run or a push does, given in this process's environment
   * other than the settings file (or, where it has none, the default) has them: other
   * processes on the database run without them.
   */
  readonly processOnly: ReadonlyArray<{ name: string; inSettingsFile: boolean }>;
  /** A postgres:// URL: PostgreSQL instead of the SQLite file at dbPath. */
  readonly databaseUrl: string | undefined;
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  /** Whether GREENROOM_PUBLIC_URL was set; unset, publicUrl is made from host and port (loopback development). */
  readonly publicUrlSet: boolean;
  readonly apiKey: string | undefined;
  /** Exact host:port pairs that may be fetched although loopback (tests and demos only). */
  readonly allowHosts: readonly string[];
  /** Browser origins allowed to call the HTTP API and /mcp, besides the public URL's own. */
  readonly allowedOrigins: readonly string[];
  /** Reverse proxies whose X-Forwarded-For is believed for the client address (the doors' rate limits). */
  readonly trustedProxies: readonly string[];
  readonly secret: string | undefined;
  readonly logLevel: string;
  readonly rateLimits: Readonly<Record<'read' | 'write' | 'send', number>>;
  readonly signupCredits: number;
  readonly schedulerIntervalMs: number;
  readonly schedulerEnabled: boolean;
  /** Idle pause of the webhook worker between looks at the outbox (deliveries queued in-process wake it at once). */
  readonly webhookPollMs: number;
  readonly ownerEmail: string;
  readonly scrapePacingMs: number;
  /** Cap on fetching one conference page, redirects included. */
  readonly fetchTimeoutMs: number;
  /** Comment lines on idle event streams, so proxies keep them open. */
  readonly sseHeartbeatMs: number;
  readonly leaseMs: number;
  /** Speakers read per pipeline step, and written per transaction. */
  readonly pipelineBatch: number;
  /** QA gate settings: approval score, follow-up length cap, and the draft age the freshness guard allows. */
  readonly qa: Readonly<{ approveScore: number; followupMax: number; maxDraftAgeDays: number }>;
  readonly pipelineChunk: number;
  readonly crashAfterItems: number | null;
  readonly crashAfterPushAnswer: boolean;
  /** Sending tools: vendor base URLs (tests point them at loopback), per-request timeout, longest Retry-After a push waits out. */
  readonly senders: Readonly<{ heyreachUrl: string; lemlistUrl: string; timeoutMs: number; maxWaitMs: number }>;
  /** Days after a push in one campaign during which another campaign's push skips the same person (0: never). */
  readonly recontactDays: number;
  /** Model providers: which one runs, keys, per-stage models, queues, prices. */
  readonly models: ModelSettings;
  /** Sign-in mail, agent sign-up and OAuth settings. */
  readonly auth: Readonly<{ smtpUrl: string | undefined; mailFrom: string; agentSignup: boolean; accessTokenTtlS: number }>;
  /**
   * The doors anyone may knock on without a key: sign-in mail (per 15 minutes), agent sign-up
   * and OAuth registration (per hour) in all, and client metadata documents fetched per
   * client address (per 10 minutes). The per-address caps are in src/auth/limits.ts.
   */
  readonly doors: Readonly<{ signinOverall: number; agentSignupOverall: number; registrationOverall: number; metadataFetchesPerIp: number }>;
}

export class ConfigError extends Error {}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Record<keyof z.input<typeof EnvSchema>, string>> = {},
): Config {
  const given: Record<string, string> = { ...pickGreenroom(env), ...overrides };
  const rawDb = given.GREENROOM_DB ?? path.join(defaultDataDir(env), 'greenroom.db');
  const dbPath = rawDb === ':memory:' ? ':memory:' : path.resolve(rawDb);
  const settingsFile = dbPath === ':memory:' ? null : path.join(path.dirname(dbPath), SETTINGS_FILE);
  const fromFile = settingsFile ? readSettingsFile(settingsFile) : {};
  const sources: Record<string, { value: string; source: Exclude<SettingSource, 'default'> }> = {};
  for (const [k, v] of Object.entries(fromFile)) sources[k] = { value: v, source: 'settings file' };
  for (const [k, v] of Object.entries(given)) sources[k] = { value: v, source: 'environment' };
  const processOnly = settingsFile
    ? Object.keys(given)
        .filter((k) => RUN_SETTINGS.has(k) && given[k] !== (fromFile[k] ?? defaultText(k)))
        .sort()
        .map((name) => ({ name, inSettingsFile: name in fromFile }))
    : [];
  const parsed = EnvSchema.safeParse({ ...fromFile, ...given, GREENROOM_DB: rawDb });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      return `${name}: ${i.message}${sources[name]?.source === 'settings file' ? ` (in ${settingsFile})` : ''}`;
    });
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    dbPath,
    settingsFile,
    sources: Object.freeze(sources),
    processOnly: Object.freeze(processOnly),
    databaseUrl: e.GREENROOM_DATABASE_URL || undefined,
    host: e.GREENROOM_HOST,
    port: e.GREENROOM_PORT,
    publicUrl: (e.GREENROOM_PUBLIC_URL ?? `http://${e.GREENROOM_HOST}:${e.GREENROOM_PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.GREENROOM_PUBLIC_URL !== undefined,
    apiKey: e.GREENROOM_API_KEY || undefined,
    allowHosts: Object.freeze(
      e.GREENROOM_ALLOW_HOSTS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    allowedOrigins: Object.freeze(e.GREENROOM_ALLOWED_ORIGINS),
    trustedProxies: Object.freeze(e.GREENROOM_TRUSTED_PROXY),
    secret: e.GREENROOM_SECRET,
    logLevel: e.GREENROOM_LOG_LEVEL,
    rateLimits: Object.freeze({ read: e.GREENROOM_RATE_READ, write: e.GREENROOM_RATE_WRITE, send: e.GREENROOM_RATE_SEND }),
    signupCredits: e.GREENROOM_SIGNUP_CREDITS,
    schedulerIntervalMs: e.GREENROOM_SCHEDULER_INTERVAL_MS,
    schedulerEnabled: e.GREENROOM_SCHEDULER,
    webhookPollMs: e.GREENROOM_WEBHOOK_POLL_MS,
    ownerEmail: e.GREENROOM_OWNER_EMAIL,
    scrapePacingMs: e.GREENROOM_SCRAPE_PACING_MS,
    fetchTimeoutMs: e.GREENROOM_FETCH_TIMEOUT_MS,
    sseHeartbeatMs: e.GREENROOM_SSE_HEARTBEAT_MS,
    leaseMs: e.GREENROOM_LEASE_MS,
    pipelineBatch: e.GREENROOM_PIPELINE_BATCH,
    qa: Object.freeze({
      approveScore: e.GREENROOM_QA_APPROVE_SCORE,
      followupMax: e.GREENROOM_QA_FOLLOWUP_MAX,
      maxDraftAgeDays: e.GREENROOM_DRAFT_MAX_AGE_DAYS,
    }),
    pipelineChunk: e.GREENROOM_PIPELINE_CHUNK,
    crashAfterItems: e.GREENROOM_FAILPOINT.startsWith('crash-after-items=') ? Number(e.GREENROOM_FAILPOINT.split('=')[1]) : null,
    crashAfterPushAnswer: e.GREENROOM_FAILPOINT === 'crash-after-push-answer',
    senders: Object.freeze({
      heyreachUrl: e.GREENROOM_HEYREACH_URL.replace(/\/$/, ''),
      lemlistUrl: e.GREENROOM_LEMLIST_URL.replace(/\/$/, ''),
      timeoutMs: e.GREENROOM_SENDER_TIMEOUT_MS,
      maxWaitMs: e.GREENROOM_SENDER_MAX_WAIT_MS,
    }),
    recontactDays: e.GREENROOM_RECONTACT_DAYS,
    models: modelSettingsFrom(e),
    auth: Object.freeze({
      smtpUrl: e.GREENROOM_SMTP_URL || undefined,
      mailFrom: e.GREENROOM_MAIL_FROM ?? 'Greenroom <greenroom@localhost>',
      agentSignup: e.GREENROOM_AGENT_SIGNUP,
      accessTokenTtlS: e.GREENROOM_OAUTH_ACCESS_TTL_S,
    }),
    doors: Object.freeze({
      signinOverall: e.GREENROOM_DOOR_SIGNIN_ALL,
      agentSignupOverall: e.GREENROOM_DOOR_SIGNUP_ALL,
      registrationOverall: e.GREENROOM_DOOR_REGISTER_ALL,
      metadataFetchesPerIp: e.GREENROOM_DOOR_METADATA_FETCHES,
    }),
  });
}

/** The serialized origin of an http(s) URL with nothing after the host, or null. */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The settings file's name, in the database's folder. */
export const SETTINGS_FILE = 'settings.env';

/**
 * The per-user data folder, by the platform's convention: $XDG_DATA_HOME/greenroom (or
 * ~/.local/share/greenroom) on Linux, ~/Library/Application Support/greenroom on macOS,
 * %LOCALAPPDATA%\greenroom\Data on Windows. The database does not depend on the folder a
 * command runs in.
 */
export function defaultDataDir(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME || os.homedir();
  if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'greenroom', 'Data');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'greenroom');
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'greenroom');
}

/**
 * Reads NAME=value lines (blank lines and # comments ignored; a value may be quoted).
 * A name Greenroom does not read, or GREENROOM_DB (which says where this file is), is
 * refused with its line, so a typo never silently does nothing.
 */
export function readSettingsFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`cannot read the settings file ${file}: ${(err as Error).message}`);
  }
  const out: Record<string, string> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Z0-9_]+)\s*=\s*(.*)$/.exec(line);
    const where = `${file} line ${i + 1}`;
    if (!m) throw new ConfigError(`${where}: expected NAME=value, got "${line.slice(0, 60)}"`);
    const [, name, value] = m as unknown as [string, string, string];
    if (name === 'GREENROOM_DB')
      throw new ConfigError(`${where}: GREENROOM_DB cannot be set in the settings file beside the database; set it in the environment`);
    if (!SETTING_NAMES.includes(name)) throw new ConfigError(`${where}: ${name} is not a Greenroom setting`);
    out[name] = /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return out;
}

/**
 * One line naming the run settings only this process has, or null: each with "not in the
 * settings file" or "the settings file has another value" (never a value: some are keys).
 */
export function processOnlyText(config: Pick<Config, 'processOnly'>): string | null {
  if (config.processOnly.length === 0) return null;
  return config.processOnly.map((s) => `${s.name} (${s.inSettingsFile ? 'the settings file has another value' : 'not in the settings file'})`).join(', ');
}

/** Names whose values are secrets: shown masked. */
export const isSecretSetting = (name: string): boolean => /KEY|SECRET|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL/.test(name);

/** Every setting with its effective value as given (or its default) and where it came from, for `greenroom config`. */
export function describeSettings(config: Config): Array<{ name: string; value: string; source: SettingSource }> {
  return SETTING_NAMES.map((name) => {
    if (name === 'GREENROOM_DB') return { name, value: config.dbPath, source: config.sources[name]?.source ?? 'default' };
    const given = config.sources[name];
    if (given) return { name, value: isSecretSetting(name) && given.value ? mask(given.value) : given.value, source: given.source };
    return { name, value: defaultText(name), source: 'default' };
  });
}

/** A setting's default as it would be written in the settings file ('' where there is none). */
function defaultText(name: string): string {
  const shape = (EnvSchema.shape as Record<string, z.ZodType>)[name] as z.ZodType;
  const d = shape.safeParse(undefined);
  return d.success && d.data !== undefined ? (Array.isArray(d.data) ? d.data.join(',') : String(d.data)) : '';
}

function mask(value: string): string {
  if (/^[a-z]+:\/\//i.test(value)) {
    try {
      const u = new URL(value);
      if (u.password) u.password = '***';
      return u.toString();
    } catch {
      return '***';
    }
  }
  return `***(${value.length} characters)`;
}

function pickGreenroom(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith('GREENROOM_') && v !== undefined) out[k] = v;
  return out;
}

/** What openDb opens: the PostgreSQL URL when set, else the SQLite file. */
export const dbTarget = (config: Pick<Config, 'dbPath' | 'databaseUrl'>): string => config.databaseUrl ?? config.dbPath;

/** The database as shown to a person: a URL without its password. */
export function dbLabel(config: Pick<Config, 'dbPath' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return config.dbPath;
  try {
    const u = new URL(config.databaseUrl);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
