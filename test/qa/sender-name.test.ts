import { describe, expect, it } from 'vitest';
import { scoreMessage, type QaInput } from '../../src/qa/score.js';

const base: QaInput = {
  slot: 1,
  content: 'Hi Ada, your talk "Scaling Postgres Without Tears" caught my eye. I\'m Ada Lovelace, founder of a coaching studio. Mind if we connect?',
  speaker: { name: 'Ada Abernathy', company: 'Northwind Labs', title: 'CTO' },
  grounding: 'Ada Abernathy\nCTO\nNorthwind Labs\nScaling Postgres Without Tears',
  campaign: { cta: 'Would a 15-minute call next week be useful?', senderName: 'Ada Lovelace', tone: 'friendly', exclusions: [], competitors: [] },
  otherSlots: [],
};

describe('a sender who shares the recipient’s first name', () => {
  it('is not read as a claim about the recipient when introducing or signing', () => {
    const intro = scoreMessage(base);
    expect(intro.hardFails).toEqual([]);
    const signed = scoreMessage({ ...base, content: 'Hi Ada, your talk "Scaling Postgres Without Tears" was great. Could we connect? Cheers, Ada' });
    expect(signed.hardFails).toEqual([]);
  });

  it('still catches an ungrounded claim about the recipient next to the shared name', () => {
    const r = scoreMessage({ ...base, content: "Hi Ada, congrats on raising $40M at Quillstone last month. I'm Ada Lovelace. Mind if we connect?" });
    expect(r.hardFails).toContain('ungrounded_claim');
  });
});
