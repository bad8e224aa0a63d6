/** Signal rows into a campaign, from import_intent_signals or the inbound webhook. */
import type { CampaignRow } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import { ToolError } from '../../errors.js';
import type { CostPreview } from '../../../schemas/fields.js';
import { getBalance } from '../credits.js';
import { STAGE_CREDITS } from '../pricing.js';
import { startRun } from '../runs.js';
import { importSignals, type ImportReport } from './import.js';
import { MAX_ROWS, readCsvRows, readJsonRows, type ParsedRows } from './rows.js';

export interface IntakeInput {
  rows?: unknown[];
  csv?: string;
  dryRun?: boolean;
}

/** The body's shape, checked before anything is looked up: what the OpenAPI document refuses is invalid_request. */
export function requireOneSource(input: IntakeInput): void {
  if ((input.rows === undefined) === (input.csv === undefined))
    throw new ToolError('invalid_request', 'give rows (JSON objects) or csv (text with a header row), not both');
}

export function parseIntake(input: IntakeInput, now: Date): ParsedRows {
  requireOneSource(input);
  if (input.rows) {
    if (input.rows.length > MAX_ROWS) throw new ToolError('invalid_request', `rows: at most ${MAX_ROWS} a call, split the list`);
    return readJsonRows(input.rows, now);
  }
  const parsed = readCsvRows(input.csv as string, now);
  if ('error' in parsed) throw new ToolError('invalid_request', parsed.error);
  return parsed;
}

export interface IntakeResult extends ImportReport {
  run_started: boolean;
  cost_preview: CostPreview;
}

/**
 * Imports, then, for a campaign with auto_start, queues a run for the new leads. A run
 * that cannot start (too few credits) leaves the leads waiting for start_campaign_run.
 */
export async function intake(ctx: Ctx, campaign: CampaignRow, input: IntakeInput, via: 'import' | 'webhook'): Promise<IntakeResult> {
  const parsed = parseIntake(input, ctx.clock.now());
  const report = await importSignals(ctx, campaign, parsed, { dryRun: input.dryRun ?? false, via });
  let run_started = false;
  if (!report.dry_run && report.leads_new > 0 && campaign.auto_start === 1) {
    try {
      run_started = (await startRun(ctx, campaign.id)).created;
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      ctx.logger.info({ campaign: campaign.id, reason: err.message }, 'intent leads imported; no run started');
    }
  }
  return { ...report, run_started, cost_preview: await importPreview(ctx, report) };
}

/** The import itself costs nothing; what the new leads will cost is in the note. */
async function importPreview(ctx: Ctx, r: ImportReport): Promise<CostPreview> {
  const balance = await getBalance(ctx.db, ctx.principal.userId);
  const preview: CostPreview = {
    credits: 0,
    model_calls: 0,
    lines: [{ operation: 'import_intent_signals', count: r.signals_new, unit_credits: 0, credits: 0 }],
    balance,
    sufficient: true,
  };
  if (r.leads_new > 0) {
    preview.note = `${r.leads_new} new lead(s): a run enriches each lead it does not disqualify and drafts each selected, qualified lead (${STAGE_CREDITS.draft} credit, and ${STAGE_CREDITS.enrich} more with the draft when enrichment found a contact the lead lacked)`;
  }
  return preview;
}
