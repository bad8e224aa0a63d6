/**
 * A follow-up that says what it names of the speaker is close to the product's job when
 * nothing it names is near the campaign's field (the ICP and the pitch). Tested through
 * update_message and rescore_drafts on a real drafted campaign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoStartCampaign, draftsOf, makeDraftsWorld, slotsOf, type Draft } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

describe('unfounded_link', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
  });
  afterAll(() => w.close());

  it('flags the claim when what it names of the speaker is far from the field, and clears it once it names their platform work', async () => {
    const second = (await draftsOf(w, campaignId)).find((m) => m.slot === 2) as Draft;
    const first = second.speaker_name.split(' ')[0] as string;
    const write = async (named: string) => {
      await w.tool('update_message', {
        message_id: second.message_id,
        content: `Hi ${first},\n\n${named} is close to what the engineering leaders we coach deal with every day: turning a talk into a hiring pipeline.\n\nCheers,\nAda Lovelace`,
      });
      await w.tool('rescore_drafts', { campaign_id: campaignId });
    };
    const slot2 = async () => (await slotsOf(w, second.speaker_id)).find((x) => x.slot === 2) as Draft;

    await write('Your story about the choir you sing in');
    const flagged = await slot2();
    expect(flagged.hard_fail_codes).toContain('unfounded_link');
    expect(flagged.approvable).toBe(false);
    expect(flagged.fix_hints).toContainEqual(
      expect.objectContaining({ code: 'unfounded_link', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('is close to what') }),
    );

    await write('Your story about the platform team you lead');
    expect((await slot2()).hard_fail_codes).not.toContain('unfounded_link');
  });
});
