import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, UNKNOWN } from '../support/drafts.js';
import { signalRows, toCsv, type SignalRow } from '../support/intent.js';
import { makeWorld, type World } from '../support/world.js';

const TOOL = 'import_intent_signals';
const refused = refusal(TOOL, 'write');

/** 1,000 rows about 400 people, with the bad rows a real export has, and what each is refused for. */
function exportWithFaults(): { rows: SignalRow[]; faults: Map<number, RegExp> } {
  const rows = signalRows(1000, 400);
  const faults = new Map<number, RegExp>();
  const spoil = (i: number, change: Partial<SignalRow>, reason: RegExp) => {
    rows[i] = { ...(rows[i] as SignalRow), ...change };
    faults.set(i + 1, reason);
  };
  // Rows past 400 repeat known people, so spoiling them takes no person away.
  spoil(410, { linkedin_url: 'https://www.linkedin.com/company/northwind/' }, /not a LinkedIn profile/);
  spoil(520, { linkedin_url: '' }, /linkedin_url is missing/);
  spoil(600, { name: '' }, /name is missing/);
  spoil(700, { signal_type: 'carrier_pigeon' }, /signal_type "carrier_pigeon" is not one of/);
  spoil(800, { observed_at: 'last tuesday' }, /observed_at "last tuesday" is not a date/);
  spoil(900, { observed_at: '2031-01-01T00:00:00Z' }, /in the future/);
  spoil(950, { url: 'ftp://files.example.com/post' }, /url is not an http\(s\) URL/);
  spoil(990, { text: 'x'.repeat(3001) }, /longer than 3000/);
  return { rows, faults };
}

