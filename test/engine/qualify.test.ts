import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { createOfflineEngine } from '../../src/engine/offline/index.js';
import { prequalifySpeaker } from '../../src/engine/offline/prequalify.js';
import { qualifySpeaker } from '../../src/engine/offline/qualify.js';
import type { SpeakerInput } from '../../src/engine/types.js';
import { ALL_CAPS, COMPETITOR, NO_TITLE, SENIOR_ENGINEER, STUDENT, campaign, speaker } from './fixtures.js';

const brief = campaign();

function run(s: SpeakerInput, threshold?: number) {
  return qualifySpeaker(s, enrichSpeaker(s), prequalifySpeaker(s, brief), brief, threshold);
}

describe('qualify', () => {
  it('scores a matching senior engineer high and explains every point', () => {
    const r = run(SENIOR_ENGINEER);
    expect(r.qualified).toBe(true);
    expect(r.score).toBeGreaterThanOrEqual(80);
    expect(r.reasons.some((x) => x.startsWith('+20 title matches'))).toBe(true);
  });

  it('keeps scores within 0..100', () => {
    for (const s of [SENIOR_ENGINEER, STUDENT, COMPETITOR, NO_TITLE, ALL_CAPS]) {
      const { score } = run(s);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
  });

  it('never qualifies a disqualified speaker, whatever the score would be', () => {
    const r = run(COMPETITOR);
    expect(r.qualified).toBe(false);
    expect(r.score).toBeLessThanOrEqual(10);
    expect(r.reasons.some((x) => x.startsWith('ruled out:'))).toBe(true);
    expect(run(STUDENT).qualified).toBe(false);
  });

  it('does not qualify a speaker with nothing to go on', () => {
    expect(run(NO_TITLE).qualified).toBe(false);
  });

  it('takes the threshold as a parameter, 50 by default', () => {
    const s = speaker({ title: 'Head of Platform', company: 'Bluefin', linkedinUrl: 'https://www.linkedin.com/in/x' });
    const r = run(s);
    expect(r.score).toBeGreaterThanOrEqual(50);
    expect(r.qualified).toBe(true);
    expect(run(s, r.score + 1).qualified).toBe(false);
  });

  it('uses the role enrichment found when the scrape had no title', () => {
    const s = speaker({ bio: 'Ana is a Principal Engineer at Quarry Data. She works on Kubernetes.' });
    const r = run(s);
    expect(r.qualified).toBe(true);
  });

  it('is wired through the engine with a configurable threshold', async () => {
    const strict = createOfflineEngine({ qualifyThreshold: 101 });
    const e = await strict.enrich(SENIOR_ENGINEER);
    const p = await strict.prequalify(SENIOR_ENGINEER, brief);
    expect((await strict.qualify(SENIOR_ENGINEER, e, p, brief)).qualified).toBe(false);
  });
});
