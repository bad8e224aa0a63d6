import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInstance, makeUser } from '../support/instance.js';
import { startHttp } from '../support/clients.js';
import { makeWorld, type World } from '../support/world.js';
import { portOf, rawRequest } from './raw.js';

const ID = '00000000-0000-4000-8000-000000000000';

describe('answers outside the operations', () => {
  let w: World;
  let port: number;
  beforeAll(async () => {
    w = await makeWorld();
    port = portOf(w.base);
  });
  afterAll(() => w.close());

  const auth = () => ({ authorization: `Bearer ${w.user.keys.all}` });

  it('answers an unknown route 404 with tool "unknown" and kind "read"', async () => {
    const r = await rawRequest(port, { path: '/api/public/v1/nothing-here', headers: auth() });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      ok: false,
      tool: 'unknown',
      kind: 'read',
      data: null,
      error: { code: 'not_found', message: 'No route GET /api/public/v1/nothing-here' },
    });
  });

  it('answers HEAD on a tool route 405 without running the tool or spending its rate budget', async () => {
    // Three reads a minute: had the five HEADs run the tool, the GET after them would be refused.
    const tight = await makeWorld({ GREENROOM_RATE_READ: '3' });
    try {
      const tightPort = portOf(tight.base);
      for (let i = 0; i < 5; i++) {
        const head = await rawRequest(tightPort, {
          method: 'HEAD',
          path: '/api/public/v1/whoami',
          headers: { authorization: `Bearer ${tight.user.keys.all}` },
        });
        expect(head.status).toBe(405);
        expect(head.headers.allow).toBe('GET');
      }
      const get = await rawRequest(tightPort, { path: '/api/public/v1/whoami', headers: { authorization: `Bearer ${tight.user.keys.all}` } });
      expect(get.status).toBe(200);
    } finally {
      await tight.close();
    }
  });

  it('refuses a query parameter that repeats a path parameter instead of letting the path win silently', async () => {
    const r = await rawRequest(port, { path: `/api/public/v1/campaigns/${ID}?campaign_id=${ID.replace(/0$/, '1')}`, headers: auth() });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      ok: false,
      tool: 'get_campaign',
      error: { code: 'invalid_request', message: expect.stringMatching(/campaign_id is given in the path/) },
    });
  });

  it.each([
    ['TRACE', '/api/public/v1/whoami', 'GET', 'whoami', 'read'],
    ['OPTIONS', '/api/public/v1/whoami', 'GET', 'whoami', 'read'],
    ['PUT', `/api/public/v1/messages/${ID}`, 'POST', 'update_message', 'write'],
    ['DELETE', `/api/public/v1/campaigns/${ID}`, 'GET, POST', 'get_campaign', 'read'],
    ['PATCH', '/api/public/v1/campaigns', 'GET, POST', 'list_campaigns', 'read'],
    ['POST', `/api/public/v1/campaigns/${ID}/events`, 'GET, HEAD', 'stream_campaign_events', 'read'],
    ['DELETE', '/healthz', 'GET, HEAD', 'unknown', 'read'],
  ])('answers %s %s 405 with Allow: %s', async (method, path, allow, tool, kind) => {
    const r = await rawRequest(port, { method, path, headers: auth() });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe(allow);
    expect(r.json).toMatchObject({ ok: false, tool, kind, data: null, error: { code: 'invalid_request' } });
  });

  it('answers other methods on /mcp 405 with a JSON-RPC error and Allow: POST', async () => {
    for (const method of ['OPTIONS', 'PUT', 'GET']) {
      const r = await rawRequest(port, { method, path: '/mcp', headers: auth() });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('POST');
      expect(r.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    }
  });

  it.each(['?=x', '?&limit=5', '?limit=5&', '?limit=5&&', '?=', '?&'])('refuses the query %s, which has a parameter without a name', async (query) => {
    const r = await rawRequest(port, { path: `/api/public/v1/campaigns${query}`, headers: auth() });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ok: false, tool: 'list_campaigns', kind: 'read', error: { code: 'invalid_request' } });
  });

  it('still takes a plain query, and an empty one', async () => {
    expect((await rawRequest(port, { path: '/api/public/v1/campaigns?limit=5', headers: auth() })).status).toBe(200);
    expect((await rawRequest(port, { path: '/api/public/v1/campaigns?', headers: auth() })).status).toBe(200);
    expect((await rawRequest(port, { path: '/api/public/v1/campaigns?nope=1', headers: auth() })).status).toBe(400);
  });
});

describe('an unexpected fault', () => {
  it('answers 500 with the operation of the route, never a null tool or kind', async () => {
    const env = await makeInstance();
    const user = await makeUser(env.instance);
    const server = await startHttp(env.instance);
    try {
      // A database gone from under the server: the key lookup itself fails.
      env.instance.opened.close();
      const r = await rawRequest(portOf(server.base), { path: '/api/public/v1/whoami', headers: { authorization: `Bearer ${user.keys.read}` } });
      expect(r.status).toBe(500);
      expect(r.json).toEqual({
        ok: false,
        tool: 'whoami',
        kind: 'read',
        data: null,
        error: { code: 'tool_error', message: 'Internal error; the fault was logged' },
      });
    } finally {
      await server.stop();
      await env.close().catch(() => undefined);
    }
  });
});
