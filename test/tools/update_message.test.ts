import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import {
  autoStartCampaign,
  draftsOf,
  makeDraftsWorld,
  messageRow,
  othersDraftedCampaign,
  refusal,
  UNKNOWN,
  viewOf,
  type Draft as Msg,
} from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const TOOL = 'update_message';

const refused = refusal(TOOL, 'write');

describe('update_message', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let all: Msg[];
  let othersMessage: Msg;
  let next = 0;

  /** A message not touched by an earlier test. */
  const fresh = (): Msg => all[next++] as Msg;

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    ({ othersMessage } = await othersDraftedCampaign(w));
    // Approvable drafts only, so every edit starts from a scored, releasable text.
    all = (await draftsOf(w, campaignId)).filter((m) => m.approvable);
    expect(all.length).toBeGreaterThan(15);
  });
  afterAll(() => w.close());

  describe('an edit', () => {
    it('replaces the text over HTTP, clears the score and asks for a rescore', async () => {
      const m = fresh();
      w.clock.advance(60_000);
      const content = `${m.content}\nP.S. Happy to share notes from the event.`;
      const h = await w.post(`/messages/${m.message_id}`, { content });
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
      expect(h.body.data).toMatchObject({
        message_id: m.message_id,
        speaker_id: m.speaker_id,
        campaign_id: campaignId,
        slot: m.slot,
        content,
        sent: false,
        content_updated_at: w.clock.now().toISOString(),
        qa_score: null,
        qa_evaluated_at: null,
        hard_fail_codes: [],
        approvable: false,
        fresh: false,
      });
      expect(h.body.data.fix_hints).toEqual([{ code: 'edited_since_qa', action: 'rescore', fix: 'rescore', hint: expect.stringContaining('check it again') }]);
      expect(await viewOf(w, m)).toMatchObject({ content, qa_score: null, approvable: false, fix_hints: [{ action: 'rescore' }] });
      expect(await messageRow(w, m.message_id)).toMatchObject({ content, hand_edited: 1, qa_score: null, approvable: 0 });
    });

    it('replaces the text over MCP with the same answer shape', async () => {
      const m = fresh();
      const content = 'Hi there, short and plain note about your session. Open to a quick chat?';
      const r = await w.tool(TOOL, { message_id: m.message_id, content });
      expect(r).toMatchObject({
        ok: true,
        tool: TOOL,
        kind: 'write',
        error: null,
        data: { message_id: m.message_id, content, qa_score: null, approvable: false },
      });
      expect(r.data.fix_hints).toEqual([{ code: 'edited_since_qa', action: 'rescore', fix: 'rescore', hint: expect.any(String) }]);
      expect((await messageRow(w, m.message_id)).content).toBe(content);
    });

    it('moves the speaker to awaiting_qa until the drafts are rescored', async () => {
      const m = fresh();
      await w.tool(TOOL, { message_id: m.message_id, content: `${m.content} Thanks again.` });
      const qa = (await w.tool('get_draft_qa', { speaker_id: m.speaker_id })).data;
      expect(qa.speakers).toEqual([{ speaker_id: m.speaker_id, speaker_name: expect.any(String), source: 'conference', bucket: 'awaiting_qa' }]);
      expect(qa.messages.find((x: Msg) => x.message_id === m.message_id)).toMatchObject({ fresh: false, approvable: false });
    });

    it('accepts content of exactly 1 and exactly 4000 characters', async () => {
      for (const content of ['x', 'y'.repeat(4000)]) {
        const m = fresh();
        const h = await w.post(`/messages/${m.message_id}`, { content });
        expect(h.status).toBe(200);
        expect(h.body.data.content).toBe(content);
        expect((await messageRow(w, m.message_id)).content).toBe(content);
      }
    });

    it('keeps the message editable after an edit, the last text winning', async () => {
      const m = fresh();
      await w.post(`/messages/${m.message_id}`, { content: 'First rewrite of this note, nothing more.' });
      const second = await w.tool(TOOL, { message_id: m.message_id, content: 'Second rewrite of this note, nothing more.' });
      expect(second.data.content).toBe('Second rewrite of this note, nothing more.');
      expect((await messageRow(w, m.message_id)).content).toBe('Second rewrite of this note, nothing more.');
    });
  });

  describe('a sent message', () => {
    let m: Msg;
    beforeAll(async () => {
      m = fresh();
      expect((await w.tool('mark_message_sent', { message_id: m.message_id })).ok).toBe(true);
    });

    it('is refused with 422 tool_error over HTTP and MCP, and the text stays', async () => {
      const before = await messageRow(w, m.message_id);
      const h = await w.post(`/messages/${m.message_id}`, { content: 'Too late for this.' });
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/sent/);
      const r = await w.tool(TOOL, { message_id: m.message_id, content: 'Too late for this either.' });
      expect(r).toEqual(refused('tool_error'));
      expect(await messageRow(w, m.message_id)).toEqual(before);
      const listed = (await w.tool('list_messages', { campaign_id: campaignId, sent: true })).data.items as Msg[];
      expect(listed.find((x) => x.message_id === m.message_id)).toMatchObject({ content: m.content, sent: true });
    });
  });

  describe('refusals', () => {
    let m: Msg;
    beforeAll(() => {
      m = fresh();
    });
    const unchanged = async () => expect((await messageRow(w, m.message_id)).content).toBe(m.content);

    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.post(`/messages/${m.message_id}`, { content: 'nope' }, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const r = await mcpOverHttp(w.base, TOOL, { message_id: m.message_id, content: 'nope' }, key ? `Bearer ${key}` : undefined);
        expect(r.status).toBe(401);
      }
      await unchanged();
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP', async () => {
      const h = await w.post(`/messages/${m.message_id}`, { content: 'nope' }, { key: w.user.keys.read });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'read', TOOL, { message_id: m.message_id, content: 'nope' })).toEqual(refused('forbidden_scope'));
      await unchanged();
    });

    it('answers 404 not_found for an unknown message and another user’s message, which stays as it was', async () => {
      for (const id of [UNKNOWN, othersMessage.message_id]) {
        const h = await w.post(`/messages/${id}`, { content: 'Hijacked text.' });
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { message_id: id, content: 'Hijacked text.' })).toEqual(refused('not_found'));
      }
      expect((await messageRow(w, othersMessage.message_id)).content).toBe(othersMessage.content);
    });

    it('answers 400 invalid_request for a malformed message_id, over HTTP and MCP', async () => {
      const h = await w.post('/messages/not-a-uuid', { content: 'x' });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/message_id/);
      expect(await w.tool(TOOL, { message_id: 'not-a-uuid', content: 'x' })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { message_id: 42, content: 'x' })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { content: 'x' })).toEqual(refused('invalid_request'));
    });

    it.each([
      ['empty content', { content: '' }],
      ['content of 4001 characters', { content: 'x'.repeat(4001) }],
      ['content that is a number', { content: 42 }],
      ['content null', { content: null }],
      ['content as an array', { content: ['Hi'] }],
      ['no content', {}],
      ['an unknown field', { content: 'Hi there, a fine note.', force: true }],
    ])('answers 400 invalid_request to %s, over HTTP and MCP, and keeps the text', async (_label, body) => {
      const h = await w.post(`/messages/${m.message_id}`, body);
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch('force' in body ? /force/ : /content/);
      expect(await w.tool(TOOL, { message_id: m.message_id, ...body })).toEqual(refused('invalid_request'));
      await unchanged();
    });

    it('answers 400 to a body that is not a JSON object or a message_id differing from the path', async () => {
      for (const rawBody of ['{nope', '[]', '"text"']) {
        const h = await w.post(`/messages/${m.message_id}`, undefined, { rawBody });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
      }
      const mismatch = await w.post(`/messages/${m.message_id}`, { message_id: UNKNOWN, content: 'Hi there, a fine note.' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual(refused('invalid_request'));
      await unchanged();
    });
  });
});
