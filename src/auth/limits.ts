import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';

type Counted = 'signin_challenges' | 'agent_signups' | 'oauth_clients';

/**
 * Door rate limits count the rows the door itself writes (per address and per client IP
 * over a window), so they hold across processes sharing one database and survive a restart.
 */
export async function enforceLimit(
  db: Db,
  table: Counted,
  column: 'email' | 'ip',
  value: string,
  limit: { max: number; windowMs: number; now: Date; what: string },
): Promise<void> {
  const since = new Date(limit.now.getTime() - limit.windowMs).toISOString();
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column as never, '=', value as never)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= limit.max) {
    const retryAfter = Math.ceil(limit.windowMs / 1000);
    throw new ToolError('rate_limited', `Too many ${limit.what} from this ${column === 'ip' ? 'address' : 'e-mail address'}; try again later`, { retryAfter });
  }
}
