import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

describe('get_capabilities', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_RATE_WRITE: '77' });
  });
  afterAll(() => w.close());

  it('lists only the tools the key may call, with scope, route and rate limits', async () => {
    const all = await w.tool('get_capabilities');
    expect(all.ok).toBe(true);
    const names = all.data.tools.map((t: { name: string }) => t.name);
    expect(names).toContain('create_campaign');
    expect(all.data.rate_limits).toMatchObject({ window_seconds: 60, write: 77 });
    const readOnly = await w.get('/capabilities', { key: w.user.keys.read });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.data.scopes).toEqual(['read']);
    expect(readOnly.body.data.tools.every((t: { kind: string }) => t.kind === 'read')).toBe(true);
    expect(readOnly.body.data.tools.find((t: { name: string }) => t.name === 'get_campaign')).toMatchObject({
      scope: 'service:read',
      method: 'GET',
      path: '/api/public/v1/campaigns/{campaign_id}',
    });
  });

  it('needs the read scope', async () => {
    const r = await w.get('/capabilities', { key: w.user.keys.write });
    expect(r.status).toBe(403);
    expect(r.body.error?.code).toBe('forbidden_scope');
  });
});
