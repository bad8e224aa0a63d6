import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import {
  autoStartCampaign,
  draftsOf,
  makeDraftsWorld,
  othersDraftedCampaign,
  PLANTED,
  refusal,
  slotsOf,
  UNKNOWN,
  walkPages,
  type Draft as Msg,
  type FixHint as Hint,
  type Query,
} from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const TOOL = 'get_draft_qa';
const DAY = 86_400_000;

const refused = refusal(TOOL, 'read');

interface Qa {
  messages: Msg[];
  speakers: Array<{ speaker_id: string; speaker_name: string; bucket: string }>;
  buckets: Record<string, number>;
  rollup: Array<{ code: string; count: number; action: string; fix: string; hint: string }>;
  next_cursor: string | null;
  has_more: boolean;
}

describe('get_draft_qa', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let secondId: string;
  let othersCampaign: string;
  let othersSpeaker: string;
  /** Speakers whose three drafts were all approvable after the run, those with a LinkedIn profile (push-eligible) first. */
  let clean: string[];
  let linked: Set<string>;

  /** The whole campaign over HTTP and MCP; both must agree. */
  const qa = async (query: Query = {}, id = campaignId): Promise<Qa> => {
    const h = await w.get(`/campaigns/${id}/qa`, { query });
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null });
    expect(await w.tool(TOOL, { campaign_id: id, ...query })).toEqual(h.body);
    return h.body.data as Qa;
  };
  const everything = () => qa({ limit: 200 });
  const sum = (b: Record<string, number>) => Object.values(b).reduce((a, n) => a + n, 0);

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    secondId = await autoStartCampaign(w, 'Cards', w.urls.cards);
    const others = await othersDraftedCampaign(w);
    othersCampaign = others.othersCampaign;
    othersSpeaker = others.othersMessage.speaker_id;

    const all = (await everything()).messages;
    const bySpeaker = new Map<string, Msg[]>();
    for (const m of all) bySpeaker.set(m.speaker_id, [...(bySpeaker.get(m.speaker_id) ?? []), m]);
    const speakers = (await w.tool('search_speakers', { campaign_id: campaignId, limit: 200 })).data.items as Array<{
      speaker_id: string;
      linkedin_url: string | null;
    }>;
    linked = new Set(speakers.filter((s) => /linkedin\.com\/in\//.test(s.linkedin_url ?? '')).map((s) => s.speaker_id));
    const approvable = [...bySpeaker.entries()].filter(([, ms]) => ms.length === 3 && ms.every((m) => m.approvable)).map(([id]) => id);
    // Those with a LinkedIn profile first: they are the ones ready to send.
    clean = [...approvable.filter((id) => linked.has(id)), ...approvable.filter((id) => !linked.has(id))];
    expect(clean.length).toBeGreaterThanOrEqual(7);
  });
  afterAll(() => w.close());

  describe('a fresh campaign', () => {
    it('reports every draft with its QA state, three slots per drafted speaker', async () => {
      const data = await everything();
      const drafts = await draftsOf(w, campaignId);
      expect(data.messages.map((m) => m.message_id)).toEqual(drafts.map((m) => m.message_id));
      expect(data).toMatchObject({ has_more: false, next_cursor: null });
      const speakers = new Set(data.messages.map((m) => m.speaker_id));
      expect(data.messages).toHaveLength(speakers.size * 3);
      for (const m of data.messages) {
        expect(m).toMatchObject({
          campaign_id: campaignId,
          speaker_name: expect.any(String),
          qa_score: expect.any(Number),
          qa_evaluated_at: expect.any(String),
          qa_flags: expect.any(Array),
          hard_fail_codes: expect.any(Array),
          needs_human: expect.any(Boolean),
          needs_redo: expect.any(Boolean),
          approvable: expect.any(Boolean),
          fresh: true,
          sent: false,
        });
        expect(m.fix_hints.length).toBeGreaterThan(0);
        for (const h of m.fix_hints)
          expect(h).toEqual({
            code: expect.any(String),
            action: expect.stringMatching(/^(none|rescore|human_review)$/),
            fix: expect.stringMatching(/^(none|rescore|rewrite|human_review)$/),
            hint: expect.any(String),
          });
        // Nobody approved these drafts: a QA-cleared slot is ready for a person, not approved.
        if (m.approvable)
          expect(m.fix_hints).toEqual([{ code: 'ready', action: 'none', fix: 'none', hint: expect.stringContaining('ready for a person to approve') }]);
        expect((m as unknown as { approved_via: string | null }).approved_via).toBeNull();
      }
    });

    it('buckets every speaker with drafts once and counts the speakers finished without drafts as skipped', async () => {
      const data = await everything();
      const drafted = new Set(data.messages.map((m) => m.speaker_id));
      const speakers = (await w.tool('search_speakers', { campaign_id: campaignId, limit: 200 })).data.items as Array<{ speaker_id: string; stage: string }>;
      const undrafted = speakers.filter((s) => s.stage === 'done' && !drafted.has(s.speaker_id));
      expect(undrafted.length).toBeGreaterThan(0);
      expect(sum(data.buckets)).toBe(drafted.size + undrafted.length);
      expect(data.buckets.skipped).toBe(undrafted.length);
      expect(data.speakers.map((s) => s.speaker_id).sort()).toEqual([...drafted].sort());
    });

    it('puts a speaker in ready_to_send exactly when push_approved could take them: three approvable slots and a LinkedIn profile', async () => {
      const data = await everything();
      for (const s of data.speakers) {
        const slots = data.messages.filter((m) => m.speaker_id === s.speaker_id);
        expect(s.bucket === 'ready_to_send', s.speaker_name).toBe(slots.every((m) => m.approvable) && linked.has(s.speaker_id));
        if (slots.every((m) => m.approvable) && !linked.has(s.speaker_id)) expect(s.bucket, s.speaker_name).toBe('needs_human');
      }
      expect(data.buckets.ready_to_send).toBe(clean.filter((id) => linked.has(id)).length);
    });

    it('inspects one speaker by speaker_id alone over MCP, and over HTTP under the speaker’s campaign', async () => {
      const speakerId = clean[0] as string;
      const m = await w.tool(TOOL, { speaker_id: speakerId });
      expect(m).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null, data: { has_more: false, next_cursor: null } });
      expect(m.data.messages.map((x: Msg) => [x.speaker_id, x.slot])).toEqual([
        [speakerId, 1],
        [speakerId, 2],
        [speakerId, 3],
      ]);
      expect(m.data.speakers).toEqual([{ speaker_id: speakerId, speaker_name: expect.any(String), source: 'conference', bucket: 'ready_to_send' }]);
      expect(sum(m.data.buckets)).toBe(1);
      expect(m.data.buckets.ready_to_send).toBe(1);

      const h = await w.get(`/campaigns/${campaignId}/qa`, { query: { speaker_id: speakerId } });
      expect(h.status).toBe(200);
      expect(h.body).toEqual(m);
      expect(await w.tool(TOOL, { campaign_id: campaignId, speaker_id: speakerId })).toEqual(m);
    });

    it('pages one speaker’s drafts with limit 1 over MCP by speaker_id alone', async () => {
      const speakerId = clean[0] as string;
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const r = await w.tool(TOOL, cursor ? { speaker_id: speakerId, limit: 1, cursor } : { speaker_id: speakerId, limit: 1 });
        expect(r.ok).toBe(true);
        seen.push(...(r.data as Qa).messages.map((x) => x.slot));
        cursor = r.data.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual([1, 2, 3]);
    });

    it('accepts a cursor from the speaker_id-only MCP query over HTTP, where the path names the speaker’s campaign', async () => {
      const speakerId = clean[0] as string;
      const first = await w.tool(TOOL, { speaker_id: speakerId, limit: 1 });
      expect(first.data.has_more).toBe(true);
      const h = await w.get(`/campaigns/${campaignId}/qa`, { query: { speaker_id: speakerId, limit: 1, cursor: first.data.next_cursor } });
      expect(h.status).toBe(200);
      expect((h.body.data as Qa).messages.map((x) => x.slot)).toEqual([2]);
      const third = await w.tool(TOOL, { speaker_id: speakerId, limit: 1, cursor: h.body.data.next_cursor });
      expect(third.data).toMatchObject({ has_more: false, next_cursor: null });
      expect((third.data as Qa).messages.map((x) => x.slot)).toEqual([3]);
    });
  });

  describe('with planted failures', () => {
    let planted: Msg[];
    let sentPlant: Msg;

    /** Walks every page of a query, alternating HTTP and MCP, checking has_more on each. */
    const walk = (query: Query) =>
      walkPages(
        query,
        async (args, overHttp) =>
          overHttp ? (await w.get(`/campaigns/${campaignId}/qa`, { query: args })).body : await w.tool(TOOL, { campaign_id: campaignId, ...args }),
        (data: Qa) => data.messages.map((m) => m.message_id),
      );

    beforeAll(async () => {
      const slotOnes = (await everything()).messages.filter((m) => m.slot === 1 && clean.slice(0, 5).includes(m.speaker_id));
      for (const m of slotOnes) expect((await w.tool('update_message', { message_id: m.message_id, content: PLANTED })).ok).toBe(true);
      sentPlant = slotOnes[4] as Msg;
      planted = slotOnes.slice(0, 4);
      expect((await w.tool('rescore_drafts', { campaign_id: campaignId })).ok).toBe(true);
      expect((await w.tool('mark_message_sent', { message_id: sentPlant.message_id })).ok).toBe(true);
    });

    it('only_failing=true returns exactly the unsent drafts that are not approvable, planted ones included', async () => {
      const full = (await everything()).messages;
      const failing = await qa({ only_failing: true, limit: 200 });
      const expected = full.filter((m) => !m.sent && !m.approvable).map((m) => m.message_id);
      expect(failing.messages.map((m) => m.message_id)).toEqual(expected);
      expect(failing).toMatchObject({ has_more: false, next_cursor: null });
      for (const p of planted) expect(expected).toContain(p.message_id);
      expect(expected).not.toContain(sentPlant.message_id);
      for (const m of failing.messages) {
        expect(m.sent).toBe(false);
        expect(m.approvable).toBe(false);
      }
    });

    it('flags each planted draft with its hard-fail codes and rewrite hints', async () => {
      const failing = (await qa({ only_failing: true, limit: 200 })).messages;
      for (const p of planted) {
        const m = failing.find((x) => x.message_id === p.message_id) as Msg;
        expect(m.content).toBe(PLANTED);
        expect(m.hard_fail_codes).toEqual(expect.arrayContaining(['unresolved_placeholder', 'link_in_first_touch']));
        expect(m.fix_hints).toEqual(
          expect.arrayContaining([
            { code: 'unresolved_placeholder', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('{{first_name}}') },
            { code: 'link_in_first_touch', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('https://x.example.com') },
          ]),
        );
        expect(m).toMatchObject({ approvable: false, fresh: true, qa_score: expect.any(Number) });
      }
    });

    it('pages the failing drafts with a small limit: exact has_more, every page over either transport, same set as unpaged', async () => {
      const all = (await qa({ only_failing: true, limit: 200 })).messages.map((m) => m.message_id);
      expect(all.length).toBeGreaterThanOrEqual(4);
      const byTwo = await walk({ only_failing: true, limit: 2 });
      expect(byTwo.seen).toEqual(all);
      expect(byTwo.sizes.slice(0, -1).every((n) => n === 2)).toBe(true);
      expect(byTwo.sizes.at(-1)).toBeGreaterThan(0);
      expect(byTwo.sizes).toHaveLength(Math.ceil(all.length / 2));
    });

    it('ends without an empty trailing page when the failing drafts fill the last page exactly', async () => {
      const n = (await qa({ only_failing: true, limit: 200 })).messages.length;
      expect(await walk({ only_failing: true, limit: n })).toMatchObject({ sizes: [n] });
      expect(await walk({ only_failing: true, limit: n - 1 })).toMatchObject({ sizes: [n - 1, 1] });
      const first = await qa({ only_failing: true, limit: n - 1 });
      expect(first.has_more).toBe(true);
      const second = await qa({ only_failing: true, limit: n - 1, cursor: first.next_cursor as string });
      expect(second).toMatchObject({ has_more: false, next_cursor: null });
    });

    it('counts the planted codes in the rollup over unsent drafts, with their action and hint', async () => {
      const data = await everything();
      const counts = new Map<string, number>();
      for (const m of data.messages) if (!m.sent) for (const c of m.hard_fail_codes) counts.set(c, (counts.get(c) ?? 0) + 1);
      const vocabulary = (await w.tool('list_qa_codes')).data.hard_fail_codes as Hint[];
      const expected = [...counts.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([code, count]) => {
          const v = vocabulary.find((x) => x.code === code) as Hint;
          return { code, count, action: v.action, fix: v.fix, hint: v.hint };
        });
      expect(data.rollup).toEqual(expected);
      expect(data.rollup.find((r) => r.code === 'unresolved_placeholder')?.count).toBe(4);
      expect(data.rollup.find((r) => r.code === 'link_in_first_touch')?.count).toBe(4);
    });

    it('moves the planted speakers to needs_rewrite; the buckets still add up', async () => {
      const data = await everything();
      for (const p of planted) expect(data.speakers.find((s) => s.speaker_id === p.speaker_id)?.bucket).toBe('needs_rewrite');
      // A sequence with a slot sent by another route was contacted: it counts as sent, never as ready to push.
      expect(data.speakers.find((s) => s.speaker_id === sentPlant.speaker_id)?.bucket).toBe('sent');
      const drafted = new Set(data.messages.map((m) => m.speaker_id)).size;
      expect(sum(data.buckets)).toBe(drafted + data.buckets.skipped);
    });
  });

  describe('freshness', () => {
    it('shows a draft edited after its QA as stale, with a rescore fix hint, and counts it as failing', async () => {
      const target = (await slotsOf(w, clean[5] as string))[1] as Msg;
      await w.tool('update_message', { message_id: target.message_id, content: `${target.content}\nP.S. Happy to share notes.` });
      const [m] = (await slotsOf(w, target.speaker_id)).filter((x) => x.message_id === target.message_id) as Msg[];
      expect(m).toMatchObject({ fresh: false, approvable: false, qa_score: null, qa_evaluated_at: null });
      expect(m.stale_reasons.length).toBeGreaterThan(0);
      expect(m.fix_hints).toEqual([{ code: 'edited_since_qa', action: 'rescore', fix: 'rescore', hint: expect.stringContaining('check it again') }]);
      const failing = (await qa({ only_failing: true, limit: 200 })).messages.map((x) => x.message_id);
      expect(failing).toContain(target.message_id);
      expect((await everything()).speakers.find((s) => s.speaker_id === target.speaker_id)?.bucket).toBe('awaiting_qa');
    });

    it('shows the drafts of a speaker researched again after scoring as stale, with a rescore fix hint', async () => {
      const speakerId = clean[6] as string;
      w.clock.advance(60_000);
      await w.instance.db.updateTable('speakers').set({ researched_at: w.clock.now().toISOString() }).where('id', '=', speakerId).execute();
      const ms = await slotsOf(w, speakerId);
      for (const m of ms) {
        expect(m).toMatchObject({ fresh: false, approvable: false });
        expect(m.fix_hints[0]).toMatchObject({ action: 'rescore' });
      }
      const failing = (await qa({ only_failing: true, limit: 200 })).messages.map((x) => x.message_id);
      for (const m of ms) expect(failing).toContain(m.message_id);
      await w.tool('rescore_drafts', { campaign_id: campaignId, speaker_ids: [speakerId] });
      for (const m of await slotsOf(w, speakerId)) expect(m).toMatchObject({ fresh: true, approvable: true });
    });
  });

  describe('refusals', () => {
    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.get(`/campaigns/${campaignId}/qa`, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const m = await mcpOverHttp(w.base, TOOL, { campaign_id: campaignId }, key ? `Bearer ${key}` : undefined);
        expect(m.status).toBe(401);
      }
    });

    it('answers 403 forbidden_scope to a key without read, over HTTP and MCP', async () => {
      const h = await w.get(`/campaigns/${campaignId}/qa`, { key: w.user.keys.write });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, { campaign_id: campaignId })).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, { speaker_id: clean[0] })).toEqual(refused('forbidden_scope'));
    });

    it('answers 404 not_found for an unknown campaign and for another user’s campaign', async () => {
      for (const id of [UNKNOWN, othersCampaign]) {
        const h = await w.get(`/campaigns/${id}/qa`);
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { campaign_id: id })).toEqual(refused('not_found'));
      }
    });

    it('answers 404 not_found for an unknown speaker, another user’s speaker, and a speaker of another campaign', async () => {
      for (const speakerId of [UNKNOWN, othersSpeaker]) {
        const h = await w.get(`/campaigns/${campaignId}/qa`, { query: { speaker_id: speakerId } });
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { speaker_id: speakerId })).toEqual(refused('not_found'));
      }
      const mismatch = await w.get(`/campaigns/${secondId}/qa`, { query: { speaker_id: clean[0] as string } });
      expect(mismatch.status).toBe(404);
      expect(mismatch.body).toEqual(refused('not_found'));
      expect(await w.tool(TOOL, { campaign_id: secondId, speaker_id: clean[0] })).toEqual(refused('not_found'));
    });

    it('answers 400 invalid_request over MCP when neither campaign_id nor speaker_id is given', async () => {
      for (const args of [{}, { only_failing: true }]) {
        const m = await w.tool(TOOL, args);
        expect(m).toEqual(refused('invalid_request'));
        expect(m.error?.message).toMatch(/campaign_id/);
      }
    });

    it('answers 400 invalid_request for a malformed campaign_id, over HTTP and MCP', async () => {
      const h = await w.get('/campaigns/not-a-uuid/qa');
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/campaign_id/);
      expect(await w.tool(TOOL, { campaign_id: 'not-a-uuid' })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { campaign_id: 42 })).toEqual(refused('invalid_request'));
    });

    it.each([
      ['a malformed speaker_id', { speaker_id: 'nope' }, { speaker_id: 'nope' }, 'speaker_id'],
      ['a speaker_id that is not a string', { speaker_id: 'nope' }, { speaker_id: 7 }, 'speaker_id'],
      ['only_failing that is not a boolean', { only_failing: 'yes' }, { only_failing: 'true' }, 'only_failing'],
      ['limit 0', { limit: 0 }, { limit: 0 }, 'limit'],
      ['limit 201', { limit: 201 }, { limit: 201 }, 'limit'],
      ['a fractional limit', { limit: 2.5 }, { limit: 2.5 }, 'limit'],
      ['a limit that is not a number', { limit: 'ten' }, { limit: '5' }, 'limit'],
      ['a cursor of 33 characters', { cursor: 'x'.repeat(33) }, { cursor: 'x'.repeat(33) }, 'cursor'],
      ['an unknown field', { sent: true }, { sent: true }, 'sent'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP', async (_label, query, args, word) => {
      const h = await w.get(`/campaigns/${campaignId}/qa`, { query });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain(word);
      const m = await w.tool(TOOL, { campaign_id: campaignId, ...args });
      expect(m).toEqual(refused('invalid_request'));
      expect(m.error?.message).toContain(word);
    });

    it('answers 400 invalid_request to a cursor from another key, another query or another tool', async () => {
      const first = await qa({ limit: 2 });
      expect(first.has_more).toBe(true);
      const cursor = first.next_cursor as string;
      const otherKey = await w.get(`/campaigns/${campaignId}/qa`, { key: w.user.keys.read, query: { limit: 2, cursor } });
      expect(otherKey.status).toBe(400);
      expect(otherKey.body).toEqual(refused('invalid_request'));
      expect(otherKey.body.error?.message).toMatch(/cursor/);
      expect(await callAs(w.instance, w.user, 'read', TOOL, { campaign_id: campaignId, limit: 2, cursor })).toEqual(refused('invalid_request'));

      const flipped = await w.get(`/campaigns/${campaignId}/qa`, { query: { only_failing: true, limit: 2, cursor } });
      expect(flipped.status).toBe(400);
      expect(flipped.body).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { campaign_id: secondId, limit: 2, cursor })).toEqual(refused('invalid_request'));

      const listCursor = (await w.tool('list_messages', { campaign_id: campaignId, limit: 2 })).data.next_cursor as string;
      const fromList = await w.get(`/campaigns/${campaignId}/qa`, { query: { limit: 2, cursor: listCursor } });
      expect(fromList.status).toBe(400);
      expect(fromList.body).toEqual(refused('invalid_request'));
    });
  });

  describe('after 22 days', () => {
    beforeAll(() => {
      w.clock.advance(22 * DAY);
    });

    it('shows every unsent draft as stale by age, with a rewrite hint, and none approvable', async () => {
      const data = await everything();
      const unsent = data.messages.filter((m) => !m.sent);
      expect(unsent.length).toBeGreaterThan(0);
      for (const m of unsent) {
        expect(m).toMatchObject({ fresh: false, approvable: false });
        expect(m.stale_reasons).toEqual(expect.arrayContaining([expect.stringMatching(/21 days/)]));
        expect(m.fix_hints).toEqual(expect.arrayContaining([{ code: 'too_old', action: 'rescore', fix: 'rewrite', hint: expect.any(String) }]));
      }
    });

    it('returns every unsent draft under only_failing and puts every drafted speaker in awaiting_qa', async () => {
      const data = await everything();
      const unsent = data.messages.filter((m) => !m.sent).map((m) => m.message_id);
      expect((await qa({ only_failing: true, limit: 200 })).messages.map((m) => m.message_id)).toEqual(unsent);
      const drafted = new Set(data.messages.map((m) => m.speaker_id)).size;
      // Sequences with a slot already sent are contacted: they stay under sent.
      const contacted = new Set(data.messages.filter((m) => m.sent).map((m) => m.speaker_id)).size;
      expect(contacted).toBeGreaterThan(0);
      expect(data.buckets.awaiting_qa).toBe(drafted - contacted);
      expect(data.buckets.sent).toBe(contacted);
      expect(data.buckets.ready_to_send).toBe(0);
    });
  });
});
