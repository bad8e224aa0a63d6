import { sql } from 'kysely';
import type { RunRow, SpeakerStage } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';
import type { CostPreview } from '../../schemas/fields.js';
import { requireCampaign } from './campaigns.js';
import { getBalance } from './credits.js';
import { STAGE_CREDITS, runCost } from './pricing.js';

export const ACTIVE = ['queued', 'running'] as const;

/** What a run would spend now: speakers still to enrich and to draft; pages not yet scraped are noted. */
export async function previewRun(ctx: Ctx, campaignId: string): Promise<CostPreview> {
  // A speaker whose model step failed counts from that stage: the run sends it back there.
  const stage = sql`coalesce(model_error_stage, stage)`;
  const c = await ctx.db
    .selectFrom('speakers')
    .select([
      sql<number>`sum(case when enriched_at is null and ${stage} in ('prequalify', 'enrich') then 1 else 0 end)`.as('to_enrich'),
      sql<number>`sum(case when ${stage} = 'prequalify' then 1 else 0 end)`.as('to_prequalify'),
      sql<number>`sum(case when ${stage} in ('prequalify', 'enrich', 'qualify') then 1 else 0 end)`.as('to_qualify'),
      sql<number>`sum(case when ${stage} in ('prequalify', 'enrich', 'qualify', 'research') then 1 else 0 end)`.as('to_research'),
      // A speaker a run held back for the do-not-contact list is not work until the entry goes.
      sql<number>`sum(case when drafted_at is null and selected = 1 and suppressed_stage is null and (${stage} != 'done' or qualified = 1) then 1 else 0 end)`.as('to_draft'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const pages = await ctx.db
    .selectFrom('conference_urls')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', ['pending', 'failed'])
    .executeTakeFirstOrThrow();
  const n = (v: number | null) => Number(v ?? 0);
  const campaign = await ctx.db.selectFrom('campaigns').select(['id', 'user_id', 'model_provider']).where('id', '=', campaignId).executeTakeFirstOrThrow();
  const counts = { prequalify: n(c.to_prequalify), enrich: n(c.to_enrich), qualify: n(c.to_qualify), research: n(c.to_research), draft: n(c.to_draft) };
  const { credits, model_calls, lines, vendorNote } = runCost(counts, ctx.engines.forCampaign(campaign).route, ctx.config.models);
  const balance = await getBalance(ctx.db, ctx.principal.userId);
  const preview: CostPreview = { credits, model_calls, lines, balance, sufficient: balance >= credits };
  const notes: string[] = [];
  if (n(pages.n) > 0) {
    notes.push(`${n(pages.n)} conference page(s) not scraped yet: their speakers cost up to ${STAGE_CREDITS.enrich + STAGE_CREDITS.draft} credits each (enrich ${STAGE_CREDITS.enrich}, draft ${STAGE_CREDITS.draft}), billed as they are processed`);
  }
  if (vendorNote) notes.push(vendorNote);
  if (notes.length) preview.note = notes.join('; ');
  return preview;
}

export async function activeRun(ctx: Pick<Ctx, 'db'>, campaignId: string): Promise<RunRow | undefined> {
  return ctx.db.selectFrom('runs').selectAll().where('campaign_id', '=', campaignId).where('status', 'in', [...ACTIVE]).executeTakeFirst();
}

/**
 * Queues a run unless one is queued or running, in which case that one is returned.
 * Refuses (tool_error) when the known work costs more than the balance, or there is
 * nothing to run on. A caller that already checked the campaign and previewed the
 * cost passes that preview.
 */
export async function startRun(ctx: Ctx, campaignId: string, known?: CostPreview): Promise<{ run: RunRow; created: boolean }> {
  if (!known) await requireCampaign(ctx, campaignId);
  const existing = await activeRun(ctx, campaignId);
  if (existing) return { run: existing, created: false };
  const preview = known ?? (await previewRun(ctx, campaignId));
  if (!preview.sufficient) {
    throw new ToolError('tool_error', `Insufficient credits: the run needs ${preview.credits} credits, balance is ${preview.balance} (short by ${preview.credits - preview.balance})`);
  }
  const hasWork = preview.note !== undefined || preview.model_calls > 0;
  if (!hasWork) {
    const urls = await ctx.db.selectFrom('conference_urls').select('id').where('campaign_id', '=', campaignId).executeTakeFirst();
    const leads = await ctx.db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('source', '=', 'intent').executeTakeFirst();
    if (leads) throw new ToolError('tool_error', 'Nothing to run: every speaker and intent lead is already processed; select leads to draft (set_intent_lead_selected) or import more signals');
    throw new ToolError('tool_error', urls ? 'Nothing to run: every speaker is already processed; add a conference URL for more' : 'The campaign has no conference URL yet: add one with add_conference_url');
  }
  try {
    return { run: await ctx.db.transaction().execute((trx) => queueRun(trx, ctx, campaignId)), created: true };
  } catch (err) {
    // Another start won the race for the one active run: return that run.
    const winner = await activeRun(ctx, campaignId);
    if (winner) return { run: winner, created: false };
    throw err;
  }
}

/**
 * Writes a queued run on db, which is the caller's transaction: create_campaign queues
 * the run of a new campaign in the transaction that inserts the campaign.
 */
export async function queueRun(db: Db, ctx: Pick<Ctx, 'clock' | 'ids' | 'principal'>, campaignId: string): Promise<RunRow> {
  const now = ctx.clock.now().toISOString();
  const run: RunRow = {
    seq: 0,
    id: ctx.ids.uuid(),
    campaign_id: campaignId,
    user_id: ctx.principal.userId,
    status: 'queued',
    stage: 'scrape',
    stage_total: 0,
    error: null,
    created_at: now,
    started_at: null,
    finished_at: null,
    updated_at: now,
  };
  const { seq: _seq, ...values } = run;
  await db.insertInto('runs').values(values).execute();
  // A new run retries pages that failed, speakers whose model step failed (from that
  // step: a failed research is researched again, not drafted without signals), and
  // drafts speakers selected since.
  await db.updateTable('conference_urls').set({ status: 'pending', error: null, updated_at: now }).where('campaign_id', '=', campaignId).where('status', '=', 'failed').execute();
  await db
    .updateTable('speakers')
    .set({ stage: sql<SpeakerStage>`model_error_stage`, updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('stage', '=', 'done')
    .where('model_error_stage', 'is not', null)
    .execute();
  await db
    .updateTable('speakers')
    .set({ stage: 'draft', updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('stage', '=', 'done')
    .where('qualified', '=', 1)
    .where('selected', '=', 1)
    .where('drafted_at', 'is', null)
    .where('suppressed_stage', 'is', null)
    .execute();
  return run;
}

export async function latestRun(ctx: Pick<Ctx, 'db'>, campaignId: string): Promise<RunRow | undefined> {
  return ctx.db.selectFrom('runs').selectAll().where('campaign_id', '=', campaignId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
}
