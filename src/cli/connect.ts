import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dbLabel, type Config } from '../config.js';
import { KEY_PREFIX } from '../core/keys.js';
import { out, UsageError } from './output.js';
import type { ParsedArgs } from './args.js';

/** What the snippets show where a key goes when they are printed without one. */
export const KEY_PLACEHOLDER = '<key>';

/**
 * The newest MCP Inspector whose package does not require Node 22: 0.16.0 and later
 * declare engines node >=22.7.5 (2.x: >=22.19), and this project runs on Node 20.
 */
export const INSPECTOR = '@modelcontextprotocol/inspector@0.15.0';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/greenroom');
// Keys are the prefix and base64url; anything else would also break the quoted shell lines.
const KEY_SHAPE = new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{1,196}$`);

/** Where the client's process finds the data `serve` uses, as the entry's env spells it. */
export interface EntryDb {
  dbPath: string;
  databaseUrl?: string | undefined;
  secret?: string | undefined;
}

/** The same database settings with the database password and the secret left out, for output that may be logged. */
export function maskedDb(config: Pick<Config, 'dbPath' | 'databaseUrl' | 'secret'>): EntryDb {
  return { dbPath: config.dbPath, databaseUrl: config.databaseUrl && dbLabel(config), secret: config.secret && '<GREENROOM_SECRET>' };
}

/**
 * The Claude Desktop / Cursor entry. Every path is absolute, the node binary included:
 * clients start it from their own working directory (often /) and with a PATH that
 * often lacks a version manager's node. On PostgreSQL the entry names the server, and a
 * GREENROOM_SECRET set for `serve` goes along: sealed secrets open only with it.
 */
export function desktopEntry(db: EntryDb, key: string): { mcpServers: { greenroom: { command: string; args: string[]; env: Record<string, string> } } } {
  const env: Record<string, string> = { GREENROOM_API_KEY: key, GREENROOM_DB: db.dbPath };
  if (db.databaseUrl) env.GREENROOM_DATABASE_URL = db.databaseUrl;
  if (db.secret) env.GREENROOM_SECRET = db.secret;
  return { mcpServers: { greenroom: { command: process.execPath, args: [BIN, 'stdio'], env } } };
}

/** A word as the shell reads it back unchanged. */
const sh = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The Claude Desktop entry, the MCP Inspector command and a curl line, for one key. */
export function clientSnippets(base: string, db: EntryDb, key: string): string {
  const config = desktopEntry(db, key);
  const entry = config.mcpServers.greenroom;
  const settings = Object.entries(entry.env).flatMap(([k, v]) => ['-e', k === 'GREENROOM_API_KEY' ? `"${k}=${v}"` : sh(`${k}=${v}`)]);
  const inspector = ['npx', '--yes', INSPECTOR, '--cli', ...settings, sh(entry.command), ...entry.args.map(sh), '--method', 'tools/list'];
  return [
    'Claude Desktop (claude_desktop_config.json) or Cursor (~/.cursor/mcp.json); `greenroom mcp-config --key <key> --json` prints only the entry:',
    JSON.stringify(config, null, 2),
    '',
    'MCP Inspector, listing the tools over the same entry (without --cli and --method it opens the web UI):',
    `  ${inspector.join(' ')}`,
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${key}" ${base}/api/public/v1/whoami`,
  ].join('\n');
}

/** `greenroom mcp-config [--key K] [--url BASE] [--json]`: the client snippets again, filled in with a key. */
export async function mcpConfigCommand(config: Config, { values }: ParsedArgs): Promise<void> {
  const key = (values.key as string | undefined) ?? config.apiKey;
  if (!key)
    throw new UsageError(
      `mcp-config needs a key: --key ${KEY_PLACEHOLDER} or GREENROOM_API_KEY (create one with \`greenroom keys create --scopes read,write\`)`,
    );
  if (!KEY_SHAPE.test(key)) throw new UsageError(`mcp-config: the key must look like ${KEY_PREFIX}… (the value \`greenroom keys create\` printed)`);
  if (values.json) {
    out(JSON.stringify(desktopEntry(config, key), null, 2));
    return;
  }
  const base = ((values.url as string | undefined) ?? config.publicUrl).replace(/\/$/, '');
  if (!/^https?:\/\/[^\s"]+$/.test(base)) throw new UsageError('mcp-config: --url must be an http(s) base URL such as http://127.0.0.1:8787');
  out(clientSnippets(base, config, key));
}
