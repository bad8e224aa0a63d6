/**
 * The pipeline on a model vendor: a campaign run with GREENROOM_MODEL_PROVIDER=
 * openai_compatible against a loopback server drafts through it, records spend rows
 * whose credits match the ledger, sends drafts through the QA gate (one retry with the
 * fix hints), and survives a vendor that fails one speaker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loopbackModelEnv, startModelServer, type LoopbackModelServer } from '../../src/engine/loopback/server.js';
import type { ModelAsk } from '../../src/engine/loopback/answer.js';
import { rulesAnswer } from '../../src/engine/loopback/answer.js';
import { QA_CODES } from '../../src/qa/codes.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const UNGROUNDED = 'Your talk "Scaling Rust at Netflix" was great.';

/** Speakers whose drafts the stand-in model spoils, and whether its rewrite stays spoiled. */
function spoiling(names: { fixed: string; stuck: string }) {
  return (ask: ModelAsk) => {
    const out = rulesAnswer(ask) as { messages?: Array<{ slot: number; content: string }>; content?: string };
    const name = ask.input.speaker?.name;
    if (ask.stage === 'draft' && (name === names.fixed || name === names.stuck)) {
      out.messages = out.messages?.map((m) => (m.slot === 2 ? { ...m, content: `${UNGROUNDED} ${m.content}` } : m));
    }
    if (ask.stage === 'rewrite' && name === names.stuck) out.content = `${UNGROUNDED} ${ask.input.content}`;
    return out;
  };
}

