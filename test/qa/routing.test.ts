import { describe, expect, it } from 'vitest';
import { scoreMessage, scoreSequence, type QaInput } from '../../src/qa/score.js';
import { CLEAN_A } from './corpus/clean-a.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const seq = CLEAN_A[0];
const ctx = ALL_CONTEXTS[seq.ctx];

function slotInput(slot: 1 | 2 | 3, overrides: Partial<QaInput> = {}): QaInput {
  return {
    ...ctx,
    slot,
    content: seq.slots[slot - 1],
    angle: seq.angles[slot - 1],
    otherSlots: seq.slots.map((content, i) => ({ slot: (i + 1) as 1 | 2 | 3, content, angle: seq.angles[i] })).filter((o) => o.slot !== slot),
    ...overrides,
  };
}

const HIDDEN = /rotation|angle|founder|stamp|m2_|m3_/i;

describe('rotation flags', () => {
  it('leaves a rotating sequence alone', () => {
    for (const slot of [1, 2, 3] as const) {
      const r = scoreMessage(slotInput(slot));
      expect(r.flags.filter((f) => f.endsWith('_no_rotation'))).toEqual([]);
      expect(r.needsHuman).toBe(false);
    }
  });

  it('flags slot 2 reusing the angle label of slot 1 and routes a clean score-8+ draft to a person', () => {
    const r = scoreMessage(slotInput(2, { angle: 'talk' }));
    expect(r.hardFails).toEqual([]);
    expect(r.score).toBeGreaterThanOrEqual(8);
    expect(r.flags).toContain('m2_no_rotation');
    expect(r.needsHuman).toBe(true);
    expect(r.needsRedo).toBe(false);
    expect(r.approvable).toBe(false);
    expect(r.reasons.join(' ')).not.toMatch(HIDDEN);
    expect(r.fixHints).toEqual([expect.objectContaining({ code: 'm2_no_rotation', action: 'human_review' })]);
  });

  it('matches angle labels regardless of case, spacing and separators', () => {
    const r = scoreMessage(slotInput(3, { angle: 'Peer_Story ', otherSlots: [{ slot: 1, content: seq.slots[0], angle: 'peer story' }] }));
    expect(r.flags).toContain('m3_no_rotation');
  });

  it('flags slot 3 whose wording mostly repeats an earlier slot, even without labels', () => {
    const first = seq.slots[0];
    const third = first.replace('Worth a chat?', 'Would a 20-minute call next week work to book time on this?');
    const r = scoreMessage(slotInput(3, { content: third, angle: null, otherSlots: [{ slot: 1, content: first }] }));
    expect(r.flags).toContain('m3_no_rotation');
    expect(r.needsHuman).toBe(true);
    expect(r.reasons.join(' ')).not.toMatch(HIDDEN);
  });

  it('reads past the talk title every slot points back at, and still sees the rest repeated', () => {
    const talk = 'Surrogate models for quantum spin systems with reduced basis methods';
    const speaker = { ...ctx.speaker, talks: [talk] };
    const first = `Hi John, your session "${talk}" made me curious. I'm Alex from ShardLab. Up for connecting here?`;
    const second = `Hi John,\n\nBecause of your talk "${talk}", I would like to hear what you make of ShardLab. Would you give it a try?\n\nAlex`;
    const other = [{ slot: 1 as const, content: first, angle: 'talk' }];
    const r = scoreMessage(slotInput(2, { speaker, content: second, angle: 'pitch', otherSlots: other }));
    expect(r.flags).not.toContain('m2_no_rotation');
    const copied = `Hi John,\n\nYour session "${talk}" made me curious. Up for connecting here, I'm Alex from ShardLab?\n\nAlex`;
    const again = scoreMessage(slotInput(2, { speaker, content: copied, angle: 'pitch', otherSlots: other }));
    expect(again.flags).toContain('m2_no_rotation');
  });

  it('never flags slot 1, which has nothing before it', () => {
    const r = scoreMessage(slotInput(1, { angle: 'pain' }));
    expect(r.flags.some((f) => f.endsWith('_no_rotation'))).toBe(false);
  });

  it('does not flag an earlier slot for a later one that copies it', () => {
    const r = scoreMessage(slotInput(2, { otherSlots: [{ slot: 3, content: seq.slots[1], angle: 'pain' }] }));
    expect(r.flags).not.toContain('m2_no_rotation');
  });
});

