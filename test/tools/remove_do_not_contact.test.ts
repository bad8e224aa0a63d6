import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSendersWorld, type SendersWorld } from '../senders/support.js';

/** The do-not-contact list: its tools over HTTP and MCP, the run skipping listed people, and the push leaving them out. */
describe('remove_do_not_contact', () => {
  let w: SendersWorld;
  const clear = () => w.instance.db.deleteFrom('do_not_contact').execute();

  beforeAll(async () => {
    w = await makeSendersWorld();
  });
  afterAll(() => w.close());

  describe('removing', () => {
    it('removes by value and by id; an entry not on the list is not_found', async () => {
      await clear();
      const added = await w.tool('add_do_not_contact', { entries: [{ value: 'initech.com' }, { value: 'bob@initech.com' }] });
      const byValue = await w.post('/do-not-contact/remove', { value: 'https://initech.com/' });
      expect(byValue.status).toBe(200);
      expect(byValue.body.data).toMatchObject({ removed: { type: 'domain', value: 'initech.com' }, speakers_released: 0 });
      const id = added.data.entries[1].entry_id;
      expect((await w.tool('remove_do_not_contact', { entry_id: id })).data.removed.value).toBe('bob@initech.com');
      expect((await w.tool('remove_do_not_contact', { entry_id: id })).error?.code).toBe('not_found');
      const gone = await w.post('/do-not-contact/remove', { value: 'nobody@initech.com' });
      expect(gone.status).toBe(404);
      expect((await w.tool('list_do_not_contact', {})).data.total).toBe(0);
    });

    it.each([
      ['a company page as a profile', { value: 'https://www.linkedin.com/company/acme' }, /^value: .*not a LinkedIn profile URL/],
      ['an address with no domain', { value: 'someone@', type: 'email' }, /^value: .*not an e-mail address/],
      ['a word as a domain', { value: 'acme' }, /^value: .*not a domain such as acme\.com/],
      ['value and entries together', { value: 'acme.com', entries: [{ value: 'b.com' }] }, /not both/],
      ['type with entries', { type: 'domain', entries: [{ value: 'b.com' }] }, /inside each entry/],
      ['neither value nor entries', {}, /value|entries/],
      ['one bad entry among good ones', { entries: [{ value: 'good.com' }, { value: 'https://x.com/in/nobody', type: 'linkedin' }] }, /^entries\[1\]\.value: /],
      ['an unknown type', { value: 'acme.com', type: 'phone' }, /type/],
    ])('refuses %s with invalid_request over HTTP and MCP, adding nothing', async (_label, body, message) => {
      await clear();
      const h = await w.post('/do-not-contact', body);
      expect(h.status).toBe(400);
      expect(h.body.error).toEqual({ code: 'invalid_request', message: expect.stringMatching(message) });
      expect((await w.tool('add_do_not_contact', body)).error?.code).toBe('invalid_request');
      expect((await w.tool('list_do_not_contact', {})).data.total).toBe(0);
    });
  });
});
