import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { refusal } from '../support/drafts.js';
import { makeWorld, type World } from '../support/world.js';
import { conforms } from '../webhooks/support.js';

const TOOL = 'create_webhook';
const refused = refusal(TOOL, 'write');

describe('create_webhook', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_ALLOW_HOSTS: '127.0.0.1:45678' });
  });
  afterAll(() => w.close());

  it('registers a public https endpoint over HTTP, defaulting to every event, and returns the secret once', async () => {
    const r = await w.post('/webhooks', { url: 'https://hooks.example.com/greenroom', description: 'CRM sync' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
    conforms(TOOL, r.body.data);
    expect(r.body.data.webhook).toMatchObject({
      url: 'https://hooks.example.com/greenroom',
      events: ['*'],
      description: 'CRM sync',
      active: true,
      recent_failure_count: 0,
    });
    const secret = r.body.data.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    // Stored sealed: the clear secret is nowhere in the row, and no read returns it again.
    const row = await w.instance.db.selectFrom('webhooks').selectAll().where('id', '=', r.body.data.webhook.webhook_id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    const listed = await w.get('/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));
    expect(JSON.stringify(await w.tool('list_webhooks'))).not.toContain(secret.slice(6));
  });

  it('never hands the secret out again, not even to an idempotent retry, and never stores it in clear', async () => {
    const first = await w.post('/webhooks', { url: 'https://hooks.example.com/retry' }, { headers: { 'idempotency-key': 'hook-1' } });
    expect(first.status).toBe(200);
    const secret = first.body.data.secret as string;
    const retry = await w.post('/webhooks', { url: 'https://hooks.example.com/retry' }, { headers: { 'idempotency-key': 'hook-1' } });
    expect(retry.status).toBe(422);
    expect(retry.body.error).toMatchObject({ code: 'tool_error', message: expect.stringContaining(first.body.data.webhook.webhook_id) });
    expect(JSON.stringify(retry.body)).not.toContain(secret.slice(6));
    const viaMcp = await w.tool(TOOL, { url: 'https://hooks.example.com/retry', idempotency_key: 'hook-1' });
    expect(viaMcp.error?.code).toBe('tool_error');
    const stored = await w.instance.db.selectFrom('idempotency_keys').selectAll().where('tool', '=', TOOL).execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    expect((await w.get('/webhooks')).body.data.items.filter((h: { url: string }) => h.url === 'https://hooks.example.com/retry')).toHaveLength(1);
  });

  it('registers over MCP with chosen events; repeats collapse and "*" stands alone', async () => {
    const r = await w.tool(TOOL, { url: 'https://hooks.example.com/runs', events: ['run.completed', 'run.failed', 'run.completed'] });
    expect(r.ok).toBe(true);
    conforms(TOOL, r.data);
    expect(r.data.webhook.events).toEqual(['run.completed', 'run.failed']);
    const all = await w.tool(TOOL, { url: 'https://hooks.example.com/all', events: ['message.ready', '*'] });
    expect(all.data.webhook.events).toEqual(['*']);
    expect(all.data.secret).not.toBe(r.data.secret);
  });

  it('accepts an allowlisted loopback host:port (tests and demos)', async () => {
    expect((await w.tool(TOOL, { url: 'http://127.0.0.1:45678/hook' })).ok).toBe(true);
  });

  it.each([
    ['not a URL', 'hooks.example.com/x'],
    ['plain http', 'http://hooks.example.com/x'],
    ['an IP literal', 'https://203.0.113.10/x'],
    ['loopback', 'https://127.0.0.1/x'],
    ['a private address', 'https://10.1.2.3/x'],
    ['an IPv6 loopback', 'https://[::1]/x'],
    ['localhost', 'https://localhost/x'],
    ['an internal name', 'https://metadata.google.internal/x'],
    ['credentials', 'https://user:pw@hooks.example.com/x'],
    ['a URL over 1000 characters', `https://hooks.example.com/${'a'.repeat(980)}`],
    ['a loopback port not on the allowlist', 'http://127.0.0.1:45679/x'],
  ])('refuses %s with invalid_request, over HTTP and MCP', async (_what, url) => {
    const h = await w.post('/webhooks', { url });
    expect(h.status).toBe(400);
    expect(h.body).toEqual(refused('invalid_request'));
    expect(await w.tool(TOOL, { url })).toEqual(refused('invalid_request'));
  });

  it.each([
    ['an unknown event name', { events: ['run.exploded'] }],
    ['an event name over 60 characters', { events: [`run.${'x'.repeat(60)}`] }],
    [
      'too many events',
      {
        events: [
          'run.started',
          'run.completed',
          'run.failed',
          'drafts.ready',
          'message.ready',
          'message.approved',
          'push.completed',
          'lead.accepted',
          'lead.replied',
          '*',
          'run.started',
        ],
      },
    ],
    ['no events', { events: [] }],
    ['events that are not an array', { events: 'run.started' }],
    ['a description over 200 characters', { description: 'd'.repeat(201) }],
    ['an unknown field', { secret: 'mine' }],
  ])('refuses %s with invalid_request, over HTTP and MCP', async (_what, extra) => {
    const args = { url: 'https://hooks.example.com/x', ...extra };
    const h = await w.post('/webhooks', args);
    expect(h.status).toBe(400);
    expect(h.body).toEqual(refused('invalid_request'));
    expect(await w.tool(TOOL, args)).toEqual(refused('invalid_request'));
  });

  it('needs the write scope', async () => {
    const h = await w.post('/webhooks', { url: 'https://hooks.example.com/x' }, { key: w.user.keys.read });
    expect(h.status).toBe(403);
    expect((await callAs(w.instance, w.user, 'read', TOOL, { url: 'https://hooks.example.com/x' })).error?.code).toBe('forbidden_scope');
  });
});
