import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { refusal, UNKNOWN } from '../support/drafts.js';
import { makeUser, type TestUser } from '../support/instance.js';
import { makeWorld, type World } from '../support/world.js';
import { campaignOf, conforms, emit } from '../webhooks/support.js';

const TOOL = 'list_webhook_deliveries';
const refused = refusal(TOOL, 'read');

interface Delivery {
  delivery_id: string;
  webhook_id: string;
  event: string;
  status: string;
}

describe('list_webhook_deliveries', () => {
  let w: World;
  let other: TestUser;
  let hookA: string;
  let hookB: string;
  let theirs: string;
  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_RATE_READ: '100000' });
    other = await makeUser(w.instance, 'other@example.com');
    hookA = (await w.tool('create_webhook', { url: 'https://a.example.com/h' })).data.webhook.webhook_id;
    hookB = (await w.tool('create_webhook', { url: 'https://b.example.com/h', events: ['run.completed'] })).data.webhook.webhook_id;
    theirs = (await callAs(w.instance, other, 'all', 'create_webhook', { url: 'https://theirs.example.com/h' })).data.webhook.webhook_id;
    const campaignId = await campaignOf(w.instance, w.user.userId);
    const theirCampaign = await campaignOf(w.instance, other.userId);
    // A: 7 events; B: only the 3 run.completed; the other user's endpoint: 2.
    await emit(w.instance, campaignId, [
      'run.started',
      'run.completed',
      'message.ready',
      'run.completed',
      'drafts.ready',
      'run.completed',
      'run.progress',
      'message.approved',
    ]);
    await emit(w.instance, theirCampaign, ['run.started', 'run.completed']);
    await w.instance.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered', attempts: 1, response_status: 200 })
      .where('webhook_id', '=', hookB)
      .where('seq', '<', 5)
      .execute();
  });
  afterAll(() => w.close());

  it('lists the caller’s deliveries newest first with event, status, attempts, response status and error', async () => {
    const h = await w.get('/webhook-deliveries', { query: { limit: 100 } });
    expect(h.status).toBe(200);
    conforms(TOOL, h.body.data);
    const items = h.body.data.items as Delivery[];
    expect(items).toHaveLength(10);
    expect(new Set(items.map((d) => d.webhook_id))).toEqual(new Set([hookA, hookB]));
    expect(items.filter((d) => d.webhook_id === hookB).every((d) => d.event === 'run.completed')).toBe(true);
    expect(items.some((d) => d.event === ('run.progress' as string))).toBe(false);
    expect(items[0]).toMatchObject({
      event: 'message.approved',
      status: 'pending',
      attempts: 0,
      response_status: null,
      error: null,
      next_attempt_at: expect.any(String),
    });
    expect(await w.tool(TOOL, { limit: 100 })).toEqual(h.body);
  });

  it('pages with a cursor, alternating HTTP and MCP, and filters by webhook and status', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; ; i++) {
      const args = { webhook_id: hookA, limit: 3, ...(cursor ? { cursor } : {}) };
      const r = i % 2 ? await w.tool(TOOL, args) : (await w.get('/webhook-deliveries', { query: args })).body;
      expect(r.ok).toBe(true);
      seen.push(...r.data.items.map((d: Delivery) => d.delivery_id));
      expect(r.data.has_more).toBe(r.data.next_cursor !== null);
      if (!r.data.has_more) break;
      cursor = r.data.next_cursor;
      expect(cursor!.length).toBeLessThanOrEqual(32);
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const delivered = await w.tool(TOOL, { status: 'delivered' });
    expect(delivered.data.items.length).toBeGreaterThan(0);
    expect(delivered.data.items.every((d: Delivery) => d.status === 'delivered' && d.webhook_id === hookB)).toBe(true);
    expect((await w.tool(TOOL, { webhook_id: hookB, status: 'cancelled' })).data).toEqual({ items: [], next_cursor: null, has_more: false });
  });

  it('refuses a bad cursor, a cursor from another filter or another key, and an out-of-range limit', async () => {
    for (const cursor of ['garbage', 'zz.AAAAAAAAAAAAAAAA', 'x'.repeat(33)]) {
      const h = await w.get('/webhook-deliveries', { query: { cursor } });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { cursor })).toEqual(refused('invalid_request'));
    }
    const first = await w.tool(TOOL, { webhook_id: hookA, limit: 2 });
    expect((await w.tool(TOOL, { webhook_id: hookB, limit: 2, cursor: first.data.next_cursor })).error?.code).toBe('invalid_request');
    expect((await w.get('/webhook-deliveries', { key: w.user.keys.read, query: { webhook_id: hookA, limit: 2, cursor: first.data.next_cursor } })).status).toBe(
      400,
    );
    for (const limit of [0, 101]) {
      expect((await w.get('/webhook-deliveries', { query: { limit } })).status).toBe(400);
      expect(await w.tool(TOOL, { limit })).toEqual(refused('invalid_request'));
    }
    expect((await w.get('/webhook-deliveries', { query: { status: 'exploded' } })).status).toBe(400);
    expect((await w.get('/webhook-deliveries', { query: { webhook_id: 'nope' } })).status).toBe(400);
  });

  it('answers not_found for another user’s or an unknown webhook, and never shows another user’s deliveries', async () => {
    const h = await w.get('/webhook-deliveries', { query: { webhook_id: theirs } });
    expect(h.status).toBe(404);
    expect(h.body).toEqual(refused('not_found'));
    expect(await w.tool(TOOL, { webhook_id: UNKNOWN })).toEqual(refused('not_found'));
    const mine = await callAs(w.instance, other, 'read', TOOL, {});
    expect(mine.data.items.map((d: Delivery) => d.webhook_id)).toEqual([theirs, theirs]);
    expect((await callAs(w.instance, w.user, 'write', TOOL, {})).error?.code).toBe('forbidden_scope');
  });
});
