import { z } from 'zod';
import { timestamp } from './fields.js';

export const DncType = z
  .enum(['linkedin', 'email', 'domain'])
  .describe('linkedin: a public profile URL; email: an address; domain: a company domain (its subdomains match too)');

export const DncEntry = z.object({
  entry_id: z.string(),
  type: DncType,
  value: z.string().describe('As stored: a profile as https://www.linkedin.com/in/<name> in lower case, an address or a host in lower case'),
  reason: z.string().nullable(),
  source: z
    .enum(['manual', 'csv', 'reply'])
    .describe('manual: add_do_not_contact; csv: import_do_not_contact; reply: set_speaker_reply_status with do_not_contact'),
  created_at: timestamp,
});

export const DncAddReport = z.object({
  dry_run: z.boolean(),
  added: z.number().int(),
  already_listed: z.number().int().describe('Entries that were on the list already; they are left as they were'),
  entries: z.array(DncEntry).describe('The entries this call added (would add, on a dry run)'),
  speakers_matched: z.number().int().describe('Speakers in your campaigns the added entries match: runs skip them and pushes leave them out'),
});
