/**
 * A short line after a question that repeats the question's last word. Tested through
 * update_message and rescore_drafts on a real drafted campaign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoStartCampaign, draftsOf, makeDraftsWorld, slotsOf, type Draft } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

describe('echoed_word', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
  });
  afterAll(() => w.close());

  it('flags "be useful? Either answer is useful." in a last note, and clears it once the line says it another way', async () => {
    const third = (await draftsOf(w, campaignId)).find((m) => m.slot === 3) as Draft;
    const first = third.speaker_name.split(' ')[0] as string;
    const write = async (after: string) => {
      await w.tool('update_message', {
        message_id: third.message_id,
        content: `Hi ${first},\n\nOne last note from me. Would a 15-minute call next week be useful? ${after}\n\nCheers,\nAda Lovelace`,
      });
      await w.tool('rescore_drafts', { campaign_id: campaignId });
      return (await slotsOf(w, third.speaker_id)).find((x) => x.slot === 3) as Draft;
    };
    const flagged = await write('Either answer is useful.');
    expect(flagged.hard_fail_codes).toContain('echoed_word');
    expect(flagged.approvable).toBe(false);
    expect(flagged.fix_hints).toContainEqual(expect.objectContaining({ code: 'echoed_word', action: 'rescore', fix: 'rewrite' }));
    expect((await write('Either answer helps.')).hard_fail_codes).not.toContain('echoed_word');
  });
});
