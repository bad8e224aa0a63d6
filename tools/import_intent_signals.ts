import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireIntentCampaign } from '../src/core/intent/leads.js';
import { intake, requireOneSource } from '../src/core/intent/intake.js';
import { MAX_ROWS, MAX_TEXT } from '../src/core/intent/rows.js';
import { dryRun, uuid } from '../schemas/fields.js';
import { ImportResult } from '../schemas/intent.js';

// Four UTF-8 bytes a character at most, so any csv the schema allows fits the body cap and is answered, not cut off.
const CSV_MAX_CHARS = 4_000_000;

export default defineTool({
  name: 'import_intent_signals',
  title: 'Import intent signals',
  description:
    `Adds LinkedIn intent signals to a campaign with intent_enabled=true, as rows (JSON objects) or csv (text with a header row), at most ${MAX_ROWS} rows a call. ` +
    'Fields: linkedin_url (profile), name, headline, company, signal_type (post_reaction, post_comment, profile_view, company_follow, job_change, event_attendance), url (the post or page), text (its text), observed_at (ISO 8601; default now); common export column names are understood. ' +
    'One lead per profile; repeat signals attach to it and a signal already held is not added again. Each refused row is listed with its number and reason; the rest go in. Leads arrive unselected; a run qualifies them. dry_run reports what would be added.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/intent-signals' },
  hints: { idempotentHint: true },
  // One of the two, never both: the document says so and the server refuses the rest before any lookup.
  requireAny: ['rows', 'csv'],
  bodyRules: [{ not: { required: ['rows', 'csv'] } }],
  maxBodyBytes: 16 * 1024 * 1024,
  input: z.strictObject({
    campaign_id: uuid,
    rows: z
      .array(z.unknown())
      .min(1)
      .max(MAX_ROWS)
      .optional()
      .describe(`Signal rows as JSON objects (a row that is not one is refused, not the call); text at most ${MAX_TEXT} characters`),
    csv: z.string().min(1).max(CSV_MAX_CHARS).optional().describe('CSV text: a header row, then one signal a row'),
    dry_run: dryRun,
  }),
  output: ImportResult,
  handler: async (input, ctx) => {
    const source = { rows: input.rows, csv: input.csv, dryRun: input.dry_run };
    requireOneSource(source);
    const campaign = await requireIntentCampaign(ctx, input.campaign_id);
    return intake(ctx, campaign, source, 'import');
  },
});
