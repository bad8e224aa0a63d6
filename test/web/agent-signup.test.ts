import { afterAll, beforeAll, expect, it } from 'vitest';
import { http } from '../support/clients.js';
import { linkIn, startDoors, startSmtp, type Doors } from '../auth/support.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, screenshot, tabTo, type Browser } from './browser.js';

let d: Doors;
let b: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  d = await startDoors({ GREENROOM_SMTP_URL: smtp.url });
  b = await openBrowser();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await d?.stop();
  await smtp?.close();
});

it('a person confirms an agent in the browser with the code the agent shows, and the agent collects its key', async () => {
  const res = await http<any>(d.base, 'POST', '/agent-signup', { body: { email: 'lin@example.com', agent_name: 'Research helper' } });
  const { request_id, poll_secret, user_code } = res.body.data;
  const mail = await smtp.next();
  const { page } = b;
  await page.goto(linkIn(mail.text));
  expect(await page.locator('dl.facts').textContent()).toContain('Research helper');
  await expectAccessible(page);
  await screenshot(page, 'signup-confirm');
  await tabTo(page, '#code');
  await page.keyboard.type(user_code);
  await tabTo(page, 'button[value=confirm]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('text=Agent confirmed');
  await expectAccessible(page);
  await screenshot(page, 'signup-confirmed');

  d.clock.advance(5_000);
  const polled = await http<any>(d.base, 'GET', `/agent-signup/${request_id}`, { key: poll_secret });
  expect(polled.body.data).toMatchObject({ status: 'confirmed', scopes: ['read', 'write'] });
  const who = await http<any>(d.base, 'GET', '/whoami', { key: polled.body.data.api_key });
  expect(who.body.data.scopes).toEqual(['read', 'write']);

  // The new account is signed in: its settings list the agent and its key.
  await page.locator('main').getByRole('link', { name: 'settings' }).click();
  await page.waitForSelector('#signups-h');
  expect(await page.locator('section[aria-labelledby=signups-h]').textContent()).toContain('Research helper');
  await expectAccessible(page);
  expectNoCspRefusals(b);
});
