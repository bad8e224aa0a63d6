import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, sha256 } from '../src/core/canonical.js';
import { beginIdempotent } from '../src/core/idempotency.js';
import { TOOLS } from '../tools/index.js';
import { makeWorld, type World } from './support/world.js';

/** The row a call leaves behind when its process dies between claiming the key and finishing. */
async function abandonedClaim(w: World, tool: string, key: string, args: Record<string, unknown>, at: Date): Promise<void> {
  const principal = await w.user.principal('all');
  await w.instance.db
    .insertInto('idempotency_keys')
    .values({ principal: principal.tokenId, tool, key, args_hash: sha256(canonicalJson(args)), state: 'pending', response: null, created_at: at.toISOString() })
    .execute();
}

const campaignsNamed = (w: World, name: string) => w.instance.db.selectFrom('campaigns').select('id').where('name', '=', name).execute();

describe('idempotency keys', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  describe('a claim left by a call that died mid-way', () => {
    it('answers in progress within 60 s, then the retry takes it over, runs once and is replayed after', async () => {
      const body = { name: 'Crashed once' };
      await abandonedClaim(w, 'create_campaign', 'crash-1', body, w.clock.now());
      const headers = { 'Idempotency-Key': 'crash-1' };
      w.clock.advance(59_000);
      const early = await w.post('/campaigns', body, { headers });
      expect(early.status).toBe(422);
      expect(early.body).toMatchObject({ ok: false, error: { code: 'tool_error', message: expect.stringMatching(/in progress/) } });
      expect(await campaignsNamed(w, 'Crashed once')).toHaveLength(0);

      w.clock.advance(2_000);
      const retry = await w.post('/campaigns', body, { headers });
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ ok: true, data: { campaign_id: expect.any(String) } });
      expect(await campaignsNamed(w, 'Crashed once')).toHaveLength(1);
      // The taken-over claim is now an ordinary finished key: replayed, not run again.
      const again = await w.tool('create_campaign', { ...body, idempotency_key: 'crash-1' });
      expect(again).toEqual(retry.body);
      expect(await campaignsNamed(w, 'Crashed once')).toHaveLength(1);
    });

    it('creates the campaign once when four retries arrive over HTTP at once', async () => {
      const body = { name: 'Raced retry' };
      await abandonedClaim(w, 'create_campaign', 'crash-2', body, w.clock.now());
      w.clock.advance(61_000);
      const replies = await Promise.all(Array.from({ length: 4 }, () => w.post('/campaigns', body, { headers: { 'Idempotency-Key': 'crash-2' } })));
      expect(await campaignsNamed(w, 'Raced retry')).toHaveLength(1);
      const won = replies.filter((r) => r.status === 200);
      expect(won.length).toBeGreaterThanOrEqual(1);
      // Whoever did not run it either replayed the winner's result or was told it is in progress.
      for (const r of won) expect(r.body.data.campaign_id).toBe(won[0]?.body.data.campaign_id);
      for (const r of replies.filter((x) => x.status !== 200))
        expect(r.body.error).toMatchObject({ code: 'tool_error', message: expect.stringMatching(/in progress/) });
    });

    it('is taken over by exactly one claimant when several reach the database together', async () => {
      const principal = await w.user.principal('all');
      const slot = { principal: principal.tokenId, tool: 'create_campaign', key: 'crash-race', argsHash: sha256(canonicalJson({ name: 'x' })) };
      await abandonedClaim(w, 'create_campaign', 'crash-race', { name: 'x' }, w.clock.now());
      w.clock.advance(61_000);
      // Started in one tick, each reads the abandoned claim before any of them writes.
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => beginIdempotent(w.instance.db, slot, w.clock.now())));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(String(o.reason)).toMatch(/in progress/);
    });

    it('keeps a claim younger than 60 s even when the retry brings other arguments', async () => {
      await abandonedClaim(w, 'create_campaign', 'crash-3', { name: 'First' }, w.clock.now());
      w.clock.advance(30_000);
      const other = await w.post('/campaigns', { name: 'Second' }, { headers: { 'Idempotency-Key': 'crash-3' } });
      expect(other.status).toBe(400);
      w.clock.advance(31_000);
      const taken = await w.post('/campaigns', { name: 'Second' }, { headers: { 'Idempotency-Key': 'crash-3' } });
      expect(taken.status).toBe(200);
      expect(await campaignsNamed(w, 'Second')).toHaveLength(1);
    });
  });

  describe('the idempotency_key argument of every write tool', () => {
    it('is in the input schema of every write and send tool over MCP tools/list, and of no read tool', async () => {
      const listed = new Map((await w.mcp.listTools()).tools.map((t) => [t.name, t.inputSchema]));
      for (const t of TOOLS) {
        const props = (listed.get(t.name)?.properties ?? {}) as Record<string, { type?: string; minLength?: number; maxLength?: number }>;
        if (t.kind === 'read') expect(props.idempotency_key, t.name).toBeUndefined();
        else expect(props.idempotency_key, t.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
      }
    });

    it('makes create_campaign over MCP retry-safe: same key replays, other arguments are refused', async () => {
      const first = await w.tool('create_campaign', { name: 'Over MCP', idempotency_key: 'mcp-create-1' });
      expect(first).toMatchObject({ ok: true, data: { campaign_id: expect.any(String) } });
      expect(await w.tool('create_campaign', { name: 'Over MCP', idempotency_key: 'mcp-create-1' })).toEqual(first);
      expect(await campaignsNamed(w, 'Over MCP')).toHaveLength(1);
      const other = await w.tool('create_campaign', { name: 'Something else', idempotency_key: 'mcp-create-1' });
      expect(other).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/different arguments/) } });
      // The body key and the header are one key: the REST call replays the MCP one.
      const rest = await w.post('/campaigns', { name: 'Over MCP' }, { headers: { 'Idempotency-Key': 'mcp-create-1' } });
      expect(rest.body).toEqual(first);
    });

    it('is refused when empty or over 200 characters, and when header and body name different keys', async () => {
      expect(await w.tool('create_campaign', { name: 'k', idempotency_key: '' })).toMatchObject({
        ok: false,
        error: { code: 'invalid_request', message: expect.stringMatching(/idempotency_key/) },
      });
      expect(await w.tool('create_campaign', { name: 'k', idempotency_key: 'k'.repeat(201) })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      const both = await w.post('/campaigns', { name: 'k', idempotency_key: 'a' }, { headers: { 'Idempotency-Key': 'b' } });
      expect(both.status).toBe(400);
      expect(both.body.error?.message).toMatch(/differ/);
      const same = await w.post('/campaigns', { name: 'Both keys', idempotency_key: 'same-key' }, { headers: { 'Idempotency-Key': 'same-key' } });
      expect(same.status).toBe(200);
      const long = await w.post('/campaigns', { name: 'k' }, { headers: { 'Idempotency-Key': 'k'.repeat(201) } });
      expect(long.status).toBe(400);
    });

    it('takes an empty Idempotency-Key header as no key (the SPEC sets only a maximum)', async () => {
      const a = await w.post('/campaigns', { name: 'No key A' }, { headers: { 'Idempotency-Key': '' } });
      const b = await w.post('/campaigns', { name: 'No key B' }, { headers: { 'Idempotency-Key': '' } });
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.data.campaign_id).not.toBe(b.body.data.campaign_id);
      // With the body's key, an empty header does not disagree with it.
      const keyed = await w.post('/campaigns', { name: 'Body key', idempotency_key: 'body-only' }, { headers: { 'Idempotency-Key': '' } });
      expect(keyed.status).toBe(200);
      expect((await w.post('/campaigns', { name: 'Body key', idempotency_key: 'body-only' }, { headers: { 'Idempotency-Key': '' } })).body).toEqual(keyed.body);
    });

    it('never reaches a handler that did not ask for it: update_campaign with a key updates and replays', async () => {
      const id = (await w.tool('create_campaign', { name: 'To rename' })).data.campaign_id as string;
      const first = await w.post(`/campaigns/${id}`, { name: 'Renamed', idempotency_key: 'rename-1' });
      expect(first.status).toBe(200);
      expect(first.body.data.name).toBe('Renamed');
      await w.post(`/campaigns/${id}`, { name: 'Renamed again' });
      // A replay returns the remembered result and changes nothing.
      expect((await w.tool('update_campaign', { campaign_id: id, name: 'Renamed', idempotency_key: 'rename-1' })).data.name).toBe('Renamed');
      expect((await w.tool('get_campaign', { campaign_id: id })).data.name).toBe('Renamed again');
    });

    it('does not count as a change: update_campaign with only a key is refused as nothing to update', async () => {
      const id = (await w.tool('create_campaign', { name: 'Untouched' })).data.campaign_id as string;
      const r = await w.post(`/campaigns/${id}`, { idempotency_key: 'nothing-1' });
      expect(r.status).toBe(400);
      expect(r.body.error?.message).toMatch(/nothing to update/);
    });
  });
});
