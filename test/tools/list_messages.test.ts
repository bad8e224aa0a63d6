import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import type { TestUser } from '../support/instance.js';
import {
  autoStartCampaign,
  draftsOf,
  makeDraftsWorld,
  othersDraftedCampaign,
  refusal,
  UNKNOWN,
  walkPages,
  type Draft as Msg,
  type Query,
} from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const TOOL = 'list_messages';

const refused = refusal(TOOL, 'read');

interface Page {
  items: Msg[];
  next_cursor: string | null;
  has_more: boolean;
}

describe('list_messages', () => {
  let w: PipelineWorld;
  let other: TestUser;
  let campaignId: string;
  let secondId: string;
  let othersCampaign: string;
  let all: Msg[];

  /** The same listing over HTTP (query string) and MCP (typed arguments); both must agree. */
  const list = async (args: Query): Promise<Page> => {
    const h = await w.get('/messages', { query: args });
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null });
    expect(await w.tool(TOOL, args)).toEqual(h.body);
    return h.body.data as Page;
  };
  /** Walks every page, alternating HTTP and MCP, checking has_more on each. */
  const walk = (args: Query) =>
    walkPages(
      args,
      async (q, overHttp) => (overHttp ? (await w.get('/messages', { query: q })).body : await w.tool(TOOL, q)),
      (data: Page) => data.items.map((m) => m.message_id),
    );

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    secondId = await autoStartCampaign(w, 'Cards', w.urls.cards);
    ({ other, othersCampaign } = await othersDraftedCampaign(w));
    all = await draftsOf(w, campaignId);
  });
  afterAll(() => w.close());

  it('lists every draft of the campaign with its QA state, the same over HTTP and MCP', async () => {
    const page = await list({ campaign_id: campaignId, limit: 200 });
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    const rows = await w.instance.db.selectFrom('messages').select('id').where('campaign_id', '=', campaignId).execute();
    expect(page.items.map((m) => m.message_id).sort()).toEqual(rows.map((r) => r.id).sort());
    const speakers = new Set(page.items.map((m) => m.speaker_id));
    expect(page.items).toHaveLength(speakers.size * 3);
    for (const m of page.items) {
      expect(m).toMatchObject({
        campaign_id: campaignId,
        speaker_name: expect.any(String),
        slot: expect.any(Number),
        content: expect.any(String),
        sent: false,
        sent_at: null,
        qa_score: expect.any(Number),
        qa_evaluated_at: expect.any(String),
        needs_human: expect.any(Boolean),
        needs_redo: expect.any(Boolean),
        approvable: expect.any(Boolean),
      });
    }
  });

  it('lists only the messages of the campaign asked for', async () => {
    const second = await list({ campaign_id: secondId, limit: 200 });
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.every((m) => m.campaign_id === secondId)).toBe(true);
    const ids = new Set(all.map((m) => m.message_id));
    for (const m of second.items) expect(ids.has(m.message_id)).toBe(false);
  });

  it('pages with limit 5: exact has_more, short cursors, no duplicates, cursors valid on both transports', async () => {
    const { seen, sizes } = await walk({ campaign_id: campaignId, limit: 5 });
    expect(seen).toEqual(all.map((m) => m.message_id));
    expect(sizes).toHaveLength(Math.ceil(all.length / 5));
    expect(sizes.slice(0, -1).every((n) => n === 5)).toBe(true);
    expect(sizes.at(-1)).toBe(all.length - 5 * (sizes.length - 1));
  });

  it('ends without an empty trailing page when the messages fill the last page exactly', async () => {
    const third = all.length / 3;
    const { seen, sizes } = await walk({ campaign_id: campaignId, limit: third });
    expect(sizes).toEqual([third, third, third]);
    expect(seen).toEqual(all.map((m) => m.message_id));
    expect(await list({ campaign_id: campaignId, limit: all.length })).toMatchObject({ has_more: false, next_cursor: null });
  });

  describe('the sent filter', () => {
    let sent: Msg[];
    beforeAll(async () => {
      sent = [all[0] as Msg, all[4] as Msg];
      w.clock.advance(60_000);
      for (const m of sent) expect((await w.tool('mark_message_sent', { message_id: m.message_id })).ok).toBe(true);
    });

    it('sent=true lists exactly the messages marked sent, with sent_at', async () => {
      const page = await list({ campaign_id: campaignId, sent: true });
      expect(page.items.map((m) => m.message_id)).toEqual(sent.map((m) => m.message_id));
      for (const m of page.items) expect(m).toMatchObject({ sent: true, sent_at: w.clock.now().toISOString(), approvable: false });
    });

    it('sent=false lists the rest, and the two filters partition the campaign', async () => {
      const unsent = await list({ campaign_id: campaignId, sent: false, limit: 200 });
      expect(unsent.items.every((m) => !m.sent && m.sent_at === null)).toBe(true);
      const sentIds = new Set(sent.map((m) => m.message_id));
      expect(unsent.items.map((m) => m.message_id)).toEqual(all.filter((m) => !sentIds.has(m.message_id)).map((m) => m.message_id));
    });

    it('pages a filtered listing exactly, without an empty trailing page', async () => {
      const total = all.length - sent.length;
      const { seen, sizes } = await walk({ campaign_id: campaignId, sent: false, limit: 5 });
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect(sizes.every((n) => n > 0)).toBe(true);
      expect(sizes).toHaveLength(Math.ceil(total / 5));
    });

    it('refuses a cursor used with another sent value or another campaign', async () => {
      const first = await list({ campaign_id: campaignId, sent: false, limit: 2 });
      const cursor = first.next_cursor as string;
      for (const args of [
        { campaign_id: campaignId, sent: true, cursor },
        { campaign_id: campaignId, cursor },
        { campaign_id: secondId, sent: false, cursor },
      ]) {
        const h = await w.get('/messages', { query: args });
        expect(h.status, JSON.stringify(args)).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
        expect(h.body.error?.message).toMatch(/cursor/);
        expect(await w.tool(TOOL, args)).toEqual(refused('invalid_request'));
      }
    });
  });

  describe('refusals', () => {
    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.get('/messages', { key, query: { campaign_id: campaignId } });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const m = await mcpOverHttp(w.base, TOOL, { campaign_id: campaignId }, key ? `Bearer ${key}` : undefined);
        expect(m.status).toBe(401);
      }
    });

    it('answers 403 forbidden_scope to a key without read, over HTTP and MCP', async () => {
      const h = await w.get('/messages', { key: w.user.keys.write, query: { campaign_id: campaignId } });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, { campaign_id: campaignId })).toEqual(refused('forbidden_scope'));
    });

    it('answers 404 not_found for an unknown campaign and for another user’s campaign, over HTTP and MCP', async () => {
      for (const campaign_id of [UNKNOWN, othersCampaign]) {
        const h = await w.get('/messages', { query: { campaign_id } });
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { campaign_id })).toEqual(refused('not_found'));
      }
    });

    it('answers 400 invalid_request when campaign_id is missing, over HTTP and MCP', async () => {
      for (const args of [{}, { sent: true }, { limit: 5 }]) {
        const h = await w.get('/messages', { query: args });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
        expect(h.body.error?.message).toContain('campaign_id');
        const m = await w.tool(TOOL, args);
        expect(m).toEqual(refused('invalid_request'));
        expect(m.error?.message).toContain('campaign_id');
      }
    });

    it.each([
      ['a malformed campaign_id', { campaign_id: 'not-a-uuid' }, { campaign_id: 'not-a-uuid' }, 'campaign_id'],
      ['a campaign_id that is not a string', { campaign_id: '42' }, { campaign_id: 42 }, 'campaign_id'],
      ['sent that is not a boolean', { sent: 'yes' }, { sent: 'true' }, 'sent'],
      ['limit 0', { limit: 0 }, { limit: 0 }, 'limit'],
      ['limit 201', { limit: 201 }, { limit: 201 }, 'limit'],
      ['a fractional limit', { limit: 2.5 }, { limit: 2.5 }, 'limit'],
      ['a limit that is not a number', { limit: 'ten' }, { limit: '5' }, 'limit'],
      ['a cursor of 33 characters', { cursor: 'x'.repeat(33) }, { cursor: 'x'.repeat(33) }, 'cursor'],
      ['an unknown field', { speaker_id: UNKNOWN }, { speaker_id: UNKNOWN }, 'speaker_id'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP', async (_label, query, args, word) => {
      const h = await w.get('/messages', { query: { campaign_id: campaignId, ...query } });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain(word);
      const m = await w.tool(TOOL, { campaign_id: campaignId, ...args });
      expect(m).toEqual(refused('invalid_request'));
      expect(m.error?.message).toContain(word);
    });

    it('answers 400 invalid_request to a cursor from another key or another tool', async () => {
      const cursor = (await list({ campaign_id: campaignId, limit: 2 })).next_cursor as string;
      const otherKey = await w.get('/messages', { key: w.user.keys.read, query: { campaign_id: campaignId, limit: 2, cursor } });
      expect(otherKey.status).toBe(400);
      expect(otherKey.body).toEqual(refused('invalid_request'));
      const theirs = await w.get('/messages', { key: other.keys.read, query: { campaign_id: othersCampaign, limit: 2, cursor } });
      expect(theirs.status).toBe(400);
      expect(theirs.body).toEqual(refused('invalid_request'));

      const qaCursor = (await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 2 })).data.next_cursor as string;
      const fromQa = await w.get('/messages', { query: { campaign_id: campaignId, limit: 2, cursor: qaCursor } });
      expect(fromQa.status).toBe(400);
      expect(fromQa.body).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { campaign_id: campaignId, cursor: 'garbage' })).toEqual(refused('invalid_request'));
    });
  });
});
