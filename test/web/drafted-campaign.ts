import { expect } from 'vitest';
import type { PipelineWorld } from '../support/pipeline.js';

/** A campaign on the loopback cards page, its run worked to the end: its id. */
export async function draftedCampaign(w: PipelineWorld): Promise<string> {
  const campaignId = (await w.tool('create_campaign', { name: 'Cards', conference_url: w.urls.cards })).data.campaign_id as string;
  expect((await w.tool('start_campaign_run', { campaign_id: campaignId })).ok).toBe(true);
  await w.scheduler.drain();
  return campaignId;
}

/** The speakers of a campaign that have drafts, each once. */
export async function draftedSpeakers(w: PipelineWorld, campaignId: string): Promise<string[]> {
  const items = (await w.tool('list_messages', { campaign_id: campaignId, limit: 200 })).data.items as Array<{ speaker_id: string }>;
  return [...new Set(items.map((m) => m.speaker_id))];
}
