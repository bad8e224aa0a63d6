import { ConfigError, loadConfig } from './config.js';
import { err, UsageError } from './cli/output.js';
import { VERSION } from './version.js';

const USAGE = `usage: greenroom <command>
  serve                      serve the HTTP API, /mcp and the pages (default)
  stdio                      MCP over stdio, acting with GREENROOM_API_KEY
  mcp-config [--key K]       print the Claude Desktop entry, MCP Inspector command and curl line for a key
  keys create|list|revoke    manage API keys
  users create|list          manage users
  credits show|grant         read or grant credits
  migrate                    apply database migrations
  scrape <url|file>          print the speakers the extractors read from a page
  demo                       run a campaign end to end over a fictional conference on loopback
  mail last                  print the last mail in the outbox (sign-in links without SMTP)`;

type Command = (config: ReturnType<typeof loadConfig>, args: string[]) => Promise<void>;

// Each command loads only its own modules: `greenroom keys list` need not load the server.
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./cli/serve.js')).serveCommand,
  stdio: async () => (await import('./cli/stdio.js')).stdioCommand,
  'mcp-config': async () => (await import('./cli/connect.js')).mcpConfigCommand,
  keys: async () => (await import('./cli/admin.js')).keysCommand,
  users: async () => (await import('./cli/admin.js')).usersCommand,
  credits: async () => (await import('./cli/admin.js')).creditsCommand,
  migrate: async () => (await import('./cli/admin.js')).migrateCommand,
  scrape: async () => (await import('./cli/scrape.js')).scrapeCommand,
  demo: async () => (await import('./cli/demo.js')).demoCommand,
  mail: async () => (await import('./cli/mail.js')).mailCommand,
};

/** The usage line of one command, from the table above. */
function usageOf(name: string): string {
  const line = USAGE.split('\n').find((l) => l.trimStart().startsWith(`${name} `) || l.trim() === name);
  return `usage: greenroom ${line ? line.trim().replace(/\s{2,}/, '\n  ') : name}`;
}

export async function main(argv: string[]): Promise<void> {
  // `greenroom scrape … | head` closes the pipe early; that is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const [name = 'serve', ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`greenroom ${VERSION}\n`);
    return;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  // `greenroom <command> --help` explains the command and does nothing else.
  if (load && (args.includes('--help') || args.includes('-h'))) {
    process.stdout.write(`${usageOf(name)}\n`);
    return;
  }
  try {
    if (!load) throw new UsageError(`unknown command "${name}"`);
    await (await load())(loadConfig(), args);
  } catch (e) {
    if (e instanceof UsageError || e instanceof ConfigError) {
      err(`greenroom: ${e.message}`);
      if (e instanceof UsageError && !load) err(USAGE);
      process.exit(2);
    }
    throw e;
  }
}
