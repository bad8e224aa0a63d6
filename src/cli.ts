import { ConfigError, loadConfig } from './config.js';
import { CommandFailed, err, UsageError } from './cli/output.js';
import { COMMAND_SPECS, overview, parseCommand, usageOf, wantsHelp, type ParsedArgs } from './cli/args.js';
import { VERSION } from './version.js';

type Command = (config: ReturnType<typeof loadConfig>, args: ParsedArgs) => Promise<void>;

// Each command loads only its own modules: `greenroom keys list` need not load the server.
const COMMANDS: Record<keyof typeof COMMAND_SPECS, () => Promise<Command>> = {
  serve: async () => (await import('./cli/serve.js')).serveCommand,
  stdio: async () => (await import('./cli/stdio.js')).stdioCommand,
  'mcp-config': async () => (await import('./cli/connect.js')).mcpConfigCommand,
  keys: async () => (await import('./cli/admin.js')).keysCommand,
  users: async () => (await import('./cli/admin.js')).usersCommand,
  credits: async () => (await import('./cli/admin.js')).creditsCommand,
  spend: async () => (await import('./cli/spend.js')).spendCommand,
  dnc: async () => (await import('./cli/dnc.js')).dncCommand,
  config: async () => (await import('./cli/config.js')).configCommand,
  migrate: async () => (await import('./cli/admin.js')).migrateCommand,
  scrape: async () => (await import('./cli/scrape.js')).scrapeCommand,
  demo: async () => (await import('./cli/demo.js')).demoCommand,
  mail: async () => (await import('./cli/mail.js')).mailCommand,
};

export async function main(argv: string[]): Promise<void> {
  // `greenroom scrape … | head` closes the pipe early; that is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  // A bare `greenroom` explains itself; it never starts a server or creates an owner.
  const [name = 'help', ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${overview()}\n`);
    return;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`greenroom ${VERSION}\n`);
    return;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  // `greenroom <command> --help` explains the command and does nothing else.
  if (load && wantsHelp(args)) {
    process.stdout.write(`${usageOf(name)}\n`);
    return;
  }
  try {
    if (!load) throw new UsageError(name.startsWith('-') ? `unknown option "${name}" (options follow the command)` : `unknown command "${name}"`, overview());
    // Arguments are read before the configuration, so a typo never opens the database.
    const parsed = parseCommand(name, args);
    await (
      await load()
    )(loadConfig(), parsed);
  } catch (e) {
    if (e instanceof UsageError || e instanceof ConfigError) {
      err(`greenroom: ${e.message}`);
      if (e instanceof UsageError && e.usage) err(e.usage);
      process.exit(2);
    }
    if (e instanceof CommandFailed) {
      err(`greenroom: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}
