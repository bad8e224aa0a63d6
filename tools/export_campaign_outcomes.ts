import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { exportOutcomes } from '../src/core/outcomes.js';
import { uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'export_campaign_outcomes',
  title: 'Export sequences with outcomes',
  description:
    "Exports a campaign's drafted sequences with what happened to them, as CSV text (RFC 4180, CRLF, a header row): speaker_id, name, title, company, linkedin_url, fit_score, opening_angle (slot 1's angle), msg1..msg3, sent_at (first slot sent), pushed_tool and pushed_at (confirmed push), accepted_at and replied_at (reported by the sending tool), reply_slot (the slot the first reported reply followed), reply_status. only_sent=true keeps sequences with a sent slot. A cell starting with =, +, - or @ is prefixed with ' so spreadsheets do not run it.",
  kind: 'read',
  http: { method: 'GET', path: '/campaigns/{campaign_id}/outcomes' },
  input: z.strictObject({ campaign_id: uuid, only_sent: z.boolean().optional().describe('Only sequences with at least one slot sent') }),
  output: z.object({
    campaign_id: z.string(),
    rows: z.number().int().describe('Sequences in the CSV, the header not counted'),
    columns: z.array(z.string()),
    csv: z.string(),
  }),
  handler: async (input, ctx) => exportOutcomes(ctx, input.campaign_id, input.only_sent === true),
});
