import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordLedger } from '../../src/core/credits.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, screenshotOf, signInWithOutbox, tabTo } from './browser.js';

/** A run paused for credits has a state of its own on the campaign page: paused, why, where it stands, and the way to resume. */
let w: PipelineWorld;
let campaignId: string;

const setBalance = async (target: number) => {
  const balance = (await w.tool('get_credit_balance')).data.balance as number;
  if (balance !== target)
    await recordLedger(w.instance.db, w.instance, {
      userId: w.user.userId,
      delta: target - balance,
      kind: target > balance ? 'grant' : 'adjustment',
      reference: `test:${w.instance.ids.uuid()}`,
      description: 'test',
    });
};

beforeAll(async () => {
  w = await makePipelineWorld();
  campaignId = (await w.tool('create_campaign', { name: 'Shoestring', conference_url: w.urls.sessionize })).data.campaign_id as string;
  await setBalance(5);
  expect((await w.tool('start_campaign_run', { campaign_id: campaignId })).ok).toBe(true);
  await w.scheduler.drain();
  expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run).toMatchObject({ status: 'paused' });
}, 60_000);
afterAll(() => w?.close());

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

it('says the run is paused, why, what is drafted and waiting, and offers to resume, in words without API names', async () => {
  const web = await signedIn(w as unknown as Doors, w.user.email);
  const { pause } = (await w.tool('get_run_status', { campaign_id: campaignId })).data.run;
  const html = await (await web.get(`/campaigns/${campaignId}`)).text();
  const words = text(html);
  expect(words).toMatch(/The run is paused at [a-z ]+: the credits ran out\./);
  expect(words).toContain(`Paused: the credits ran out. ${pause.drafted} speaker`);
  expect(words).toMatch(
    new RegExp(`${pause.waiting} waits? for credits, best fit first; the balance is ${pause.balance} credits?\\. Add credits, then resume`),
  );
  expect(html).toContain(`<a class="button" href="/campaigns/${campaignId}/start">Resume the run: see the cost first</a>`);
  // The stage it stopped at stays marked; nothing offers a fresh run beside the resume.
  expect(html).toMatch(/<li data-stage="[a-z]+" aria-current="step" class="paused">[^<]+ \(paused\)<\/li>/);
  expect(words).not.toContain('Run again');
  expect(words).not.toMatch(/start_campaign_run|credits grant/);

  const start = text(await (await web.get(`/campaigns/${campaignId}/start`)).text());
  expect(start).toContain('The run is paused: the credits ran out.');
  expect(start).toMatch(/Resuming, the rest of the run would charge \d+ credits ?; your balance is 0\./);
  expect(start).toContain('Resume the run');

  // Still short: the refusal says so in words, and the run stays paused.
  const csrf = await web.csrf(`/campaigns/${campaignId}/start`);
  await setBalance(0);
  const refused = await web.post(`/campaigns/${campaignId}/runs`, { csrf });
  expect(refused.status).toBe(422);
  expect(text(await refused.text())).toContain('The run is still paused: the balance does not cover what it pays for next. Add credits, then resume.');

  await setBalance(500);
  const resumed = await web.post(`/campaigns/${campaignId}/runs`, { csrf });
  expect(resumed.status).toBe(303);
  await w.scheduler.drain();
  const after = text(await (await web.get(`/campaigns/${campaignId}`)).text());
  expect(after).toContain('The run is complete.');
  expect(after).not.toContain('Paused');
});

it('turns the open campaign page into the paused state when the run pauses, and resumes from it by keyboard', async () => {
  const b = await openBrowser();
  try {
    const { page } = b;
    await signInWithOutbox(page, w.base, w.instance.db, w.user.email);
    const id = (await w.tool('create_campaign', { name: 'Shoestring again', conference_url: w.urls.cards })).data.campaign_id as string;
    await page.goto(`${w.base}/campaigns/${id}`);
    await setBalance(5);
    expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
    await w.scheduler.drain();
    await page.waitForSelector('#run-paused', { timeout: 30_000 });
    expect(await page.locator('#run-status').textContent()).toMatch(/The run is paused at [a-z ]+: the credits ran out\./);
    expect(await page.locator('#run-paused').textContent()).toMatch(/Paused: the credits ran out\. \d+ speakers? (is|are) drafted/);
    await expectAccessible(page);
    await screenshotOf(page.locator('section[aria-labelledby="run-h"]'), 'campaign-paused');
    await tabTo(page, `#run-paused a[href="/campaigns/${id}/start"]`, 40);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/campaigns/${id}/start$`));
    expect(await page.locator('form[action$="/runs"] button').textContent()).toBe('Resume the run');
    await expectAccessible(page);
    expectNoCspRefusals(b);
  } finally {
    await b.close();
  }
}, 120_000);

it('brings the page up to date when its event stream opens only after the run paused', async () => {
  const b = await openBrowser();
  try {
    const { page } = b;
    await signInWithOutbox(page, w.base, w.instance.db, w.user.email);
    const id = (await w.tool('create_campaign', { name: 'Shoestring, late stream', conference_url: w.urls.cards })).data.campaign_id as string;
    // The stream's request is held until the run has paused, as on a slow connection.
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/campaigns/${id}/events`, async (route) => {
      await paused;
      await route.continue();
    });
    await page.goto(`${w.base}/campaigns/${id}`);
    await setBalance(5);
    expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toMatchObject({ status: 'paused' });
    release();
    await page.waitForSelector('#run-paused', { timeout: 30_000 });
    expect(await page.locator('#run-status').textContent()).toMatch(/The run is paused at [a-z ]+: the credits ran out\./);
  } finally {
    await b.close();
  }
}, 120_000);
