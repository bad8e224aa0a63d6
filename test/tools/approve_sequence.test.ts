import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import {
  autoStartCampaign,
  cleanSpeakers,
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
import { MessageView } from '../../schemas/message.js';
import tool from '../../tools/approve_sequence.js';

const TOOL = 'approve_sequence';

const refused = refusal(TOOL, 'write');

describe('approve_sequence', () => {
  let w: PipelineWorld;
  let campaignId: string;
  /** Speakers whose three drafts were all approvable after the run, in campaign order. */
  let clean: string[];
  let othersSpeaker: string;

  const rescore = (ids: string[]) => w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: ids });
  const stamp = (m: Pick<Msg, 'message_id'>, s: 'approved' | 'rejected') =>
    w.instance.db.updateTable('messages').set({ founder_stamp: s }).where('id', '=', m.message_id).execute();
  const audit = (speakerId: string) =>
    w.instance.db.selectFrom('audit_log').selectAll().where('action', '=', 'message.approved').where('meta', 'like', `%${speakerId}%`).orderBy('seq').execute();
  const events = (speakerId: string) =>
    w.instance.db.selectFrom('run_events').select(['type', 'data']).where('type', '=', 'message.approved').where('data', 'like', `%${speakerId}%`).execute();
  const approvedAts = async (speakerId: string) => (await slotsOf(w, speakerId)).map((m) => m.approved_at);

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    const others = await othersDraftedCampaign(w);
    othersSpeaker = others.othersMessage.speaker_id;
    clean = cleanSpeakers(await draftsOf(w, campaignId));
    expect(clean.length).toBeGreaterThanOrEqual(7);
  });
  afterAll(() => w.close());

  it('approves the three slots of a sequence in one call over HTTP: approved by a person, one audit entry and one event per slot', async () => {
    const speaker = clean[0] as string;
    const before = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel.approved;
    w.clock.advance(60_000);
    const now = w.clock.now().toISOString();
    const h = await w.post(`/speakers/${speaker}/approve`, {});
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
    expect(tool.output.strict().safeParse(h.body.data).success).toBe(true);
    expect(h.body.data.speaker_id).toBe(speaker);
    expect(h.body.data.approved).toBe(3);
    expect(h.body.data.messages.map((m: Msg) => m.slot)).toEqual([1, 2, 3]);
    for (const m of h.body.data.messages) {
      expect(MessageView.safeParse(m).success).toBe(true);
      expect(m).toMatchObject({ speaker_id: speaker, approved_at: now, approved_via: 'approve_message', approvable: true, needs_human: false });
    }
    expect(await approvedAts(speaker)).toEqual([now, now, now]);
    expect((await w.tool('get_draft_qa', { speaker_id: speaker })).data.speakers[0].bucket).toBe('approved');
    expect((await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel.approved).toBe(before + 1);
    const entries = await audit(speaker);
    expect(entries).toHaveLength(3);
    for (const a of entries)
      expect(JSON.parse(a.meta)).toMatchObject({ via: 'approve_sequence', speaker_id: speaker, approved_by: { user_id: w.user.userId } });
    expect(await events(speaker)).toHaveLength(3);
  });

  it('is idempotent over MCP: approving again approves nothing new and sends no second event', async () => {
    const speaker = clean[0] as string;
    w.clock.advance(60_000);
    const r = await w.tool(TOOL, { speaker_id: speaker });
    expect(r).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null, data: { speaker_id: speaker, approved: 0 } });
    expect(r.data.messages.every((m: Msg) => m.approved_at === w.clock.now().toISOString())).toBe(true);
    expect(await events(speaker)).toHaveLength(3);
  });

  it('settles what waits for a person (a founder stamp) on any slot, as approve_message does', async () => {
    const speaker = clean[1] as string;
    const slots = await slotsOf(w, speaker);
    await stamp(slots[1] as Msg, 'rejected');
    await stamp(slots[2] as Msg, 'approved');
    await rescore([(slots[1] as Msg).message_id, (slots[2] as Msg).message_id]);
    expect((await slotsOf(w, speaker)).map((m) => m.needs_human)).toEqual([false, true, true]);
    const r = await w.tool(TOOL, { speaker_id: speaker });
    expect(r.data.approved).toBe(3);
    expect(r.data.messages.map((m: Msg) => [m.needs_human, m.approvable])).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
  });

  it('approves the unsent slots of a partly sent sequence and leaves the sent one as it was', async () => {
    const speaker = clean[2] as string;
    const [first] = await slotsOf(w, speaker);
    await w.tool('mark_message_sent', { message_id: (first as Msg).message_id });
    const r = await w.tool(TOOL, { speaker_id: speaker });
    expect(r.data.approved).toBe(2);
    expect(r.data.messages.map((m: Msg) => [m.slot, m.sent, m.approved_at !== null])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, false, true],
    ]);
  });

  describe('refused with 422 tool_error, all or nothing', () => {
    it('while one slot has a hard fail a rewrite must fix: names the slot and the code, and approves no slot', async () => {
      const speaker = clean[3] as string;
      const slots = await slotsOf(w, speaker);
      const bad = slots[2] as Msg;
      await w.tool('update_message', { message_id: bad.message_id, content: PLANTED });
      await rescore([bad.message_id]);
      const rows = await Promise.all(slots.map((m) => messageRow(w, m.message_id)));
      const h = await w.post(`/speakers/${speaker}/approve`, {});
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/^Message 3: .*template placeholder/);
      expect(await w.tool(TOOL, { speaker_id: speaker })).toEqual(refused('tool_error'));
      expect(await Promise.all(slots.map((m) => messageRow(w, m.message_id)))).toEqual(rows);
      expect(await audit(speaker)).toEqual([]);
    });

    it('while a slot is unscored after an edit, and accepted once it is rescored', async () => {
      const speaker = clean[4] as string;
      const slots = await slotsOf(w, speaker);
      const edited = slots[1] as Msg;
      await w.tool('update_message', { message_id: edited.message_id, content: edited.content.replace(/^Hey\b/, 'Hi') });
      const h = await w.post(`/speakers/${speaker}/approve`, {});
      expect(h.status).toBe(422);
      expect(h.body.error?.message).toMatch(/^Message 2: .*check it again/);
      expect(await approvedAts(speaker)).toEqual([null, null, null]);
      await rescore([edited.message_id]);
      const ok = await w.post(`/speakers/${speaker}/approve`, {});
      expect(ok.status).toBe(200);
      expect(ok.body.data.approved).toBe(3);
    });

    it('once every slot is sent', async () => {
      const speaker = clean[5] as string;
      for (const m of await slotsOf(w, speaker)) await w.tool('mark_message_sent', { message_id: m.message_id });
      const h = await w.post(`/speakers/${speaker}/approve`, {});
      expect(h.status).toBe(422);
      expect(h.body.error?.message).toMatch(/already sent/);
    });
  });

  describe('refusals', () => {
    const untouched = async () => expect(await approvedAts(clean[6] as string)).toEqual([null, null, null]);

    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.post(`/speakers/${clean[6]}/approve`, {}, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        const m = await mcpOverHttp(w.base, TOOL, { speaker_id: clean[6] }, key ? `Bearer ${key}` : undefined);
        expect(m.status).toBe(401);
      }
      await untouched();
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP', async () => {
      const h = await w.post(`/speakers/${clean[6]}/approve`, {}, { key: w.user.keys.read });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'read', TOOL, { speaker_id: clean[6] })).toEqual(refused('forbidden_scope'));
      await untouched();
    });

    it('answers 404 not_found for an unknown speaker and another user’s speaker', async () => {
      for (const id of [UNKNOWN, othersSpeaker]) {
        const h = await w.post(`/speakers/${id}/approve`, {});
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { speaker_id: id })).toEqual(refused('not_found'));
      }
      const theirs = await w.instance.db.selectFrom('messages').select('approved_at').where('speaker_id', '=', othersSpeaker).execute();
      expect(theirs.every((m) => m.approved_at === null)).toBe(true);
    });

    it('answers 400 invalid_request for a malformed speaker_id or an unknown field', async () => {
      const h = await w.post('/speakers/not-a-uuid/approve', {});
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/speaker_id/);
      for (const args of [{ speaker_id: 'not-a-uuid' }, {}, { speaker_id: clean[6], note: 'fine' }])
        expect(await w.tool(TOOL, args)).toEqual(refused('invalid_request'));
      await untouched();
    });
  });
});
