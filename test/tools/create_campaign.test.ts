import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseInserts } from '../support/refuse.js';
import { makeWorld, type World } from '../support/world.js';

describe('create_campaign', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    await w.instance.db
      .updateTable('users')
      .set({
        profile: JSON.stringify({
          pitch: 'We run speaker coaching.',
          cta: 'Open to a 15-minute call next week?',
          your_name: 'Ada',
          your_role: 'Founder',
          tone: 'casual',
          positioning: 'Coaching for conference speakers',
          icp: { titles: ['CTO'], keywords: ['platform'], exclusions: ['recruiter'] },
          exemplars: ['Hi Sam, loved the talk. Ada'],
        }),
      })
      .where('id', '=', w.user.userId)
      .execute();
  });
  afterAll(() => w.close());

  it('seeds ICP, style memory and sender defaults from the profile; explicit fields win', async () => {
    const created = await w.tool('create_campaign', { name: 'DevConf', tone: 'formal', conference_url: 'https://devconf.example.com/speakers' });
    expect(created).toMatchObject({ ok: true, kind: 'write', data: { run_started: false, cost_preview: { credits: 0, sufficient: true, balance: 500 } } });
    const detail = await w.get(`/campaigns/${created.data.campaign_id}`);
    expect(detail.body.data).toMatchObject({
      name: 'DevConf',
      pitch: 'We run speaker coaching.',
      cta: 'Open to a 15-minute call next week?',
      your_name: 'Ada',
      your_role: 'Founder',
      tone: 'formal',
      positioning: 'Coaching for conference speakers',
      icp: { titles: ['CTO'], keywords: ['platform'], exclusions: ['recruiter'], competitors: [] },
      style: { exemplar_count: 1 },
      conference_urls: [{ url: 'https://devconf.example.com/speakers', status: 'pending' }],
      missing_fields: [],
    });
  });

  it("takes the ICP and positioning too: lists sent replace the profile's, the others are seeded", async () => {
    const icp = { titles: ['VP Engineering', 'Head of Platform'], competitors: ['Acme Coaching'] };
    const created = await w.tool('create_campaign', { name: 'With ICP', positioning: 'Talks that hire', icp });
    expect(created.ok).toBe(true);
    const detail = await w.tool('get_campaign', { campaign_id: created.data.campaign_id });
    expect(detail.data).toMatchObject({
      positioning: 'Talks that hire',
      icp: {
        titles: ['VP Engineering', 'Head of Platform'],
        keywords: ['platform'],
        exclusions: ['recruiter'],
        competitors: ['Acme Coaching'],
        seniority: [],
        industries: [],
      },
    });
    // The same shape update_campaign takes, so one ICP object works with both.
    const updated = await w.tool('update_campaign', { campaign_id: created.data.campaign_id, icp });
    expect(updated.data.icp).toEqual(detail.data.icp);
  });

  it('reports every bad field in one answer, over HTTP and MCP', async () => {
    const bad = {
      name: 'n'.repeat(201),
      pitch: 7,
      tone: 't'.repeat(81),
      conference_url: 'not a url',
      auto_start: 'yes',
      icp: { titles: 'CTO', keywords: [''], colours: ['green'] },
      budget: 100,
    };
    const fields = [
      'name',
      'pitch',
      'tone',
      'conference_url',
      'auto_start',
      'icp.titles',
      'icp.keywords.0',
      'icp: unknown field colours',
      'input: unknown field budget',
    ];
    const h = await w.post('/campaigns', bad);
    expect(h.status).toBe(400);
    expect(h.body.error?.code).toBe('invalid_request');
    for (const f of fields) expect(h.body.error?.message, f).toContain(f);
    expect(await w.tool('create_campaign', bad)).toEqual(h.body);
    expect(await w.instance.db.selectFrom('campaigns').select('id').where('name', '=', bad.name).execute()).toEqual([]);
  });

  it('caps a flood of problems and says how many more there are', async () => {
    const r = await w.post('/campaigns', { icp: { titles: Array.from({ length: 40 }, () => ' ') } });
    expect(r.status).toBe(400);
    const message = r.body.error?.message as string;
    expect(message.match(/icp\.titles\.\d+: /g)).toHaveLength(25);
    expect(message).toMatch(/; and 15 more problems$/);
  });

  it('creates with an empty body and names the campaign by date', async () => {
    const r = await w.post('/campaigns', {});
    expect(r.status).toBe(200);
    const d = await w.tool('get_campaign', { campaign_id: r.body.data.campaign_id });
    expect(d.data.name).toBe('Campaign 2026-11-22');
    expect(d.data.missing_fields).toEqual(['conference_urls']);
  });

  describe('auto_start: the campaign and its run in one transaction', () => {
    const named = (name: string) => w.instance.db.selectFrom('campaigns').select('id').where('name', '=', name).execute();

    it('queues the run with the campaign, and get_run_status shows it', async () => {
      const r = await w.post('/campaigns', { name: 'Auto', conference_url: 'https://auto.example.com/speakers', auto_start: true });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ campaign_id: expect.any(String), run_started: true, run_id: expect.any(String), cost_preview: expect.any(Object) });
      const status = await w.tool('get_run_status', { campaign_id: r.body.data.campaign_id });
      expect(status.data.run).toMatchObject({ run_id: r.body.data.run_id, status: 'queued', stage: 'scrape' });
    });

    it('refuses auto_start without a conference_url and stores nothing, over HTTP and MCP; update_campaign sets it later', async () => {
      const before = await w.instance.db.selectFrom('campaigns').select('id').execute();
      const h = await w.post('/campaigns', { name: 'Auto without page', auto_start: true });
      expect(h.status).toBe(400);
      expect(h.body.error?.message).toMatch(/^auto_start: needs conference_url; nothing was created.*add_conference_url.*update_campaign/);
      const m = await w.tool('create_campaign', { name: 'Auto without page', auto_start: true });
      expect(m.error?.code).toBe('invalid_request');
      expect(await named('Auto without page')).toEqual([]);
      expect(await w.instance.db.selectFrom('campaigns').select('id').execute()).toEqual(before);
      const made = await w.tool('create_campaign', { name: 'Auto later' });
      expect((await w.tool('get_campaign', { campaign_id: made.data.campaign_id })).data.auto_start).toBe(false);
      const updated = await w.tool('update_campaign', { campaign_id: made.data.campaign_id, auto_start: true });
      expect(updated.data).toMatchObject({ auto_start: true, push_requires_approval: false });
      expect((await w.tool('update_campaign', { campaign_id: made.data.campaign_id, auto_start: false })).data.auto_start).toBe(false);
    });

    it('leaves no campaign, page or run behind when the run cannot be written, over HTTP and MCP', async () => {
      const undo = await refuseInserts(w.instance.db, 'runs');
      try {
        const campaignsBefore = await w.instance.db.selectFrom('campaigns').select('id').execute();
        const urlsBefore = await w.instance.db.selectFrom('conference_urls').select('id').execute();
        const h = await w.post('/campaigns', { name: 'Half made', conference_url: 'https://half.example.com/speakers', auto_start: true });
        expect(h.status).toBe(500);
        expect(h.body).toMatchObject({ ok: false, tool: 'create_campaign', data: null, error: { code: 'tool_error' } });
        const m = await w.tool('create_campaign', { name: 'Half made', conference_url: 'https://half.example.com/speakers', auto_start: true });
        expect(m).toMatchObject({ ok: false, error: { code: 'tool_error' } });
        expect(await named('Half made')).toEqual([]);
        expect(await w.instance.db.selectFrom('campaigns').select('id').execute()).toEqual(campaignsBefore);
        expect(await w.instance.db.selectFrom('conference_urls').select('id').execute()).toEqual(urlsBefore);
        // Without auto_start no run is written, so the same trigger stands in no one's way.
        expect((await w.tool('create_campaign', { name: 'No run', conference_url: 'https://half.example.com/speakers' })).ok).toBe(true);
      } finally {
        await undo();
      }
    });
  });

  it('dry_run returns only cost_preview and writes nothing', async () => {
    const before = (await w.tool('list_campaigns')).data.items.length;
    const r = await w.post('/campaigns', { name: 'Preview', conference_url: 'https://conf.example.org/', auto_start: true, dry_run: true });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data)).toEqual(['cost_preview']);
    expect(r.body.data.cost_preview).toMatchObject({ credits: 0, model_calls: 0, balance: 500, sufficient: true, note: expect.any(String) });
    expect((await w.tool('list_campaigns')).data.items.length).toBe(before);
  });

  it.each([
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ pitch: 'x'.repeat(2001) }, 'pitch'],
    [{ cta: 'x'.repeat(1001) }, 'cta'],
    [{ your_name: 'x'.repeat(201) }, 'your_name'],
    [{ your_role: 'x'.repeat(201) }, 'your_role'],
    [{ tone: 'x'.repeat(81) }, 'tone'],
    [{ conference_url: `https://example.com/${'x'.repeat(490)}` }, 'conference_url'],
    [{ conference_url: 'not a url' }, 'conference_url'],
    [{ conference_url: 'http://conf.example.com/' }, 'https'],
    [{ conference_url: 'https://10.0.0.1/speakers' }, 'IP'],
    [{ conference_url: 'https://metadata.google.internal/' }, 'internal'],
    [{ auto_start: 'yes' }, 'auto_start'],
    [{ dry_run: 1 }, 'dry_run'],
    [{ nme: 'typo' }, 'nme'],
  ])('rejects %j with invalid_request naming %s, over HTTP and MCP, and writes nothing', async (body, word) => {
    const before = (await w.tool('list_campaigns')).data.items.length;
    const r = await w.post('/campaigns', body);
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('invalid_request');
    expect(r.body.error?.message).toContain(word);
    const m = await w.tool('create_campaign', body);
    expect(m.error?.code).toBe('invalid_request');
    expect((await w.tool('list_campaigns')).data.items.length).toBe(before);
  });

  it('rejects a body that is not a JSON object', async () => {
    for (const rawBody of ['{bad json', '[1,2]', '"text"']) {
      const r = await w.post('/campaigns', undefined, { rawBody });
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('invalid_request');
    }
  });

  it('needs the write scope', async () => {
    const r = await w.post('/campaigns', { name: 'nope' }, { key: w.user.keys.read });
    expect(r.status).toBe(403);
    expect(r.body.error?.code).toBe('forbidden_scope');
  });

  it('replays the first result for a repeated Idempotency-Key and rejects the key with other arguments', async () => {
    const headers = { 'Idempotency-Key': 'create-once-1' };
    const first = await w.post('/campaigns', { name: 'Once' }, { headers });
    const second = await w.post('/campaigns', { name: 'Once' }, { headers });
    expect(second.body.data.campaign_id).toBe(first.body.data.campaign_id);
    const names = (await w.tool('list_campaigns', { limit: 200 })).data.items.filter((c: { name: string }) => c.name === 'Once');
    expect(names).toHaveLength(1);
    const other = await w.post('/campaigns', { name: 'Twice' }, { headers });
    expect(other.status).toBe(400);
    expect(other.body.error?.message).toMatch(/different arguments/);
    const tooLong = await w.post('/campaigns', { name: 'k' }, { headers: { 'Idempotency-Key': 'k'.repeat(201) } });
    expect(tooLong.status).toBe(400);
  });
});
