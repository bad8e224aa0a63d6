import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSendersWorld, type SendersWorld } from '../senders/support.js';

/** The do-not-contact list: its tools over HTTP and MCP, the run skipping listed people, and the push leaving them out. */
describe('list_do_not_contact', () => {
  let w: SendersWorld;
  const clear = () => w.instance.db.deleteFrom('do_not_contact').execute();

  beforeAll(async () => {
    w = await makeSendersWorld();
  });
  afterAll(() => w.close());

  describe('listing', () => {
    it('adds many over MCP, e-mail and domains included, and lists them a page at a time', async () => {
      await clear();
      const entries = [
        { value: 'Grace@Example.COM' },
        { value: 'https://www.acme.io/about', type: 'domain' },
        { value: '@globex.com' },
        ...Array.from({ length: 5 }, (_, i) => ({ value: `https://www.linkedin.com/in/person-${i}` })),
      ];
      const r = await w.tool('add_do_not_contact', { entries });
      expect(r.ok).toBe(true);
      expect(r.data.added).toBe(8);
      expect(r.data.entries.slice(0, 3).map((e: { type: string; value: string }) => [e.type, e.value])).toEqual([
        ['email', 'grace@example.com'],
        ['domain', 'acme.io'],
        ['domain', 'globex.com'],
      ]);
      const first = await w.tool('list_do_not_contact', { limit: 5 });
      expect(first.data).toMatchObject({ has_more: true, total: 8 });
      expect(first.data.items).toHaveLength(5);
      const second = await w.get('/do-not-contact', { query: { limit: '5', cursor: first.data.next_cursor } });
      expect(second.body.data).toMatchObject({ has_more: false, next_cursor: null });
      expect(second.body.data.items).toHaveLength(3);
      const domains = await w.tool('list_do_not_contact', { type: 'domain' });
      expect(domains.data.items.map((e: { value: string }) => e.value)).toEqual(['acme.io', 'globex.com']);
      // A cursor of another filter is refused.
      const crossed = await w.tool('list_do_not_contact', { type: 'email', cursor: first.data.next_cursor });
      expect(crossed.error?.code).toBe('invalid_request');
    });
  });
});