describe('import_intent_signals', () => {
  let w: World;
  let campaignId: string;
  const leadCount = async () => (await w.instance.db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).execute()).length;

  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_RATE_WRITE: '10000' });
    campaignId = (await w.tool('create_campaign', { name: 'Intent' })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('refuses a campaign without intent_enabled, saying so', async () => {
    const r = await w.post(`/campaigns/${campaignId}/intent-signals`, { rows: signalRows(2, 2) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(refused('invalid_request'));
    expect(r.body.error?.message).toMatch(/intent_enabled=true/);
    await w.tool('update_campaign', { campaign_id: campaignId, intent_enabled: true });
  });

  it('previews 1,000 CSV rows over HTTP with dry_run: every bad row named, nothing written', async () => {
    const { rows, faults } = exportWithFaults();
    const r = await w.post(`/campaigns/${campaignId}/intent-signals`, { csv: toCsv(rows as never), dry_run: true });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      dry_run: true,
      rows: 1000,
      accepted: 1000 - faults.size,
      leads_new: 400,
      leads_existing: 0,
      signals_new: 1000 - faults.size,
      signals_already_known: 0,
      run_started: false,
    });
    expect(d.refused.map((x: { row: number }) => x.row)).toEqual([...faults.keys()]);
    for (const x of d.refused) {
      expect(x.reason).toMatch(faults.get(x.row) as RegExp);
      // The header is line 1 and no field holds a line break: row n starts on line n + 1.
      expect(x.line).toBe(x.row + 1);
    }
    expect(d.cost_preview).toMatchObject({ credits: 0, sufficient: true, note: expect.stringMatching(/400 new lead/) });
    expect(await leadCount()).toBe(0);
  });

  it('imports them: one lead per profile, the repeat signals attached, refused rows left out', async () => {
    const { rows, faults } = exportWithFaults();
    const r = await w.post(`/campaigns/${campaignId}/intent-signals`, { csv: toCsv(rows as never) });
    expect(r.body.data).toMatchObject({ dry_run: false, accepted: 1000 - faults.size, leads_new: 400, signals_new: 1000 - faults.size });
    expect(await leadCount()).toBe(400);
    const signals = await w.instance.db.selectFrom('intent_signals').select(['lead_id', 'via']).where('campaign_id', '=', campaignId).execute();
    expect(signals).toHaveLength(1000 - faults.size);
    expect(new Set(signals.map((s) => s.lead_id)).size).toBe(400);
    expect(signals.every((s) => s.via === 'import')).toBe(true);
    const campaign = await w.tool('get_campaign', { campaign_id: campaignId });
    expect(campaign.data.totals).toMatchObject({ speakers: 0, intent_leads: 400 });
  });

  it('adds nothing when the same export comes again', async () => {
    const { rows, faults } = exportWithFaults();
    const r = await w.post(`/campaigns/${campaignId}/intent-signals`, { csv: toCsv(rows as never) });
    expect(r.body.data).toMatchObject({ leads_new: 0, leads_existing: 400, signals_new: 0, signals_already_known: 1000 - faults.size });
    expect(await leadCount()).toBe(400);
  });

  it('takes JSON rows over MCP with other column names, refusing a row that is no object', async () => {
    const rows = [
      {
        'Profile URL': 'linkedin.com/in/New-Person',
        first_name: 'Nia',
        last_name: 'Okafor',
        Title: 'CTO at Globex',
        type: 'comment',
        post_url: 'https://www.linkedin.com/posts/abc',
        post_text: 'Postgres at scale.',
        date: '2026-11-19',
      },
      'not a row',
      { linkedin_url: 'https://www.linkedin.com/in/person-1', name: 'Grace Quill', signal_type: 'company_follow', observed_at: 1763600000 },
      { linkedin_url: 'https://www.linkedin.com/in/person-1', name: 'Grace Quill', signal_type: 'company_follow', observed_at: 1763600000 },
    ];
    const r = await w.tool(TOOL, { campaign_id: campaignId, rows });
    expect(r.ok).toBe(true);
    expect(r.data).toMatchObject({ rows: 4, accepted: 3, leads_new: 1, leads_existing: 1, signals_new: 2, signals_already_known: 1 });
    expect(r.data.refused).toEqual([{ row: 2, reason: 'row is not an object' }]);
    const lead = await w.instance.db
      .selectFrom('speakers')
      .selectAll()
      .where('linkedin_url', '=', 'https://www.linkedin.com/in/new-person')
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ name: 'Nia Okafor', title: 'CTO', company: 'Globex', source: 'intent', selected: 0, stage: 'prequalify' });
  });

  it('refuses malformed calls as a whole with invalid_request', async () => {
    const bad = [
      { rows: signalRows(1, 1), csv: 'a,b' },
      {},
      { rows: [] },
      { rows: signalRows(5001, 10) },
      { csv: 'name,headline\nAda,CTO' },
      { csv: `${toCsv([])}\n${Array.from({ length: 5001 }, () => 'x').join('\n')}` },
    ];
    for (const body of bad) {
      const r = await w.post(`/campaigns/${campaignId}/intent-signals`, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body).toEqual(refused('invalid_request'));
    }
    const missing = await w.tool(TOOL, { campaign_id: UNKNOWN, rows: signalRows(1, 1) });
    expect(missing).toEqual(refused('not_found'));
    // The body's shape is judged before the campaign is looked up, as the OpenAPI document judges it.
    const both = await w.post(`/campaigns/${UNKNOWN}/intent-signals`, { rows: [[]], csv: ' ' });
    expect(both.status).toBe(400);
  });

  it('queues a run for new leads when the campaign has auto_start, and none when nothing new came', async () => {
    const auto = (await w.tool('create_campaign', { name: 'Auto' })).data.campaign_id;
    await w.tool('update_campaign', { campaign_id: auto, intent_enabled: true, auto_start: true });
    const first = await w.tool(TOOL, { campaign_id: auto, rows: signalRows(3, 3) });
    expect(first.data).toMatchObject({ leads_new: 3, run_started: true });
    expect((await w.tool('get_run_status', { campaign_id: auto })).data.run).toMatchObject({ status: 'queued' });
    const again = await w.tool(TOOL, { campaign_id: auto, rows: signalRows(3, 3) });
    expect(again.data).toMatchObject({ leads_new: 0, run_started: false });
    expect((await w.tool(TOOL, { campaign_id: campaignId, rows: signalRows(1, 1) })).data.run_started).toBe(false);
  });

  it('reads quoted CSV fields with commas, doubled quotes and line breaks, and counts lines past them', async () => {
    const text = 'Two lessons:\r\n1. "Boring" tech, on purpose.\r\n2. Postgres first.';
    const csv = [
      'linkedin_url,name,signal_type,post_text',
      `https://www.linkedin.com/in/q1,"Quill, Ada",post_comment,"${text.replace(/"/g, '""')}"`,
      'https://www.linkedin.com/in/q2,,post_comment,',
    ].join('\r\n');
    const r = await w.tool(TOOL, { campaign_id: campaignId, csv });
    expect(r.data.refused).toEqual([{ row: 2, line: 5, reason: 'name is missing' }]);
    const stored = await w.instance.db
      .selectFrom('intent_signals')
      .innerJoin('speakers', 'speakers.id', 'intent_signals.lead_id')
      .select(['text', 'name'])
      .where('speakers.linkedin_url', '=', 'https://www.linkedin.com/in/q1')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Quill, Ada', text: text.replace(/\r\n/g, '\n') });
  });

  it('refuses a CSV row with more fields than the header, and one whose quote never closes', async () => {
    const csv = [
      'linkedin_url,name,signal_type',
      'https://www.linkedin.com/in/x1,X One,post_reaction,extra',
      'https://www.linkedin.com/in/x2,X Two,post_reaction',
      'https://www.linkedin.com/in/x3,"X Three,post_reaction',
    ].join('\n');
    const r = await w.tool(TOOL, { campaign_id: campaignId, csv, dry_run: true });
    expect(r.data.refused).toEqual([
      { row: 1, line: 2, reason: 'the row has 4 fields, the header 3' },
      { row: 3, line: 4, reason: expect.stringMatching(/never closed/) },
    ]);
    expect(r.data.accepted).toBe(1);
  });
});
