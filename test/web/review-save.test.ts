import { afterAll, beforeAll, expect, it } from 'vitest';
import { fittingPeople, speakersSite } from './fitting-people.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

/**
 * Saving an edit checks the whole sequence again (the other messages are judged against
 * the campaign too), so the notice counts every message of the sequence as the page then
 * shows it, not only the one edited.
 */
const people = fittingPeople(26);

let site: Awaited<ReturnType<typeof speakersSite>>;
let w: PipelineWorld;
let campaignId: string;

beforeAll(async () => {
  site = await speakersSite(people);
  w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: site.host });
  campaignId = (await w.tool('create_campaign', { name: 'DevConf', conference_url: site.url('/speakers') })).data.campaign_id as string;
  expect((await w.tool('start_campaign_run', { campaign_id: campaignId })).ok).toBe(true);
  await w.scheduler.drain();
}, 60_000);
afterAll(async () => {
  await w?.close();
  await site?.close();
});

it('counts every message of the sequence after a save, as the page shows them', async () => {
  const web = await signedIn(w as unknown as Doors, w.user.email);
  const review = await (await web.get(`/campaigns/${campaignId}/review?view=ready`)).text();
  const speaker = /name="speaker_id" value="([^"]+)"/.exec(review)![1]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(review)![1]!;
  const first = ((await w.tool('get_draft_qa', { speaker_id: speaker })).data.messages as Array<{ message_id: string; slot: number; content: string }>).find(
    (m) => m.slot === 1,
  )!;
  const form = { csrf, speaker_id: speaker, view: 'ready', [`content-${first.message_id}`]: `${first.content} Either way, enjoy the conference.` };
  const res = await web.post(`/campaigns/${campaignId}/review/save`, form, { origin: new URL(w.base).origin, 'hx-request': 'true' });
  expect(res.status).toBe(200);
  const html = await res.text();
  const cleared = html.split('<strong>QA-cleared:</strong>').length - 1;
  const needWork = html.split('<strong>Needs work.</strong>').length - 1;
  expect(cleared + needWork).toBe(3);
  const rest = needWork ? `, ${needWork} need${needWork === 1 ? 's' : ''} work (see below)` : '';
  expect(html).toMatch(
    new RegExp(`Saved 1 message to [^<]+ and checked the sequence again: ${cleared} of 3 messages QA-cleared${rest.replace(/[()]/g, '\\$&')}\\.`),
  );
});
