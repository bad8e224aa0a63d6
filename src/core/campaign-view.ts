import type { CampaignRow, ConferenceUrlRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { CampaignDetail } from '../../schemas/campaign.js';
import { conferenceUrls, parseIcp } from './campaigns.js';
import { prepared } from '../../db/prepared.js';
import { notFound } from '../errors.js';
import type { ProviderId } from '../model-settings.js';
import { styleColumn } from './campaign-columns.js';

// The counts are answered from the (campaign_id, source, seq) index alone; the
// whole funnel is campaign_stats.
type CountedRow = CampaignRow & { speaker_total: number; lead_total: number };
const campaignCounted = prepared<CountedRow, [string, string]>(
  "select c.*, (select count(*) from speakers s where s.campaign_id = c.id and s.source = 'conference') as speaker_total, " +
    "(select count(*) from speakers s where s.campaign_id = c.id and s.source = 'intent') as lead_total from campaigns c where c.id = ? and c.user_id = ?",
);

/** The campaign of this caller with its speaker count, or not_found. */
export async function requireCountedCampaign(ctx: Ctx, campaignId: string): Promise<CountedRow> {
  const [row] = await campaignCounted(ctx.db, campaignId, ctx.principal.userId);
  if (!row) throw notFound(`campaign ${campaignId}`);
  return row;
}

/** A counted campaign row joined with one of its conference pages (all nulls when it has none). */
type DetailRow = CountedRow & {
  url_id: ConferenceUrlRow['id'] | null;
  url_url: ConferenceUrlRow['url'];
  url_status: ConferenceUrlRow['status'];
  url_speaker_count: ConferenceUrlRow['speaker_count'];
  url_extractor: ConferenceUrlRow['extractor'];
  url_error: ConferenceUrlRow['error'];
};

// get_campaign in one query: the row, its counts and its pages, a row per page. The
// counts name the id given rather than c.id, so they are not correlated with the row and
// are counted once however many pages it has (SQLite evaluates them once, PostgreSQL as
// an init plan).
const campaignWithUrls = prepared<DetailRow, [string, string, string, string]>(
  "select c.*, (select count(*) from speakers s where s.campaign_id = ? and s.source = 'conference') as speaker_total, " +
    "(select count(*) from speakers s where s.campaign_id = ? and s.source = 'intent') as lead_total, " +
    'u.id as url_id, u.url as url_url, u.status as url_status, u.speaker_count as url_speaker_count, u.extractor as url_extractor, u.error as url_error ' +
    'from campaigns c left join conference_urls u on u.campaign_id = c.id where c.id = ? and c.user_id = ? order by u.seq',
);

/** get_campaign: the caller's campaign as campaignDetail gives it, in one read, or not_found. */
export async function campaignDetailById(ctx: Ctx, campaignId: string): Promise<CampaignDetail> {
  const rows = await campaignWithUrls(ctx.db, campaignId, campaignId, campaignId, ctx.principal.userId);
  if (rows.length === 0) throw notFound(`campaign ${campaignId}`);
  const urls = rows[0].url_id === null ? [] : rows.map(joinedUrlView);
  return detailOf(ctx, rows[0], urls);
}

function joinedUrlView(r: DetailRow) {
  return {
    url_id: r.url_id as ConferenceUrlRow['id'],
    url: r.url_url,
    status: r.url_status,
    speaker_count: r.url_speaker_count,
    extractor: r.url_extractor,
    error: r.url_error,
  };
}

/** What a campaign list shows of each campaign; campaignDetail starts with the same fields. */
export function summarize(row: CampaignRow) {
  return {
    campaign_id: row.id,
    name: row.name,
    auto_start: row.auto_start === 1,
    intent_enabled: row.intent_enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function urlView(u: ConferenceUrlRow) {
  return { url_id: u.id, url: u.url, status: u.status, speaker_count: u.speaker_count, extractor: u.extractor, error: u.error };
}

/** The full configuration of a campaign, as get_campaign and update_campaign return it. */
export async function campaignDetail(ctx: Ctx, row: CountedRow): Promise<CampaignDetail> {
  return detailOf(ctx, row, (await conferenceUrls(ctx, row.id)).map(urlView));
}

function detailOf(ctx: Ctx, row: CountedRow, urls: Array<ReturnType<typeof urlView>>): CampaignDetail {
  const style = styleColumn.read(row.style);
  const missing: string[] = (['pitch', 'cta', 'your_name'] as const).filter((k) => !row[k].trim());
  if (urls.length === 0) missing.push('conference_urls');
  // The summary's fields are written out rather than spread in: V8 builds an object
  // spread from another and then given this many more properties some thirty times slower
  // (a fresh hidden class per property per call), which was most of a get_campaign.
  return {
    campaign_id: row.id,
    name: row.name,
    auto_start: row.auto_start === 1,
    intent_enabled: row.intent_enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    pitch: row.pitch,
    cta: row.cta,
    your_name: row.your_name,
    your_role: row.your_role,
    your_company: row.your_company,
    tone: row.tone,
    positioning: row.positioning,
    icp: parseIcp(row.icp),
    style: { exemplar_count: style.exemplars?.length ?? 0 },
    conference_urls: urls,
    totals: { conference_urls: urls.length, speakers: Number(row.speaker_total), intent_leads: Number(row.lead_total) },
    missing_fields: missing,
    sending_connection_id: row.sending_connection_id,
    sending_campaign_id: row.sending_campaign_id,
    model_provider: row.model_provider as ProviderId | null,
    model_provider_in_use: ctx.engines.providerFor(row),
    push_requires_approval: row.push_requires_approval === 1,
  };
}
