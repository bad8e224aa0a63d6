import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import type { TestUser } from '../support/instance.js';
import {
  autoStartCampaign,
  draftsOf,
  makeDraftsWorld,
  messageRow,
  othersDraftedCampaign,
  refusal,
  slotsOf,
  UNKNOWN,
  viewOf,
  type Draft as Msg,
} from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';
import { whileDatabaseBusy } from '../support/race.js';

const TOOL = 'mark_message_sent';

const refused = refusal(TOOL, 'write');

describe('mark_message_sent', () => {
  let w: PipelineWorld;
  let other: TestUser;
  let campaignId: string;
  let picks: Msg[];
  let othersMessage: Msg;

  const audits = (id: string) => w.instance.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).orderBy('created_at').execute();
  const leads = (id: string) => w.instance.db.selectFrom('approved_leads').selectAll().where('message_id', '=', id).orderBy('created_at').execute();
  const profileExemplars = async (userId = w.user.userId): Promise<string[]> => {
    const u = await w.instance.db.selectFrom('users').select('profile').where('id', '=', userId).executeTakeFirstOrThrow();
    return (JSON.parse(u.profile) as { exemplars?: string[] }).exemplars ?? [];
  };
  const exemplarCount = async (): Promise<number> => (await w.tool('get_campaign', { campaign_id: campaignId })).data.style.exemplar_count;
  /** Everything a refused call must leave alone. */
  const snapshot = async (id: string) => ({
    row: await messageRow(w, id),
    audits: await audits(id),
    leads: await leads(id),
    exemplars: await profileExemplars(),
    count: await exemplarCount(),
  });

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    ({ other, othersMessage } = await othersDraftedCampaign(w));
    // One approvable message per speaker, so marking one never touches another's siblings.
    const approvable = (await draftsOf(w, campaignId)).filter((m) => m.approvable);
    picks = approvable.filter((m, i) => approvable.findIndex((x) => x.speaker_id === m.speaker_id) === i);
    expect(picks.length).toBeGreaterThanOrEqual(6);
    expect(new Set(picks.slice(0, 6).map((m) => m.message_id)).size).toBe(6);
  });
  afterAll(() => w.close());

  describe('the first recording', () => {
    let m: Msg;
    let first: { status: number; body: any };
    let countBefore: number;
    let firstAt: string;
    beforeAll(async () => {
      m = picks[0] as Msg;
      countBefore = await exemplarCount();
      w.clock.advance(3_600_000);
      firstAt = w.clock.now().toISOString();
      first = await w.post(`/messages/${m.message_id}/sent`, {});
    });

    it('sets sent and sent_at to the current time, and answers recorded=true with the message', () => {
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
      expect(first.body.data).toMatchObject({
        recorded: true,
        message: {
          message_id: m.message_id,
          content: m.content,
          sent: true,
          sent_at: firstAt,
          needs_human: false,
          approvable: false,
          fix_hints: [{ code: 'sent', action: 'none', fix: 'none', hint: expect.any(String) }],
        },
      });
    });

    it('stores the sent state', async () => {
      expect(await messageRow(w, m.message_id)).toMatchObject({ sent: 1, sent_at: firstAt, needs_human: 0, content: m.content });
    });

    it('writes one audit-log entry', async () => {
      const rows = await audits(m.message_id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: w.user.userId, action: 'message.marked_sent', target_type: 'message', created_at: firstAt });
    });

    it('writes one approved-lead row', async () => {
      const rows = await leads(m.message_id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: w.user.userId, campaign_id: campaignId, speaker_id: m.speaker_id, created_at: firstAt });
    });

    it('promotes the text into the user’s profile exemplars and the campaign’s style exemplars', async () => {
      expect(await profileExemplars()).toContain(m.content);
      expect(await exemplarCount()).toBe(countBefore + 1);
      expect(await profileExemplars(other.userId)).not.toContain(m.content);
    });

    it('shows the message under list_messages sent=true and not under sent=false', async () => {
      const sent = (await w.tool('list_messages', { campaign_id: campaignId, sent: true })).data.items as Msg[];
      expect(sent.map((x) => x.message_id)).toEqual([m.message_id]);
      expect(sent[0]).toMatchObject({ sent: true, sent_at: firstAt });
      const unsent = (await w.get('/messages', { query: { campaign_id: campaignId, sent: false, limit: 200 } })).body.data.items as Msg[];
      expect(unsent.map((x) => x.message_id)).not.toContain(m.message_id);
    });

    describe('marking again', () => {
      it('without force answers recorded=false and records nothing more, over HTTP and MCP', async () => {
        w.clock.advance(60_000);
        const before = await snapshot(m.message_id);
        const h = await w.post(`/messages/${m.message_id}/sent`, {});
        expect(h.status).toBe(200);
        expect(h.body.data).toMatchObject({ recorded: false, message: { message_id: m.message_id, sent: true, sent_at: firstAt } });
        const r = await w.tool(TOOL, { message_id: m.message_id, force: false });
        expect(r).toEqual(h.body);
        expect(await snapshot(m.message_id)).toEqual(before);
        expect(await leads(m.message_id)).toHaveLength(1);
      });

      it('with force=true records again: recorded=true, a second approved-lead row and audit entry, sent_at moves', async () => {
        w.clock.advance(60_000);
        const at = w.clock.now().toISOString();
        const count = await exemplarCount();
        const r = await w.tool(TOOL, { message_id: m.message_id, force: true });
        expect(r).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null, data: { recorded: true, message: { sent: true, sent_at: at } } });
        expect(await leads(m.message_id)).toHaveLength(2);
        expect((await audits(m.message_id)).map((a) => a.action)).toEqual(['message.marked_sent', 'message.marked_sent_again']);
        expect((await messageRow(w, m.message_id)).sent_at).toBe(at);
        // The same text is not promoted twice.
        expect(await exemplarCount()).toBe(count);
        expect((await profileExemplars()).filter((e) => e === m.content)).toHaveLength(1);
      });

      it('with force=true over HTTP adds a third row', async () => {
        w.clock.advance(60_000);
        const h = await w.post(`/messages/${m.message_id}/sent`, { force: true });
        expect(h.status).toBe(200);
        expect(h.body.data.recorded).toBe(true);
        expect(await leads(m.message_id)).toHaveLength(3);
      });

      it('with force=true twice in the same instant writes one approved-lead row per recording', async () => {
        w.clock.advance(60_000);
        const leadsBefore = (await leads(m.message_id)).length;
        const auditsBefore = (await audits(m.message_id)).length;
        for (let i = 0; i < 2; i++) expect((await w.tool(TOOL, { message_id: m.message_id, force: true })).data.recorded).toBe(true);
        expect(await audits(m.message_id)).toHaveLength(auditsBefore + 2);
        expect(await leads(m.message_id)).toHaveLength(leadsBefore + 2);
      });
    });
  });

  it('records over MCP too, and each new text grows the exemplars', async () => {
    const m = picks[1] as Msg;
    const count = await exemplarCount();
    const r = await w.tool(TOOL, { message_id: m.message_id });
    expect(r).toMatchObject({
      ok: true,
      tool: TOOL,
      kind: 'write',
      error: null,
      data: { recorded: true, message: { message_id: m.message_id, sent: true, sent_at: w.clock.now().toISOString() } },
    });
    expect(await leads(m.message_id)).toHaveLength(1);
    expect(await audits(m.message_id)).toHaveLength(1);
    expect(await exemplarCount()).toBe(count + 1);
    expect(await profileExemplars()).toContain(m.content);
  });

  it('clears needs_human on a message that was waiting for a person', async () => {
    const m = picks[2] as Msg;
    await w.instance.db.updateTable('messages').set({ founder_stamp: 'rejected' }).where('id', '=', m.message_id).execute();
    await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [m.message_id] });
    const waiting = await viewOf(w, m);
    expect(waiting).toMatchObject({ needs_human: true });
    const h = await w.post(`/messages/${m.message_id}/sent`, {});
    expect(h.body.data).toMatchObject({ recorded: true, message: { needs_human: false, sent: true } });
    expect((await messageRow(w, m.message_id)).needs_human).toBe(0);
  });

  it('never pushes: the speaker’s other slots stay unsent', async () => {
    const m = picks[0] as Msg;
    const siblings = (await slotsOf(w, m.speaker_id)).filter((x) => x.message_id !== m.message_id);
    for (const s of siblings) expect((await messageRow(w, s.message_id)).sent).toBe(0);
  });

  describe('first calls racing over HTTP against one server', () => {
    it('records once: one recorded=true, the others the idempotent answer, one audit entry and one ledger row', async () => {
      for (const m of [picks[3], picks[4]] as Msg[]) {
        w.clock.advance(60_000);
        const replies = await whileDatabaseBusy(w.instance.db, () =>
          Promise.all(Array.from({ length: 8 }, () => w.post(`/messages/${m.message_id}/sent`, {}))),
        );
        expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
        expect(replies.filter((r) => r.body.data.recorded === true)).toHaveLength(1);
        for (const r of replies) expect(r.body.data.message).toMatchObject({ message_id: m.message_id, sent: true, sent_at: w.clock.now().toISOString() });
        expect((await audits(m.message_id)).map((a) => a.action)).toEqual(['message.marked_sent']);
        expect(await leads(m.message_id)).toHaveLength(1);
      }
    });
  });

  describe('refusals', () => {
    let m: Msg;
    beforeAll(() => {
      m = picks[5] as Msg;
    });

    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      const before = await snapshot(m.message_id);
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.post(`/messages/${m.message_id}/sent`, {}, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const r = await mcpOverHttp(w.base, TOOL, { message_id: m.message_id }, key ? `Bearer ${key}` : undefined);
        expect(r.status).toBe(401);
      }
      expect(await snapshot(m.message_id)).toEqual(before);
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP', async () => {
      const before = await snapshot(m.message_id);
      const h = await w.post(`/messages/${m.message_id}/sent`, {}, { key: w.user.keys.read });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'read', TOOL, { message_id: m.message_id })).toEqual(refused('forbidden_scope'));
      expect(await snapshot(m.message_id)).toEqual(before);
    });

    it('answers 404 not_found for an unknown message and another user’s message, which stays unsent', async () => {
      for (const id of [UNKNOWN, othersMessage.message_id]) {
        for (const body of [{}, { force: true }]) {
          const h = await w.post(`/messages/${id}/sent`, body);
          expect(h.status).toBe(404);
          expect(h.body).toEqual(refused('not_found'));
          expect(await w.tool(TOOL, { message_id: id, ...body })).toEqual(refused('not_found'));
        }
      }
      expect(await messageRow(w, othersMessage.message_id)).toMatchObject({ sent: 0, sent_at: null });
      expect(await leads(othersMessage.message_id)).toEqual([]);
      expect(await profileExemplars(other.userId)).toEqual([]);
    });

    it('answers 400 invalid_request for a malformed or missing message_id', async () => {
      const h = await w.post('/messages/not-a-uuid/sent', {});
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/message_id/);
      for (const args of [{ message_id: 'not-a-uuid' }, { message_id: 42 }, {}]) {
        const r = await w.tool(TOOL, args);
        expect(r).toEqual(refused('invalid_request'));
        expect(r.error?.message).toMatch(/message_id/);
      }
    });

    it.each([
      ['force as a string', { force: 'yes' }, 'force'],
      ['force as a number', { force: 1 }, 'force'],
      ['force null', { force: null }, 'force'],
      ['an unknown field', { sent_at: '2026-01-01T00:00:00Z' }, 'sent_at'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP, and records nothing', async (_label, body, word) => {
      const before = await snapshot(m.message_id);
      const h = await w.post(`/messages/${m.message_id}/sent`, body);
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain(word);
      const r = await w.tool(TOOL, { message_id: m.message_id, ...body });
      expect(r).toEqual(refused('invalid_request'));
      expect(r.error?.message).toContain(word);
      expect(await snapshot(m.message_id)).toEqual(before);
    });

    it('answers 400 to a body that is not a JSON object or a message_id differing from the path', async () => {
      const before = await snapshot(m.message_id);
      for (const rawBody of ['{nope', '[]', 'true']) {
        const h = await w.post(`/messages/${m.message_id}/sent`, undefined, { rawBody });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
      }
      const mismatch = await w.post(`/messages/${m.message_id}/sent`, { message_id: UNKNOWN });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual(refused('invalid_request'));
      expect(await snapshot(m.message_id)).toEqual(before);
    });
  });
});
