import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';
import { makeUser } from '../support/instance.js';

describe('get_campaign', () => {
  let w: World;
  let id: string;
  beforeAll(async () => {
    w = await makeWorld();
    id = (await w.tool('create_campaign', { name: 'Summit', pitch: 'p', cta: 'c', conference_url: 'https://summit.example.com/' })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('returns the full configuration with conference URLs and totals', async () => {
    const r = await w.get(`/campaigns/${id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      campaign_id: id,
      name: 'Summit',
      icp: { titles: [], seniority: [], industries: [], keywords: [], exclusions: [], competitors: [] },
      conference_urls: [{ url: 'https://summit.example.com/', status: 'pending', speaker_count: null }],
      totals: { conference_urls: 1, speakers: 0 },
    });
    expect((await w.tool('get_campaign', { campaign_id: id })).data).toEqual(r.body.data);
  });

  it('answers 404 for an unknown id and for another user’s campaign, 400 for a malformed id', async () => {
    const unknown = await w.get('/campaigns/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('not_found');
    const other = await makeUser(w.instance, 'eve@example.com');
    const theirs = await w.get(`/campaigns/${id}`, { key: other.keys.read });
    expect(theirs.status).toBe(404);
    const bad = await w.get('/campaigns/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/campaign_id/);
    expect((await w.tool('get_campaign', { campaign_id: 'nope' })).error?.code).toBe('invalid_request');
  });

  it('answers 404 with the envelope for routes that do not exist', async () => {
    const r = await w.get('/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ ok: false, data: null, error: { code: 'not_found' } });
  });
});
