import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDoors, type Doors } from '../auth/support.js';
import { chromiumPath, expectAccessible, openBrowser, type Browser } from './browser.js';

// A machine without Debian's chromium runs the browser tests on the Chromium inside the
// @sparticuz/chromium package: this file hides Debian's and drives the packaged one.
let d: Doors;
let b: Browser;
const before = process.env.GREENROOM_TEST_CHROMIUM;

beforeAll(async () => {
  process.env.GREENROOM_TEST_CHROMIUM = 'packaged';
  d = await startDoors();
  b = await openBrowser();
}, 120_000);
afterAll(async () => {
  await b?.close();
  await d?.stop();
  if (before === undefined) delete process.env.GREENROOM_TEST_CHROMIUM;
  else process.env.GREENROOM_TEST_CHROMIUM = before;
});

it("drives the sign-in page with the Chromium shipped in the npm package when Debian's is hidden", async () => {
  expect(await chromiumPath()).not.toBe('/usr/bin/chromium');
  await b.page.goto(`${d.base}/signin`);
  await b.page.getByLabel('E-mail address').fill('ana@example.com');
  expect(await b.page.getByLabel('E-mail address').inputValue()).toBe('ana@example.com');
  await expectAccessible(b.page);
});

it('fails with a message saying how to get a browser when the named one does not exist', async () => {
  process.env.GREENROOM_TEST_CHROMIUM = '/nonexistent/chromium';
  await expect(chromiumPath()).rejects.toThrow(/not an executable file/);
  process.env.GREENROOM_TEST_CHROMIUM = 'packaged';
});
