import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, draftedCampaign, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';

/** Why a sequence would not go, on the push's dry run, is said in the reviewer's words for every reason. */
let w: SendersWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makeSendersWorld();
  campaignId = await draftedCampaign(w, 'DevConf');
  await wire(w, campaignId, await connect(w, 'webhook'), 'default');
  expect((await w.tool('update_campaign', { campaign_id: campaignId, push_requires_approval: true })).ok).toBe(true);
}, 60_000);
afterAll(() => w?.close());

it('says that a campaign pushing only approved sequences waits for the reviewer, without naming API calls or settings', async () => {
  const web = await signedIn(w as unknown as Doors, w.user.email);
  const csrf = await web.csrf(`/campaigns/${campaignId}`);
  const html = await (await web.post(`/campaigns/${campaignId}/push`, { csrf })).text();
  const notGoing = html.slice(html.indexOf('<h2>Not going</h2>'));
  const list = notGoing.slice(0, notGoing.indexOf('</ul>'));
  expect(list).toMatch(/<li>\d+: checked and clean, but this campaign pushes only what you approved: approve it in the review<\/li>/);
  expect(list).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
});
