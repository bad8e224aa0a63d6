import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { requireCampaign } from './campaigns.js';
import { qaSummary } from './draft-qa.js';

/** The funnel of one campaign, from scraped to booked. */
export async function campaignStats(ctx: Ctx, campaignId: string) {
  await requireCampaign(ctx, campaignId);
  const n = (expr: string) => sql<number>`sum(case when ${sql.raw(expr)} then 1 else 0 end)`;
  const s = await ctx.db
    .selectFrom('speakers')
    .select([
      sql<number>`count(*)`.as('scraped'),
      n("prequalify_verdict = 'qualified'").as('pq_qualified'),
      n("prequalify_verdict = 'unsure'").as('pq_unsure'),
      n("prequalify_verdict = 'disqualified'").as('pq_disqualified'),
      n('enriched_at is not null').as('enriched'),
      n('qualified = 1').as('qualified'),
      n('drafted_at is not null').as('drafted'),
      n('selected = 0').as('excluded'),
      n("reply_status in ('replied', 'booked')").as('replied'),
      n("reply_status = 'booked'").as('booked'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const sent = await ctx.db
    .selectFrom('messages')
    .select(sql<number>`count(distinct speaker_id)`.as('n'))
    .where('campaign_id', '=', campaignId)
    .where('sent', '=', 1)
    .executeTakeFirstOrThrow();
  // Approvable is get_draft_qa's ready_to_send bucket, counted by the same code: every unsent
  // slot approvable and fresh, the speaker selected and not waiting for a person.
  const { buckets } = await qaSummary(ctx, campaignId);
  // Approved is what a person signed off: every drafted slot approved as its text now reads
  // (an edit after the approval takes it back).
  const approved = await ctx.db
    .selectFrom((eb) =>
      eb
        .selectFrom('messages')
        .select('speaker_id')
        .where('campaign_id', '=', campaignId)
        .groupBy('speaker_id')
        .having(sql<boolean>`sum(case when approved_at is not null and approved_at >= content_updated_at then 1 else 0 end) = count(*)`)
        .as('signed'),
    )
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const v = (x: unknown) => Number(x ?? 0);
  return {
    campaign_id: campaignId,
    funnel: {
      scraped: v(s.scraped),
      prequalified: { qualified: v(s.pq_qualified), unsure: v(s.pq_unsure), disqualified: v(s.pq_disqualified) },
      enriched: v(s.enriched),
      qualified: v(s.qualified),
      drafted: v(s.drafted),
      approvable: buckets.ready_to_send,
      approved: v(approved.n),
      sent: v(sent.n),
      replied: v(s.replied),
      booked: v(s.booked),
    },
    excluded: v(s.excluded),
  };
}
