/**
 * Each vendor adapter against a loopback server that speaks that vendor's wire format:
 * the request carries the prompt, the key and a structured-output request the way the
 * vendor's API reference has it; the answer is parsed, validated and metered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_IDS, type VendorId } from '../../src/model-settings.js';
import type { CallRecord, Meter } from '../../src/engine/types.js';
import { loopbackModelEnv, startModelServer, type LoopbackModelServer } from '../../src/engine/loopback/server.js';
import { makeInstance, type TestEnv } from '../support/instance.js';
import { SENIOR_ENGINEER, campaign } from './fixtures.js';

const CAMPAIGN = { id: 'c1', user_id: 'u1', model_provider: null };

function meter(): Meter & { calls: CallRecord[] } {
  const calls: CallRecord[] = [];
  return { calls, record: (r) => void calls.push(r) };
}

/** What each vendor's request must look like. */
const WIRE: Record<VendorId, { path: RegExp; auth: [string, string]; structured: (body: any) => unknown }> = {
  openai: { path: /^\/openai\/v1\/responses$/, auth: ['authorization', 'Bearer sk-loopback-openai'], structured: (b) => b.text?.format?.type },
  xai: { path: /^\/xai\/v1\/chat\/completions$/, auth: ['authorization', 'Bearer xai-loopback'], structured: (b) => b.response_format?.type },
  anthropic: {
    path: /^\/anthropic\/v1\/messages$/,
    auth: ['x-api-key', 'sk-ant-loopback'],
    structured: (b) => b.output_format?.type ?? b.output_config?.format?.type ?? b.tool_choice?.type,
  },
  google: {
    path: /^\/google\/v1beta\/models\/[^/]+:generateContent$/,
    auth: ['x-goog-api-key', 'google-loopback'],
    structured: (b) => b.generationConfig?.responseMimeType,
  },
  mistral: { path: /^\/mistral\/v1\/chat\/completions$/, auth: ['authorization', 'Bearer mistral-loopback'], structured: (b) => b.response_format?.type },
  openai_compatible: {
    path: /^\/compat\/v1\/chat\/completions$/,
    auth: ['authorization', 'Bearer compat-loopback'],
    structured: (b) => b.response_format?.type,
  },
};

