/**
 * The pitch in follow-ups: a clause of it pasted into a campaign's second messages
 * (campaign_repeated_pitch, known only to a campaign-wide rescore), and
 * a first follow-up that names the product without saying what it does
 * (product_unexplained). Tested on the scorer and through rescore_drafts over HTTP and
 * MCP on a campaign the pipeline drafted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignPhrase, campaignPitchRun, countCampaignLines } from '../../src/qa/campaign-lines.js';
import { pastedPitch, productUnexplained } from '../../src/qa/pitch.js';
import { autoStartCampaign, draftsOf, makeDraftsWorld, slotsOf, type Draft } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const PITCH = 'Labwise shows where each figure in a paper came from, down to the data and code.';
const seconds = (total: number, sharing: number) =>
  countCampaignLines(
    new Map(
      Array.from({ length: total }, (_, i) => [
        `s${i}`,
        [
          {
            slot: 2,
            content: `Hi P,\n\nItem ${i} number ${i * 7} here. ${i < sharing ? 'How do you see where each figure in a paper came from?' : `Other ${i} words ${i * 3}.`}\n\nBest,\nJonas`,
          },
        ],
      ]),
    ),
  );

describe('the pitch on the scorer', () => {
  const text = 'Hi Mel,\n\nYour plasma work caught my eye. How do you check where each figure in a paper came from?\n\nBest,\nJonas';

  it("flags the pitch's words once more than a tenth of the slot's messages use them, and at least three", () => {
    expect(campaignPitchRun(text, 2, seconds(20, 3), { pitch: PITCH })).toMatch(/is in 3 of the campaign's 20 slot 2 messages/);
    expect(campaignPitchRun(text, 2, seconds(20, 2), { pitch: PITCH })).toBeNull();
    expect(campaignPitchRun(text, 2, seconds(40, 4), { pitch: PITCH })).toBeNull();
    // A small campaign counts too: the same product question in three of its five follow-ups.
    expect(campaignPitchRun(text, 2, seconds(5, 3), { pitch: PITCH })).not.toBeNull();
    // Four words that name the product's job are saying what it does, not pasting the pitch.
    const named = 'Hi Mel,\n\nYour plasma work caught my eye. How fast can you trace each figure in a paper?\n\nBest,\nJonas';
    expect(
      campaignPitchRun(
        named,
        2,
        countCampaignLines(new Map(Array.from({ length: 20 }, (_, i) => [`s${i}`, [{ slot: 2, content: named.replace('plasma', `p${i}`) }]]))),
        { pitch: PITCH },
      ),
    ).toBeNull();
    // Without a pitch there is nothing of the pitch's; runs of the writer's own stay campaignPhrase's.
    expect(campaignPitchRun(text, 2, seconds(20, 20), {})).toBeNull();
    expect(campaignPhrase(text, 2, seconds(20, 20), { pitch: PITCH })).toBeNull();
  });

  it("does not count the words that point at the reader's own facts as a form letter", () => {
    const pointing = (i: number, how = 'and your role as a') => `Hi P,\n\nYour work at Org${i} ${how} k${i} stood out.\n\nBest,\nJonas`;
    const lines = (how?: string) => countCampaignLines(new Map(Array.from({ length: 20 }, (_, i) => [`s${i}`, [{ slot: 2, content: pointing(i, how) }]])));
    expect(campaignPhrase(pointing(99), 2, lines())).toBeNull();
    // The same words that point at nothing of the reader's are a refrain.
    expect(campaignPhrase(pointing(99, 'and the same old line for'), 2, lines('and the same old line for'))).toMatch(/is in 20 of the campaign's 20/);
    // Words of the reader's own talk, title or company, which co-speakers and colleagues share, are facts about them.
    const talk = (i: number) => `Hi P,\n\nItem ${i}: your talk Quantum Plasma Lensing stood out.\n\nBest,\nJonas`;
    const talks = countCampaignLines(new Map(Array.from({ length: 20 }, (_, i) => [`s${i}`, [{ slot: 2, content: talk(i) }]])));
    expect(campaignPhrase(talk(99), 2, talks, { facts: ['Quantum Plasma Lensing'] })).toBeNull();
    expect(campaignPhrase(talk(99), 2, talks)).not.toBeNull();
  });

  it('asks a first follow-up that names the product to say what it does', () => {
    const campaign = { cta: 'Call?', exclusions: [], competitors: [], pitch: PITCH, senderCompany: 'Labwise' };
    const unexplained =
      'Hi Mel,\n\nYour plasma work caught my eye. I doubt Labwise touches your own work, so one favour: a name where you work?\n\nBest,\nJonas';
    expect(productUnexplained({ slot: 2, content: unexplained, campaign })).toBe('it names Labwise but nothing in it says what Labwise does');
    expect(productUnexplained({ slot: 3, content: unexplained, campaign })).toBeNull();
    expect(productUnexplained({ slot: 2, content: unexplained.replace('I doubt', 'Labwise keeps the data behind each figure. I doubt'), campaign })).toBeNull();
    // A follow-up that does not bring the product up is another message.
    expect(productUnexplained({ slot: 2, content: 'Hi Mel,\n\nHow did the plasma run go?\n\nBest,\nJonas', campaign })).toBeNull();
  });
});

describe('rescore_drafts and the pitch in follow-ups', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let drafted: Draft[];
  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
    drafted = await draftsOf(w, campaignId);
  });
  afterAll(() => w.close());

  const PER_MESSAGE = ['product_unexplained', 'unsupported_fact', 'broken_text', 'question_answer_mismatch', 'generic_filler', 'broken_grammar'];
  const own = (codes: string[]) => codes.filter((c) => PER_MESSAGE.includes(c)).sort();

  it("flags the follow-ups that paste a clause of the pitch, not those naming what the product does in its few words, and agrees with the run on each message's own findings", async () => {
    const second = drafted.filter((m) => m.slot === 2);
    // The drafts name the product's job ("turn conference talks into hiring pipelines", six words): no paste.
    const h0 = await w.post(`/campaigns/${campaignId}/rescores`, {});
    expect(h0.status).toBe(200);
    const before = await draftsOf(w, campaignId);
    for (const m of before)
      expect(own(m.hard_fail_codes), m.content).toEqual(own((drafted.find((d) => d.message_id === m.message_id) as Draft).hard_fail_codes));
    expect(before.filter((m) => m.slot === 2 && m.hard_fail_codes.includes('campaign_repeated_pitch'))).toEqual([]);
    // More than a tenth of them paste the pitch's sentence itself.
    const pasting = second.slice(0, Math.max(3, Math.floor(second.length / 10) + 2));
    for (const m of pasting)
      await w.tool('update_message', {
        message_id: m.message_id,
        content: `Hi ${m.speaker_name.split(' ')[0]},\n\nGood to be connected. We help engineering leaders turn conference talks into hiring pipelines. Would that matter to you?\n\nCheers,\nAda Lovelace`,
      });
    const h = await w.post(`/campaigns/${campaignId}/rescores`, {});
    expect(h.status).toBe(200);
    const after = await draftsOf(w, campaignId);
    const flagged = after.filter((m) => m.slot === 2 && m.hard_fail_codes.includes('campaign_repeated_pitch'));
    expect(flagged.map((m) => m.message_id).sort()).toEqual(pasting.map((m) => m.message_id).sort());
    for (const m of flagged) {
      expect(m.approvable).toBe(false);
      expect(m.fix_hints).toContainEqual(expect.objectContaining({ code: 'campaign_repeated_pitch', action: 'rescore', fix: 'rewrite' }));
    }
  });

  it('clears a follow-up rewritten in words of its own, and flags one that names the product without saying what it does', async () => {
    const [fixed, bare] = (await draftsOf(w, campaignId)).filter((m) => m.slot === 2 && m.hard_fail_codes.includes('campaign_repeated_pitch'));
    const first = (m: Draft) => m.speaker_name.split(' ')[0];
    await w.tool('update_message', {
      message_id: fixed!.message_id,
      content: `Hi ${first(fixed!)},\n\nThanks for connecting. Your last talk drew a full room; we coach engineering leaders so that a talk like it brings in candidates too. Did any hires come from it?\n\nCheers,\nAda Lovelace`,
    });
    await w.tool('update_message', {
      message_id: bare!.message_id,
      content: `Hi ${first(bare!)},\n\nThanks for connecting. Greenroom Coaching may not be for you, and that's fine to say.\n\nCheers,\nAda Lovelace`,
    });
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    const fixedNow = (await slotsOf(w, fixed!.speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(fixedNow.hard_fail_codes).not.toContain('campaign_repeated_pitch');
    expect(fixedNow.hard_fail_codes).not.toContain('product_unexplained');
    const bareNow = (await slotsOf(w, bare!.speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(bareNow.hard_fail_codes).toContain('product_unexplained');
    expect(bareNow.fix_hints).toContainEqual(
      expect.objectContaining({
        code: 'product_unexplained',
        fix: 'rewrite',
        hint: expect.stringContaining('nothing in it says what Greenroom Coaching does'),
      }),
    );
  });
});

describe("the pitch's definition of the product", () => {
  const pitch = 'Tracewise is observability for .NET and JavaScript apps: it shows which request got slow and the line of code behind it.';
  const note = (body: string) => `Hey Alex,\n\n${body}\n\nCheers,\nMaya`;

  it('fails the definition cut out and set after the name or a verb', () => {
    expect(pastedPitch(note('My own work is Tracewise, observability for .NET and JavaScript apps. No sales talk.'), pitch)).toMatch(
      /definition of the product pasted: "observability for net and javascript apps"/,
    );
    expect(pastedPitch(note('Since I work on observability for .NET and JavaScript apps, I am curious how you trace requests.'), pitch)).not.toBeNull();
  });

  it('passes the product said in a sentence of its own, or in other words', () => {
    expect(pastedPitch(note('Tracewise is observability for .NET and JavaScript apps. How do you trace a slow request?'), pitch)).toBeNull();
    expect(pastedPitch(note('I work on Tracewise, which traces slow requests in .NET and JavaScript apps.'), pitch)).toBeNull();
  });
});
