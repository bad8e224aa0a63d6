/**
 * A last note that asks for the call of a reader whose page is far from the product's field
 * on the strength of their employer alone (far_from_field), though it never names the product;
 * asking who else looks after it, or resting on a work of theirs, passes.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const vera = { ...ALL_CONTEXTS.vera, otherSlots: [], slot: 3 as const };
const note = (text: string, hook = 'Your work at Kunsthalle Nord') => `Hi Vera,\n\n${hook} is why I wrote. ${text}\n\nCheers,\nDana Kim`;

describe('the last note to a reader far from the field', () => {
  it('flags the call asked of a curator for her employer alone, and passes a note that asks who else looks after it or names her exhibition', () => {
    expect(scoreMessage({ ...vera, content: note('Open to a short call next week?') }).hardFails).toContain('far_from_field');
    expect(scoreMessage({ ...vera, content: note('Who at Kunsthalle Nord looks after the website?') }).hardFails).not.toContain('far_from_field');
    const exhibition = note('Open to a short call next week?', 'Your exhibition "Light Years"');
    expect(scoreMessage({ ...vera, content: exhibition }).hardFails).not.toContain('far_from_field');
  });
});
