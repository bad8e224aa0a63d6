/**
 * Each step of a run drafts against the campaign's line, phrase and frame counts as they
 * are stored when the step starts. Counting only the sequences a step has not seen
 * before must give the same counts as counting the whole campaign afresh, whatever
 * happened to the stored drafts in between.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRow, RunRow } from '../../db/types.js';
import { campaignLines } from '../../src/core/rescore.js';
import type { CampaignLines } from '../../src/qa/types.js';
import { campaignLinesForStep } from '../../src/pipeline/stages/campaign-lines.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

/** Counts as plain sorted entries, so two sets of counts compare whatever their maps' order. */
function plain(lines: CampaignLines): unknown {
  const sorted = (m: ReadonlyMap<string | number, unknown> | undefined) =>
    m && [...m].map(([k, v]): [string | number, unknown] => [k, v instanceof Map ? sorted(v) : v]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return {
    sequences: lines.sequences,
    counts: sorted(lines.counts),
    phrases: sorted(lines.phrases),
    frames: sorted(lines.frames),
    slotTotals: sorted(lines.slotTotals),
  };
}

describe("a run's campaign-wide counts, step by step", () => {
  let w: PipelineWorld;
  let campaign: CampaignRow;
  let run: RunRow;
  beforeAll(async () => {
    w = await makePipelineWorld();
    const created = await w.post('/campaigns', { name: 'DevConf', conference_url: w.urls.sessionize, auto_start: true });
    await w.tool('add_conference_url', { campaign_id: created.body.data.campaign_id, url: w.urls.cards });
    await w.scheduler.drain();
    campaign = await w.instance.db.selectFrom('campaigns').selectAll().where('id', '=', created.body.data.campaign_id).executeTakeFirstOrThrow();
    run = await w.instance.db.selectFrom('runs').selectAll().where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow();
  });
  afterAll(() => w.close());

  const step = () => campaignLinesForStep({ services: w.instance, run, campaign });
  const afresh = async () => plain(await campaignLines(w.instance, campaign.id));

  it('match a fresh count after drafts were added, edited and deleted between steps', async () => {
    const messages = await w.instance.db
      .selectFrom('messages')
      .select(['id', 'speaker_id', 'content'])
      .where('campaign_id', '=', campaign.id)
      .orderBy('id')
      .execute();
    // The run drafted in several steps (batches of 10): the last step's counts were taken before its own drafts.
    expect(messages.length).toBeGreaterThan(12);
    const first = await step();
    expect(first.sequences).toBe(new Set(messages.map((m) => m.speaker_id)).size);
    expect(plain(first)).toEqual(await afresh());
    // Nothing changed: the same counts.
    expect(plain(await step())).toEqual(plain(first));

    const edited = messages[0]!;
    await w.instance.db
      .updateTable('messages')
      .set({ content: 'Hi there, your talk on platform teams was sharp. Open to connecting?' })
      .where('id', '=', edited.id)
      .execute();
    const afterEdit = await step();
    expect(plain(afterEdit)).toEqual(await afresh());
    expect(plain(afterEdit)).not.toEqual(plain(first));

    const gone = messages.find((m) => m.speaker_id !== edited.speaker_id)!;
    await w.instance.db.deleteFrom('messages').where('speaker_id', '=', gone.speaker_id).execute();
    const afterDelete = await step();
    expect(afterDelete.sequences).toBe(first.sequences - 1);
    expect(plain(afterDelete)).toEqual(await afresh());
  });
});
