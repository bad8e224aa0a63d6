/**
 * "Your practice" said to someone whose page never says they see clients (a researcher asked
 * whether a coaching tool fits their practice) is unsupported_fact; to a coach it passes.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const base = { ...ALL_CONTEXTS.lena, otherSlots: [], slot: 3 as const };
const researcher = {
  ...base,
  speaker: { name: 'Ada Berg', company: 'University of Oslo', title: null, talks: [] },
  grounding: ['Ada Berg', 'University of Oslo', 'Ada Berg studies dietary patterns and chronic disease in large cohorts.'].join('\n'),
};
const coach = {
  ...researcher,
  grounding: ['Ada Berg', 'University of Oslo', 'Ada Berg studies dietary patterns and coaches clients on sports nutrition.'].join('\n'),
};
const note = 'Hi Ada,\n\nYour work on dietary patterns is why I wrote. Open to a short call next week to see if it fits your practice?\n\nCheers,\nDana Kim';

describe('a practice the page does not give', () => {
  it('flags "your practice" to a researcher, and passes it to someone who coaches clients', () => {
    expect(scoreMessage({ ...researcher, content: note }).hardFails).toContain('unsupported_fact');
    expect(scoreMessage({ ...coach, content: note }).hardFails).not.toContain('unsupported_fact');
  });
});
