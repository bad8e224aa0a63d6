import { sql, type RawBuilder } from 'kysely';
import type { PersonSource } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { requireCampaign } from './campaigns.js';
import { qaSummary } from './draft-qa.js';
import { ratesByOpening, ratesBySlot } from './outcomes.js';
import { heldCounts, windowStart } from './recontact.js';

/** The funnel of one campaign, from scraped to booked; intent leads have a funnel of their own. */
export async function campaignStats(ctx: Ctx, campaignId: string) {
  const campaign = await requireCampaign(ctx, campaignId);
  // Approvable is get_draft_qa's ready_to_send and approved buckets, counted by the same code:
  // every unsent slot approvable and fresh, the speaker selected and not waiting for a person.
  const { bySource } = await qaSummary(ctx, campaignId);
  const speakers = await funnel(ctx, campaignId, 'conference', bySource.conference.ready_to_send + bySource.conference.approved);
  const leads = await funnel(ctx, campaignId, 'intent', bySource.intent.ready_to_send + bySource.intent.approved);
  return {
    campaign_id: campaignId,
    funnel: { scraped: speakers.count, ...speakers.stages },
    excluded: speakers.excluded,
    held: (await heldCounts(ctx.db, campaign.user_id, campaignId, windowStart(ctx.clock.now(), ctx.config.recontactDays))).all,
    intent_leads: { imported: leads.count, ...leads.stages, excluded: leads.excluded },
    by_opening: await ratesByOpening(ctx, campaignId),
    by_slot: await ratesBySlot(ctx, campaignId),
  };
}

const n2 = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

async function funnel(ctx: Ctx, campaignId: string, source: PersonSource, approvable: number) {
  const n = (expr: string) => sql<number>`sum(case when ${sql.raw(expr)} then 1 else 0 end)`;
  const s = await ctx.db
    .selectFrom('speakers')
    .select([
      sql<number>`count(*)`.as('people'),
      n("prequalify_verdict = 'qualified'").as('pq_qualified'),
      n("prequalify_verdict = 'unsure'").as('pq_unsure'),
      n("prequalify_verdict = 'disqualified'").as('pq_disqualified'),
      n('enriched_at is not null').as('enriched'),
      n('qualified = 1').as('qualified'),
      n('drafted_at is not null').as('drafted'),
      n('selected = 0').as('excluded'),
      n('accepted_at is not null').as('accepted'),
      n("reply_status in ('replied', 'booked')").as('replied'),
      n("reply_status = 'booked'").as('booked'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  // Sent: a slot went out (the sending tool reported it, or a person recorded it). Pushed: the
  // sequence is in a sending tool, queued there, nothing of it sent yet.
  const wentOut = sql<boolean>`exists (select 1 from messages m where m.speaker_id = speakers.id and m.sent_at is not null)`;
  const inTool = sql<boolean>`exists (select 1 from messages m where m.speaker_id = speakers.id and m.pushed_at is not null)`;
  const out = await ctx.db
    .selectFrom('speakers')
    .select([n2(wentOut).as('sent'), n2(sql`${inTool} and not ${wentOut}`).as('pushed')])
    .where('campaign_id', '=', campaignId)
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  // Approved is what a person signed off with approve_message: every drafted slot approved as its
  // text now reads (an edit after the approval takes it back); the bulk tool's approvals do not count.
  const approved = await ctx.db
    .selectFrom((eb) =>
      eb
        .selectFrom('messages')
        .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
        .select('messages.speaker_id')
        .where('messages.campaign_id', '=', campaignId)
        .where('speakers.source', '=', source)
        .groupBy('messages.speaker_id')
        .having(
          sql<boolean>`sum(case when messages.approved_via = 'approve_message' and messages.approved_at is not null and messages.approved_at >= messages.content_updated_at then 1 else 0 end) = count(*)`,
        )
        .as('signed'),
    )
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const v = (x: unknown) => Number(x ?? 0);
  return {
    count: v(s.people),
    stages: {
      prequalified: { qualified: v(s.pq_qualified), unsure: v(s.pq_unsure), disqualified: v(s.pq_disqualified) },
      enriched: v(s.enriched),
      qualified: v(s.qualified),
      drafted: v(s.drafted),
      approvable,
      approved: v(approved.n),
      pushed: v(out.pushed),
      sent: v(out.sent),
      accepted: v(s.accepted),
      replied: v(s.replied),
      booked: v(s.booked),
    },
    excluded: v(s.excluded),
  };
}
