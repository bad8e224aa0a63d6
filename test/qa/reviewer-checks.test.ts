/**
 * What the readers of drafted campaigns stopped at and the gate let through: the sender's
 * positioning pasted into a message (pasted_positioning, read from the campaign as
 * create_campaign and update_campaign set it), an offer to audit the reader's practice
 * (presumptuous_offer) and a question answered at once with the product (product_as_answer).
 * On a campaign the pipeline drafted, through create_campaign, update_message,
 * update_campaign and rescore_drafts (MCP) and the rescore route (HTTP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftsOf, makeDraftsWorld, slotsOf, type Draft } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const POSITIONING = 'We work with platform teams that run Postgres in production and want to catch slow queries before their customers do.';

describe('pasted_positioning, presumptuous_offer and product_as_answer', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeDraftsWorld();
    const r = await w.tool('create_campaign', { name: 'DevConf', conference_url: w.urls.sessionize, auto_start: true, positioning: POSITIONING });
    campaignId = r.data.campaign_id;
    await w.scheduler.drain();
  });
  afterAll(() => w.close());

  const second = async (speakerId: string) => (await slotsOf(w, speakerId)).find((x) => x.slot === 2) as Draft;

  // Each message's own findings: the campaign-wide codes depend on how many of the campaign's
  // sequences were stored when a draft was scored, and a rescore of the whole campaign sees them all.
  const CAMPAIGN_WIDE = new Set(['campaign_repeated_line', 'campaign_repeated_phrase', 'campaign_repeated_frame', 'campaign_repeated_pitch']);

  it("gives each message's own findings again when rescore_drafts scores the drafts the run scored", async () => {
    const verdict = (d: Draft) => [d.message_id, d.hard_fail_codes.filter((c) => !CAMPAIGN_WIDE.has(c)).join(',')].join('|');
    const drafted = (await draftsOf(w, campaignId)).map(verdict).sort();
    expect(drafted.length).toBeGreaterThan(0);
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    expect((await draftsOf(w, campaignId)).map(verdict).sort()).toEqual(drafted);
  });

  it("flags the campaign's own positioning pasted into a follow-up, and not once the campaign's positioning says something else", async () => {
    const target = (await draftsOf(w, campaignId)).find((m) => m.slot === 2) as Draft;
    const first = target.speaker_name.split(' ')[0];
    await w.tool('update_message', {
      message_id: target.message_id,
      content: `Hi ${first},\n\nYour talk caught my eye. At Greenroom Coaching we help teams catch slow queries before their customers do, and I would like to hear how you see it.\n\nCheers,\nAda Lovelace`,
    });
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    const flagged = await second(target.speaker_id);
    expect(flagged.hard_fail_codes).toContain('pasted_positioning');
    expect(flagged.approvable).toBe(false);
    expect(flagged.fix_hints).toContainEqual(
      expect.objectContaining({ code: 'pasted_positioning', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('positioning') }),
    );

    await w.tool('update_campaign', { campaign_id: campaignId, positioning: 'Speaker coaching for engineering leaders' });
    const h = await w.post(`/campaigns/${campaignId}/rescores`, {});
    expect(h.status).toBe(200);
    expect((await second(target.speaker_id)).hard_fail_codes).not.toContain('pasted_positioning');
  });

  it('flags an offer to audit their practice and a question the product answers, and clears each once the text asks and stops', async () => {
    const target = (await draftsOf(w, campaignId)).find((m) => m.slot === 2) as Draft;
    const first = target.speaker_name.split(' ')[0];
    const write = async (body: string) => {
      await w.tool('update_message', { message_id: target.message_id, content: `Hi ${first},\n\n${body}\n\nCheers,\nAda Lovelace` });
      await w.tool('rescore_drafts', { campaign_id: campaignId });
      return second(target.speaker_id);
    };

    const audit = await write('Your talk caught my eye. I would gladly look at how your team picks its conference speakers and share what I would change.');
    expect(audit.hard_fail_codes).toContain('presumptuous_offer');
    expect(audit.approvable).toBe(false);

    const answered = await write(
      'Your talk caught my eye. How does your team pick the speakers whose talks bring in candidates? That is the job Greenroom Coaching does.',
    );
    expect(answered.hard_fail_codes).toContain('product_as_answer');
    expect(answered.hard_fail_codes).not.toContain('presumptuous_offer');
    expect(answered.fix_hints).toContainEqual(
      expect.objectContaining({ code: 'product_as_answer', fix: 'rewrite', hint: expect.stringContaining('your own question') }),
    );

    const asked = await write('Your talk caught my eye. How does your team pick the speakers whose talks bring in candidates?');
    expect(asked.hard_fail_codes).not.toContain('product_as_answer');
    expect(asked.hard_fail_codes).not.toContain('presumptuous_offer');
  });
});
