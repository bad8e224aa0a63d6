import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { startDoors, type Doors } from '../auth/support.js';
import { signedIn } from '../auth/oauth-support.js';

/** What the campaign pages say to a person who has not filled much in yet: words, never an API operation or a field's name. */
let d: Doors;

beforeAll(async () => {
  d = await startDoors();
  await createUser(d.instance.db, d.instance, { email: 'new@example.com', name: 'New', role: 'member', grant: 0 });
});
afterAll(() => d.stop());

/** The text of a page's main region, markup left out. */
const mainText = (html: string) =>
  html
    .slice(html.indexOf('<main'), html.indexOf('</main>'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

it('an empty campaign list, and a campaign missing what drafting needs, say so in words', async () => {
  const web = await signedIn(d, 'new@example.com');
  const empty = mainText(await (await web.get('/campaigns')).text());
  expect(empty).toContain('No campaigns yet.');
  expect(empty).not.toMatch(/\b[a-z]+_[a-z_]+\b/);

  const csrf = await web.csrf('/campaigns/new');
  const created = await web.post('/campaigns/new', { csrf, name: 'Bare', urls: 'https://example.com/speakers', your_name: '', pitch: '', cta: '' });
  const id = /\/campaigns\/([0-9a-f-]{36})/.exec(created.headers.get('location') ?? (await created.text()))?.[1];
  expect(id).toBeTruthy();
  const page = mainText(await (await web.get(`/campaigns/${id}`)).text());
  expect(page).toMatch(/Drafting needs these, still empty: the pitch and the call to action\./);
  expect(page).not.toMatch(/\b(?:your_name|cta|conference_urls)\b/);
});
