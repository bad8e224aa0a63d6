import { afterAll, beforeAll, expect, it } from 'vitest';
import { draftedCampaign, makeSendersWorld, type SendersWorld } from '../senders/support.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';

// Five writes a minute for the session: approving a sequence is one write.
let w: SendersWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makeSendersWorld({ GREENROOM_RATE_WRITE: '5' });
  campaignId = await draftedCampaign(w, 'DevConf', true);
}, 60_000);
afterAll(() => w?.close());

it('stops approving every ready sequence at the write limit, and says how many are left and to wait', async () => {
  const web = await signedIn(w as unknown as Doors, w.user.email);
  const review = `/campaigns/${campaignId}/review?view=ready`;
  const ready = Number(/aria-current="page">Ready <span class="count">(\d+)</.exec(await (await web.get(review)).text())?.[1]);
  expect(ready).toBeGreaterThan(5);
  const csrf = await web.csrf(review);
  const confirm = await (await web.post(`/campaigns/${campaignId}/review/approve-ready`, { csrf, view: 'ready' })).text();
  expect(confirm).toContain(`Yes, approve ${ready} ready sequences`);

  const done = await web.post(`/campaigns/${campaignId}/review/approve-ready`, { csrf, view: 'ready', confirm: 'yes' });
  expect(done.status).toBe(303);
  const text = await (await web.get(done.headers.get('location')!)).text();
  expect(text).toContain(`Approved 5 ready sequences. ${ready - 5} are left: the limit of actions a minute was reached. Wait a minute, then approve the rest.`);
  expect((await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel.approved).toBe(5);
});
