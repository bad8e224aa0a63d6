/**
 * A "who" question answered with the product (question_answer_mismatch), a follow-up whose
 * only word about its reader is a common job title (generic_filler), and a round table called
 * "your talk" (unsupported_fact): on the scorer, and through update_message over MCP and a
 * rescore over HTTP on a campaign the pipeline drafted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whoAnsweredByProduct } from '../../src/qa/answer-fit.js';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';
import { draftedWorld, draftsOf, slotsOf, type Draft } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const campaign = { cta: 'Call?', exclusions: [], competitors: [], senderCompany: 'Tracewise' };
const body = (text: string) => `Hi Ana,\n\n${text}\n\nCheers,\nDana Kim`;

describe('a question and its answer', () => {
  it('flags a "who" question the next sentence answers with the product', () => {
    const asked = body('Your talk caught my eye. Who on your team finds out which request got slow? Tracewise is built for it.');
    expect(whoAnsweredByProduct({ content: asked, campaign })).toMatch(/^"Who on your team finds out which request got slow\?" asks for a person/);
    const colon = body('One thing I would like to know: who at Acme tracks down slow requests? That is the job Tracewise does.');
    expect(whoAnsweredByProduct({ content: colon, campaign })).not.toBeNull();
  });

  it('leaves a "how" question, a "who" question left for the reader, and a product sentence that answers nothing alone', () => {
    expect(whoAnsweredByProduct({ content: body('How does your team find out which request got slow? Tracewise is built for it.'), campaign })).toBeNull();
    expect(whoAnsweredByProduct({ content: body('Tracewise shows which request got slow. Who on your side should I ask about it?'), campaign })).toBeNull();
    expect(
      whoAnsweredByProduct({
        content: body('Who on your team looks after slow requests? I would send them a note on how Tracewise shows the slow one.'),
        campaign,
      }),
    ).toBeNull();
    expect(
      whoAnsweredByProduct({
        content: body('Who on your team finds slow requests? Tracewise is built for it.'),
        campaign: { ...campaign, senderCompany: null },
      }),
    ).toBeNull();
  });

  it("reads a common job title alone as filler, and the same title beside the reader's own talk as personal", () => {
    const omar = { ...ALL_CONTEXTS.omar, otherSlots: [] };
    const alone = body('Your role as a Software Engineer made me ask myself: how do you find out which request got slow? Tracewise is built for it.');
    expect(scoreMessage({ ...omar, slot: 2, content: alone }).hardFails).toContain('generic_filler');
    const talk = body('Your role as a Software Engineer and your talk "Queues Without Tears" made me ask how you find out which request got slow.');
    expect(scoreMessage({ ...omar, slot: 2, content: talk }).hardFails).not.toContain('generic_filler');
  });

  it('reads "your talk" to someone whose only session is a round table as unsupported', () => {
    const pablo = { ...ALL_CONTEXTS.pablo, otherSlots: [], slot: 3 as const };
    const talk = 'Hi Pablo,\n\nMy reason for writing was your talk "Mesa redonda sobre datos abiertos". Open to a short call next week?\n\nCheers,\nDana Kim';
    expect(scoreMessage({ ...pablo, content: talk }).hardFails).toContain('unsupported_fact');
    expect(scoreMessage({ ...pablo, content: talk.replace('your talk', 'the round table') }).hardFails).not.toContain('unsupported_fact');
  });
});

describe('rescore_drafts and a question answered with the product', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    ({ w, campaignId } = await draftedWorld());
  });
  afterAll(() => w.close());

  it('flags the edited follow-up with a rewrite hint, and clears it once the question asks how', async () => {
    const target = (await draftsOf(w, campaignId)).find((m) => m.slot === 2) as Draft;
    const first = target.speaker_name.split(' ')[0];
    const ask = (q: string) =>
      w.tool('update_message', {
        message_id: target.message_id,
        content: `Hi ${first},\n\nThanks for connecting. ${q} pick the speakers whose talks bring in candidates? Greenroom Coaching is built for it: we help engineering leaders turn conference talks into hiring pipelines.\n\nCheers,\nAda Lovelace`,
      });
    await ask('Who on your team gets to');
    const h = await w.post(`/campaigns/${campaignId}/rescores`, {});
    expect(h.status).toBe(200);
    const flagged = (await slotsOf(w, target.speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(flagged.hard_fail_codes).toContain('question_answer_mismatch');
    expect(flagged.approvable).toBe(false);
    expect(flagged.fix_hints).toContainEqual(
      expect.objectContaining({ code: 'question_answer_mismatch', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('asks for a person') }),
    );

    await ask('How does your team');
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    const cleared = (await slotsOf(w, target.speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(cleared.hard_fail_codes).not.toContain('question_answer_mismatch');
  });

  it("flags the product's question once the campaign's field is far from the speaker's page, and not while it fits", async () => {
    const target = (await draftsOf(w, campaignId)).find((m) => m.slot === 2) as Draft;
    const first = target.speaker_name.split(' ')[0];
    await w.tool('update_message', {
      message_id: target.message_id,
      content: `Hi ${first},\n\nThanks for connecting. How do you keep clients on track between sessions? Greenroom Coaching is built for it.\n\nCheers,\nAda Lovelace`,
    });
    const codes = async () => ((await slotsOf(w, target.speaker_id)).find((x) => x.slot === 2) as Draft).hard_fail_codes;
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    // The campaign sells to engineering leaders: a speaker page about Postgres and platforms is near it.
    expect(await codes()).not.toContain('far_from_field');

    const far = {
      keywords: ['nutrition', 'diet', 'wellness'],
      titles: ['Dietitian', 'Nutrition Coach'],
      seniority: [],
      industries: [],
      exclusions: [],
      competitors: [],
    };
    const changed = await w.tool('update_campaign', {
      campaign_id: campaignId,
      icp: far,
      pitch: 'We help nutrition coaches keep clients on track between sessions.',
    });
    expect(changed.ok).toBe(true);
    const h = await w.post(`/campaigns/${campaignId}/rescores`, {});
    expect(h.status).toBe(200);
    expect(await codes()).toContain('far_from_field');
    const view = (await slotsOf(w, target.speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(view.fix_hints).toContainEqual(expect.objectContaining({ code: 'far_from_field', action: 'rescore', fix: 'rewrite' }));
  });
});