async function ledgerCharges(w: PipelineWorld): Promise<number> {
  const r = await w.instance.db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(-sum(delta), 0)`.as('n'))
    .where('kind', '=', 'charge')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function spendCredits(w: PipelineWorld): Promise<number> {
  const r = await w.instance.db
    .selectFrom('model_spend')
    .select(sql<number>`coalesce(sum(credits), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('a campaign drafted through an OpenAI-compatible server', () => {
  let server: LoopbackModelServer;
  let w: PipelineWorld;
  let campaignId: string;
  let failed: string;
  const spoiled = { fixed: '', stuck: '' };

  beforeAll(async () => {
    server = await startModelServer();
    w = await makePipelineWorld({
      ...loopbackModelEnv(server, 'llama3.1'),
      GREENROOM_MODEL_PROVIDER: 'openai_compatible',
      GREENROOM_MODEL_ATTEMPTS: '2',
      GREENROOM_MODEL_RETRY_BASE_MS: '10',
      GREENROOM_MODEL_PRICES: 'llama3.1=0.5/1.5',
      GREENROOM_MISTRAL_API_KEY: '',
    });
    const people = w.people.slice(0, 16);
    // Three of the people on the page: one whose vendor fails, two whose drafts are spoiled.
    const [a, b, c] = people.filter((p) => /CTO|VP|Head|Director|Staff|Principal/.test(p.title)).map((p) => `${p.first} ${p.last}`);
    failed = a as string;
    spoiled.fixed = b as string;
    spoiled.stuck = c as string;
    server.answerWith(spoiling(spoiled));
    server.fail({ kind: 'status', status: 500, message: 'model crashed' }, { times: 2, stage: 'draft', when: (ask) => ask.input.speaker?.name === failed });
    const created = await w.post('/campaigns', { name: 'ModelConf', conference_url: w.urls.sessionize, auto_start: true });
    campaignId = created.body.data.campaign_id;
    await w.scheduler.drain();
  });
  afterAll(async () => {
    await w.close();
    await server.close();
  });

  it('finishes the run and drafts through the vendor, one draft call per drafted speaker', async () => {
    const status = await w.tool('get_run_status', { campaign_id: campaignId });
    expect(status.data.run).toMatchObject({ status: 'done', error: null });
    const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel;
    expect(stats.qualified).toBeGreaterThan(3);
    expect(stats.drafted).toBe(stats.qualified - 1);
    const draftCalls = server.requests.filter((r) => r.ask?.stage === 'draft' && r.status === 200);
    expect(draftCalls).toHaveLength(stats.drafted);
    expect(new Set(draftCalls.map((r) => r.model))).toEqual(new Set(['llama3.1']));
    expect(draftCalls.every((r) => r.path === '/compat/v1/chat/completions')).toBe(true);
  });

  it('records a spend row per call with tokens, cost, prompt version, and credits that equal the ledger', async () => {
    const rows = await w.instance.db.selectFrom('model_spend').selectAll().where('campaign_id', '=', campaignId).execute();
    const vendorRows = rows.filter((r) => r.provider === 'openai_compatible');
    expect(vendorRows).toHaveLength(server.requests.length);
    for (const r of vendorRows.filter((x) => x.outcome === 'ok')) {
      expect(r.model).toBe('llama3.1');
      expect(r.prompt_version).toMatch(new RegExp(`^${r.stage}@`));
      expect(r.input_tokens).toBeGreaterThan(0);
      expect(r.cost_usd).toBeCloseTo((r.input_tokens * 0.5 + r.output_tokens * 1.5) / 1e6, 12);
      expect(r.run_id).toEqual(expect.any(String));
    }
    expect(rows.filter((r) => r.provider === 'offline').map((r) => r.stage)).toContain('enrich');
    expect(await spendCredits(w)).toBe(await ledgerCharges(w));
    expect(rows.filter((r) => r.credits > 0).every((r) => r.stage === 'enrich' || r.stage === 'draft')).toBe(true);
  });

  it('fails only the speaker whose vendor call failed, with the reason, and bills it no draft', async () => {
    const s = await w.instance.db.selectFrom('speakers').selectAll().where('campaign_id', '=', campaignId).where('name', '=', failed).executeTakeFirstOrThrow();
    expect(s.model_error).toMatch(/openai_compatible llama3\.1 \(draft\): HTTP 500.*model crashed.*\(2 attempts\)/);
    expect(s.stage).toBe('done');
    expect(s.drafted_at).toBeNull();
    const msgs = await w.instance.db.selectFrom('messages').select('id').where('speaker_id', '=', s.id).execute();
    expect(msgs).toHaveLength(0);
    const charge = await w.instance.db.selectFrom('credit_ledger').select('id').where('reference', '=', `draft:${s.id}`).executeTakeFirst();
    expect(charge).toBeUndefined();
    const errors = await w.instance.db.selectFrom('model_spend').selectAll().where('speaker_id', '=', s.id).where('outcome', '=', 'error').execute();
    expect(errors).toHaveLength(2);
    // run.progress counts the failed speaker from the batch that failed it on.
    const progress = await w.instance.db
      .selectFrom('run_events')
      .select('data')
      .where('campaign_id', '=', campaignId)
      .where('type', '=', 'run.progress')
      .orderBy('seq')
      .execute();
    expect(progress.map((e) => JSON.parse(e.data).failed as number).at(-1)).toBe(1);
  });

  it('retries a draft that fails the hard-fail gate once with the fix hints, and leaves what still fails to a person (needs_human)', async () => {
    const hint = QA_CODES.find((c) => c.code === 'ungrounded_claim')?.hint as string;
    const rewrites = server.requests.filter((r) => r.ask?.stage === 'rewrite');
    expect(rewrites.map((r) => r.ask?.input.speaker.name).sort()).toEqual([spoiled.fixed, spoiled.stuck].sort());
    for (const r of rewrites) {
      expect(r.ask?.input.slot).toBe(2);
      expect(r.ask?.input.instruction).toContain(hint);
      expect(r.ask?.input.instruction).toContain('Scaling Rust at Netflix');
    }

    const qa = (await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 200 })).data;
    const bucketOf = (name: string) => qa.speakers.find((s: { speaker_name: string }) => s.speaker_name === name)?.bucket;
    expect(bucketOf(spoiled.stuck)).toBe('needs_human');
    expect(bucketOf(spoiled.fixed)).not.toBe('needs_rewrite');
    const stuck = await w.instance.db
      .selectFrom('messages')
      .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
      .select(['messages.content', 'messages.hard_fails'])
      .where('speakers.name', '=', spoiled.stuck)
      .where('messages.slot', '=', 2)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stuck.hard_fails)).toContain('ungrounded_claim');
    // Every other model draft passes the gate.
    const failing = await w.instance.db
      .selectFrom('messages')
      .select('speaker_id')
      .where('campaign_id', '=', campaignId)
      .where('hard_fails', '!=', '[]')
      .execute();
    expect(new Set(failing.map((m) => m.speaker_id)).size).toBe(1);
    // Scoring the campaign again keeps the stuck text with a person: the run's rewrite already failed on it.
    expect((await w.tool('rescore_drafts', { campaign_id: campaignId })).ok).toBe(true);
    const again = (await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 200 })).data;
    expect(again.speakers.find((s: { speaker_name: string }) => s.speaker_name === spoiled.stuck)?.bucket).toBe('needs_human');
  });

  it('previews the next run from the price table: credits, model calls and the vendor estimate', async () => {
    const preview = (await w.tool('start_campaign_run', { campaign_id: campaignId, dry_run: true })).data.cost_preview;
    expect(preview).toMatchObject({
      credits: 1,
      model_calls: 1,
      lines: [
        { stage: 'enrich', count: 0 },
        { stage: 'draft', count: 1, unit_credits: 1, credits: 1 },
      ],
    });
    // One draft call at the table's typical 1600 in / 450 out tokens, priced 0.5 / 1.5 per million.
    expect(preview.note).toBe('1 of the model calls go to openai_compatible llama3.1 (draft): about $0.0015, before any retries');
  });

  it('drafts the failed speaker on the next run, clearing its error', async () => {
    const started = await w.tool('start_campaign_run', { campaign_id: campaignId });
    expect(started.data.created).toBe(true);
    await w.scheduler.drain();
    const s = await w.instance.db.selectFrom('speakers').selectAll().where('campaign_id', '=', campaignId).where('name', '=', failed).executeTakeFirstOrThrow();
    expect(s.model_error).toBeNull();
    expect(s.drafted_at).not.toBeNull();
    expect(await spendCredits(w)).toBe(await ledgerCharges(w));
  });

  it('previews a rewrite as one vendor call per unsent slot, priced, and makes just those calls', async () => {
    const speaker = await w.instance.db
      .selectFrom('speakers')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('name', '=', failed)
      .executeTakeFirstOrThrow();
    const ask = { campaign_id: campaignId, instruction: 'make it shorter', speaker_ids: [speaker.id] };
    const dry = (await w.tool('request_rewrite', { ...ask, dry_run: true })).data.cost_preview;
    // Three calls at the table's typical 1400 in / 200 out tokens, priced 0.5 / 1.5 per million.
    expect(dry).toMatchObject({
      credits: 0,
      model_calls: 3,
      lines: [{ operation: 'rewrite', count: 3, unit_credits: 0, credits: 0 }],
      note: '3 model call(s) go to openai_compatible llama3.1: about $0.0030, before any retries',
    });
    const before = server.requests.filter((r) => r.ask?.stage === 'rewrite').length;
    expect((await w.tool('request_rewrite', ask)).data.results).toHaveLength(3);
    expect(server.requests.filter((r) => r.ask?.stage === 'rewrite').length - before).toBe(dry.model_calls);
  });

  it('fails the run, naming the setting, when the campaign picks a provider with no key', async () => {
    const created = await w.post('/campaigns', { name: 'No key', conference_url: w.urls.cards, auto_start: true });
    const id = created.body.data.campaign_id;
    await w.instance.db.updateTable('campaigns').set({ model_provider: 'mistral' }).where('id', '=', id).execute();
    await w.scheduler.drain();
    expect((await w.tool('get_run_status', { campaign_id: id })).data.run).toMatchObject({
      status: 'failed',
      error: 'Model provider mistral is not configured: GREENROOM_MISTRAL_API_KEY is not set',
    });
  });
});

