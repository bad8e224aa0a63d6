import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

describe('update_campaign', () => {
  let w: World;
  let id: string;
  beforeAll(async () => {
    w = await makeWorld();
    id = (await w.tool('create_campaign', { name: 'Before', tone: 'friendly' })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('changes only the fields sent and replaces each ICP list sent', async () => {
    const first = await w.post(`/campaigns/${id}`, { pitch: 'New pitch', icp: { titles: ['CTO', 'VP Engineering'], exclusions: ['recruiter'] } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      name: 'Before',
      tone: 'friendly',
      pitch: 'New pitch',
      icp: { titles: ['CTO', 'VP Engineering'], exclusions: ['recruiter'] },
    });
    const second = await w.tool('update_campaign', { campaign_id: id, name: 'After', intent_enabled: true, icp: { exclusions: [] } });
    expect(second.data).toMatchObject({ name: 'After', intent_enabled: true, pitch: 'New pitch', icp: { titles: ['CTO', 'VP Engineering'], exclusions: [] } });
    expect(second.data.updated_at >= second.data.created_at).toBe(true);
  });

  it('rejects an empty update, bad fields and unknown campaigns', async () => {
    const empty = await w.post(`/campaigns/${id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toMatch(/nothing to update/);
    for (const body of [{ name: '' }, { tone: 'x'.repeat(81) }, { icp: { titles: 'CTO' } }, { icp: { colour: ['red'] } }, { intent_enabled: 'true' }]) {
      const r = await w.post(`/campaigns/${id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await w.post('/campaigns/00000000-0000-4000-8000-000000000000', { name: 'x' });
    expect(missing.status).toBe(404);
    const readOnly = await w.post(`/campaigns/${id}`, { name: 'x' }, { key: w.user.keys.read });
    expect(readOnly.status).toBe(403);
  });
});
