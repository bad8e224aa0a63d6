/**
 * A first follow-up that pitches the product and shrugs at whether it fits the reader
 * (doubted_fit), beside the same note that says where their work meets the product or asks
 * who else looks after it.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const lena = { ...ALL_CONTEXTS.lena, otherSlots: [], slot: 2 as const };
const body = (text: string) => `Hi Lena,\n\nYour talk "Retries Without Regret" got me thinking. ${text}\n\nCheers,\nDana Kim`;
const codes = (content: string, slot: 1 | 2 | 3 = 2) => scoreMessage({ ...lena, slot, content }).hardFails;

describe('doubted_fit', () => {
  it('flags the product named beside a doubt that it fits, however the doubt is put', () => {
    expect(codes(body("I help build Tracewise: it shows which request got slow. You'd judge its relevance far better than me."))).toContain('doubted_fit');
    expect(codes(body("My company, Tracewise, shows which request got slow. Tell me if it's off the mark."))).toContain('doubted_fit');
    expect(codes(body('Tracewise shows which request got slow. Not your field, I know.'))).toContain('doubted_fit');
  });

  it('passes the note that says where their work meets the product, one that asks who else to write to, and a doubt with no product named', () => {
    expect(codes(body('A retry storm hides which request got slow first, the part Tracewise shows. How do you find it at Fernwerk today?'))).not.toContain(
      'doubted_fit',
    );
    expect(codes(body('Tracewise shows which request got slow; that may be far from your work, so who at Fernwerk looks after it?'))).not.toContain(
      'doubted_fit',
    );
    expect(codes(body('How do you find which request got slow? Tell me if that is off the mark.'))).not.toContain('doubted_fit');
  });
});
