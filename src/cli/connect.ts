import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { KEY_PREFIX } from '../core/keys.js';
import { out, UsageError } from './output.js';
import type { ParsedArgs } from './args.js';

/** What the snippets show where a key goes when they are printed without one. */
export const KEY_PLACEHOLDER = '<key>';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/greenroom');
// Keys are the prefix and base64url; anything else would also break the quoted shell lines.
const KEY_SHAPE = new RegExp(`^${KEY_PREFIX}[A-Za-z0-9_-]{1,196}$`);

/** The Claude Desktop entry, the MCP Inspector command and a curl line, for one key. */
export function clientSnippets(base: string, dbPath: string, key: string): string {
  const desktop = {
    mcpServers: {
      greenroom: { command: 'node', args: [BIN, 'stdio'], env: { GREENROOM_API_KEY: key, GREENROOM_DB: dbPath } },
    },
  };
  return [
    'Claude Desktop (claude_desktop_config.json) or Cursor (mcp.json):',
    JSON.stringify(desktop, null, 2),
    '',
    'MCP Inspector:',
    `  npx @modelcontextprotocol/inspector --transport http --server-url ${base}/mcp --header "Authorization: Bearer ${key}"`,
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${key}" ${base}/api/public/v1/whoami`,
  ].join('\n');
}

/** `greenroom mcp-config [--key K] [--url BASE]`: the client snippets again, filled in with a key. */
export async function mcpConfigCommand(config: Config, { values }: ParsedArgs): Promise<void> {
  const key = (values.key as string | undefined) ?? config.apiKey;
  if (!key) throw new UsageError(`mcp-config needs a key: --key ${KEY_PLACEHOLDER} or GREENROOM_API_KEY (create one with \`greenroom keys create --scopes read,write\`)`);
  if (!KEY_SHAPE.test(key)) throw new UsageError(`mcp-config: the key must look like ${KEY_PREFIX}… (the value \`greenroom keys create\` printed)`);
  const base = ((values.url as string | undefined) ?? config.publicUrl).replace(/\/$/, '');
  if (!/^https?:\/\/[^\s"]+$/.test(base)) throw new UsageError('mcp-config: --url must be an http(s) base URL such as http://127.0.0.1:8787');
  out(clientSnippets(base, config.dbPath, key));
}
