import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoStartCampaign, PLANTED } from '../support/drafts.js';
import { HEYREACH_CAMPAIGN, HEYREACH_KEY, makeSendersWorld, type SendersWorld } from '../senders/support.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, screenshot, signInWithOutbox, tabTo, type Browser } from './browser.js';

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
  it('lists campaigns with their funnel as bars, the same counts as the campaign funnel', async () => {
    const { page } = b;
    await w.scheduler.drain();
    await page.goto(`${w.base}/campaigns`);
    await expectAccessible(page);
    await screenshot(page, 'campaigns');
    const funnel = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
    const bars = page.locator(`#f-${campaignId}-cap`).locator('..');
    for (const [i, n] of [funnel.scraped, funnel.qualified, funnel.drafted, funnel.approved, funnel.sent, funnel.replied].entries()) {
      expect(Number(await bars.locator(`meter[aria-labelledby="f-${campaignId}-${i}"]`).getAttribute('value'))).toBe(n);
    }
    await tabTo(page, `a[href="/campaigns/${campaignId}"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/campaigns/${campaignId}$`));
    expect(await page.locator('#run-status').textContent()).toBe('The run is complete.');
    await expectAccessible(page);
    expectNoCspRefusals(b);
  });

  it('refuses to approve a sequence with a hard fail, in words and with the status, in place', async () => {
    const { page } = b;
    const target = (await drafts())[3]!;
    await w.tool('update_message', { message_id: target.message_id, content: PLANTED });
    await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [target.message_id] });
    await page.goto(`${w.base}/campaigns/${campaignId}/review?view=needs_work&speaker=${target.speaker_id}`);
    expect(await page.locator(`#qa-${target.message_id}`).textContent()).toMatch(/Needs work.*placeholder/s);
    expect(await page.locator('#review').textContent()).not.toMatch(/unresolved_placeholder|rescore_drafts|request_rewrite/);
    const reply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/review/approve'));
    await page.keyboard.press('a');
    expect((await reply).status()).toBe(422);
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
    expect(await page.getByRole('alert').textContent()).toMatch(/cannot be approved yet/);
    expect(new URL(page.url()).pathname).toBe(`/campaigns/${campaignId}/review`);
    await expectAccessible(page);
  });

  it('works as plain forms: an approval posts, redirects and names who was approved', async () => {
    const { page } = b;
    const all = await drafts();
    const clean = [...new Set(all.map((d) => d.speaker_id))].find((id) => all.filter((d) => d.speaker_id === id).every((d) => d.approvable))!;
    const ready = all.find((d) => d.speaker_id === clean)!;
    await page.goto(`${w.base}/campaigns/${campaignId}/review?view=all&speaker=${ready.speaker_id}`);
    const csrf = await page.locator('input[name=csrf]').first().inputValue();
    const res = await page.evaluate(
      async ([url, body]) => {
        const r = await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
        return { redirected: r.redirected, url: r.url, text: await r.text() };
      },
      [`/campaigns/${campaignId}/review/approve`, new URLSearchParams({ csrf, speaker_id: ready.speaker_id, view: 'all' }).toString()],
    );
    expect(res.redirected).toBe(true);
    expect(res.url).toContain('done=approved');
    expect(res.text).toContain(`Approved the sequence to ${ready.speaker_name}.`);
    const forged = await page.evaluate(
      async (url) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'csrf=forged' })).status,
      `/campaigns/${campaignId}/review/approve`,
    );
    expect(forged).toBe(403);
  });

  it('approves every ready sequence of a view after a confirmation that states the count', async () => {
    const { page } = b;
    await page.goto(`${w.base}/campaigns/${campaignId}/review?view=ready`);
    const count = Number(await page.locator('nav.filters a[aria-current=page] .count').textContent());
    expect(count).toBeGreaterThan(0);
    await tabTo(page, 'form[action$="/approve-ready"] button', 40);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`h1:text("Approve ${count} ready ${count === 1 ? 'sequence' : 'sequences'}?")`);
    await expectAccessible(page);
    await tabTo(page, 'form[action$="/approve-ready"] button');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`text=Approved ${count} ready`);
    expect(await page.locator('nav.filters a[aria-current=page] .count').textContent()).toBe('0');
    expect(await page.locator('#speaker-h').textContent()).toBe('Nobody in “Ready”');
    await expectAccessible(page);
    expectNoCspRefusals(b);
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
    await w.tool('update_campaign', {
      campaign_id: campaignId,
      sending_connection_id: connection.connection_id,
      sending_campaign_id: String(HEYREACH_CAMPAIGN),
    });

    await page.goto(`${w.base}/campaigns/${campaignId}#push-h`);
    await page.getByRole('button', { name: 'Dry run the push' }).click();
    await page.waitForSelector('h1:text("Push to the sending tool?")');
    await expectAccessible(page);
    const leads = () => w.heyreach.campaigns[0]!.leads.size;
    expect(leads()).toBe(0);
    const yes = page.getByRole('button', { name: /^Yes, push \d+ sequences? to HeyReach$/ });
    const count = Number(/(\d+)/.exec((await yes.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await yes.click();
    await page.waitForSelector('h1:text("Pushed")');
    expect(await page.locator('main').textContent()).toContain(
      `${count} ${count === 1 ? 'sequence' : 'sequences'} pushed to HeyReach, not sent until you start its campaign.`,
    );
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
