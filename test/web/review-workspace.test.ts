import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fittingPeople, speakersSite } from './fitting-people.js';
import { connect, HEYREACH_CAMPAIGN, makeSendersWorld, type SendersWorld } from '../senders/support.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, screenshot, signInWithOutbox, tabTo, type Browser } from './browser.js';

// Forty-four speakers whose titles fit the test profile's ICP, each with a LinkedIn profile: enough that more
// than twenty of them clear the QA gate, so the review always has a next ready speaker to move on to.
const people = fittingPeople(44);

let site: Awaited<ReturnType<typeof speakersSite>>;
let w: SendersWorld;
let b: Browser;

beforeAll(async () => {
  site = await speakersSite(people);
  w = await makeSendersWorld({ GREENROOM_ALLOW_HOSTS: site.host });
  b = await openBrowser();
  await signInWithOutbox(b.page, w.base, w.instance.db, w.user.email);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await w?.close();
  await site?.close();
});

/** Waits until the review has swapped in its answer and handed the keyboard back to the speaker's heading. */
async function settled(page: Page, otherThan?: string | null): Promise<void> {
  await page.waitForFunction(
    (name) =>
      (name === undefined || document.querySelector('#speaker-h')?.textContent !== name) &&
      document.activeElement?.id === 'speaker-h' &&
      !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added'),
    otherThan,
  );
}

/** Presses a key and waits until the review shows another speaker. */
async function pressForNext(page: Page, key: string): Promise<void> {
  const before = await page.locator('#speaker-h').textContent();
  await page.keyboard.press(key);
  await settled(page, before);
}

