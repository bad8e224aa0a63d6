import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conforms, makeSendersWorld, type SendersWorld } from '../senders/support.js';

/** The do-not-contact list: its tools over HTTP and MCP, the run skipping listed people, and the push leaving them out. */
describe('import_do_not_contact', () => {
  let w: SendersWorld;
  const clear = () => w.instance.db.deleteFrom('do_not_contact').execute();

  beforeAll(async () => {
    w = await makeSendersWorld();
  });
  afterAll(() => w.close());

  describe('CSV import', () => {
    it('reads the named columns, adds every readable row and lists each refused one with its reason', async () => {
      await clear();
      const csv = [
        'Name,LinkedIn URL,Email,Company Domain,Reason',
        'Ada,https://www.linkedin.com/in/ada-l,ada@example.com,,unsubscribed',
        'Bob,,,"globex.com",competitor',
        'Eve,https://example.com/in/eve,,,',
        'Nobody,,,,',
        '"Quoted, Name",,"carol@example.org",,"said ""no"""',
      ].join('\r\n');
      const dry = await w.tool('import_do_not_contact', { csv, dry_run: true });
      expect(dry.data).toMatchObject({ dry_run: true, rows: 5, added: 4 });
      expect((await w.tool('list_do_not_contact', {})).data.total).toBe(0);
      const r = await w.post('/do-not-contact/import', { csv });
      expect(r.status).toBe(200);
      conforms('import_do_not_contact', r.body.data);
      expect(r.body.data).toMatchObject({ dry_run: false, rows: 5, added: 4, already_listed: 0 });
      expect(r.body.data.refused).toEqual([
        { row: 3, line: 4, error: expect.stringMatching(/^linkedin: .*not a LinkedIn profile URL/) },
        { row: 4, line: 5, error: 'no linkedin, email or domain value in this row' },
      ]);
      const items = (await w.tool('list_do_not_contact', {})).data.items.map((e: { type: string; value: string; reason: string; source: string }) => [
        e.type,
        e.value,
        e.reason,
        e.source,
      ]);
      expect(items).toEqual([
        ['linkedin', 'https://www.linkedin.com/in/ada-l', 'unsubscribed', 'csv'],
        ['email', 'ada@example.com', 'unsubscribed', 'csv'],
        ['domain', 'globex.com', 'competitor', 'csv'],
        ['email', 'carol@example.org', 'said "no"', 'csv'],
      ]);
      expect((await w.tool('import_do_not_contact', { csv })).data).toMatchObject({ added: 0, already_listed: 4 });
    });

    it('reads a file without a header cell by cell, and refuses an empty one with invalid_request', async () => {
      await clear();
      const r = await w.tool('import_do_not_contact', { csv: 'initech.com\nhttps://www.linkedin.com/in/peter-g\nsomeone@initech.com\n"unclosed' });
      expect(r.data).toMatchObject({ rows: 4, added: 3, refused: [{ row: 4, line: 4, error: 'a quoted field is not closed' }] });
      for (const csv of ['\n\n', 'email\n']) {
        const h = await w.post('/do-not-contact/import', { csv });
        expect(h.status).toBe(400);
        expect(h.body.error?.code).toBe('invalid_request');
      }
    });
  });
});
