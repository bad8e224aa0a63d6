import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

describe('whoami', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  it('names the user and the scopes of the key, over MCP and HTTP', async () => {
    const viaMcp = await w.tool('whoami');
    expect(viaMcp).toMatchObject({ ok: true, tool: 'whoami', kind: 'read', error: null });
    expect(viaMcp.data).toMatchObject({ user_id: w.user.userId, email: w.user.email, scopes: ['read', 'write', 'send'] });
    const viaHttp = await w.get('/whoami', { key: w.user.keys.read });
    expect(viaHttp.status).toBe(200);
    expect(viaHttp.body.data).toMatchObject({ user_id: w.user.userId, scopes: ['read'], credential: { kind: 'api_key', name: 'read' } });
  });

  it('refuses a missing, malformed or revoked key with 401 and WWW-Authenticate', async () => {
    for (const key of [undefined, 'grn_not-a-real-key', 'sk_live_other']) {
      const r = await w.get('/whoami', { key });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(r.body).toEqual({ ok: false, tool: 'whoami', kind: 'read', data: null, error: { code: 'unauthenticated', message: expect.any(String) } });
    }
  });

  it('refuses a key without the read scope with 403 forbidden_scope', async () => {
    const r = await w.get('/whoami', { key: w.user.keys.write });
    expect(r.status).toBe(403);
    expect(r.body.error?.code).toBe('forbidden_scope');
  });

  it('rejects unknown query parameters with invalid_request', async () => {
    const r = await w.get('/whoami', { query: { verbose: true } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('verbose') });
    const viaMcp = await w.tool('whoami', { verbose: true });
    expect(viaMcp.error?.code).toBe('invalid_request');
  });
});
