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

  it('answers as update_campaign does, byte for byte, for a campaign with several pages and people of both sources', async () => {
    const many = (await w.tool('create_campaign', { name: 'Many', pitch: 'p', cta: 'c', conference_url: 'https://many.example.com/a' })).data.campaign_id;
    for (const url of ['https://many.example.com/b', 'https://many.example.com/c']) await w.tool('add_conference_url', { campaign_id: many, url });
    const now = new Date().toISOString();
    const person = (i: number, source: 'conference' | 'intent') => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      campaign_id: many,
      user_id: w.user.userId,
      dedupe_key: `n:${i}`,
      name: `Person ${i}`,
      name_fold: `person ${i}`,
      company_fold: '',
      talks: '[]',
      links: '[]',
      source_url: 'https://many.example.com/a',
      source,
      created_at: now,
      updated_at: now,
    });
    await w.instance.db
      .insertInto('speakers')
      .values([person(1, 'conference'), person(2, 'conference'), person(3, 'conference'), person(4, 'intent')])
      .execute();
    // update_campaign reads the row and its pages apart; get_campaign in one query.
    const updated = await w.post(`/campaigns/${many}`, { tone: 'plain' });
    expect(updated.status).toBe(200);
    const got = await fetch(`${w.base}/api/public/v1/campaigns/${many}`, { headers: { authorization: `Bearer ${w.user.keys.all}` } });
    const text = await got.text();
    expect(text).toBe(JSON.stringify({ ...updated.body, tool: 'get_campaign', kind: 'read' }));
    expect(JSON.parse(text).data).toMatchObject({
      conference_urls: [{ url: 'https://many.example.com/a' }, { url: 'https://many.example.com/b' }, { url: 'https://many.example.com/c' }],
      totals: { conference_urls: 3, speakers: 3, intent_leads: 1 },
    });
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
