import type { Db } from '../../db/index.js';
import type { Config } from '../config.js';
import { ToolError } from '../errors.js';

type Counted = 'signin_challenges' | 'agent_signups' | 'oauth_clients';

/** The doors whose requests are counted, each over the rows it writes. */
export type Door = 'signin' | 'agent_signup' | 'oauth_register';

interface DoorRule {
  table: Counted;
  windowMs: number;
  what: string;
  perIp: number;
  perEmail?: number;
  /** The cap in all, from the settings (docs/configuration.md). */
  overall: (doors: Config['doors']) => number;
}

const MINUTE = 60_000;

/** Every door's limits in one place: per client address, per e-mail address where the door takes one, and in all. */
export const DOORS: Readonly<Record<Door, DoorRule>> = {
  signin: { table: 'signin_challenges', windowMs: 15 * MINUTE, what: 'sign-in requests', perEmail: 5, perIp: 30, overall: (d) => d.signinOverall },
  agent_signup: { table: 'agent_signups', windowMs: 60 * MINUTE, what: 'sign-up requests', perEmail: 3, perIp: 10, overall: (d) => d.agentSignupOverall },
  oauth_register: { table: 'oauth_clients', windowMs: 60 * MINUTE, what: 'client registrations', perIp: 20, overall: (d) => d.registrationOverall },
};

/**
 * Door rate limits count the rows the door itself writes over a window, so they hold
 * across processes sharing one database and survive a restart. Each door counts per
 * client address (see clientIp: behind a trusted proxy, the forwarded one), per e-mail
 * address where it takes one, and in all: the overall cap is many times one client's,
 * so a single client cannot spend it for everyone.
 */
async function enforceLimit(
  db: Db,
  table: Counted,
  column: 'email' | 'ip' | 'all',
  value: string | null,
  limit: { max: number; windowMs: number; now: Date; what: string },
): Promise<void> {
  const since = new Date(limit.now.getTime() - limit.windowMs).toISOString();
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', since);
  if (column !== 'all') query = query.where(column as never, '=', value as never);
  // Client metadata documents are cached in the same table; only registrations count.
  if (table === 'oauth_clients') query = query.where('kind' as never, '=', 'registered' as never);
  const row = await query.executeTakeFirstOrThrow();
  if (Number(row.n) >= limit.max) {
    const retryAfter = Math.ceil(limit.windowMs / 1000);
    const from = column === 'all' ? 'right now' : `from this ${column === 'ip' ? 'address' : 'e-mail address'}`;
    throw new ToolError('rate_limited', `Too many ${limit.what} ${from}; try again later`, { retryAfter });
  }
}

/** Per e-mail address (when the door takes one), per client address and in all, in that order. */
export async function enforceDoorLimits(
  services: { db: Db; config: Pick<Config, 'doors'> },
  door: Door,
  args: { ip: string; email?: string; now: Date },
): Promise<void> {
  const rule = DOORS[door];
  const base = { windowMs: rule.windowMs, now: args.now, what: rule.what };
  if (args.email !== undefined && rule.perEmail !== undefined)
    await enforceLimit(services.db, rule.table, 'email', args.email, { ...base, max: rule.perEmail });
  await enforceLimit(services.db, rule.table, 'ip', args.ip, { ...base, max: rule.perIp });
  await enforceLimit(services.db, rule.table, 'all', null, { ...base, max: rule.overall(services.config.doors) });
}
