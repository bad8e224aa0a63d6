import { describe, expect, it } from 'vitest';
import { UnknownEngineError, engineIds, getEngine, registerEngine } from '../../src/engine/index.js';
import { createOfflineEngine } from '../../src/engine/offline/index.js';
import type { ModelProvider } from '../../src/engine/types.js';
import { SENIOR_ENGINEER, campaign, generatedCampaign, generatedSpeaker } from './fixtures.js';

describe('getEngine', () => {
  it('returns the offline engine by default and by id, once', () => {
    expect(getEngine().id).toBe('offline');
    expect(getEngine('offline')).toBe(getEngine());
  });

  it('refuses an unknown id with the ids it knows', () => {
    expect(() => getEngine('nope')).toThrow(UnknownEngineError);
    expect(() => getEngine('nope')).toThrow(/offline/);
  });

  it('takes a vendor provider that fits the same interface', async () => {
    const offline = createOfflineEngine();
    const vendor: ModelProvider = { ...offline, id: 'vendor-test' };
    registerEngine('vendor-test', () => vendor);
    expect(engineIds()).toContain('vendor-test');
    expect(getEngine('vendor-test')).toBe(vendor);
  });
});

describe('offline engine end to end', () => {
  it('answers every method with a promise of plain data', async () => {
    const engine = getEngine();
    const c = campaign();
    const calls = [
      engine.prequalify(SENIOR_ENGINEER, c),
      engine.enrich(SENIOR_ENGINEER),
    ];
    for (const call of calls) expect(call).toBeInstanceOf(Promise);
    const [p, e] = (await Promise.all(calls)) as [Awaited<ReturnType<ModelProvider['prequalify']>>, Awaited<ReturnType<ModelProvider['enrich']>>];
    const q = await engine.qualify(SENIOR_ENGINEER, e, p, c);
    const signals = await engine.research(SENIOR_ENGINEER, e, c);
    const slots = await engine.draft(SENIOR_ENGINEER, signals, c);
    const text = await engine.rewrite({ slot: 1, content: slots[0].content, instruction: 'shorter', speaker: SENIOR_ENGINEER, signals, campaign: c, otherSlots: slots.slice(1) });
    const everything = { p, e, q, signals, slots, text };
    expect(JSON.parse(JSON.stringify(everything))).toEqual(everything);
  });

  it('runs every stage well inside the per-speaker budget', async () => {
    const engine = createOfflineEngine();
    const people = Array.from({ length: 2000 }, (_, i) => generatedSpeaker(i));
    const briefs = people.map((_, i) => generatedCampaign(i));
    const runAll = async () => {
      for (let i = 0; i < people.length; i++) {
        const s = people[i];
        const c = briefs[i];
        const p = await engine.prequalify(s, c);
        const e = await engine.enrich(s);
        await engine.qualify(s, e, p, c);
        await engine.draft(s, await engine.research(s, e, c), c);
      }
    };
    await runAll();
    const started = performance.now();
    await runAll();
    const perSpeakerMs = (performance.now() - started) / people.length;
    // The pipeline target is 300 speakers/s including the database; the engine's share is far smaller.
    expect(perSpeakerMs).toBeLessThan(1);
  });
});
