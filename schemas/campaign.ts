import { z } from 'zod';
import { IcpSchema, timestamp } from './fields.js';
import { PROVIDER_IDS } from '../src/model-settings.js';

export const ConferenceUrlView = z.object({
  url_id: z.string(),
  url: z.string(),
  status: z.enum(['pending', 'fetching', 'done', 'failed']),
  speaker_count: z.number().int().nullable(),
  extractor: z.string().nullable(),
  error: z.string().nullable(),
});

export const CampaignTotals = z.object({
  conference_urls: z.number().int(),
  speakers: z.number().int().describe('Speakers scraped so far; campaign_stats has the whole funnel'),
  intent_leads: z.number().int().describe('Intent leads imported (list_intent_leads)'),
});

export const CampaignSummary = z.object({
  campaign_id: z.string(),
  name: z.string(),
  auto_start: z.boolean(),
  intent_enabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const CampaignDetail = CampaignSummary.extend({
  pitch: z.string(),
  cta: z.string(),
  your_name: z.string(),
  your_role: z.string(),
  your_company: z.string().describe("The sender's company, named in the first message"),
  tone: z.string(),
  positioning: z.string(),
  icp: IcpSchema,
  style: z.object({ exemplar_count: z.number().int() }),
  conference_urls: z.array(ConferenceUrlView),
  totals: CampaignTotals,
  missing_fields: z.array(z.string()).describe('Fields drafting needs that are still empty'),
  sending_connection_id: z.string().nullable().describe('The sending-tool connection push_approved loads; null until wired'),
  sending_campaign_id: z.string().nullable().describe('The campaign inside that tool; a person arms it there'),
  model_provider: z.enum(PROVIDER_IDS).nullable().describe("The campaign's own model provider; null: the instance default"),
  model_provider_in_use: z.enum(PROVIDER_IDS).describe('The provider its next run researches and drafts with'),
  push_requires_approval: z.boolean().describe('Pushes take only sequences a person approved (approve_message); false: every QA-cleared, fresh sequence goes'),
});
export type CampaignDetail = z.output<typeof CampaignDetail>;
