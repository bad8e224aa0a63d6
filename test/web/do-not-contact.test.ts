import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { startDoors, type Doors } from '../auth/support.js';
import { signedIn } from '../auth/oauth-support.js';

/** The do-not-contact page over plain HTTP: add lines or CSV, see refused lines, page through, remove. */
let d: Doors;

beforeAll(async () => {
  d = await startDoors({ GREENROOM_RATE_READ: '10000', GREENROOM_RATE_WRITE: '10000' });
  await createUser(d.instance.db, d.instance, { email: 'kay@example.com', name: 'Kay', role: 'member', grant: 0 });
});
afterAll(() => d.stop());

it('sends a signed-out person to sign in', async () => {
  const res = await fetch(`${d.base}/settings/do-not-contact`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`/signin?next=${encodeURIComponent('/settings/do-not-contact')}`);
});

it('adds one value a line, lists what it could not read, removes an entry, and refuses a form without its csrf token', async () => {
  const kay = await signedIn(d, 'kay@example.com');
  const csrf = await kay.csrf('/settings/do-not-contact');
  const added = await kay.post('/settings/do-not-contact', {
    csrf,
    entries: 'https://www.linkedin.com/in/ada-l\nacme.com\nhttps://www.linkedin.com/company/x\n<b>@</b>',
  });
  const html = await added.text();
  expect(added.status).toBe(200);
  expect(html).toContain('Added 2; 0 already listed');
  expect(html).toMatch(/line 3: linkedin: .*not a LinkedIn profile URL/);
  expect(html).toContain('&lt;b&gt;');
  expect(html).not.toContain('<b>@</b>');
  expect(html).toContain('<code>https://www.linkedin.com/in/ada-l</code>');
  expect(html).toContain('href="/settings/do-not-contact" aria-current="page"');

  const rows = await d.instance.db.selectFrom('do_not_contact').selectAll().orderBy('seq').execute();
  expect(rows.map((r) => [r.type, r.value, r.source])).toEqual([
    ['linkedin', 'https://www.linkedin.com/in/ada-l', 'csv'],
    ['domain', 'acme.com', 'csv'],
  ]);
  const removed = await kay.post(`/settings/do-not-contact/${rows[1]!.id}/remove`, { csrf });
  expect(removed.status).toBe(303);
  expect(await (await kay.get(removed.headers.get('location')!)).text()).toContain('Removed.');
  expect(await d.instance.db.selectFrom('do_not_contact').select('value').execute()).toEqual([{ value: 'https://www.linkedin.com/in/ada-l' }]);

  const empty = await kay.post('/settings/do-not-contact', { csrf, entries: '' });
  expect(empty.status).toBe(400);
  expect(await empty.text()).toContain('role="alert"');
  const forged = await kay.post('/settings/do-not-contact', { csrf: 'nope', entries: 'evil.com' });
  expect(forged.status).toBe(403);
  expect(await d.instance.db.selectFrom('do_not_contact').select('value').execute()).toHaveLength(1);
});
