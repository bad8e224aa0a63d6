import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { recordLedger } from '../../src/core/credits.js';
import { fittingPeople, speakersSite } from './fitting-people.js';
import { makeSendersWorld, type SendersWorld } from '../senders/support.js';
import { autoStartCampaign } from '../support/drafts.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, signInWithOutbox, type Browser } from './browser.js';

/**
 * A hundred drafted speakers reviewed by keys alone: every key of the review does what the page
 * lists, and approving the ready sequences is one approve_sequence call each, one request
 * per speaker and no page load. The time it takes is printed, never asserted.
 */
const people = fittingPeople(100);

let site: Awaited<ReturnType<typeof speakersSite>>;
let w: SendersWorld;
let b: Browser;
let campaignId: string;

beforeAll(async () => {
  site = await speakersSite(people);
  w = await makeSendersWorld({ GREENROOM_ALLOW_HOSTS: site.host });
  await recordLedger(w.instance.db, w.instance, { userId: w.user.userId, delta: 5000, kind: 'grant', reference: 'test:hundred', description: 'test' });
  campaignId = await autoStartCampaign(w, 'DevConf 2026', site.url('/speakers'));
  await w.scheduler.drain();
  b = await openBrowser();
  await signInWithOutbox(b.page, w.base, w.instance.db, w.user.email);
}, 240_000);
afterAll(async () => {
  await b?.close();
  await w?.close();
  await site?.close();
});

const heading = (page: Page) => page.locator('#speaker-h').textContent();

/** Presses a key and waits until the review has swapped in its answer and handed the keyboard back to the speaker's heading. */
async function press(page: Page, key: string, moves = true): Promise<string | null> {
  const before = await heading(page);
  await page.keyboard.press(key);
  await page.waitForFunction(
    ([name, moves]) =>
      (!moves || document.querySelector('#speaker-h')?.textContent !== name) &&
      document.activeElement?.id === 'speaker-h' &&
      !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added'),
    [before, moves] as const,
  );
  return heading(page);
}

it('walks and skips by the listed keys, then approves every ready sequence of a hundred speakers, one key and one request each', async () => {
  const { page } = b;
  const drafted = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel.drafted as number;
  expect(drafted).toBe(100);
  // The second speaker is approved already, so skipping passes over it.
  const messages = (await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 200 })).data.messages as Array<{ speaker_id: string; speaker_name: string }>;
  const order = [...new Map(messages.map((m) => [m.speaker_id, m])).values()];
  expect((await w.tool('approve_sequence', { speaker_id: order[1]!.speaker_id })).ok).toBe(true);
  await page.goto(`${w.base}/campaigns/${campaignId}/review?view=all`);
  await page.waitForFunction(() => document.activeElement?.id === 'speaker-h');
  // Every key the review answers is listed on the page.
  expect(await page.locator('aside.keys dt kbd').allTextContents()).toEqual(['j', 'k', 'a', 'e', 's', 'r']);
  const [first, second, third] = order.map((s) => s.speaker_name);
  expect(await heading(page)).toBe(first);
  expect(await press(page, 'j')).toBe(second);
  expect(await press(page, 'k')).toBe(first);
  expect(await press(page, 's')).toBe(third);
  expect(await press(page, 'k')).toBe(second);

  const loads: string[] = [];
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') loads.push(r.url());
    else if (r.resourceType() === 'xhr' || r.resourceType() === 'fetch') requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(`${w.base}/campaigns/${campaignId}/review?view=ready`);
  await page.waitForFunction(() => document.activeElement?.id === 'speaker-h');
  const ready = Number(await page.locator('nav.filters a[aria-current=page] .count').textContent());
  // What the QA gate clears of a hundred people of six titles: the rest share too much wording to pass unread.
  expect(ready).toBeGreaterThanOrEqual(15);

  // Every ready sequence, one key each: the review moves on by itself.
  const posts = requests.length;
  const started = performance.now();
  for (let i = 0; i < ready - 1; i++) await press(page, 'a');
  await press(page, 'a', false);
  const seconds = (performance.now() - started) / 1000;
  await page.waitForSelector(`text=Approved the sequence to ${await heading(page)}`);

  expect(loads).toHaveLength(1);
  expect(requests.slice(posts)).toEqual(Array.from({ length: ready }, () => `POST /campaigns/${campaignId}/review/approve`));
  const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
  expect(stats.approved).toBe(ready + 1);
  // Each key press was one approve_sequence: a person's approval of all three slots, audited as such.
  const audits = await w.instance.db.selectFrom('audit_log').select('meta').where('action', '=', 'message.approved').execute();
  expect(audits.filter((a) => (JSON.parse(a.meta) as { via: string }).via === 'approve_sequence')).toHaveLength(3 * (ready + 1));
  expect(Number(await page.locator('nav.filters a[href$="view=ready"] .count').textContent())).toBe(0);
  await expectAccessible(page);
  expectNoCspRefusals(b);
  console.log(
    `review of ${ready} ready sequences by keys: ${seconds.toFixed(1)} s, ${(seconds / ready).toFixed(2)} s a speaker, ${ready} requests, 1 page load`,
  );
}, 600_000);
