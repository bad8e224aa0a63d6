import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';
import { makeUser } from '../support/instance.js';

describe('list_campaigns', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    for (let i = 1; i <= 7; i++) await w.tool('create_campaign', { name: `C${i}` });
  });
  afterAll(() => w.close());

  it('pages newest first with an exact has_more and a short opaque cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await w.get('/campaigns', { query: cursor ? { limit: 3, cursor } : { limit: 3 } });
      expect(r.status).toBe(200);
      seen.push(...r.body.data.items.map((c: { name: string }) => c.name));
      if (r.body.data.next_cursor) expect(r.body.data.next_cursor.length).toBeLessThanOrEqual(32);
      expect(r.body.data.has_more).toBe(r.body.data.next_cursor !== null);
      cursor = r.body.data.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(['C7', 'C6', 'C5', 'C4', 'C3', 'C2', 'C1']);
    expect(pages).toBe(3);
    const exact = await w.tool('list_campaigns', { limit: 7 });
    expect(exact.data).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('refuses a cursor from another key, a tampered cursor and out-of-range limits', async () => {
    const first = await w.tool('list_campaigns', { limit: 2 });
    const cursor = first.data.next_cursor as string;
    const otherKey = await w.get('/campaigns', { key: w.user.keys.read, query: { limit: 2, cursor } });
    expect(otherKey.status).toBe(400);
    expect(otherKey.body.error?.message).toMatch(/cursor/);
    const tampered = await w.get('/campaigns', { query: { limit: 2, cursor: `1${cursor.slice(1)}` } });
    expect(tampered.status).toBe(400);
    for (const query of [{ limit: 0 }, { limit: 201 }, { limit: 'ten' }, { limit: 2.5 }, { cursor: 'x'.repeat(33) }]) {
      const r = await w.get('/campaigns', { query });
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('invalid_request');
    }
  });

  it('declares the shape of a cursor in its schema, so a client learns it before sending one', async () => {
    const listed = (await w.mcp.listTools()).tools.find((t) => t.name === 'list_campaigns');
    const pattern = (listed?.inputSchema.properties?.cursor as { pattern?: string } | undefined)?.pattern;
    expect(pattern).toBeTruthy();
    const first = await w.tool('list_campaigns', { limit: 2 });
    expect(first.data.next_cursor).toMatch(new RegExp(pattern as string));
    const r = await w.get('/campaigns', { query: { cursor: 'page-two' } });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toMatch(/cursor: a cursor is the next_cursor of an earlier page/);
  });

  it("never shows another user's campaigns", async () => {
    const other = await makeUser(w.instance, 'grace@example.com');
    const r = await w.get('/campaigns', { key: other.keys.read });
    expect(r.body.data.items).toEqual([]);
  });
});
