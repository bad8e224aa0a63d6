import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { http } from '../support/clients.js';
import { codeIn, startDoors, startSmtp, type Doors } from '../auth/support.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, screenshot, tabTo, type Browser } from './browser.js';

let d: Doors;
let b: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const EMAIL = 'hopper@example.com';

beforeAll(async () => {
  smtp = await startSmtp();
  d = await startDoors({ GREENROOM_SMTP_URL: smtp.url });
  await createUser(d.instance.db, d.instance, { email: EMAIL, name: 'Grace Hopper', role: 'member', grant: 0 });
  b = await openBrowser();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await d?.stop();
  await smtp?.close();
});

describe('in the browser: sign in, then create and copy a key', () => {
  it('signs in by keyboard alone with the mailed code', async () => {
    const { page } = b;
    await page.goto(`${d.base}/settings`);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await expectAccessible(page);
    await screenshot(page, 'signin');
    await tabTo(page, '#email');
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/signin\/check/);
    const mail = await smtp.next();
    await expectAccessible(page);
    await screenshot(page, 'signin-check');
    await tabTo(page, '#code');
    await page.keyboard.type(codeIn(mail.text));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings$/);
    expect(await page.locator('h1').textContent()).toBe('Settings');
    expect(await page.locator('header').textContent()).toContain(EMAIL);
  });

  it('creates a key that is shown once with a working copy button', async () => {
    const { page } = b;
    await expectAccessible(page);
    await screenshot(page, 'settings');
    await page.getByLabel('Name').fill('browser key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.waitForSelector('#new-key');
    await expectAccessible(page);
    await screenshot(page, 'settings-new-key');
    const key = await page.locator('#new-key').inputValue();
    expect(key).toMatch(/^grn_/);
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: d.base });
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.waitForFunction(() => document.getElementById('copy-status')?.textContent?.includes('Copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect((await http(d.base, 'GET', '/whoami', { key })).body.data).toMatchObject({ scopes: ['read', 'write'] });
    await page.getByRole('link', { name: 'Back to settings' }).click();
    expect(await page.content()).not.toContain(key);
    expectNoCspRefusals(b);
  });
});
