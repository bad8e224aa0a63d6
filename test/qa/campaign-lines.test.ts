/**
 * An opening or closing line shared by more than a tenth of a campaign's sequences.
 * Only the campaign-wide rescore knows the counts, so it is tested through
 * rescore_drafts on a real drafted campaign as well as on the scorer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignPhrase, countCampaignLines, lineKey, repeatedLine } from '../../src/qa/campaign-lines.js';
import { autoStartCampaign, draftsOf, makeDraftsWorld, slotsOf, type Draft } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const CLOSER = 'Worth a look, do you think?';

function campaign(total: number, sharing: number): Map<string, string[]> {
  return new Map(
    Array.from({ length: total }, (_, i) => [
      `s${i}`,
      [`Hey Person, your talk on topic ${i} caught my eye. ${i < sharing ? CLOSER : `Is item ${i} on your list?`}`],
    ]),
  );
}

describe('campaign-wide repeated lines', () => {
  it('blanks names, titles and numbers, so one template matches itself', () => {
    expect(lineKey('Is that something you run into at Shopify?')).toBe(lineKey('Is that something you run into at Georgia Tech?'));
    expect(lineKey('your talk "Scaling Postgres" caught my eye.')).toBe(lineKey('your talk "On-call Without Burnout" caught my eye.'));
    expect(lineKey(CLOSER)).not.toBe(lineKey('Open to connecting?'));
  });

  it('flags a line in more than a tenth of the sequences, and at least four of them', () => {
    const text = `Hey Ana, your talk caught my eye. ${CLOSER}`;
    expect(repeatedLine(text, countCampaignLines(campaign(30, 4)))).toMatch(/closing line "Worth a look, do you think\?" appears in 4 of 30 sequences/);
    expect(repeatedLine(text, countCampaignLines(campaign(30, 3)))).toBeNull();
    expect(repeatedLine(text, countCampaignLines(campaign(50, 5)))).toBeNull();
    expect(repeatedLine(text, countCampaignLines(campaign(50, 6)))).not.toBeNull();
    expect(repeatedLine(text, null)).toBeNull();
  });

  it('lets a last note share its line with a fifth of the sequences, and flags it past that', () => {
    const text = `Hey Ana, your talk caught my eye. ${CLOSER}`;
    expect(repeatedLine(text, countCampaignLines(campaign(30, 4)), '', 3)).toBeNull();
    expect(repeatedLine(text, countCampaignLines(campaign(30, 6)), '', 3)).toBeNull();
    expect(repeatedLine(text, countCampaignLines(campaign(30, 7)), '', 3)).toMatch(/appears in 7 of 30 sequences/);
    expect(repeatedLine(text, countCampaignLines(campaign(30, 6)), '', 2)).not.toBeNull();
  });

  it("leaves the campaign's own call to action alone: the user chose to ask it of everyone", () => {
    const text = `Hey Ana, your talk caught my eye. ${CLOSER}`;
    const lines = countCampaignLines(campaign(30, 20));
    expect(repeatedLine(text, lines, CLOSER)).toBeNull();
    expect(repeatedLine(text, lines, 'Open to a short call next week?')).not.toBeNull();
  });

  it('counts a line once per sequence, however many of its slots repeat it', () => {
    const lines = countCampaignLines(new Map([['a', [`Hi A, x y z. ${CLOSER}`, `Hi A, more here. ${CLOSER}`]]]));
    expect(lines.counts.get(lineKey(CLOSER))).toBe(1);
  });

  it('ignores the greeting and the sign-off when it picks the opening and closing lines', () => {
    const lines = countCampaignLines(campaign(10, 10));
    const text = `Hi Sam,\n\nyour talk on topic 3 caught my eye. ${CLOSER}\n\nCheers,\nDana Kim`;
    expect(repeatedLine(text, lines)).toMatch(/line/);
  });
});

describe('rescore_drafts flags a closing line the campaign repeats', () => {
  // A line the offline drafts never use, so only the planted copies share it.
  const PLANTED = 'Shall I send the two-page summary over?';
  let w: PipelineWorld;
  let campaignId: string;
  let firsts: Draft[];

  // Each first message gets lines of its own, so only the lines this test plants are shared.
  const WORDS =
    'queues caching retries indexes schemas tracing alerts budgets releases reviews migrations backfills sharding pagination timeouts logging'.split(' ');
  const own = (m: Draft, i: number, closer?: string) =>
    `Hi ${m.speaker_name.split(' ')[0]}, your notes on ${WORDS[i % WORDS.length]} caught my eye. ${closer ?? `Is ${WORDS[i % WORDS.length]} on your list this quarter?`}`;

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
    firsts = (await draftsOf(w, campaignId)).filter((m) => m.slot === 1);
    for (const [i, m] of firsts.entries()) await w.tool('update_message', { message_id: m.message_id, content: own(m, i) });
  });
  afterAll(() => w.close());

  const closeWith = (m: Draft) => w.tool('update_message', { message_id: m.message_id, content: own(m, firsts.indexOf(m), PLANTED) });
  const codesOf = async (m: Draft) => ((await slotsOf(w, m.speaker_id)).find((x) => x.message_id === m.message_id) as Draft).hard_fail_codes;

  it('leaves a line alone while few sequences share it, and flags it once more than a tenth do', async () => {
    const need = Math.max(4, Math.floor(firsts.length / 10) + 1);
    expect(firsts.length).toBeGreaterThan(need);
    const chosen = firsts.slice(0, need);
    for (const m of chosen.slice(0, need - 1)) await closeWith(m);
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    for (const m of chosen.slice(0, need - 1)) expect(await codesOf(m)).not.toContain('campaign_repeated_line');

    await closeWith(chosen[need - 1] as Draft);
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    for (const m of chosen) expect(await codesOf(m)).toContain('campaign_repeated_line');
    const view = (await slotsOf(w, chosen[0]!.speaker_id)).find((x) => x.slot === 1) as Draft;
    expect(view.approvable).toBe(false);
    expect(view.fix_hints).toContainEqual(
      expect.objectContaining({
        code: 'campaign_repeated_line',
        action: 'rescore',
        fix: 'rewrite',
        hint: expect.stringContaining(`"${PLANTED}" appears in ${need} of ${firsts.length} sequences`),
      }),
    );
    for (const m of firsts.slice(need)) expect(await codesOf(m)).not.toContain('campaign_repeated_line');
  });

  it('lets last notes share a courtesy line with a fifth of the sequences, and flags them once more do', async () => {
    const COURTESY = 'Happy to keep it to the two pages either way.';
    const lasts = (await draftsOf(w, campaignId)).filter((m) => m.slot === 3);
    const need = Math.max(4, Math.floor(lasts.length / 5) + 1);
    expect(lasts.length).toBeGreaterThan(need);
    const plant = (m: Draft, i: number) =>
      w.tool('update_message', {
        message_id: m.message_id,
        content: `Hi ${m.speaker_name.split(' ')[0]},\n\nStill thinking about ${WORDS[i % WORDS.length]} ${i}. Open to a short call next week? ${COURTESY}\n\nCheers,\nMaya`,
      });
    const chosen = lasts.slice(0, need);
    for (const [i, m] of chosen.slice(0, need - 1).entries()) await plant(m, i);
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    for (const m of chosen.slice(0, need - 1)) expect(await codesOf(m)).not.toContain('campaign_repeated_line');

    await plant(chosen[need - 1] as Draft, need - 1);
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    for (const m of chosen) expect(await codesOf(m)).toContain('campaign_repeated_line');
  });
});

describe('campaign-wide repeated phrases', () => {
  const slotted = (total: number, sharing: number, phrase: string, slot = 2) =>
    new Map(
      Array.from({ length: total }, (_, i) => [
        `s${i}`,
        [{ slot, content: `Hi P,\n\nItem ${i} number ${i * 7} here. ${i < sharing ? phrase : `Something ${i} else entirely ${i * 3}.`}\n\nCheers,\nDana Kim` }],
      ]),
    );
  const PHRASE = 'We make dashboards for busy data teams.';

  it('flags a run of four words in more than a tenth of a follow-up slot, at least four of them', () => {
    const text = `Hi Ana,\n\nGood to meet you. ${PHRASE}\n\nCheers,\nDana Kim`;
    expect(campaignPhrase(text, 2, countCampaignLines(slotted(15, 15, PHRASE)))).toBeNull();
    expect(campaignPhrase(text, 2, countCampaignLines(slotted(20, 4, PHRASE)))).toMatch(
      /"(?:we make dashboards for|dashboards for busy data|make dashboards for busy|for busy data teams)" is in 4 of the campaign's 20 slot 2 messages/,
    );
    expect(campaignPhrase(text, 2, countCampaignLines(slotted(20, 3, PHRASE)))).toBeNull();
    expect(campaignPhrase(text, 3, countCampaignLines(slotted(20, 12, PHRASE)))).toBeNull();
    // Texts without slots (an older caller) count lines only.
    expect(campaignPhrase(text, 2, countCampaignLines(campaign(20, 12)))).toBeNull();
  });

  it("leaves the call to action, the sender's own name and company, and the event alone", () => {
    const lines = countCampaignLines(slotted(20, 15, PHRASE));
    const text = `Hi Ana,\n\nGood to meet you. ${PHRASE}\n\nCheers,\nDana Kim`;
    expect(campaignPhrase(text, 2, lines, { cta: PHRASE })).toBeNull();
    // Runs that name the sender's company are theirs to repeat; the rest of the sentence still counts.
    expect(campaignPhrase(text, 2, lines, { company: 'Dashboards Inc' })).toMatch(/^"for busy data teams"/);
    expect(campaignPhrase(text, 2, lines, { event: 'Busy Data Teams Summit' })).not.toBeNull();
    expect(campaignPhrase(text, 2, lines, { event: 'Dashboards for Busy Data Teams' })).toBeNull();
  });

  it('asks more of a connection note: half of them must share the run', () => {
    const text = `Hi Ana, good to meet you. ${PHRASE}`;
    const notes = (sharing: number) =>
      countCampaignLines(
        new Map(
          Array.from({ length: 20 }, (_, i) => [`s${i}`, [{ slot: 1, content: `Hi P, item ${i}. ${i < sharing ? PHRASE : `Other ${i} words ${i * 5}.`}` }]]),
        ),
      );
    expect(campaignPhrase(text, 1, notes(10))).toBeNull();
    expect(campaignPhrase(text, 1, notes(11))).not.toBeNull();
  });
});

describe('rescore_drafts scores a campaign as a whole', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
    // Enough speakers for shared wording to mean something (PHRASE_MIN_MESSAGES).
    for (const url of [w.urls.cards, w.urls.extra]) await w.tool('add_conference_url', { campaign_id: campaignId, url });
    await w.tool('start_campaign_run', { campaign_id: campaignId });
    await w.scheduler.drain();
  });
  afterAll(() => w.close());

  it('flags follow-ups that share the campaign wording, and clears one a person rewrote in words of their own', async () => {
    const seconds = (await draftsOf(w, campaignId)).filter((m) => m.slot === 2);
    expect(seconds.length).toBeGreaterThanOrEqual(16);
    // More than a tenth of the slot (and at least four) carry the same stock sentence, one more than that so a rewrite leaves enough.
    const sharing = seconds.slice(0, Math.max(5, Math.floor(seconds.length / 10) + 2));
    for (const m of sharing) {
      await w.tool('update_message', {
        message_id: m.message_id,
        content: `Hi ${m.speaker_name.split(' ')[0]},\n\nYour story stuck with me all week long. Would it help your team?\n\nCheers,\nMaya`,
      });
    }
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    const flagged = (await draftsOf(w, campaignId)).filter((m) => m.slot === 2 && m.hard_fail_codes.includes('campaign_repeated_phrase'));
    expect(flagged.map((m) => m.message_id).sort()).toEqual(sharing.map((m) => m.message_id).sort());
    const target = flagged[0] as Draft;
    const first = target.speaker_name.split(' ')[0];
    await w.tool('update_message', {
      message_id: target.message_id,
      content: `Hi ${first},\n\nThanks for connecting. I keep coming back to the retry storms you described; we saw the same thing after moving queues last spring. How did your team settle on the backoff limits?\n\nCheers,\nMaya`,
    });
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    const after = (await slotsOf(w, target.speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(after.hard_fail_codes).not.toContain('campaign_repeated_phrase');
    const still = (await slotsOf(w, (flagged[1] as Draft).speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(still.hard_fail_codes).toContain('campaign_repeated_phrase');
  });
});

describe('rescore_drafts flags a sentence frame the campaign repeats with its words swapped', () => {
  // Each message swaps every particular, so no run of four words repeats: only the frame does.
  const PARTS = 'lantern harbor copper meadow quarry falcon timber saffron glacier walnut orchid basalt cinder thistle juniper marble'.split(' ');
  const framed = (first: string, i: number) =>
    `Hi ${first},\n\nWhen your ${PARTS[i % 16]} crew wants to ${PARTS[(i + 5) % 16]}ize which ${PARTS[(i + 9) % 16]} got ${PARTS[(i + 13) % 16]}ed, where do they begin?\n\nCheers,\nMaya`;
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
  });
  afterAll(() => w.close());

  it('flags a follow-up alone as nothing, and both once a second shares its stock clause', async () => {
    const seconds = (await draftsOf(w, campaignId)).filter((m) => m.slot === 2);
    // Two sharing a long stretch of frame is more than a twentieth of a campaign of this size.
    expect(seconds.length).toBeLessThan(40);
    const [one, two] = seconds as [Draft, Draft];
    const plant = (m: Draft, i: number) => w.tool('update_message', { message_id: m.message_id, content: framed(m.speaker_name.split(' ')[0] as string, i) });
    const codes = async (m: Draft) => ((await slotsOf(w, m.speaker_id)).find((x) => x.slot === 2) as Draft).hard_fail_codes;
    await plant(one, 0);
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    expect(await codes(one)).not.toContain('campaign_repeated_frame');

    await plant(two, 1);
    await w.tool('rescore_drafts', { campaign_id: campaignId });
    for (const m of [one, two]) {
      expect(await codes(m)).toContain('campaign_repeated_frame');
      expect(await codes(m)).not.toContain('campaign_repeated_phrase');
    }
    const view = (await slotsOf(w, one.speaker_id)).find((x) => x.slot === 2) as Draft;
    expect(view.approvable).toBe(false);
    expect(view.fix_hints).toContainEqual(
      expect.objectContaining({
        code: 'campaign_repeated_frame',
        action: 'rescore',
        fix: 'rewrite',
        hint: expect.stringContaining(`of 2 of the campaign's ${seconds.length} slot 2 messages`),
      }),
    );
  });
});
