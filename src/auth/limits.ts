import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';

type Counted = 'signin_challenges' | 'agent_signups' | 'oauth_clients';

/**
 * Door rate limits count the rows the door itself writes over a window, so they hold
 * across processes sharing one database and survive a restart. Each door counts per
 * client address (see clientIp: behind a trusted proxy, the forwarded one), per e-mail
 * address where it takes one, and in all: the overall cap is many times one client's,
 * so a single client cannot spend it for everyone.
 */
export async function enforceLimit(
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

/** Per client address, per e-mail address (when given) and in all, in that order. */
export async function enforceDoorLimits(
  db: Db,
  table: Counted,
  args: { ip: string; email?: string; now: Date; windowMs: number; what: string; perIp: number; perEmail?: number; overall: number },
): Promise<void> {
  const base = { windowMs: args.windowMs, now: args.now, what: args.what };
  if (args.email !== undefined && args.perEmail !== undefined) await enforceLimit(db, table, 'email', args.email, { ...base, max: args.perEmail });
  await enforceLimit(db, table, 'ip', args.ip, { ...base, max: args.perIp });
  await enforceLimit(db, table, 'all', null, { ...base, max: args.overall });
}
