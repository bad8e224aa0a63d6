import type { Config } from '../config.js';
import { listSpend, type SpendLine } from '../core/spend.js';
import { out, UsageError } from './output.js';
import { usageOf, type ParsedArgs } from './args.js';
import { userFor, withInstance } from './admin.js';

const usd = (v: number | null, unpriced: number) => (v === null ? `unknown (${unpriced} unpriced)` : `$${v.toFixed(4)}`);

/** `greenroom spend`: what a user's model calls cost, read as list_model_spend reads it. */
export async function spendCommand(config: Config, { values }: ParsedArgs): Promise<void> {
  const text = (k: string) => values[k] as string | undefined;
  const since = text('since');
  if (since !== undefined && Number.isNaN(Date.parse(since))) throw new UsageError(`--since must be a date or time (got "${since}")`, usageOf('spend'));
  await withInstance(config, async (i) => {
    const user = await userFor(i, text('user'));
    const listing = await listSpend(i.db, user.user_id, { campaignId: text('campaign'), since: since ? new Date(since).toISOString() : undefined });
    if (values.json) return out(JSON.stringify(listing, null, 2));
    if (listing.lines.length === 0) return out(`${user.email}: no model calls recorded${since ? ` since ${since}` : ''}`);
    const rows: string[][] = [['CAMPAIGN', 'PROVIDER', 'MODEL', 'CALLS', 'FAILED', 'TOKENS IN', 'TOKENS OUT', 'USD', 'CREDITS', 'WAITED']];
    const cells = (
      l: Pick<SpendLine, 'calls' | 'failed_calls' | 'input_tokens' | 'output_tokens' | 'cost_usd' | 'unpriced_calls' | 'credits' | 'rate_limit_wait_ms'>,
    ) => [
      String(l.calls),
      String(l.failed_calls),
      String(l.input_tokens),
      String(l.output_tokens),
      usd(l.cost_usd, l.unpriced_calls),
      String(l.credits),
      `${(l.rate_limit_wait_ms / 1000).toFixed(1)} s`,
    ];
    for (const l of listing.lines)
      rows.push([l.campaign_name ?? (l.campaign_id ? l.campaign_id : '(no campaign)'), l.provider, l.priced ? l.model : `${l.model} (no price)`, ...cells(l)]);
    rows.push(['TOTAL', '', '', ...cells(listing.totals)]);
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] as string).length)));
    for (const r of rows)
      out(
        r
          .map((cell, c) => cell.padEnd(widths[c] as number))
          .join('  ')
          .trimEnd(),
      );
    if (listing.totals.unpriced_calls > 0)
      out(
        `Priced calls cost $${listing.totals.priced_usd.toFixed(4)}; ${listing.totals.unpriced_calls} call(s) of models without a price are not in it (set GREENROOM_MODEL_PRICES).`,
      );
  });
}
