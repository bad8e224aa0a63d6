import { afterAll, beforeAll, expect, it } from 'vitest';
import { fittingPeople, speakersSite } from './fitting-people.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { openBrowser, signInWithOutbox, tabTo, type Browser } from './browser.js';

/**
 * Progressive enhancement: with JavaScript off, every review action is a plain form that
 * answers with the review page, the notice of what it did and the reviewer's place kept.
 */
const people = fittingPeople(8);

let site: Awaited<ReturnType<typeof speakersSite>>;
let w: PipelineWorld;
let b: Browser;
let campaignId: string;

beforeAll(async () => {
  site = await speakersSite(people);
  w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: site.host });
  campaignId = (await w.tool('create_campaign', { name: 'DevConf', conference_url: site.url('/speakers') })).data.campaign_id as string;
  expect((await w.tool('start_campaign_run', { campaign_id: campaignId })).ok).toBe(true);
  await w.scheduler.drain();
  b = await openBrowser({ script: false });
  await signInWithOutbox(b.page, w.base, w.instance.db, w.user.email);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await w?.close();
  await site?.close();
});

it('approves, saves an edit, moves on, rewrites and bulk-approves with plain forms, keeping the place', async () => {
  const { page } = b;
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') loads.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(`${w.base}/campaigns/${campaignId}/review?view=all`);
  const first = await page.locator('#speaker-h').textContent();

  // Approve: the page comes back on the next speaker, saying whom it approved.
  await tabTo(page, 'form[action$="/review/approve"] button', 60);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`text=Approved the sequence to ${first}.`);
  const second = await page.locator('#speaker-h').textContent();
  expect(second).not.toBe(first);

  // Save an edit: the same speaker, with the count of what the check cleared.
  const box = page.locator('#review textarea').first();
  await box.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' See you there.');
  await tabTo(page, 'form[action$="/review/save"] button[type=submit]', 20);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`text=/Saved 1 message to ${second} and checked the sequence again/`);
  expect(await page.locator('#speaker-h').textContent()).toBe(second);

  // Next: a plain link or form to the next speaker.
  await tabTo(page, 'a[rel=next]', 40);
  await page.keyboard.press('Enter');
  await page.waitForFunction((name) => document.querySelector('#speaker-h')?.textContent !== name, second);

  // Rewrite by an instruction: the same speaker, saying what was rewritten.
  const third = await page.locator('#speaker-h').textContent();
  await page.locator('#rewrite-instruction').focus();
  await page.keyboard.type('shorter');
  await page.keyboard.press('Enter');
  await page.waitForSelector(`text=/Rewrote \\d+ messages? to ${third}/`);
  expect(await page.locator('#speaker-h').textContent()).toBe(third);

  // Bulk: a page that states the count, then the approvals.
  await page.goto(`${w.base}/campaigns/${campaignId}/review?view=ready`);
  await tabTo(page, 'form[action$="/review/approve-ready"] button', 40);
  await page.keyboard.press('Enter');
  // The form posts and a new page answers: read its heading once it has come, not the page before.
  await page.waitForFunction(() => /Approve \d+ ready/.test(document.querySelector('h1')?.textContent ?? ''));
  const ask = await page.locator('h1').textContent();
  const count = Number(/Approve (\d+) ready/.exec(ask ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  await tabTo(page, 'form[action$="/review/approve-ready"] button[type=submit]', 40);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`text=/Approved ${count} ready sequences?\\./`);
  // One post per action: approve, save, rewrite, and the bulk's question and answer.
  expect(loads.filter((l) => l.startsWith('POST'))).toHaveLength(5);
}, 120_000);
