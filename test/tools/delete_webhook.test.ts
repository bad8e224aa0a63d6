import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { refusal, UNKNOWN } from '../support/drafts.js';
import { makeUser, type TestUser } from '../support/instance.js';
import { makeWorld, type World } from '../support/world.js';
import { campaignOf, conforms, emit } from '../webhooks/support.js';

const TOOL = 'delete_webhook';
const refused = refusal(TOOL, 'write');

describe('delete_webhook', () => {
  let w: World;
  let other: TestUser;
  beforeAll(async () => {
    w = await makeWorld();
    other = await makeUser(w.instance, 'other@example.com');
  });
  afterAll(() => w.close());

  const create = async (url = 'https://hooks.example.com/h'): Promise<string> => (await w.tool('create_webhook', { url })).data.webhook.webhook_id;

  it('deletes over HTTP with an empty body and cancels the pending deliveries, which stay listed', async () => {
    const id = await create();
    const keep = await create('https://keep.example.com/h');
    const campaignId = await campaignOf(w.instance, w.user.userId);
    await emit(w.instance, campaignId, ['run.started', 'run.completed']);
    const h = await w.post(`/webhooks/${id}/delete`, {});
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write' });
    conforms(TOOL, h.body.data);
    expect(h.body.data).toEqual({ webhook_id: id, deleted: true, cancelled_deliveries: 2 });
    const listed = await w.tool('list_webhook_deliveries', { webhook_id: id });
    expect(listed.data.items.map((d: { status: string }) => d.status)).toEqual(['cancelled', 'cancelled']);
    expect(listed.data.items[0].error).toMatch(/deleted/);
    // The other endpoint's deliveries are untouched, and the secret is wiped from the row.
    expect((await w.tool('list_webhook_deliveries', { webhook_id: keep, status: 'pending' })).data.items).toHaveLength(2);
    const row = await w.instance.db.selectFrom('webhooks').select(['secret_sealed', 'active']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ secret_sealed: '', active: 0 });
    // No new deliveries are queued for a deleted endpoint.
    await emit(w.instance, campaignId, ['run.failed']);
    expect((await w.tool('list_webhook_deliveries', { webhook_id: id })).data.items).toHaveLength(2);
  });

  it('deletes over MCP; a second delete is not_found', async () => {
    const id = await create();
    const r = await w.tool(TOOL, { webhook_id: id });
    expect(r.data).toEqual({ webhook_id: id, deleted: true, cancelled_deliveries: 0 });
    expect(await w.tool(TOOL, { webhook_id: id })).toEqual(refused('not_found'));
    expect((await w.post(`/webhooks/${id}/delete`, {})).status).toBe(404);
  });

  it('answers not_found for another user’s webhook and leaves it in place', async () => {
    const theirs = (await callAs(w.instance, other, 'all', 'create_webhook', { url: 'https://theirs.example.com/h' })).data.webhook.webhook_id;
    const h = await w.post(`/webhooks/${theirs}/delete`, {});
    expect(h.status).toBe(404);
    expect(h.body).toEqual(refused('not_found'));
    expect(await w.tool(TOOL, { webhook_id: theirs })).toEqual(refused('not_found'));
    expect((await callAs(w.instance, other, 'read', 'list_webhooks')).data.items).toHaveLength(1);
  });

  it('refuses an unknown id, a malformed id, a body with fields, and a key without write', async () => {
    expect((await w.post(`/webhooks/${UNKNOWN}/delete`, {})).status).toBe(404);
    const bad = await w.post('/webhooks/not-a-uuid/delete', {});
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(refused('invalid_request'));
    const id = await create();
    expect((await w.post(`/webhooks/${id}/delete`, { force: true })).status).toBe(400);
    expect((await w.post(`/webhooks/${id}/delete`, {}, { key: w.user.keys.read })).status).toBe(403);
    expect((await callAs(w.instance, w.user, 'read', TOOL, { webhook_id: id })).error?.code).toBe('forbidden_scope');
  });
});
