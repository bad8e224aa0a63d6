import { z } from 'zod';
import { CostPreview, timestamp } from './fields.js';
import { ReplyStatus, Verdict } from './speaker.js';

export const IntentLeadView = z.object({
  lead_id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  signal_count: z.number().int(),
  last_signal_type: z.string().nullable(),
  last_signal_at: timestamp.nullable(),
  also_a_speaker: z.boolean().describe('The same LinkedIn profile is a speaker in one of your campaigns'),
  prequalify_verdict: Verdict.nullable(),
  fit_score: z.number().int().nullable(),
  qualified: z.boolean().nullable(),
  stage: z.enum(['prequalify', 'enrich', 'qualify', 'research', 'draft', 'done']),
  selected: z.boolean(),
  drafted: z.boolean(),
  reply_status: ReplyStatus.nullable(),
  created_at: timestamp,
});

export const ImportReport = z.object({
  dry_run: z.boolean(),
  rows: z.number().int().describe('Rows given'),
  accepted: z.number().int(),
  refused: z
    .array(z.object({ row: z.number().int(), line: z.number().int().optional(), reason: z.string() }))
    .describe('Every refused row: 1-based row number (CSV header not counted), its line in CSV text, and why'),
  leads_new: z.number().int(),
  leads_existing: z.number().int().describe('Leads already in the campaign that these rows add signals to'),
  signals_new: z.number().int(),
  signals_already_known: z.number().int().describe('Accepted rows whose signal the campaign already holds (or that repeat another row)'),
  also_speakers: z.number().int().describe('Leads of this call who are speakers in one of your campaigns'),
});

export const ImportResult = ImportReport.extend({
  run_started: z.boolean().describe('A run was queued for the new leads (the campaign has auto_start)'),
  cost_preview: CostPreview,
});
