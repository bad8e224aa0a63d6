import { afterAll, beforeAll, expect, it } from 'vitest';
import { draftedCampaign, makeSendersWorld, type SendersWorld } from '../senders/support.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { cleanSpeakers, draftsOf } from '../support/drafts.js';

let w: SendersWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makeSendersWorld();
  campaignId = await draftedCampaign(w, 'DevConf');
}, 60_000);
afterAll(() => w?.close());

it('a rewrite by a plain form says in place what of the instruction it could not follow, and why', async () => {
  const web = await signedIn(w as unknown as Doors, w.user.email);
  const speaker = cleanSpeakers(await draftsOf(w, campaignId))[0] as string;
  const review = `/campaigns/${campaignId}/review?view=all&speaker=${speaker}`;
  const csrf = await web.csrf(review);
  const res = await web.post(`/campaigns/${campaignId}/review/rewrite`, { csrf, view: 'all', speaker_id: speaker, instruction: 'shorter, in German' });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toMatch(
    /Rewrote \d messages? to [^;]+; \d came back unchanged; \d kept the old text because the rewrite did not pass the check\. Not followed: “in German”: The offline engine writes English only, so the text was not put into German\./,
  );
  expect(text).not.toContain('“shorter”');
});
