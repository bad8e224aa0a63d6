import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import {
  autoStartCampaign,
  cleanSpeakers,
  draftedSpeakers,
  draftsOf,
  makeDraftsWorld,
  messageRow,
  othersDraftedCampaign,
  PLANTED,
  refusal,
  slotsOf,
  UNKNOWN,
  type Draft as Msg,
} from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const TOOL = 'rescore_drafts';

const refused = refusal(TOOL, 'write');

interface Outcomes {
  approvable: number;
  hard_fail: number;
  needs_human: number;
  low_score: number;
  sent: number;
}

describe('rescore_drafts', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let secondId: string;
  let othersCampaign: string;
  let drafted: string[];
  /** Speakers whose three drafts were all approvable after the run, in campaign order. */
  let clean: string[];
  let secondMessage: Msg;
  let othersMessage: Msg;

  const messages = () => draftsOf(w, campaignId);
  const total = (o: Outcomes) => o.approvable + o.hard_fail + o.needs_human + o.low_score + o.sent;
  /** Classifies a listed message the way the outcome counts do. */
  const outcomeOf = (m: Msg): keyof Outcomes =>
    m.sent ? 'sent' : m.approvable ? 'approvable' : m.hard_fail_codes.length ? 'hard_fail' : m.needs_human ? 'needs_human' : 'low_score';
  const tally = (ms: Msg[]): Outcomes => {
    const o: Outcomes = { approvable: 0, hard_fail: 0, needs_human: 0, low_score: 0, sent: 0 };
    for (const m of ms) o[outcomeOf(m)]++;
    return o;
  };

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    secondId = await autoStartCampaign(w, 'Cards', w.urls.cards);
    ({ othersCampaign, othersMessage } = await othersDraftedCampaign(w));
    secondMessage = (await w.tool('list_messages', { campaign_id: secondId, limit: 1 })).data.items[0];

    // The draft stage reads a sequence against the chunks drafted before it; a rescore reads the
    // whole campaign. "Clean" is what the whole campaign's reading leaves approvable.
    await w.tool(TOOL, { campaign_id: campaignId });
    const all = await messages();
    drafted = draftedSpeakers(all);
    clean = cleanSpeakers(all);
    expect(clean.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(() => w.close());

  describe('targets', () => {
    it('rescores the whole campaign over HTTP: every drafted speaker, counts that add up to their slots', async () => {
      w.clock.advance(60_000);
      const h = await w.post(`/campaigns/${campaignId}/rescores`, {});
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
      const { speakers, outcomes } = h.body.data as { speakers: number; outcomes: Outcomes };
      expect(speakers).toBe(drafted.length);
      expect(total(outcomes)).toBe(drafted.length * 3);
      const after = await messages();
      expect(outcomes).toEqual(tally(after));
      for (const m of after) expect(m.qa_evaluated_at).toBe(w.clock.now().toISOString());
    });

    it('rescores only the speakers given in speaker_ids, over MCP', async () => {
      w.clock.advance(60_000);
      const targets = clean.slice(0, 2);
      const r = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: targets });
      expect(r).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null, data: { speakers: 2 } });
      expect(r.data.outcomes).toEqual({ approvable: 6, hard_fail: 0, needs_human: 0, low_score: 0, sent: 0 });
      const now = w.clock.now().toISOString();
      for (const m of await messages()) expect(m.qa_evaluated_at === now, m.message_id).toBe(targets.includes(m.speaker_id));
    });

    it('rescores every slot of the speakers behind message_ids', async () => {
      w.clock.advance(60_000);
      const [a, b] = [await slotsOf(w, clean[2] as string), await slotsOf(w, clean[3] as string)];
      const ids = [(a[0] as Msg).message_id, (a[2] as Msg).message_id, (b[1] as Msg).message_id];
      const h = await w.post(`/campaigns/${campaignId}/rescores`, { message_ids: ids });
      expect(h.status).toBe(200);
      expect(h.body.data.speakers).toBe(2);
      expect(total(h.body.data.outcomes)).toBe(6);
      const now = w.clock.now().toISOString();
      const touched = new Set([clean[2], clean[3]]);
      for (const m of await messages()) expect(m.qa_evaluated_at === now, m.message_id).toBe(touched.has(m.speaker_id));
    });

    it('counts a speaker given both ways once', async () => {
      const slots = await slotsOf(w, clean[0] as string);
      const r = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: [clean[0]], message_ids: [(slots[1] as Msg).message_id] });
      expect(r.data.speakers).toBe(1);
      expect(total(r.data.outcomes)).toBe(3);
    });

    it('leaves a sent slot alone and counts it as sent', async () => {
      const speakerId = clean[5] as string;
      const [first] = await slotsOf(w, speakerId);
      await w.tool('mark_message_sent', { message_id: (first as Msg).message_id });
      const before = await messageRow(w, (first as Msg).message_id);
      w.clock.advance(60_000);
      const r = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: [speakerId] });
      expect(r.data.outcomes).toEqual({ approvable: 2, hard_fail: 0, needs_human: 0, low_score: 0, sent: 1 });
      expect(await messageRow(w, (first as Msg).message_id)).toEqual(before);
    });
  });

  describe('racing mark_message_sent over HTTP against one server', () => {
    it('never writes a score onto a message sent meanwhile, and counts every slot once', async () => {
      const drafts = await draftsOf(w, secondId);
      const speakers = draftedSpeakers(drafts);
      const marked = speakers.slice(-3).map((id) => drafts.find((m) => m.speaker_id === id && m.slot === 2) as Msg);
      w.clock.advance(60_000);
      const [rescored, ...sent] = await Promise.all([
        w.post(`/campaigns/${secondId}/rescores`, {}),
        ...marked.map((m) => w.post(`/messages/${m.message_id}/sent`, {})),
      ]);
      expect(rescored.status).toBe(200);
      expect(total(rescored.body.data.outcomes)).toBe(speakers.length * 3);
      for (const r of sent) expect(r.body.data.recorded).toBe(true);
      for (const m of marked) expect(await messageRow(w, m.message_id)).toMatchObject({ sent: 1, approvable: 0, needs_human: 0 });
      // What the rescore reports is what it stored: a slot it counts as unsent carries its score of now.
      const now = w.clock.now().toISOString();
      const after = await draftsOf(w, secondId);
      expect(after.filter((m) => !m.sent).every((m) => m.qa_evaluated_at === now)).toBe(true);
    });
  });

  describe('hand-edited drafts', () => {
    it('releases a hand edit with clean text: unscored after the edit, approvable after the rescore', async () => {
      const speakerId = clean[1] as string;
      const target = (await slotsOf(w, speakerId))[1] as Msg;
      const content = target.content.replace(/^Hey\b/, 'Hi');
      expect(content).not.toBe(target.content);
      const edited = await w.tool('update_message', { message_id: target.message_id, content });
      expect(edited.data).toMatchObject({ qa_score: null, approvable: false, fix_hints: [{ action: 'rescore' }] });

      const r = await w.post(`/campaigns/${campaignId}/rescores`, { message_ids: [target.message_id] });
      expect(r.body.data).toEqual({ speakers: 1, outcomes: { approvable: 3, hard_fail: 0, needs_human: 0, low_score: 0, sent: 0 } });
      const after = (await slotsOf(w, speakerId)).find((m) => m.message_id === target.message_id) as Msg;
      expect(after).toMatchObject({
        content,
        approvable: true,
        fresh: true,
        hard_fail_codes: [],
        fix_hints: [{ code: 'ready', action: 'none', fix: 'none', hint: expect.stringContaining('ready for a person') }],
      });
      expect(after.qa_score).toBeGreaterThanOrEqual(8);
    });

    it('gives a hand edit with a planted defect its hard-fail codes and fix hints', async () => {
      const speakerId = clean[4] as string;
      const target = (await slotsOf(w, speakerId))[0] as Msg;
      await w.tool('update_message', { message_id: target.message_id, content: PLANTED });
      const r = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: [speakerId] });
      expect(r.data).toEqual({ speakers: 1, outcomes: { approvable: 2, hard_fail: 1, needs_human: 0, low_score: 0, sent: 0 } });
      const after = (await slotsOf(w, speakerId)).find((m) => m.message_id === target.message_id) as Msg;
      expect(after).toMatchObject({ content: PLANTED, approvable: false, fresh: true, qa_score: expect.any(Number) });
      expect(after.qa_score).toBeLessThan(8);
      expect(after.hard_fail_codes).toEqual(expect.arrayContaining(['unresolved_placeholder', 'link_in_first_touch']));
      expect(after.fix_hints).toEqual(
        expect.arrayContaining([
          { code: 'unresolved_placeholder', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('placeholder') },
          { code: 'link_in_first_touch', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('link') },
        ]),
      );
    });

    it('tallies the outcomes of a whole-campaign rescore to match the drafts afterwards', async () => {
      const r = await w.tool(TOOL, { campaign_id: campaignId });
      const after = await messages();
      expect(r.data.speakers).toBe(drafted.length);
      expect(r.data.outcomes).toEqual(tally(after));
      expect(r.data.outcomes.hard_fail).toBeGreaterThanOrEqual(1);
      expect(r.data.outcomes.sent).toBe(1);
    });
  });

  describe('refusals', () => {
    const untouched = async (fn: () => Promise<void>) => {
      w.clock.advance(60_000);
      const before = await messages();
      await fn();
      expect(await messages()).toEqual(before);
    };

    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      await untouched(async () => {
        for (const key of [undefined, 'grn_not_a_real_key']) {
          const h = await w.post(`/campaigns/${campaignId}/rescores`, {}, { key });
          expect(h.status).toBe(401);
          expect(h.body).toEqual(refused('unauthenticated'));
          expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
          const m = await mcpOverHttp(w.base, TOOL, { campaign_id: campaignId }, key ? `Bearer ${key}` : undefined);
          expect(m.status).toBe(401);
        }
      });
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP', async () => {
      await untouched(async () => {
        const h = await w.post(`/campaigns/${campaignId}/rescores`, {}, { key: w.user.keys.read });
        expect(h.status).toBe(403);
        expect(h.body).toEqual(refused('forbidden_scope'));
        expect(await callAs(w.instance, w.user, 'read', TOOL, { campaign_id: campaignId })).toEqual(refused('forbidden_scope'));
      });
    });

    it('answers 404 not_found for an unknown campaign and another user’s campaign', async () => {
      for (const id of [UNKNOWN, othersCampaign]) {
        const h = await w.post(`/campaigns/${id}/rescores`, {});
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { campaign_id: id })).toEqual(refused('not_found'));
      }
    });

    it('answers 404 not_found for speaker or message ids from another campaign or user, and rescores nothing', async () => {
      await untouched(async () => {
        const mine = clean[0] as string;
        for (const body of [
          { speaker_ids: [secondMessage.speaker_id] },
          { speaker_ids: [mine, secondMessage.speaker_id] },
          { speaker_ids: [othersMessage.speaker_id] },
          { speaker_ids: [UNKNOWN] },
          { message_ids: [secondMessage.message_id] },
          { message_ids: [othersMessage.message_id] },
          { message_ids: [UNKNOWN] },
          { speaker_ids: [mine], message_ids: [secondMessage.message_id] },
        ]) {
          const h = await w.post(`/campaigns/${campaignId}/rescores`, body);
          expect(h.status, JSON.stringify(body)).toBe(404);
          expect(h.body).toEqual(refused('not_found'));
          expect(await w.tool(TOOL, { campaign_id: campaignId, ...body })).toEqual(refused('not_found'));
        }
      });
    });

    it('answers 400 invalid_request for a malformed campaign_id', async () => {
      const h = await w.post('/campaigns/not-a-uuid/rescores', {});
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/campaign_id/);
      expect(await w.tool(TOOL, { campaign_id: 'not-a-uuid' })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { campaign_id: 42 })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, {})).toEqual(refused('invalid_request'));
    });

    it.each([
      ['an empty speaker_ids', { speaker_ids: [] }, 'speaker_ids'],
      ['a malformed speaker id', { speaker_ids: ['nope'] }, 'speaker_ids'],
      ['speaker_ids that is not an array', { speaker_ids: UNKNOWN }, 'speaker_ids'],
      ['an empty message_ids', { message_ids: [] }, 'message_ids'],
      ['a message id that is not a string', { message_ids: [42] }, 'message_ids'],
      ['1001 speaker ids', { speaker_ids: Array.from({ length: 1001 }, () => UNKNOWN) }, 'speaker_ids'],
      ['an unknown field', { dry_run: true }, 'dry_run'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP, and rescores nothing', async (_label, body, word) => {
      await untouched(async () => {
        const h = await w.post(`/campaigns/${campaignId}/rescores`, body);
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
        expect(h.body.error?.message).toContain(word);
        const m = await w.tool(TOOL, { campaign_id: campaignId, ...body });
        expect(m).toEqual(refused('invalid_request'));
        expect(m.error?.message).toContain(word);
      });
    });

    it('answers 400 to a body that is not a JSON object or a campaign_id differing from the path', async () => {
      for (const rawBody of ['{nope', '[]', '"all"']) {
        const h = await w.post(`/campaigns/${campaignId}/rescores`, undefined, { rawBody });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
      }
      const mismatch = await w.post(`/campaigns/${campaignId}/rescores`, { campaign_id: secondId });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual(refused('invalid_request'));
    });
  });
});