it('creates a campaign from the web, follows its run, reviews twenty speakers by keyboard alone and pushes', async () => {
  const { page } = b;
  await page.goto(`${w.base}/campaigns`);
  await tabTo(page, 'a[href="/campaigns/new"]');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/campaigns\/new$/);
  await expectAccessible(page);
  await tabTo(page, '#name');
  await page.keyboard.type('DevConf 2026');
  await tabTo(page, '#urls');
  await page.keyboard.type(site.url('/speakers'));
  await page.keyboard.press('Enter');
  await page.keyboard.type(site.url('/gone'));
  await screenshot(page, 'campaign-new');
  await tabTo(page, 'form[action="/campaigns/new"] button[type=submit]');
  await page.keyboard.press('Enter');

  // The cost, read from the pages, before anything is charged.
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/start$/);
  const campaignId = /campaigns\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  expect(await page.locator('main').textContent()).toMatch(/the run would charge \d+ credits/);
  await expectAccessible(page);
  await screenshot(page, 'campaign-start');
  await tabTo(page, 'form[action$="/runs"] button');
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/campaigns/${campaignId}#run-h$`));

  // The run, live from the event stream: stages, counts, and the page that failed with its reason.
  await page.waitForTimeout(300);
  await w.scheduler.drain();
  await page.waitForFunction(() => document.getElementById('run-status')?.textContent === 'The run is complete.', undefined, { timeout: 30_000 });
  expect(await page.locator(`li[data-url="${site.url('/gone')}"]`).textContent()).toMatch(/failed.*\(.+\)/);
  expect(Number(await page.locator('#count-drafts').textContent())).toBeGreaterThanOrEqual(20);
  expect(await page.locator('#run-review').isVisible()).toBe(true);
  // The rest of the page followed: the funnel and the review counts are the finished run's.
  await page.waitForFunction(() => Number(document.querySelector('figure.funnel li:nth-child(4) .n')?.textContent) >= 20);
  await expectAccessible(page);
  await screenshot(page, 'campaign-run');

  // The review: twenty speakers of the ready view by keys alone, counting what the browser loads.
  await tabTo(page, `a[href="/campaigns/${campaignId}/review?view=ready"]`, 60);
  const loads: string[] = [];
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') loads.push(r.url());
    else if (r.resourceType() === 'xhr' || r.resourceType() === 'fetch') requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.keyboard.press('Enter');
  await page.waitForSelector('#speaker-h');
  const ready = Number(await page.locator('nav.filters a[aria-current=page] .count').textContent());
  expect(ready).toBeGreaterThanOrEqual(20);
  await expectAccessible(page);
  // Beside the messages: the facts with the page text each came from, the LinkedIn profile, and why they fit in words.
  expect(await page.locator('aside.dossier blockquote.evidence').count()).toBeGreaterThan(0);
  expect(await page.locator('aside.dossier a[href^="https://www.linkedin.com/in/"]').count()).toBe(1);
  expect(await page.locator('aside.dossier').textContent()).toMatch(/Why they fit.*among the job titles you target.*Fits \d+ of 100/s);
  await screenshot(page, 'review');

  // One: edited in place; saving checks it again and shows its score.
  await page.keyboard.press('e');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Either way, enjoy the conference.');
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.waitForSelector('text=Saved 1 message');
  expect(await page.locator('#review .slot').first().textContent()).toMatch(/Scores \d+\/10/);
  await expectAccessible(page);
  await screenshot(page, 'review-saved');
  await pressForNext(page, 'j');

  // One: rewritten by an instruction.
  await page.keyboard.press('r');
  await page.keyboard.type('Shorter, and mention their talk by its title.');
  await page.keyboard.press('Enter');
  await page.waitForSelector('text=/Rewrote \\d+ messages?/');
  await settled(page);
  await expectAccessible(page);
  await pressForNext(page, 'j');

  // Eighteen: approved, one key each, the review moving on by itself.
  for (let i = 0; i < 18; i++) await pressForNext(page, 'a');
  // docs/web.md states these: one page load, then one request per action: a save, a rewrite, eighteen approvals (each moves on) and two moves to the next speaker.
  expect(requests.filter((r) => r.startsWith('POST')).length).toBe(20);
  expect(requests.filter((r) => r.startsWith('GET')).length).toBe(2);
  expect(loads.length).toBe(1);
  expect(requests.length).toBe(22);
  const approved = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel.approved;
  expect(approved).toBe(18);
  expectNoCspRefusals(b);

  // The push: the approved and ready counts, the dry run, an explicit yes. The sending tool is connected in settings beforehand.
  await connect(w, 'heyreach');
  await tabTo(page, `a[href="/campaigns/${campaignId}"]`, 20, true);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/campaigns/${campaignId}$`));
  await tabTo(page, '#wire-campaign', 80);
  await page.keyboard.type(String(HEYREACH_CAMPAIGN));
  await page.keyboard.press('Enter');
  await page.waitForSelector('form[action$="/push"] button');
  expect(await page.locator('section[aria-labelledby=push-h]').textContent()).toMatch(
    new RegExp(`${approved} approved by you · \\d+ ready \\(QA-cleared, not approved yet\\)`),
  );
  await screenshot(page, 'campaign');
  await tabTo(page, 'form[action$="/push"] button', 80);
  await page.keyboard.press('Enter');
  await page.waitForSelector('h1:text("Push to the sending tool?")');
  expect(await page.locator('main').textContent()).toMatch(new RegExp(`${approved} you approved, \\d+ only cleared by the check \\(not approved by you\\)`));
  expect(await page.locator('main').textContent()).toContain(`Push only the ${approved} you approved`);
  await expectAccessible(page);
  await screenshot(page, 'push-confirm');
  await tabTo(page, 'form[action$="/push"] button');
  const count = Number(/(\d+)/.exec((await page.evaluate(() => document.activeElement?.textContent)) ?? '')?.[1]);
  await page.keyboard.press('Enter');
  await page.waitForSelector('h1:text("Pushed")');
  expect(await page.locator('main').textContent()).toContain(`${count} sequences pushed to HeyReach, not sent until you start its campaign.`);
  expect(w.heyreach.campaigns[0]!.leads.size).toBe(count);
  await expectAccessible(page);
  expectNoCspRefusals(b);
}, 180_000);
