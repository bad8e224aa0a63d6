/**
 * A last note that asks for a call after the first follow-up promised no pitch. Only the
 * sequence shows it, so it is tested through update_message and rescore_drafts on a real
 * drafted campaign, and through get_draft_qa's fix hints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoStartCampaign, draftsOf, makeDraftsWorld, slotsOf, type Draft } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

describe('ask_after_no_pitch', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
  });
  afterAll(() => w.close());

  const slot = async (speakerId: string, n: number) => (await slotsOf(w, speakerId)).find((x) => x.slot === n) as Draft;

  it('flags the last note that asks for a call after "no pitch here", and clears it once the note asks who else to talk to', async () => {
    const drafts = await draftsOf(w, campaignId);
    const second = drafts.find((m) => m.slot === 2) as Draft;
    const third = drafts.find((m) => m.slot === 3 && m.speaker_id === second.speaker_id) as Draft;
    const first = second.speaker_name.split(' ')[0] as string;
    await w.tool('update_message', {
      message_id: second.message_id,
      content: `Hi ${first},\n\nYour talk stayed with me. What I build finds slow web requests, which is a long way from your work, so no pitch here.\n\nCheers,\nMaya`,
    });
    await w.tool('update_message', {
      message_id: third.message_id,
      content: `Hi ${first},\n\nOne last note from me. Would a 20-minute call next week be worth it?\n\nCheers,\nMaya`,
    });
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    const flagged = await slot(third.speaker_id, 3);
    expect(flagged.hard_fail_codes).toContain('ask_after_no_pitch');
    expect(flagged.approvable).toBe(false);
    expect(flagged.fix_hints).toContainEqual(
      expect.objectContaining({ code: 'ask_after_no_pitch', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('no pitch here') }),
    );
    expect((await slot(second.speaker_id, 2)).hard_fail_codes).not.toContain('ask_after_no_pitch');

    await w.tool('update_message', {
      message_id: third.message_id,
      content: `Hi ${first},\n\nOne last note from me: if someone else on your team looks after slow requests, a name helps just as much. Would a 20-minute call next week be worth it?\n\nCheers,\nMaya`,
    });
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    expect((await slot(third.speaker_id, 3)).hard_fail_codes).not.toContain('ask_after_no_pitch');
  });
});