describe('founder stamps', () => {
  it('a rejection stamp routes a clean draft to a person without a reason', () => {
    const r = scoreMessage(slotInput(1, { stamps: { founderRejected: true } }));
    expect(r.hardFails).toEqual([]);
    expect(r.score).toBeGreaterThanOrEqual(8);
    expect(r.flags).toContain('founder_rejected');
    expect(r.needsHuman).toBe(true);
    expect(r.approvable).toBe(false);
    expect(r.reasons.join(' ')).not.toMatch(HIDDEN);
  });

  it('an approval stamp is recorded and also waits for a person (SPEC part 3 rule 5)', () => {
    const r = scoreMessage(slotInput(1, { stamps: { founderApproved: true } }));
    expect(r.flags).toContain('founder_approved');
    expect(r.needsHuman).toBe(true);
    expect(r.approvable).toBe(false);
    expect(r.reasons).toEqual([]);
  });
});

describe('approvable', () => {
  it('is true for a clean, high-scoring, unflagged draft', () => {
    const r = scoreMessage(slotInput(1));
    expect(r).toMatchObject({ hardFails: [], needsHuman: false, needsRedo: false, approvable: true });
    expect(r.score).toBeGreaterThanOrEqual(8);
  });

  it('follows the configurable approve score', () => {
    const r = scoreMessage(slotInput(1, { limits: { approveScore: 11 } }));
    expect(r.hardFails).toEqual([]);
    expect(r.approvable).toBe(false);
  });

  it('is false when a rewrite-fixable hard fail stands, which also sets needsRedo', () => {
    const r = scoreMessage(slotInput(1, { content: 'Hi {{first_name}}, ' + seq.slots[0].slice(9) }));
    expect(r.hardFails).toEqual(['unresolved_placeholder']);
    expect(r.score).toBeLessThanOrEqual(4);
    expect(r).toMatchObject({ needsRedo: true, needsHuman: false, approvable: false });
    expect(r.fixHints[0]).toMatchObject({ code: 'unresolved_placeholder', action: 'rescore', fix: 'rewrite' });
    expect(r.fixHints[0].hint).toContain('{{first_name}}');
  });

  it('is false when a person must decide, which sets needsHuman but not needsRedo', () => {
    const r = scoreMessage(slotInput(1, { content: seq.slots[0].replace('Hi John', 'Hi Sarah') }));
    expect(r.hardFails).toEqual(['wrong_recipient_name']);
    expect(r).toMatchObject({ needsRedo: false, needsHuman: true, approvable: false });
  });

  it('is false for a draft without hard fails whose score falls short', () => {
    const weak =
      'Hi John, I hope this finds you well. I wanted to reach out because our game-changer platform will unlock synergy for you. Interested? Free to chat? Or not?';
    const r = scoreMessage(slotInput(1, { content: weak }));
    expect(r.hardFails).toEqual([]);
    expect(r.score).toBeLessThan(8);
    expect(r.approvable).toBe(false);
    const lost = 10 - r.score;
    expect(r.reasons.length).toBeGreaterThan(0);
    const counted = r.reasons.map((x) => Number(/\(-(\d)\)$/.exec(x)?.[1] ?? 0)).reduce((a, b) => a + b, 0);
    expect(counted).toBeGreaterThanOrEqual(lost);
  });
});

describe('scoreSequence', () => {
  it('scores every slot against its siblings', () => {
    const results = scoreSequence({
      ...ctx,
      messages: seq.slots.map((content, i) => ({ slot: (i + 1) as 1 | 2 | 3, content, angle: seq.angles[i] })),
    });
    expect(results.map((r) => r.hardFails)).toEqual([[], [], []]);
    expect(results.every((r) => r.approvable)).toBe(true);
  });

  it('flags a follow-up that copies the opener', () => {
    const results = scoreSequence({
      ...ctx,
      messages: [
        { slot: 1, content: seq.slots[0], angle: 'talk' },
        { slot: 2, content: seq.slots[0], angle: 'talk' },
        { slot: 3, content: seq.slots[2], angle: 'cta' },
      ],
    });
    expect(results[1].flags).toEqual(expect.arrayContaining(['m2_no_rotation', 'repeated_sentence']));
    expect(results[1].reasons.join(' ')).toMatch(/repeat/);
    expect(results[1].reasons.join(' ')).not.toMatch(HIDDEN);
  });
});
