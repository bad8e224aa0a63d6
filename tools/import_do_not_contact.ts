import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { DNC_CSV_ROWS_MAX, importCsv } from '../src/core/do-not-contact.js';
import { dryRun } from '../schemas/fields.js';
import { DncAddReport } from '../schemas/do-not-contact.js';

const CSV_MAX_CHARS = 2_000_000;

export default defineTool({
  name: 'import_do_not_contact',
  title: 'Import do-not-contact CSV',
  description:
    `Adds do-not-contact entries from CSV text (RFC 4180), at most ${DNC_CSV_ROWS_MAX} rows a call. With a header row, the columns linkedin_url (or linkedin, profile_url), email, domain (or company_domain, website) and reason (or note) are read and other columns ignored; a row may fill several, each becoming an entry. ` +
    'Without a header, every cell is one value read by what it looks like (linkedin.com → profile, an @ → e-mail, else a domain). Each row that cannot be read is listed in refused with its row number, line and reason, and the other rows go in. Entries already listed are counted, not changed. dry_run reports what would be added.',
  kind: 'write',
  http: { method: 'POST', path: '/do-not-contact/import' },
  hints: { idempotentHint: true },
  maxBodyBytes: 9 * 1024 * 1024,
  input: z.strictObject({
    csv: z.string().min(1).max(CSV_MAX_CHARS).describe('CSV text, a header row optional'),
    dry_run: dryRun,
  }),
  output: DncAddReport.extend({
    rows: z.number().int().describe('Rows read, the header not counted'),
    refused: z.array(z.object({ row: z.number().int(), line: z.number().int(), error: z.string() })).describe('Rows not added, with why'),
  }),
  handler: async (input, ctx) => importCsv(ctx, input.csv, input.dry_run === true),
});
