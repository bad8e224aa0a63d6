import { sql } from 'kysely';
import type { CampaignRow, IntentSignalRow, SpeakerRow } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import { ToolError, notFound } from '../../errors.js';
import { requireCampaign } from '../campaigns.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage } from '../cursor.js';

/** A campaign that carries intent leads; any other is invalid_request with the reason (SPEC part 4). */
export async function requireIntentCampaign(ctx: Ctx, campaignId: string): Promise<CampaignRow> {
  const c = await requireCampaign(ctx, campaignId);
  if (c.intent_enabled !== 1) {
    throw new ToolError('invalid_request', `campaign ${campaignId} does not have intent_enabled=true: turn it on with update_campaign (intent_enabled: true)`);
  }
  return c;
}

type LeadRow = SpeakerRow & { signal_count: number; last_signal_at: string | null; last_signal_type: string | null; also_speaker: number };

export function leadView(r: LeadRow) {
  return {
    lead_id: r.id,
    campaign_id: r.campaign_id,
    name: r.name,
    headline: r.tagline,
    title: r.title,
    company: r.company,
    linkedin_url: r.linkedin_url,
    signal_count: Number(r.signal_count),
    last_signal_type: r.last_signal_type,
    last_signal_at: r.last_signal_at,
    also_a_speaker: Number(r.also_speaker) === 1,
    prequalify_verdict: r.prequalify_verdict,
    fit_score: r.fit_score,
    qualified: r.qualified === null ? null : r.qualified === 1,
    stage: r.stage,
    selected: r.selected === 1,
    drafted: r.drafted_at !== null,
    reply_status: r.reply_status,
    created_at: r.created_at,
  };
}

/** Leads with their signal counts and the "also a speaker" flag, read in one query. */
function leadsQuery(ctx: Ctx) {
  return ctx.db
    .selectFrom('speakers as s')
    .selectAll('s')
    .select([
      sql<number>`(select count(*) from intent_signals g where g.lead_id = s.id)`.as('signal_count'),
      sql<string | null>`(select max(g.observed_at) from intent_signals g where g.lead_id = s.id)`.as('last_signal_at'),
      sql<string | null>`(select g.signal_type from intent_signals g where g.lead_id = s.id order by g.observed_at desc, g.seq desc limit 1)`.as(
        'last_signal_type',
      ),
      // Two EXISTS, each on its own index: one OR of both would scan all the user's people per lead.
      sql<number>`case when exists (select 1 from speakers t where t.user_id = s.user_id and t.linkedin_url = s.linkedin_url and t.source = 'conference')
        or exists (select 1 from speakers t where t.user_id = s.user_id and t.dedupe_key = s.linkedin_url and t.source = 'conference') then 1 else 0 end`.as(
        'also_speaker',
      ),
    ])
    .where('s.user_id', '=', ctx.principal.userId)
    .where('s.source', '=', 'intent');
}

export async function listIntentLeads(ctx: Ctx, q: { campaign_id: string; selected?: boolean; limit?: number; cursor?: string }) {
  await requireIntentCampaign(ctx, q.campaign_id);
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const binding = { tokenId: ctx.principal.tokenId, tool: 'list_intent_leads', filters: { campaign_id: q.campaign_id, selected: q.selected ?? null } };
  let page = leadsQuery(ctx).where('s.campaign_id', '=', q.campaign_id);
  if (q.selected !== undefined) page = page.where('s.selected', '=', q.selected ? 1 : 0);
  if (q.cursor) page = page.where('s.seq', '>', decodeCursor(ctx.secret, binding, q.cursor));
  const rows = (await page
    .orderBy('s.seq')
    .limit(limit + 1)
    .execute()) as LeadRow[];
  return toPage(rows, limit, ctx.secret, binding, leadView);
}

export async function requireLead(ctx: Ctx, leadId: string): Promise<LeadRow> {
  const row = (await leadsQuery(ctx).where('s.id', '=', leadId).executeTakeFirst()) as LeadRow | undefined;
  if (!row) throw notFound(`intent lead ${leadId}`);
  return row;
}

export async function setLeadSelected(ctx: Ctx, leadId: string, selected: boolean) {
  const lead = await requireLead(ctx, leadId);
  const updated_at = ctx.clock.now().toISOString();
  await ctx.db
    .updateTable('speakers')
    .set({ selected: selected ? 1 : 0, updated_at })
    .where('id', '=', lead.id)
    .execute();
  return leadView({ ...lead, selected: selected ? 1 : 0, updated_at });
}

/** A lead's signals, newest first. */
export async function leadSignals(db: Ctx['db'], leadId: string, limit?: number): Promise<IntentSignalRow[]> {
  let q = db.selectFrom('intent_signals').selectAll().where('lead_id', '=', leadId).orderBy('observed_at', 'desc').orderBy('seq', 'desc');
  if (limit) q = q.limit(limit);
  return q.execute();
}

export function signalView(g: IntentSignalRow) {
  return { signal_id: g.id, signal_type: g.signal_type, url: g.url, text: g.text, observed_at: g.observed_at, via: g.via };
}
