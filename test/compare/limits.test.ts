/**
 * compare_models' limits: the per-provider cost cap, the time budget of one call, and
 * a provider that fails while the others answer, over HTTP and MCP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompareWorld, type CompareWorld } from './support.js';

type Tally = { provider: string; calls: number; errors: number; failed_calls: number; error_samples: string[]; cost_usd: number; stopped: string | null };
type Result = { column: string; ok: boolean; error: string | null; skipped: string | null };

describe('compare_models limits', () => {
  let w: CompareWorld;
  beforeAll(async () => {
    w = await makeCompareWorld();
  });
  afterAll(() => w.close());

  it('stops each provider before its estimated spend would pass max_cost_usd, and says so per item', async () => {
    const from = w.models.requests.length;
    // The dearer provider (grok-4 drafts) reaches a two-cent cap well before the end of the page; neither passes it.
    const r = await w.compare({ limit: 12, providers: ['openai', 'xai'], max_cost_usd: 0.02 });
    expect(r.status).toBe(200);
    const tallies = r.body.data.summary.providers as Tally[];
    for (const t of tallies) expect(t.cost_usd, t.provider).toBeLessThanOrEqual(0.02);
    const xai = tallies.find((t) => t.provider === 'xai') as Tally;
    expect(xai.stopped).toBe('cost_cap');
    const skipped = (r.body.data.items as Array<{ results: Result[] }>).flatMap((i) => i.results).filter((x) => x.column === 'xai' && x.skipped === 'cost_cap');
    expect(skipped.length).toBeGreaterThan(0);
    expect(r.body.data.summary.columns.find((c: { column: string }) => c.column === 'xai').skipped).toBe(skipped.length);
    expect(w.models.requests.slice(from).filter((q) => q.vendor === 'xai')).toHaveLength(xai.calls);
    const rows = await w.instance.db.selectFrom('model_spend').select(['provider', 'cost_usd']).where('provider', '=', 'xai').execute();
    // The tally is rounded to the millionth of a dollar, so it may differ from the rows' sum by half of one.
    expect(Math.abs(rows.reduce((a, x) => a + (x.cost_usd ?? 0), 0) - xai.cost_usd)).toBeLessThanOrEqual(0.5e-6 + 1e-12);
  });

  it('counts a failing provider under its errors while the others return, over HTTP and MCP', async () => {
    // Every anthropic request fails from here on (the last test on this world).
    w.models.fail({ kind: 'status', status: 500, message: 'anthropic is down' }, { vendor: 'anthropic', times: 100 });
    const r = await w.tool('compare_models', { mode: 'judge', campaign_id: w.campaignId, providers: ['anthropic', 'google'] });
    expect(r.ok).toBe(true);
    const [anthropic, google] = r.data.summary.providers as Tally[];
    expect(anthropic).toMatchObject({ provider: 'anthropic', errors: 4, failed_calls: 4, stopped: null });
    expect(anthropic?.error_samples[0]).toMatch(/anthropic claude-sonnet-4-5 \(judge\): HTTP 500.*anthropic is down/);
    expect(google).toMatchObject({ provider: 'google', errors: 0, calls: 4 });
    for (const item of r.data.items as Array<{ results: Result[] }>) {
      expect(item.results.map((x) => [x.column, x.ok])).toEqual([
        ['anthropic', false],
        ['google', true],
      ]);
      expect(item.results[0]?.error).toMatch(/HTTP 500/);
    }
    const viaHttp = await w.compare({ limit: 2, providers: ['google', 'anthropic'] });
    expect(viaHttp.status).toBe(200);
    expect(viaHttp.body.data.summary.columns.map((c: { column: string; ok: number; errors: number }) => [c.column, c.ok, c.errors])).toEqual([
      ['google', 2, 0],
      ['anthropic', 0, 2],
    ]);
    const failed = await w.instance.db.selectFrom('model_spend').selectAll().where('provider', '=', 'anthropic').where('outcome', '=', 'error').execute();
    expect(failed).toHaveLength(6);

    // A failing judge leaves the drafts' own figures standing and is counted under its errors.
    const judgedBy = await w.compare({ mode: 'draft', campaign_id: w.campaignId, providers: ['google'], judge_provider: 'anthropic', limit: 1 });
    const draft = judgedBy.body.data.items[0].results[0];
    expect(draft).toMatchObject({
      column: 'google',
      ok: true,
      metrics: { qa_pass: true, judge_error: expect.stringMatching(/anthropic .*\(judge\): HTTP 500/) },
    });
    expect(judgedBy.body.data.summary.providers.find((t: Tally) => t.provider === 'anthropic')).toMatchObject({ errors: 1, calls: 1 });
  });
});

describe('compare_models time budget', () => {
  let w: CompareWorld;
  beforeAll(async () => {
    // One item at a time, each model answer 150 ms: the first fixture item (two to four calls) outlasts a 250 ms budget.
    w = await makeCompareWorld({ GREENROOM_COMPARE_BUDGET_MS: '250', GREENROOM_MODEL_CONCURRENCY: '1' }, { latencyMs: 150 });
  });
  afterAll(() => w.close());

  it('takes no new item once the budget is spent, finishes the one under way, and pages on from there', async () => {
    const r = await w.compare({ limit: 5, providers: ['openai'] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ budget_ms: 250, stopped: 'time_budget', items_done: 1, next_offset: 1, total_items: 30 });
    expect(r.body.data.elapsed_ms).toBeGreaterThanOrEqual(250);
    expect(r.body.data.items[0].results[0].ok).toBe(true);
    const next = await w.tool('compare_models', { limit: 5, providers: ['openai'], offset: r.body.data.next_offset });
    expect(next.data).toMatchObject({ stopped: 'time_budget', items_done: 1, next_offset: 2, items: [{ index: 1, id: 'fixture-2' }] });
  });
});
