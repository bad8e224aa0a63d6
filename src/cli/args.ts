import { parseArgs } from 'node:util';
import { UsageError } from './output.js';

/**
 * The command line's grammar, one table: what each command and subcommand accepts.
 * node's util.parseArgs reads it strictly, so an unknown or misspelt flag is an error
 * with the command's usage rather than silently ignored (or a TypeError with a stack).
 * A table and the built-in parser are all a dozen commands need; commander would add
 * a dependency and its own help format for no gain.
 */
type Option = { type: 'string' } | { type: 'boolean' };

export interface Shape {
  /** `greenroom <usage>`, and the line the overview shows. */
  usage: string;
  summary: string;
  options?: Record<string, Option>;
  /** Positional arguments after the (sub)command: their names, all required. */
  positionals?: string[];
}

export interface CommandSpec extends Shape {
  subcommands?: Record<string, Shape>;
}

export interface ParsedArgs {
  sub: string | undefined;
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

const str: Option = { type: 'string' };

export const COMMAND_SPECS: Record<string, CommandSpec> = {
  serve: { usage: 'serve', summary: 'serve the HTTP API, /mcp and the pages (default)' },
  stdio: { usage: 'stdio', summary: 'MCP over stdio, acting with GREENROOM_API_KEY' },
  'mcp-config': {
    usage: 'mcp-config [--key K] [--url BASE] [--json]',
    summary: 'print the Claude Desktop entry (--json: only it, for mcp.json), MCP Inspector command and curl line',
    options: { key: str, url: str, json: { type: 'boolean' } },
  },
  keys: {
    usage: 'keys create|list|revoke',
    summary: 'manage API keys',
    subcommands: {
      create: {
        usage: 'keys create --scopes read,write[,send] [--user EMAIL] [--name N]',
        summary: 'mint a key, shown once',
        options: { scopes: str, user: str, name: str },
      },
      list: { usage: 'keys list [--user EMAIL]', summary: 'list keys (never the key itself)', options: { user: str } },
      revoke: { usage: 'keys revoke <id|prefix>', summary: 'revoke a key', positionals: ['id|prefix'] },
    },
  },
  users: {
    usage: 'users create|list|disable|enable',
    summary: 'manage users',
    subcommands: {
      create: { usage: 'users create --email E [--name N] [--role owner|member]', summary: 'create a user', options: { email: str, name: str, role: str } },
      list: { usage: 'users list', summary: 'list users' },
      disable: {
        usage: 'users disable --email E',
        summary: 'stop a user: keys stop working, sessions and OAuth connections end, no sign-in mail',
        options: { email: str },
      },
      enable: { usage: 'users enable --email E', summary: 'let a disabled user in again (their keys work again; sign in anew)', options: { email: str } },
    },
  },
  credits: {
    usage: 'credits show|grant',
    summary: 'read or grant credits',
    subcommands: {
      show: { usage: 'credits show [--user EMAIL]', summary: 'print a balance', options: { user: str } },
      grant: {
        usage: 'credits grant --amount N [--user EMAIL] [--note TEXT]',
        summary: 'grant (or take back) credits',
        options: { amount: str, user: str, note: str },
      },
    },
  },
  spend: {
    usage: 'spend [--user EMAIL] [--campaign ID] [--since ISO] [--json]',
    summary: 'model spend by campaign, provider and model: calls, tokens, USD, credits (unpriced models marked)',
    options: { user: str, campaign: str, since: str, json: { type: 'boolean' } },
  },
  dnc: {
    usage: 'dnc list|add|remove|import',
    summary: 'the do-not-contact list (LinkedIn profiles, e-mails, company domains): listed people are never drafted or pushed',
    subcommands: {
      list: {
        usage: 'dnc list [--type linkedin|email|domain] [--user EMAIL] [--json]',
        summary: 'print every entry',
        options: { type: str, user: str, json: { type: 'boolean' } },
      },
      add: {
        usage: 'dnc add <value> [--type T] [--reason TEXT] [--user EMAIL] [--dry-run] [--json]',
        summary: 'list a profile URL, e-mail or domain (type read from the value unless given)',
        options: { type: str, reason: str, user: str, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } },
        positionals: ['value'],
      },
      remove: {
        usage: 'dnc remove <value|entry-id> [--type T] [--user EMAIL] [--json]',
        summary: 'remove an entry; speakers it held go back to their runs',
        options: { type: str, user: str, json: { type: 'boolean' } },
        positionals: ['value|entry-id'],
      },
      import: {
        usage: 'dnc import <file.csv> [--user EMAIL] [--dry-run] [--json]',
        summary: 'add the rows of a CSV (header linkedin_url, email, domain, reason, or none); unreadable rows are listed',
        options: { user: str, 'dry-run': { type: 'boolean' }, json: { type: 'boolean' } },
        positionals: ['file.csv'],
      },
    },
  },
  config: {
    usage: 'config [--json]',
    summary: 'print every setting, its effective value and where it came from (environment, settings file, default; secrets masked)',
    options: { json: { type: 'boolean' } },
  },
  migrate: { usage: 'migrate', summary: 'apply database migrations' },
  scrape: {
    usage: 'scrape <url|file> [--explain [--json]]',
    summary: 'print the speakers read from a page (--explain: the page text behind each field, who was left out and why)',
    options: { explain: { type: 'boolean' }, json: { type: 'boolean' } },
    positionals: ['url|file'],
  },
  demo: { usage: 'demo', summary: 'run a campaign end to end over a fictional conference on loopback' },
  mail: {
    usage: 'mail last',
    summary: 'print the last mail in the outbox (sign-in links without SMTP)',
    subcommands: { last: { usage: 'mail last', summary: 'print the last mail' } },
  },
};

