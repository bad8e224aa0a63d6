import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, draftedCampaign, makeSendersWorld, readySpeakers, wire, type SendersWorld } from '../senders/support.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, signInWithOutbox, type Browser } from './browser.js';

/**
 * The review as a reviewer sees it in the browser: the messages beside the facts, each text
 * box as tall as its text, a clean slot that is not approved said to be so, and the pushed
 * and excluded views holding what was pushed and left out.
 */
let w: SendersWorld;
let b: Browser;
let campaignId: string;

beforeAll(async () => {
  w = await makeSendersWorld();
  campaignId = await draftedCampaign(w, 'DevConf');
  b = await openBrowser();
  await signInWithOutbox(b.page, w.base, w.instance.db, w.user.email);
}, 90_000);
afterAll(async () => {
  await b?.close();
  await w?.close();
});

it('shows the three messages whole, beside the facts, and a clean unapproved one as not approved yet', async () => {
  const { page } = b;
  const [speaker] = await readySpeakers(w, campaignId);
  await page.goto(`${w.base}/campaigns/${campaignId}/review?view=ready&speaker=${speaker}`);
  await page.waitForFunction(() => document.activeElement?.id === 'speaker-h');
  const boxes = page.locator('form.slots textarea');
  expect(await boxes.count()).toBe(3);
  // Every line of every message is in view without scrolling inside its box.
  for (const box of await boxes.all()) {
    const { scroll, client } = await box.evaluate((t) => ({ scroll: t.scrollHeight, client: t.clientHeight }));
    expect(scroll).toBeLessThanOrEqual(client + 2);
  }
  // The facts stand beside the messages, not below them.
  const slots = (await page.locator('form.slots').boundingBox())!;
  const facts = (await page.locator('aside.dossier').boundingBox())!;
  expect(facts.x).toBeGreaterThanOrEqual(slots.x + slots.width - 1);
  expect(facts.y).toBeLessThan(slots.y + slots.height);
  const qa = await page.locator('form.slots [id^="qa-"]').allTextContents();
  for (const text of qa) {
    expect(text).toMatch(/QA-cleared: nothing to fix\./);
    expect(text).not.toMatch(/approved/i);
  }
  expect(await page.locator('.state').textContent()).toBe('Ready: the QA gate cleared all three messages. Not approved by you yet.');
  await expectAccessible(page);
});

it('lists a pushed sequence under “Pushed” and an excluded speaker under “Excluded”', async () => {
  const { page } = b;
  const [, pushed, excluded] = await readySpeakers(w, campaignId);
  await wire(w, campaignId, await connect(w, 'webhook'), 'default');
  expect((await w.tool('push_approved', { campaign_id: campaignId, speaker_ids: [pushed] })).data.pushed).toBe(1);
  expect((await w.tool('set_speaker_selected', { speaker_id: excluded, selected: false })).ok).toBe(true);
  const name = async (id: string) => (await w.tool('get_speaker_dossier', { speaker_id: id })).data.name as string;

  for (const [view, id, state] of [
    ['pushed', pushed, 'Pushed to the sending tool.'],
    ['excluded', excluded, 'Excluded from this campaign.'],
  ] as const) {
    await page.goto(`${w.base}/campaigns/${campaignId}/review?view=${view}`);
    await page.waitForFunction(() => document.activeElement?.id === 'speaker-h');
    expect(await page.locator('nav.filters a[aria-current=page] .count').textContent()).toBe('1');
    expect(await page.locator('#speaker-h').textContent()).toBe(await name(id!));
    expect(await page.locator('.state').textContent()).toBe(state);
    await expectAccessible(page);
  }
  // A pushed sequence is out of the reviewer's hands: no text box, no approve.
  await page.goto(`${w.base}/campaigns/${campaignId}/review?view=pushed`);
  expect(await page.locator('form.slots textarea').count()).toBe(0);
  expect(await page.locator('[data-key="a"]').count()).toBe(0);
  expectNoCspRefusals(b);
});
