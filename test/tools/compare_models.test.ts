/**
 * compare_models: who may call it, how its arguments are checked per mode, dry runs,
 * fixtures paging over HTTP and MCP, and that it writes nothing but spend rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeCompareWorld, type CompareWorld } from '../compare/support.js';
import { makeUser } from '../support/instance.js';
import { withClient, call } from '../support/clients.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Every table a campaign keeps its work in, as one comparable snapshot. */
async function campaignData(w: CompareWorld) {
  const db = w.instance.db;
  return {
    campaigns: await db.selectFrom('campaigns').selectAll().orderBy('seq').execute(),
    speakers: await db.selectFrom('speakers').selectAll().orderBy('seq').execute(),
    messages: await db.selectFrom('messages').selectAll().orderBy('seq').execute(),
    runs: await db.selectFrom('runs').selectAll().orderBy('seq').execute(),
    ledger: await db.selectFrom('credit_ledger').selectAll().orderBy('seq').execute(),
  };
}

describe('compare_models', () => {
  let w: CompareWorld;
  beforeAll(async () => {
    w = await makeCompareWorld({ GREENROOM_MISTRAL_API_KEY: '' });
  });
  afterAll(() => w.close());

  it('is for the instance owner only, and needs the write scope', async () => {
    const member = await makeUser(w.instance, 'member@example.com');
    const r = await w.post('/model-comparisons', {}, { key: member.keys.all });
    expect(r.status).toBe(403);
    expect(r.body.error).toEqual({ code: 'forbidden_scope', message: 'compare_models is for the instance owner only' });
    const viaMcp = await withClient(w.instance, member, (c) => call(c, 'compare_models', { dry_run: true }));
    expect(viaMcp.error?.code).toBe('forbidden_scope');
    const readOnly = await w.post('/model-comparisons', { dry_run: true }, { key: w.user.keys.read });
    expect(readOnly.status).toBe(403);
    expect(w.models.requests).toHaveLength(0);
  });

  it('refuses arguments a mode does not take, limits past the mode maximum, a campaign where none is used, and a recipe for another campaign', async () => {
    const cases: Array<[Record<string, unknown>, RegExp, number?]> = [
      [{ mode: 'judge' }, /campaign_id is required in judge mode/],
      [{ mode: 'founder_draft' }, /campaign_id is required/],
      [{ mode: 'fixtures', campaign_id: w.campaignId }, /campaign_id is not used in fixtures mode/],
      [{ mode: 'draft', campaign_id: w.campaignId, sources: ['bio'] }, /sources applies to signals mode only/],
      [{ mode: 'signals', judge_context: 'full' }, /judge_context applies to human mode only/],
      [{ mode: 'human', recipe: {} }, /recipe applies to founder_draft mode only/],
      [{ mode: 'draft', campaign_id: w.campaignId, limit: 9 }, /limit: at most 8 in draft mode/],
      [{ mode: 'signals', limit: 6 }, /limit: at most 5 in signals mode/],
      [{ limit: 31 }, /limit/],
      [{ max_cost_usd: 5.01 }, /max_cost_usd/],
      [{ mode: 'party' }, /mode/],
      [{ providers: ['openai', 'openai'] }, /each provider at most once/],
      [{ mode: 'x_signals', campaign_id: w.campaignId, providers: ['xai'] }, /x_signals uses the second provider/],
      [{ mode: 'founder_draft', campaign_id: w.campaignId, recipe: 'be nice' }, /recipe/],
      // Well-formed requests the instance or the data refuses.
      [{ providers: ['mistral'] }, /provider mistral is not configured: GREENROOM_MISTRAL_API_KEY is not set/, 422],
      [
        { mode: 'founder_draft', campaign_id: w.campaignId, recipe: { client_id: w.user.userId, campaign_id: UNKNOWN } },
        /recipe.client_id and recipe.campaign_id must match the campaign/,
        422,
      ],
      [{ mode: 'founder_draft', campaign_id: w.campaignId, recipe: { client_id: UNKNOWN, campaign_id: w.campaignId } }, /must match the campaign/, 422],
      [{ mode: 'founder_draft', campaign_id: w.campaignId, speaker_ids: [UNKNOWN] }, /speaker_ids .* in this campaign was not found/, 404],
      [{ mode: 'judge', campaign_id: UNKNOWN }, /campaign .* was not found/, 404],
    ];
    for (const [body, message, status = 400] of cases) {
      const r = await w.compare(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error?.message, JSON.stringify(body)).toMatch(message);
    }
    expect(w.models.requests).toHaveLength(0);
  });

  it('dry_run counts the calls, prices them and shows which keys are set, calling nothing', async () => {
    const r = await w.compare({ dry_run: true });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      mode: 'fixtures',
      dry_run: true,
      providers: ['openai', 'xai'],
      limit: 12,
      offset: 0,
      total_items: 30,
      next_offset: 12,
      max_cost_usd: 1.5,
      budget_ms: 40_000,
    });
    // prequalify, qualify, research and draft: four calls per fixture speaker at most, per provider.
    expect(d.calls).toBe(12 * 4 * 2);
    expect(d.keys_configured).toEqual({ openai: true, xai: true, anthropic: true, google: true, mistral: false, openai_compatible: true });
    expect(d.cost_preview).toMatchObject({ credits: 0, model_calls: 96, sufficient: true });
    expect(d.estimated_usd.map((e: { provider: string; calls: number; usd: number }) => [e.provider, e.calls, e.usd > 0])).toEqual([
      ['openai', 48, true],
      ['xai', 48, true],
    ]);
    // A provider without a key is shown, not refused, on a dry run.
    const unkeyed = await w.tool('compare_models', { mode: 'judge', campaign_id: w.campaignId, providers: ['mistral'], limit: 10, dry_run: true });
    expect(unkeyed.data).toMatchObject({ dry_run: true, calls: 9, total_items: 9, next_offset: null });
    expect(w.models.requests).toHaveLength(0);
    const spend = await w.instance.db
      .selectFrom('model_spend')
      .select(sql<number>`count(*)`.as('n'))
      .where('run_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(spend.n)).toBe(0);
  });

  it('runs fixtures page by page over HTTP and MCP, writing spend rows and no campaign data', async () => {
    const before = await campaignData(w);
    const first = await w.compare({ limit: 4 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ mode: 'fixtures', dry_run: false, total_items: 30, items_done: 4, next_offset: 4, stopped: null });
    expect(first.body.data.items.map((i: { index: number }) => i.index)).toEqual([0, 1, 2, 3]);
    const second = await w.tool('compare_models', { limit: 4, offset: first.body.data.next_offset, providers: ['anthropic', 'google'] });
    expect(second.data.items.map((i: { index: number; id: string }) => [i.index, i.id])).toEqual([4, 5, 6, 7].map((n) => [n, `fixture-${n + 1}`]));
    expect(second.data.summary.providers.map((p: { provider: string }) => p.provider)).toEqual(['anthropic', 'google']);
    const last = await w.tool('compare_models', { limit: 4, offset: 28 });
    expect(last.data).toMatchObject({ items_done: 2, next_offset: null });

    // The baseline is the first provider; the others carry agreement with it.
    const cols = first.body.data.summary.columns;
    expect(cols[0].metrics.agrees_verdict).toBeUndefined();
    expect(cols[1].metrics).toMatchObject({ agrees_verdict: 1, agrees_qualified: 1 });

    const rows = await w.instance.db.selectFrom('model_spend').selectAll().where('run_id', 'is', null).execute();
    expect(rows).toHaveLength(w.models.requests.length);
    expect(rows.every((r) => r.credits === 0 && r.campaign_id === null && r.outcome === 'ok' && r.cost_usd !== null)).toBe(true);
    const tallied = [first.body.data, second.data, last.data].flatMap((d) => d.summary.providers).reduce((a: number, p: { calls: number }) => a + p.calls, 0);
    expect(tallied).toBe(rows.length);
    expect(await campaignData(w)).toEqual(before);
  });
});