describe('a vendor run that would exceed the balance', () => {
  let server: LoopbackModelServer;
  let w: PipelineWorld;
  beforeAll(async () => {
    server = await startModelServer();
    w = await makePipelineWorld({ ...loopbackModelEnv(server), GREENROOM_MODEL_PROVIDER: 'openai_compatible' });
  });
  afterAll(async () => {
    await w.close();
    await server.close();
  });

  it('pauses at the chunk boundary before paying a model for drafts it cannot bill', async () => {
    const created = await w.post('/campaigns', { name: 'Short', conference_url: w.urls.sessionize });
    const id = created.body.data.campaign_id;
    await w.tool('add_conference_url', { campaign_id: id, url: w.urls.cards });
    await w.tool('start_campaign_run', { campaign_id: id });
    const stage = async () => (await w.instance.db.selectFrom('runs').select('stage').where('campaign_id', '=', id).executeTakeFirstOrThrow()).stage;
    while ((await stage()) !== 'draft') await w.scheduler.tick();
    const toDraft = Number(
      (
        await w.instance.db
          .selectFrom('speakers')
          .select(sql<number>`count(*)`.as('n'))
          .where('stage', '=', 'draft')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(toDraft).toBeGreaterThanOrEqual(6);
    // Enough for one chunk of drafts (the world writes four speakers a chunk) and one more credit.
    const balance = (await w.tool('get_credit_balance')).data.balance as number;
    await w.instance.db
      .insertInto('credit_ledger')
      .values({
        id: 'burn',
        user_id: w.user.userId,
        delta: 5 - balance,
        balance_after: 5,
        kind: 'adjustment',
        reference: 'burn',
        description: 'test',
        created_at: new Date().toISOString(),
      })
      .execute();
    await w.scheduler.drain();
    const run = (await w.tool('get_run_status', { campaign_id: id })).data.run;
    expect({ status: run.status, error: run.error, reason: run.pause?.reason }).toEqual({ status: 'paused', error: null, reason: 'insufficient_credits' });
    const drafted = Number(
      (
        await w.instance.db
          .selectFrom('speakers')
          .select(sql<number>`count(*)`.as('n'))
          .where('drafted_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Chunks of up to four per shard: each chunk is drafted only when the balance covers all of it.
    const left = (await w.tool('get_credit_balance')).data.balance as number;
    expect(drafted).toBeGreaterThanOrEqual(4);
    expect(drafted).toBe(5 - left);
    expect(drafted).toBeLessThan(toDraft);
    expect(server.requests.filter((r) => r.ask?.stage === 'draft')).toHaveLength(drafted);
    expect(await spendCredits(w)).toBe(await ledgerCharges(w));
  });
});