describe.each(VENDOR_IDS)('%s over its wire format', (vendor) => {
  let server: LoopbackModelServer;
  let t: TestEnv;
  beforeAll(async () => {
    server = await startModelServer();
    t = await makeInstance({ ...loopbackModelEnv(server), GREENROOM_MODEL_PROVIDER: vendor });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('researches grounded signals and drafts three slots, one metered call each', async () => {
    const engine = t.instance.engines.forCampaign(CAMPAIGN);
    const m = meter();
    const c = campaign();
    const e = await engine.enrich(SENIOR_ENGINEER, m);
    const signals = await engine.research(SENIOR_ENGINEER, e, c, m);
    expect(signals.length).toBeGreaterThan(0);
    for (const g of signals) expect(g.sourceText.length).toBeGreaterThan(0);
    const slots = await engine.draft(SENIOR_ENGINEER, signals, c, m);
    expect(slots.map((s) => s.slot)).toEqual([1, 2, 3]);
    expect(slots[0].content).toContain('Priya');

    expect(m.calls.map((x) => [x.provider, x.stage])).toEqual([
      ['offline', 'enrich'],
      [vendor, 'research'],
      [vendor, 'draft'],
    ]);
    const [, research, draft] = m.calls;
    expect(research.promptVersion).toMatch(/^research@/);
    expect(draft.promptVersion).toMatch(/^draft@/);
    expect(draft.ok).toBe(true);
    expect(draft.inputTokens).toBeGreaterThan(100);
    expect(draft.outputTokens).toBeGreaterThan(10);
    if (vendor === 'openai_compatible') expect(draft.costUsd).toBeNull();
    else expect(draft.costUsd).toBeGreaterThan(0);
  });

  it('sends the key, the prompt and a structured-output request the way the vendor expects', () => {
    const w = WIRE[vendor];
    const req = server.requests.find((r) => r.ask?.stage === 'draft');
    expect(req?.path).toMatch(w.path);
    expect(req?.headers[w.auth[0]]).toBe(w.auth[1]);
    expect(w.structured(req?.body)).toBeTruthy();
    expect(req?.ask?.input.signals.length).toBeGreaterThan(0);
  });
});

describe('a vendor that misbehaves', () => {
  let server: LoopbackModelServer;
  let t: TestEnv;
  beforeAll(async () => {
    server = await startModelServer();
    t = await makeInstance({
      ...loopbackModelEnv(server),
      GREENROOM_MODEL_PROVIDER: 'openai',
      GREENROOM_MODEL_TIMEOUT_MS: '400',
      GREENROOM_MODEL_RETRY_BASE_MS: '50',
      GREENROOM_MODEL_ATTEMPTS: '3',
    });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });
  const engine = () => t.instance.engines.forCampaign(CAMPAIGN);
  const qualify = (m: Meter) =>
    engine().qualify(
      SENIOR_ENGINEER,
      { linkedinUrl: null, companyWebsite: null, companyDomain: null, role: 'Staff Engineer', seniority: 'senior', sources: [] },
      { verdict: 'qualified', reasons: [] },
      campaign(),
      m,
    );

  it('waits out a 429 for as long as Retry-After says, then succeeds', async () => {
    const before = server.requests.length;
    server.fail({ kind: 'status', status: 429, retryAfter: '1' });
    const m = meter();
    const r = await qualify(m);
    expect(r.score).toBeGreaterThan(0);
    const [first, second] = server.requests.slice(before);
    expect(first.status).toBe(429);
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
    expect(m.calls.map((c) => c.ok)).toEqual([false, true]);
    expect(m.calls[0].error).toMatch(/HTTP 429/);
  });

  it('holds every call to that vendor while a Retry-After runs, not just the one that met it', async () => {
    const before = server.requests.length;
    server.fail({ kind: 'status', status: 429, retryAfter: '1' });
    const first = qualify(meter());
    await new Promise((r) => setTimeout(r, 150));
    const second = qualify(meter());
    await Promise.all([first, second]);
    const after = server.requests.slice(before);
    expect(after).toHaveLength(3);
    // The second caller arrived while the lane was paused: it went out only after the pause.
    expect(after[1].at - after[0].at).toBeGreaterThanOrEqual(950);
  });

  it('retries a 500 and gives up after the configured attempts with the reason', async () => {
    server.fail({ kind: 'status', status: 500, message: 'upstream exploded' });
    expect((await qualify(meter())).score).toBeGreaterThan(0);
    server.fail({ kind: 'status', status: 500, message: 'upstream exploded' }, { times: 3 });
    const m = meter();
    await expect(qualify(m)).rejects.toThrow(/openai gpt-4\.1-mini \(qualify\): HTTP 500.*upstream exploded.*\(3 attempts\)/);
    expect(m.calls).toHaveLength(3);
  });

  it('does not retry a refusal that another attempt cannot fix', async () => {
    server.fail({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
    const m = meter();
    await expect(qualify(m)).rejects.toThrow(/HTTP 401.*\(1 attempt\)/);
    expect(m.calls).toHaveLength(1);
  });

  it('fails a call that exceeds a Retry-After longer than it will wait', async () => {
    server.fail({ kind: 'status', status: 429, retryAfter: '3600' });
    await expect(qualify(meter())).rejects.toThrow(/asked to wait 3600 s/);
  });

  it('times out a vendor that never answers, and tries again', async () => {
    server.fail({ kind: 'hang' });
    const m = meter();
    expect((await qualify(m)).score).toBeGreaterThan(0);
    expect(m.calls[0]).toMatchObject({ ok: false, error: 'no answer within 400 ms' });
    expect(m.calls[0].durationMs).toBeGreaterThanOrEqual(350);
  });

  it('treats output that is not valid JSON as unusable, records its tokens, and asks again', async () => {
    server.fail({ kind: 'malformed' });
    const m = meter();
    expect((await qualify(m)).score).toBeGreaterThan(0);
    expect(m.calls[0]).toMatchObject({ ok: false, promptVersion: expect.stringMatching(/^qualify@/) });
    expect(m.calls[0].error).toMatch(/unusable output/);
    expect(m.calls[0].outputTokens).toBeGreaterThan(0);
  });

  it('rejects output that parses but breaks the schema', async () => {
    server.answerWith((ask) => (ask.stage === 'qualify' ? { score: 140, reasons: [] } : null));
    try {
      await expect(qualify(meter())).rejects.toThrow(/unusable output.*\(3 attempts\)/);
    } finally {
      server.answerWith(null);
    }
  });

  it('drops research signals whose source text is not in what the page said', async () => {
    server.answerWith((ask) =>
      ask.stage === 'research'
        ? {
            signals: [
              { kind: 'company_fact', value: 'raised a Series B', source_text: 'Acme raised a $40M Series B in 2025' },
              { kind: 'talk_topic', value: 'tracing', source_text: SENIOR_ENGINEER.talks[0].title },
            ],
          }
        : null,
    );
    try {
      const signals = await engine().research(
        SENIOR_ENGINEER,
        { linkedinUrl: null, companyWebsite: null, companyDomain: null, role: null, seniority: 'unknown', sources: [] },
        campaign(),
        meter(),
      );
      expect(signals.map((g) => g.value)).toEqual(['tracing']);
    } finally {
      server.answerWith(null);
    }
  });
});
