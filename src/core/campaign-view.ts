import type { CampaignRow, ConferenceUrlRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { CampaignDetail } from '../../schemas/campaign.js';
import { conferenceUrls, parseIcp } from './campaigns.js';
import { prepared } from '../../db/prepared.js';

// Answered from the (campaign_id, stage, seq) index alone; the funnel is campaign_stats.
const speakerCount = prepared<{ n: number }, [string]>('select count(*) as n from speakers where campaign_id = ?');

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
export async function campaignDetail(ctx: Ctx, row: CampaignRow): Promise<CampaignDetail> {
  const urls = await conferenceUrls(ctx, row.id);
  const style = JSON.parse(row.style || '{}') as { exemplars?: unknown[] };
  const missing: string[] = (['pitch', 'cta', 'your_name'] as const).filter((k) => !row[k].trim());
  if (urls.length === 0) missing.push('conference_urls');
  return {
    ...summarize(row),
    pitch: row.pitch,
    cta: row.cta,
    your_name: row.your_name,
    your_role: row.your_role,
    tone: row.tone,
    positioning: row.positioning,
    icp: parseIcp(row.icp),
    style: { exemplar_count: style.exemplars?.length ?? 0 },
    conference_urls: urls.map(urlView),
    totals: { conference_urls: urls.length, speakers: Number((await speakerCount(ctx.db, row.id))[0]?.n ?? 0) },
    missing_fields: missing,
  };
}
