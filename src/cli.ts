import { ConfigError, loadConfig } from './config.js';
import { creditsCommand, keysCommand, migrateCommand, usersCommand } from './cli/admin.js';
import { err, UsageError } from './cli/output.js';
import { serveCommand } from './cli/serve.js';
import { stdioCommand } from './cli/stdio.js';
import { scrapeCommand } from './cli/scrape.js';
import { demoCommand } from './cli/demo.js';
import { mcpConfigCommand } from './cli/connect.js';
import { mailCommand } from './cli/mail.js';

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

const COMMANDS: Record<string, (config: ReturnType<typeof loadConfig>, args: string[]) => Promise<void>> = {
  serve: (c) => serveCommand(c),
  stdio: (c) => stdioCommand(c),
  'mcp-config': mcpConfigCommand,
  keys: keysCommand,
  users: usersCommand,
  credits: creditsCommand,
  migrate: (c) => migrateCommand(c),
  scrape: scrapeCommand,
  demo: (c) => demoCommand(c),
  mail: mailCommand,
};

export async function main(argv: string[]): Promise<void> {
  // `greenroom scrape … | head` closes the pipe early; that is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const [name = 'serve', ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    err(USAGE);
    return;
  }
  const command = COMMANDS[name];
  try {
    if (!command) throw new UsageError(`unknown command "${name}"`);
    await command(loadConfig(), args);
  } catch (e) {
    if (e instanceof UsageError || e instanceof ConfigError) {
      err(`greenroom: ${e.message}`);
      if (e instanceof UsageError && !command) err(USAGE);
      process.exit(2);
    }
    throw e;
  }
}
