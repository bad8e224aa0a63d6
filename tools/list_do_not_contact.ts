import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { listEntries } from '../src/core/do-not-contact.js';
import { cursor, limit, pageOf } from '../schemas/fields.js';
import { DncEntry, DncType } from '../schemas/do-not-contact.js';

export default defineTool({
  name: 'list_do_not_contact',
  title: 'List do-not-contact',
  description:
    'Lists your do-not-contact entries, oldest first, optionally of one type (linkedin, email, domain), a page at a time; total counts every entry of the account.',
  kind: 'read',
  http: { method: 'GET', path: '/do-not-contact' },
  input: z.strictObject({ type: DncType.optional(), limit, cursor }),
  output: pageOf(DncEntry).extend({ total: z.number().int().describe('Entries on the list, of every type') }),
  handler: async (input, ctx) => listEntries(ctx, input),
});
