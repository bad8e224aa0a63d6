import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { refusal } from '../support/drafts.js';
import { makeUser, type TestUser } from '../support/instance.js';
import { makeWorld, type World } from '../support/world.js';
import { conforms } from '../webhooks/support.js';

const TOOL = 'list_webhooks';

describe('list_webhooks', () => {
  let w: World;
  let other: TestUser;
  let mine: string[];
  beforeAll(async () => {
    w = await makeWorld();
    other = await makeUser(w.instance, 'other@example.com');
    mine = [];
    for (const url of ['https://a.example.com/h', 'https://b.example.com/h'])
      mine.push((await w.tool('create_webhook', { url, events: ['run.completed'] })).data.webhook.webhook_id);
    await callAs(w.instance, other, 'all', 'create_webhook', { url: 'https://theirs.example.com/h' });
  });
  afterAll(() => w.close());

  it('lists only the caller’s endpoints, in creation order, the same over HTTP and MCP, never with a secret', async () => {
    const h = await w.get('/webhooks');
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read' });
    conforms(TOOL, h.body.data);
    expect(h.body.data.items.map((x: { webhook_id: string }) => x.webhook_id)).toEqual(mine);
    expect(h.body.data.items[0]).toMatchObject({
      url: 'https://a.example.com/h',
      events: ['run.completed'],
      active: true,
      recent_failure_count: 0,
      deactivated_reason: null,
    });
    expect(await w.tool(TOOL)).toEqual(h.body);
    expect(JSON.stringify(h.body)).not.toMatch(/secret|whsec_/);
    const theirs = await callAs(w.instance, other, 'read', TOOL);
    expect(theirs.data.items.map((x: { url: string }) => x.url)).toEqual(['https://theirs.example.com/h']);
  });

  it('leaves deleted endpoints out', async () => {
    await w.post(`/webhooks/${mine[1]}/delete`, {});
    expect((await w.tool(TOOL)).data.items.map((x: { webhook_id: string }) => x.webhook_id)).toEqual([mine[0]]);
  });

  it('refuses unknown parameters and a key without the read scope', async () => {
    expect((await w.get('/webhooks', { query: { limit: 5 } })).body).toEqual(refusal(TOOL, 'read')('invalid_request'));
    expect((await w.get('/webhooks', { key: w.user.keys.write })).status).toBe(403);
    expect((await callAs(w.instance, w.user, 'write', TOOL)).error?.code).toBe('forbidden_scope');
  });
});
