import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompareWorld, type CompareWorld } from '../compare/support.js';
import { conforms } from '../senders/support.js';
import { refusal, UNKNOWN } from '../support/drafts.js';

const TOOL = 'list_model_spend';
const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

type Line = {
  campaign_id: string | null;
  provider: string;
  model: string;
  priced: boolean;
  calls: number;
  cost_usd: number | null;
  unpriced_calls: number;
  credits: number;
};

/**
 * Model spend by campaign, provider and model, over HTTP, MCP and `greenroom spend`; a
 * model without a price has an unknown cost with the count of its calls, alike in the
 * listing and in compare_models' dry run and answer.
 */
describe('list_model_spend', () => {
  let w: CompareWorld;
  let priced: string;
  let unpriced: string;
  let compared: { cost_usd: number | null; unpriced_calls: number; calls: number };
  let estimated: { usd: number | null; unpriced_calls: number };

  const run = async (name: string, provider: string) => {
    const r = await w.post('/campaigns', { name, conference_url: w.urls.cards, auto_start: true, model_provider: provider });
    await w.scheduler.drain();
    return r.body.data.campaign_id as string;
  };

  beforeAll(async () => {
    // OpenAI's default models are in the price table; the OpenAI-compatible loopback model is not.
    w = await makeCompareWorld();
    priced = await run('Priced', 'openai');
    unpriced = await run('Unpriced', 'openai_compatible');
    estimated = (await w.tool('compare_models', { providers: ['openai_compatible'], limit: 2, dry_run: true })).data.estimated_usd[0];
    compared = (await w.compare({ providers: ['openai_compatible'], limit: 2 })).body.data.summary.providers[0];
  });
  afterAll(() => w.close());

  it('lists spend by campaign, provider and model with calls, tokens, USD and credits, alike over HTTP and MCP', async () => {
    const h = await w.get('/spend');
    expect(h.status).toBe(200);
    conforms(TOOL, h.body.data);
    expect(await w.tool(TOOL)).toEqual(h.body);
    const lines = h.body.data.lines as Line[];
    // The rules engine's steps are listed too, as provider offline at no cost.
    expect(lines.filter((l) => l.provider === 'offline').every((l) => l.priced && l.cost_usd === 0)).toBe(true);
    const paid = lines.filter((l) => l.campaign_id === priced && l.provider !== 'offline');
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((l) => l.provider === 'openai' && l.priced && l.cost_usd !== null && l.cost_usd > 0 && l.unpriced_calls === 0)).toBe(true);
    const rows = await w.instance.db.selectFrom('model_spend').selectAll().where('campaign_id', '=', priced).where('provider', '=', 'openai').execute();
    expect(paid.reduce((a, l) => a + l.calls, 0)).toBe(rows.length);
    expect(paid.reduce((a, l) => a + (l.cost_usd as number), 0)).toBeCloseTo(
      rows.reduce((a, r) => a + (r.cost_usd as number), 0),
      6,
    );
    // Credits ride on the spend rows of the charged stages: together they are the ledger's charges.
    const charged = await w.instance.db.selectFrom('credit_ledger').select('delta').where('user_id', '=', w.user.userId).where('kind', '=', 'charge').execute();
    expect(lines.reduce((a, l) => a + l.credits, 0)).toBe(-charged.reduce((a, c) => a + c.delta, 0));
    expect(h.body.data.totals).toMatchObject({
      calls: lines.reduce((a, l) => a + l.calls, 0),
      cost_usd: null,
      unpriced_calls: lines.reduce((a, l) => a + l.unpriced_calls, 0),
    });
    expect(h.body.data.totals.priced_usd).toBeCloseTo(
      paid.reduce((a, l) => a + (l.cost_usd as number), 0),
      6,
    );
  });

  it('marks a model without a price and says its cost is unknown, with the count of its calls, as compare_models does', async () => {
    const lines = (await w.tool(TOOL)).data.lines as Line[];
    const free = lines.filter((l) => l.campaign_id === unpriced && l.provider !== 'offline');
    expect(free.length).toBeGreaterThan(0);
    for (const l of free) expect(l).toMatchObject({ provider: 'openai_compatible', priced: false, cost_usd: null, unpriced_calls: l.calls });
    // compare_models: the dry run, the answer and the stored spend give one answer.
    expect(estimated).toMatchObject({ usd: null, unpriced_calls: expect.any(Number) });
    expect(estimated.unpriced_calls).toBeGreaterThan(0);
    expect(compared).toMatchObject({ cost_usd: null, unpriced_calls: compared.calls });
    const outside = lines.filter((l) => l.campaign_id === null);
    expect(outside).toEqual([
      expect.objectContaining({
        provider: 'openai_compatible',
        priced: false,
        cost_usd: null,
        calls: compared.calls,
        unpriced_calls: compared.unpriced_calls,
        credits: 0,
      }),
    ]);
  });

  it('narrows to one campaign and to calls from a time on', async () => {
    const one = await w.tool(TOOL, { campaign_id: priced });
    expect((one.data.lines as Line[]).every((l) => l.campaign_id === priced)).toBe(true);
    expect(one.data.totals.unpriced_calls).toBe(0);
    expect(one.data.totals.cost_usd).toBe(one.data.totals.priced_usd);
    const later = await w.get(`/spend?since=${encodeURIComponent('2030-01-01T00:00:00Z')}`);
    expect(later.body.data).toMatchObject({ lines: [], totals: { calls: 0, cost_usd: 0 } });
  });

  it('refuses an unknown campaign (404), a malformed since (400) and a key without read (403)', async () => {
    const refused = refusal(TOOL, 'read');
    expect((await w.get(`/spend?campaign_id=${UNKNOWN}`)).body).toEqual(refused('not_found'));
    const bad = await w.get('/spend?since=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/since/);
    const r = await w.get('/spend', { key: w.user.keys.write });
    expect(r.status).toBe(403);
  });

  it('greenroom spend prints the same listing for an operator, unpriced models marked', () => {
    const env = { PATH: process.env.PATH ?? '', ...w.dbEnv };
    const json = spawnSync(process.execPath, [bin, 'spend', '--user', w.user.email, '--json'], { env, encoding: 'utf8' });
    expect(json.status, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as { lines: Line[] };
    expect(listed.lines.map((l) => [l.campaign_id, l.model, l.calls, l.cost_usd])).toEqual(expect.arrayContaining([expect.arrayContaining([unpriced, null])]));
    const table = spawnSync(process.execPath, [bin, 'spend', '--user', w.user.email], { env, encoding: 'utf8' });
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^CAMPAIGN +PROVIDER +MODEL +CALLS +FAILED +TOKENS IN +TOKENS OUT +USD +CREDITS +WAITED$/m);
    expect(table.stdout).toMatch(/^Unpriced +openai_compatible +\S+ \(no price\) .*unknown \(\d+ unpriced\)/m);
    expect(table.stdout).toMatch(/^Priced +openai +\S+ +\d+ .*\$\d+\.\d{4}/m);
    expect(table.stdout).toMatch(/^TOTAL .*unknown/m);
    expect(table.stdout).toMatch(/call\(s\) of models without a price are not in it/);
    const badSince = spawnSync(process.execPath, [bin, 'spend', '--since', 'soon'], { env, encoding: 'utf8' });
    expect(badSince.status).toBe(2);
    expect(badSince.stderr).toMatch(/--since must be a date/);
  });
});
