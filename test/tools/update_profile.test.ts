import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

describe('update_profile', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  it('changes only the fields sent, replaces the ICP lists sent, and seeds the next campaign', async () => {
    const first = await w.tool('update_profile', {
      your_name: 'Ada Lovelace',
      your_role: 'Founder',
      pitch: 'We help platform teams cut their cloud bill.',
      icp: { titles: ['CTO', 'VP Engineering'], keywords: ['finops'] },
      exemplars: ['Hi Sam, loved your talk on cost dashboards. Ada'],
    });
    expect(first).toMatchObject({ ok: true, tool: 'update_profile', kind: 'write' });
    expect(first.data).toMatchObject({
      your_name: 'Ada Lovelace',
      tone: 'friendly',
      icp: { titles: ['CTO', 'VP Engineering'], keywords: ['finops'], exclusions: [] },
    });

    const second = await w.post('/profile', { tone: 'direct', icp: { titles: ['Head of Platform'] } });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      your_name: 'Ada Lovelace',
      tone: 'direct',
      pitch: 'We help platform teams cut their cloud bill.',
      icp: { titles: ['Head of Platform'], keywords: ['finops'] },
    });
    expect((await w.tool('get_profile')).data).toEqual(second.body.data);

    const campaign = await w.tool('create_campaign', { name: 'Seeded' });
    const detail = await w.tool('get_campaign', { campaign_id: campaign.data.campaign_id });
    expect(detail.data).toMatchObject({
      your_name: 'Ada Lovelace',
      tone: 'direct',
      pitch: 'We help platform teams cut their cloud bill.',
      icp: { titles: ['Head of Platform'] },
    });
  });

  it('records who changed what in the audit log', async () => {
    const rows = await w.instance.db.selectFrom('audit_log').selectAll().where('action', '=', 'profile.updated').orderBy('created_at').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(rows[rows.length - 1]?.meta as string)).toEqual({ fields: ['tone', 'icp'] });
  });

  it('refuses an empty change, unknown fields, over-long values and a read-only key', async () => {
    for (const body of [
      {},
      { colour: 'blue' },
      { pitch: 'x'.repeat(2001) },
      { icp: { titles: 'CTO' } },
      { icp: { hobbies: [] } },
      { tone: '' },
      { exemplars: [''] },
    ]) {
      const r = await w.post('/profile', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error?.code).toBe('invalid_request');
    }
    expect((await w.tool('update_profile', {})).error?.message).toMatch(/nothing to update/);
    const r = await w.post('/profile', { tone: 'calm' }, { key: w.user.keys.read });
    expect(r.status).toBe(403);
    expect((await w.tool('get_profile')).data.tone).toBe('direct');
  });
});
