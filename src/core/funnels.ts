import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../context.js';

/** The stages of a campaign's funnel a list of campaigns shows, counting speakers (not intent leads). */
export interface ListFunnel {
  scraped: number;
  qualified: number;
  drafted: number;
  approved: number;
  sent: number;
  replied: number;
}

const EMPTY: ListFunnel = { scraped: 0, qualified: 0, drafted: 0, approved: 0, sent: 0, replied: 0 };

/**
 * The funnels of many campaigns of the caller in one query, as campaign_stats counts them:
 * approved is every drafted slot approved as its text now reads; sent is at least one
 * message sent (a slot only pushed, queued in the sending tool, is not). Campaigns of other users count nothing.
 */
export async function funnelsOf(ctx: Ctx, campaignIds: readonly string[]): Promise<Map<string, ListFunnel>> {
  const out = new Map(campaignIds.map((id) => [id, { ...EMPTY }]));
  if (campaignIds.length === 0) return out;
  const n = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  const rows = await ctx.db
    .selectFrom('speakers as s')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .where('c.user_id', '=', ctx.principal.userId)
    .where('s.campaign_id', 'in', campaignIds)
    .where('s.source', '=', 'conference')
    .groupBy('s.campaign_id')
    .select([
      's.campaign_id',
      sql<number>`count(*)`.as('scraped'),
      n(sql`s.qualified = 1`).as('qualified'),
      n(sql`s.drafted_at is not null`).as('drafted'),
      n(
        sql`exists (select 1 from messages m where m.speaker_id = s.id) and not exists (select 1 from messages m where m.speaker_id = s.id and (m.approved_at is null or m.approved_at < m.content_updated_at))`,
      ).as('approved'),
      // Sent means went out: a slot only pushed (queued in the sending tool) is not counted.
      n(sql`exists (select 1 from messages m where m.speaker_id = s.id and m.sent_at is not null)`).as('sent'),
      n(sql`s.reply_status in ('replied', 'booked')`).as('replied'),
    ])
    .execute();
  for (const r of rows) {
    out.set(r.campaign_id, {
      scraped: Number(r.scraped),
      qualified: Number(r.qualified),
      drafted: Number(r.drafted),
      approved: Number(r.approved),
      sent: Number(r.sent),
      replied: Number(r.replied),
    });
  }
  return out;
}
