import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { getBalance, recentEntries, LEDGER_PAGE } from '../src/core/credits.js';
import { timestamp } from '../schemas/fields.js';

export default defineTool({
  name: 'get_credit_balance',
  title: 'Credit balance',
  description: `Returns the current credit balance and the last ${LEDGER_PAGE} ledger entries, newest first. Each entry has a signed delta, the balance after it and the reference it was charged under.`,
  kind: 'read',
  http: { method: 'GET', path: '/credits' },
  input: z.strictObject({}),
  output: z.object({
    balance: z.number().int(),
    entries: z.array(
      z.object({
        entry_id: z.string(),
        delta: z.number().int(),
        balance_after: z.number().int(),
        kind: z.enum(['grant', 'charge', 'refund', 'adjustment']),
        reference: z.string(),
        description: z.string(),
        created_at: timestamp,
      }),
    ),
  }),
  handler: async (_input, ctx) => ({
    balance: await getBalance(ctx.db, ctx.principal.userId),
    entries: await recentEntries(ctx.db, ctx.principal.userId),
  }),
});