/** The overview `greenroom --help` prints. */
export function overview(): string {
  return [
    'usage: greenroom <command>',
    ...table(Object.values(COMMAND_SPECS), ''),
    '',
    'greenroom <command> --help explains one command. Data lives in the per-user data folder',
    '(GREENROOM_DB overrides it); settings for every process go in settings.env beside the database.',
  ].join('\n');
}

/** One command's usage: its line, and one line per subcommand. */
export function usageOf(name: string): string {
  const spec = COMMAND_SPECS[name] as CommandSpec;
  const subs = Object.values(spec.subcommands ?? {});
  if (subs.length === 0) return `usage: greenroom ${spec.usage}\n  ${spec.summary}`;
  return [`usage: greenroom ${spec.usage}`, ...table(subs, 'greenroom ')].join('\n');
}

/** Usage lines with their summaries in one column. */
function table(shapes: Shape[], prefix: string): string[] {
  const width = Math.max(...shapes.map((s) => s.usage.length)) + 3;
  return shapes.map((s) => `  ${prefix}${s.usage.padEnd(width)}${s.summary}`);
}

/**
 * A value that starts with a dash is taken for a flag by parseArgs: `--amount -495` reads
 * as a negative amount by joining it to its option (`--amount=-495`) when it is a number.
 */
function negativeValues(args: string[], options: NonNullable<Shape['options']>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const next = args[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : null;
    if (name && options[name]?.type === 'string' && next !== undefined && /^-\d+(?:\.\d+)?$/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** True when the arguments ask for help, wherever `--help` or `-h` stands. */
export const wantsHelp = (args: string[]): boolean => args.some((a) => a === '--help' || a === '-h');

/** Reads a command's arguments by its table entry; a mistake is a UsageError carrying the usage. */
export function parseCommand(name: string, args: string[]): ParsedArgs {
  const spec = COMMAND_SPECS[name] as CommandSpec;
  const fail = (message: string): never => {
    throw new UsageError(message, usageOf(name));
  };
  let shape: Shape = spec;
  let sub: string | undefined;
  let rest = args;
  if (spec.subcommands) {
    sub = args[0];
    if (!sub || sub.startsWith('-')) fail(`${name} needs a subcommand: ${Object.keys(spec.subcommands).join(', ')}`);
    if (!Object.hasOwn(spec.subcommands, sub as string)) fail(`unknown subcommand "${name} ${sub}"`);
    shape = spec.subcommands[sub as string] as Shape;
    rest = args.slice(1);
  }
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: negativeValues(rest, shape.options ?? {}), options: shape.options ?? {}, allowPositionals: true, strict: true });
  } catch (e) {
    // parseArgs explains itself at length (and with advice about `--`); the first sentence is the point.
    return fail((e instanceof Error ? e.message : String(e)).split('. ')[0] as string);
  }
  const wanted = shape.positionals ?? [];
  if (parsed.positionals.length < wanted.length) fail(`${[name, sub].filter(Boolean).join(' ')} needs <${wanted[parsed.positionals.length]}>`);
  if (parsed.positionals.length > wanted.length) fail(`unexpected argument "${parsed.positionals[wanted.length]}"`);
  return { sub, values: parsed.values, positionals: parsed.positionals };
}
