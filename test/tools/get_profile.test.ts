import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';
import { TEST_PROFILE } from '../support/pipeline.js';

describe('get_profile', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  it('returns every field of a new user, with defaults, over MCP and HTTP', async () => {
    const viaMcp = await w.tool('get_profile');
    expect(viaMcp).toMatchObject({ ok: true, tool: 'get_profile', kind: 'read', error: null });
    expect(viaMcp.data).toEqual({
      company: '',
      positioning: '',
      pitch: '',
      cta: '',
      your_name: '',
      your_role: '',
      tone: 'friendly',
      icp: { titles: [], seniority: [], industries: [], keywords: [], exclusions: [], competitors: [] },
      exemplars: [],
    });
    const viaHttp = await w.get('/profile', { key: w.user.keys.read });
    expect(viaHttp.status).toBe(200);
    expect(viaHttp.body.data).toEqual(viaMcp.data);
  });

  it('reads what is stored, and only the caller’s own profile', async () => {
    await w.instance.db
      .updateTable('users')
      .set({ profile: JSON.stringify(TEST_PROFILE) })
      .where('id', '=', w.user.userId)
      .execute();
    expect((await w.tool('get_profile')).data).toMatchObject({ pitch: TEST_PROFILE.pitch, icp: { titles: TEST_PROFILE.icp.titles } });
    const { makeUser } = await import('../support/instance.js');
    const other = await makeUser(w.instance, 'grace@example.com');
    expect((await w.get('/profile', { key: other.keys.read })).body.data.pitch).toBe('');
  });

  it('needs the read scope and takes no arguments', async () => {
    expect((await w.get('/profile', { key: w.user.keys.write })).status).toBe(403);
    const r = await w.get('/profile', { query: { user_id: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('invalid_request');
  });
});
