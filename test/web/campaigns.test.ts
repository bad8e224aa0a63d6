import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoStartCampaign, PLANTED } from '../support/drafts.js';
import { HEYREACH_CAMPAIGN, HEYREACH_KEY, makeSendersWorld, type SendersWorld } from '../senders/support.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, screenshot, screenshotOf, signInWithOutbox, tabTo, type Browser } from './browser.js';

let w: SendersWorld;
let b: Browser;
let campaignId: string;

beforeAll(async () => {
  w = await makeSendersWorld();
  b = await openBrowser();
  campaignId = await autoStartCampaign(w, 'DevConf 2026', w.urls.sessionize);
  await signInWithOutbox(b.page, w.base, w.instance.db, w.user.email);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await w?.close();
});

type Draft = { message_id: string; speaker_id: string; speaker_name: string; slot: number; approvable: boolean; sent: boolean };
const drafts = async (): Promise<Draft[]> => (await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 200 })).data.messages;

describe('campaign pages in the browser', () => {
  it('lists campaigns with their funnel and follows a run live from the event stream', async () => {
    const { page } = b;
    await page.goto(`${w.base}/campaigns`);
    await expectAccessible(page);
    await screenshot(page, 'campaigns');
    await tabTo(page, `a[href="/campaigns/${campaignId}"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/campaigns/${campaignId}$`));
    expect(await page.locator('#run-status').textContent()).toMatch(/queued/);
    await expectAccessible(page);
    // Every text the status line shows while the scheduler (in this process) drives the run.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      const node = document.getElementById('run-status')!;
      new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, { childList: true, characterData: true, subtree: true });
    });
    await page.waitForTimeout(300); // the stream's snapshot has arrived, so nothing below is missed
    await w.scheduler.drain();
    await page.waitForFunction(() => document.getElementById('run-status')?.textContent === 'The run is complete.', undefined, { timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.some((t) => /^Run running: (scrape|prequalify|enrich|qualify|research|draft) \d+ of \d+\.$/.test(t))).toBe(true);
    expect(await page.locator('#run-progress').evaluate((el: HTMLProgressElement) => el.value === el.max)).toBe(true);
    await page.getByRole('link', { name: 'Reload to see the new drafts' }).click();
    await page.waitForSelector('table.review');
    expect(await page.locator('dl.funnel').textContent()).toMatch(/Drafted\s*\d+/);
    expectNoCspRefusals(b);
  });

  it('edits a draft in place, rescores it to its hard fails and fix hints, rewrites by instruction and approves', async () => {
    const { page } = b;
    const target = (await drafts())[0]!;
    const speaker = `#speaker-${target.speaker_id}`;
    await page.goto(`${w.base}/campaigns/${campaignId}`);
    await page.locator(`#msg-${target.message_id}`).fill(PLANTED);
    await page.locator(`#msg-${target.message_id}`).focus();
    await tabTo(page, `#m-${target.message_id} button`, 3);
    await page.keyboard.press('Enter');
    await page.waitForSelector('text=Saved. The QA score is cleared');
    expect(await page.locator(`#m-${target.message_id}`).textContent()).toContain('not scored');

    await page.locator(speaker).getByRole('button', { name: `Rescore the drafts for ${target.speaker_name}` }).click();
    await page.waitForSelector('text=Rescored:');
    const row = page.locator(`#m-${target.message_id}`);
    expect(await row.textContent()).toMatch(/unresolved_placeholder/);
    expect(await row.locator('ul.hints').textContent()).toMatch(/rewrite/);
    await screenshotOf(page.locator(speaker), 'draft-review');
    await page.goto(`${w.base}/campaigns/${campaignId}?only_failing=true#review-h`);
    expect(await page.locator('table.review tbody').count()).toBe(1);
    await expectAccessible(page);

    await page.locator(speaker).getByLabel(`Rewrite instruction for ${target.speaker_name}`).fill('Remove the placeholder and the link; keep it short.');
    await page.locator(speaker).getByRole('button', { name: `Rewrite the drafts for ${target.speaker_name}` }).click();
    const done = await page.getByRole('status').filter({ hasText: 'Rewritten:' }).textContent();
    const [rewritten, unchanged, skipped] = [...(done ?? '').matchAll(/: (\d+)/g)].map((m) => Number(m[1]));
    expect(rewritten! + unchanged! + skipped!).toBe(3);
    // A rewrite that still fails the hard-fail gate is skipped and the old text kept.
    const now = (await w.tool('get_draft_qa', { speaker_id: target.speaker_id })).data.messages.find((d: Draft) => d.message_id === target.message_id);
    expect(now.content === PLANTED).toBe(skipped! > 0 && now.hard_fail_codes.length > 0);

    const other = (await drafts()).find((d) => d.speaker_id !== target.speaker_id && d.approvable)!;
    await page.goto(`${w.base}/campaigns/${campaignId}`);
    await page.locator(`#m-${other.message_id}`).getByRole('button', { name: /^Approve/ }).click();
    await page.waitForSelector('text=Approved.');
    expect(await page.locator(`#m-${other.message_id} .badge.ok`, { hasText: 'approved' }).count()).toBe(1);
    expectNoCspRefusals(b);
  });

  it('shows a refusal from the tool with its status, and refuses a form without its CSRF token', async () => {
    const { page } = b;
    const sent = (await drafts())[3]!;
    await w.tool('update_message', { message_id: sent.message_id, content: PLANTED });
    await page.goto(`${w.base}/campaigns/${campaignId}`);
    const reply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/approve'));
    await page.locator(`#m-${sent.message_id}`).getByRole('button', { name: /^Approve/ }).click();
    expect((await reply).status()).toBe(422);
    expect(await page.getByRole('alert').textContent()).toMatch(/rescore|score/i);
    const forged = await page.evaluate(async (url) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'csrf=forged' })).status, `/campaigns/${campaignId}/rescores`);
    expect(forged).toBe(403);
  });

  it('connects a sending tool in settings, then pushes approved sequences after a dry run and an explicit yes', async () => {
    const { page } = b;
    await page.goto(`${w.base}/settings/sending`);
    await expectAccessible(page);
    await page.getByLabel('Tool').selectOption('heyreach');
    await page.getByLabel('Name').fill('Main HeyReach');
    await page.getByLabel('API key, or the signing secret for a webhook').fill('hr_wrong_key_000000');
    await page.getByRole('button', { name: 'Connect' }).click();
    expect(await page.getByRole('alert').textContent()).toBeTruthy();
    await page.getByLabel('API key, or the signing secret for a webhook').fill(HEYREACH_KEY);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForSelector('text=Connected.');
    await expectAccessible(page);
    await screenshot(page, 'settings-sending');
    expect(await page.content()).not.toContain(HEYREACH_KEY);
    const connection = (await w.tool('list_sending_connections', {})).data.items[0];
    await w.tool('update_campaign', { campaign_id: campaignId, sending_connection_id: connection.connection_id, sending_campaign_id: String(HEYREACH_CAMPAIGN) });

    await page.goto(`${w.base}/campaigns/${campaignId}#push-h`);
    await page.getByRole('button', { name: 'Review the push' }).click();
    await page.waitForSelector('h1:text("Push approved sequences?")');
    await expectAccessible(page);
    await screenshot(page, 'push-confirm');
    const leads = () => w.heyreach.campaigns[0]!.leads.size;
    expect(leads()).toBe(0);
    const yes = page.getByRole('button', { name: /^Yes, push \d+ sequences?$/ });
    const count = Number(/(\d+)/.exec((await yes.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await yes.click();
    await page.waitForSelector('h1:text("Push report")');
    expect(await page.locator('main').textContent()).toContain(`Pushed ${count}`);
    expect(leads()).toBe(count);
    expectNoCspRefusals(b);
  });

  it('edits the profile new campaigns are seeded from, by keyboard', async () => {
    const { page } = b;
    const exemplarsBefore = (await w.tool('get_profile', {})).data.exemplars.length;
    await page.goto(`${w.base}/settings/profile`);
    await expectAccessible(page);
    await tabTo(page, '#p-your_role', 40);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Head of Partnerships');
    await page.locator('#icp-titles').fill('CTO\nVP Engineering\n\nPlatform Lead');
    await page.locator('textarea[name=exemplar]').last().fill('Hi Sam, loved your talk on queues. Coffee next week?');
    await page.locator('#p-tone').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('text=Profile saved.');
    await expectAccessible(page);
    await screenshot(page, 'settings-profile');
    const profile = (await w.tool('get_profile', {})).data;
    expect(profile.your_role).toBe('Head of Partnerships');
    // The pushed messages joined the exemplars before; the new one comes last.
    expect(profile.exemplars.at(-1)).toBe('Hi Sam, loved your talk on queues. Coffee next week?');
    expect(profile.exemplars.length).toBe(exemplarsBefore + 1);
    expect(profile.icp.titles).toEqual(['CTO', 'VP Engineering', 'Platform Lead']);

    await page.locator('#icp-titles').fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Save profile' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/icp\.titles/);
    expect(await page.locator('#icp-titles').inputValue()).toBe('x'.repeat(201));
    expect((await w.tool('get_profile', {})).data.icp.titles).toEqual(['CTO', 'VP Engineering', 'Platform Lead']);
    expectNoCspRefusals(b);
  });
});
