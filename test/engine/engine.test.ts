import { describe, expect, it } from 'vitest';
import { createOfflineEngine } from '../../src/engine/offline/index.js';
import type { ModelProvider } from '../../src/engine/types.js';
import { makeInstance } from '../support/instance.js';
import { SENIOR_ENGINEER, campaign } from './fixtures.js';

const CAMPAIGN = { id: 'c1', user_id: 'u1', model_provider: null };

describe('engines chosen through the services', () => {
  it('runs every stage on the rules by default, with no key at all', async () => {
    const t = await makeInstance();
    try {
      const engine = t.instance.engines.forCampaign(CAMPAIGN);
      expect(engine.id).toBe('offline');
      for (const stage of ['prequalify', 'enrich', 'qualify', 'research', 'draft', 'rewrite'] as const)
        expect(engine.route(stage)).toEqual({ provider: 'offline', model: 'rules' });
    } finally {
      await t.close();
    }
  });

  it('routes stages to the instance provider with per-stage models, keeping enrichment on the rules', async () => {
    const t = await makeInstance({
      GREENROOM_MODEL_PROVIDER: 'anthropic',
      GREENROOM_ANTHROPIC_API_KEY: 'k',
      GREENROOM_MODEL_DRAFT: 'anthropic=claude-opus-4-1,openai=gpt-5',
      GREENROOM_MODEL_RESEARCH: 'offline',
    });
    try {
      const engine = t.instance.engines.forCampaign(CAMPAIGN);
      expect(engine.id).toBe('anthropic');
      expect(engine.route('enrich').provider).toBe('offline');
      expect(engine.route('prequalify').provider).toBe('offline');
      expect(engine.route('research').provider).toBe('offline');
      expect(engine.route('qualify')).toEqual({ provider: 'anthropic', model: 'claude-haiku-4-5' });
      expect(engine.route('draft')).toEqual({ provider: 'anthropic', model: 'claude-opus-4-1' });
      expect(engine.route('rewrite')).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    } finally {
      await t.close();
    }
  });

  it("lets a campaign's own provider win over the instance's, and refuses one without its key", async () => {
    const t = await makeInstance({ GREENROOM_MODEL_PROVIDER: 'openai', GREENROOM_OPENAI_API_KEY: 'k' });
    try {
      expect(t.instance.engines.forCampaign({ ...CAMPAIGN, model_provider: 'offline' }).id).toBe('offline');
      expect(t.instance.engines.forCampaign(CAMPAIGN).route('draft')).toEqual({ provider: 'openai', model: 'gpt-4.1' });
      expect(() => t.instance.engines.forCampaign({ ...CAMPAIGN, model_provider: 'mistral' })).toThrow(/GREENROOM_MISTRAL_API_KEY/);
      expect(() => t.instance.engines.forCampaign({ ...CAMPAIGN, model_provider: 'nope' })).toThrow(/known: offline, openai/);
    } finally {
      await t.close();
    }
  });

  it('refuses bad model settings at start-up, naming the variable', async () => {
    await expect(makeInstance({ GREENROOM_MODEL_PROVIDER: 'gpt' })).rejects.toThrow(/GREENROOM_MODEL_PROVIDER/);
    await expect(makeInstance({ GREENROOM_MODEL_DRAFT: 'acme=m1' })).rejects.toThrow(/GREENROOM_MODEL_DRAFT names an unknown provider/);
    await expect(makeInstance({ GREENROOM_MODEL_PRICES: 'gpt-4.1=two/8' })).rejects.toThrow(/GREENROOM_MODEL_PRICES/);
  });
});

describe('offline engine end to end', () => {
  it('answers every method with a promise of plain data', async () => {
    const engine: ModelProvider = createOfflineEngine();
    const c = campaign();
    const calls = [engine.prequalify(SENIOR_ENGINEER, c), engine.enrich(SENIOR_ENGINEER)];
    for (const call of calls) expect(call).toBeInstanceOf(Promise);
    const [p, e] = (await Promise.all(calls)) as [Awaited<ReturnType<ModelProvider['prequalify']>>, Awaited<ReturnType<ModelProvider['enrich']>>];
    const q = await engine.qualify(SENIOR_ENGINEER, e, p, c);
    const signals = await engine.research(SENIOR_ENGINEER, e, c);
    const slots = await engine.draft(SENIOR_ENGINEER, signals, c);
    const text = await engine.rewrite({
      slot: 1,
      content: slots[0].content,
      instruction: 'shorter',
      speaker: SENIOR_ENGINEER,
      signals,
      campaign: c,
      otherSlots: slots.slice(1),
    });
    const everything = { p, e, q, signals, slots, text };
    expect(JSON.parse(JSON.stringify(everything))).toEqual(everything);
  });
});
