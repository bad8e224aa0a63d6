import { afterAll, beforeAll, expect, it } from 'vitest';
import { draftedCampaign, makeSendersWorld, type SendersWorld } from '../senders/support.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { cleanSpeakers, draftsOf, PLANTED, slotsOf } from '../support/drafts.js';
import { QA_CODES } from '../../src/qa/codes.js';

let w: SendersWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makeSendersWorld();
  campaignId = await draftedCampaign(w, 'DevConf');
}, 60_000);
afterAll(() => w?.close());

it('names each finding of a slot once, in words, even where a hard fail is also among its flags', async () => {
  const speaker = cleanSpeakers(await draftsOf(w, campaignId))[0] as string;
  const first = (await slotsOf(w, speaker))[0]!;
  expect((await w.tool('update_message', { message_id: first.message_id, content: PLANTED })).ok).toBe(true);
  await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [first.message_id] });
  const scored = (await slotsOf(w, speaker))[0]!;
  expect(scored.hard_fail_codes).toEqual(expect.arrayContaining(['unresolved_placeholder', 'link_in_first_touch']));

  const web = await signedIn(w as unknown as Doors, w.user.email);
  const html = await (await web.get(`/campaigns/${campaignId}/review?view=all&speaker=${speaker}`)).text();
  const slot = html.slice(html.indexOf('Needs work.'));
  const list = slot.slice(0, slot.indexOf('</ul>'));
  for (const code of scored.hard_fail_codes) {
    const words = QA_CODES.find((c) => c.code === code)!.description.replace(/'/g, '&#39;');
    expect(list.split(words).length - 1, code).toBe(1);
  }
  expect(list).not.toMatch(/unresolved_placeholder|link_in_first_touch/);
});
