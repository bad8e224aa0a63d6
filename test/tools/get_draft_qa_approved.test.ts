/** get_draft_qa's approved bucket: push-ready sequences a person approved on every slot as they now read. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { draftedWorld, slotsOf } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';
import tool from '../../tools/get_draft_qa.js';

let w: PipelineWorld;
let campaignId: string;
let clean: string[];

beforeAll(async () => {
  ({ w, campaignId, clean } = await draftedWorld());
  expect(clean.length).toBeGreaterThanOrEqual(3);
});
afterAll(() => w.close());

const bucketOf = async (speakerId: string) => (await w.tool('get_draft_qa', { speaker_id: speakerId })).data.speakers[0].bucket;

it('puts a sequence a person approved in approved, beside ready_to_send, over HTTP and MCP; campaign_stats counts both as approvable', async () => {
  const before = (await w.get(`/campaigns/${campaignId}/qa?limit=200`)).body.data;
  expect(tool.output.strict().safeParse(before).success).toBe(true);
  expect(before.buckets.approved).toBe(0);
  const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
  expect(stats.approvable).toBe(before.buckets.ready_to_send);

  expect((await w.tool('approve_sequence', { speaker_id: clean[0] })).ok).toBe(true);
  // One slot approved is not the sequence approved.
  expect((await w.tool('approve_message', { message_id: (await slotsOf(w, clean[1] as string))[0]?.message_id })).ok).toBe(true);

  const after = (await w.get(`/campaigns/${campaignId}/qa?limit=200`)).body.data;
  expect(after.buckets).toMatchObject({ approved: 1, ready_to_send: before.buckets.ready_to_send - 1 });
  expect(after.speakers.find((s: { speaker_id: string }) => s.speaker_id === clean[0]).bucket).toBe('approved');
  expect(await bucketOf(clean[1] as string)).toBe('ready_to_send');
  expect((await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 200 })).data.buckets).toEqual(after.buckets);
  const now = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
  expect(now).toMatchObject({ approvable: stats.approvable, approved: stats.approved + 1 });
});

it('moves a sequence back to ready_to_send once a slot is edited and cleared again: the approval was for the old text', async () => {
  const [first] = await slotsOf(w, clean[0] as string);
  w.clock.advance(60_000);
  await w.tool('update_message', { message_id: first?.message_id, content: (first?.content as string).replace(/^Hey\b/, 'Hi') });
  await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [first?.message_id] });
  expect(await bucketOf(clean[0] as string)).toBe('ready_to_send');
});
