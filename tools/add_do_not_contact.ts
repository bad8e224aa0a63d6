import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { addEntries, DNC_ENTRIES_MAX, DNC_REASON_MAX, DNC_VALUE_MAX } from '../src/core/do-not-contact.js';
import { ToolError } from '../src/errors.js';
import { dryRun } from '../schemas/fields.js';
import { DncAddReport, DncType } from '../schemas/do-not-contact.js';

const value = z.string().min(1).max(DNC_VALUE_MAX).describe('A LinkedIn profile URL, an e-mail address or a company domain');
const reason = z.string().max(DNC_REASON_MAX).optional().describe('Why, for the record (e.g. "asked not to be contacted")');
const type = DncType.optional().describe('linkedin, email or domain; read from the value when left out (linkedin.com → linkedin, an @ → email, else domain)');

export default defineTool({
  name: 'add_do_not_contact',
  title: 'Add to do-not-contact',
  description:
    `Puts people on your account's do-not-contact list: one entry (value, type, reason) or up to ${DNC_ENTRIES_MAX} (entries). A LinkedIn profile matches that profile (regional hosts, query and trailing slash ignored); an e-mail matches a speaker with that address; a domain matches a company domain and its subdomains (e.g. acme.com also matches eu.acme.com). ` +
    'Listed people are never drafted (runs skip them before any credit is spent) and never pushed: push_approved skips them with reason suppressed, including drafts written before they were listed. An entry already listed is counted, not changed. One invalid entry refuses the call with invalid_request naming it; nothing is added. dry_run reports what would be added.',
  kind: 'write',
  http: { method: 'POST', path: '/do-not-contact' },
  hints: { idempotentHint: true },
  requireAny: ['value', 'entries'],
  bodyRules: [{ not: { required: ['value', 'entries'] } }],
  input: z.strictObject({
    value: value.optional(),
    type,
    reason,
    entries: z.array(z.strictObject({ value, type, reason })).min(1).max(DNC_ENTRIES_MAX).optional().describe('Several entries at once, instead of value'),
    dry_run: dryRun,
  }),
  output: DncAddReport,
  handler: async (input, ctx) => {
    if (input.entries && input.value !== undefined) throw new ToolError('invalid_request', 'give value (one entry) or entries (several), not both');
    if (input.entries && (input.type !== undefined || input.reason !== undefined))
      throw new ToolError('invalid_request', 'type and reason go with value; with entries, give them inside each entry');
    const entries = input.entries ?? [{ value: input.value as string, type: input.type, reason: input.reason }];
    return addEntries(ctx, entries, 'manual', input.dry_run === true);
  },
});
