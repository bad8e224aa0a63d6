import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, draftedCampaign, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';

/** Why a sequence would not go, on the push's dry run, is said in the reviewer's words for every reason. */
let w: SendersWorld;
let campaignId: string;
let connection: string;

beforeAll(async () => {
  w = await makeSendersWorld();
  campaignId = await draftedCampaign(w, 'DevConf');
  connection = await connect(w, 'webhook');
  await wire(w, campaignId, connection, 'default');
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

it('states how many of the sequences that would go you approved, and offers to push only those', async () => {
  const id = await draftedCampaign(w, 'Second');
  await wire(w, id, connection, 'default');
  const ready = [
    ...new Set(
      ((await w.tool('list_messages', { campaign_id: id, limit: 200 })).data.items as Array<{ speaker_id: string; approvable: boolean }>)
        .filter((m) => m.approvable)
        .map((m) => m.speaker_id),
    ),
  ];
  let approved = 0;
  for (const speaker of ready.slice(0, 3)) if ((await w.tool('approve_sequence', { speaker_id: speaker })).ok) approved++;
  expect(approved).toBeGreaterThan(0);

  const web = await signedIn(w as unknown as Doors, w.user.email);
  const csrf = await web.csrf(`/campaigns/${id}`);
  const html = (await (await web.post(`/campaigns/${id}/push`, { csrf })).text()).replace(/\s+/g, ' ');
  const going = Number(/Dry run: (\d+) sequences would go/.exec(html)?.[1]);
  // Approved and push-eligible: a sequence approved without a LinkedIn profile does not go.
  const [, mine, others] = (/ (\d+) you approved, (\d+) only cleared by the check \(not approved by you\)\./.exec(html) ?? []).map(Number);
  expect(mine).toBeGreaterThan(0);
  expect(mine).toBeLessThanOrEqual(approved);
  expect(mine + others).toBe(going);
  expect(html).toContain(`Yes, push ${going} sequences to your webhook`);
  expect(html).toContain(`Push only the ${mine} you approved`);

  const form = /<form[^>]*>(?:(?!<\/form>).)*name="only_approved" value="yes"(?:(?!<\/form>).)*<\/form>/.exec(html)![0];
  const fields = Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const before = w.receiver.received.length;
  const done = (await (await web.post(`/campaigns/${id}/push`, fields)).text()).replace(/\s+/g, ' ');
  expect(done).toContain(`${mine === 1 ? '1 sequence' : `${mine} sequences`} pushed to your webhook`);
  expect(w.receiver.received.slice(before).filter((r) => JSON.parse(r.body).type === 'lead')).toHaveLength(mine);
});
