import { describe, expect, it } from 'vitest';
import { scoreMessage, type QaInput } from '../../src/qa/score.js';
import { ALL_CONTEXTS, type ContextName } from './corpus/contexts.js';

function score(ctx: ContextName, slot: 1 | 2 | 3, content: string, extra: Partial<QaInput> = {}) {
  return scoreMessage({ ...ALL_CONTEXTS[ctx], slot, content, otherSlots: [], ...extra });
}

/** Sum of the "(-n)" deductions named in the reasons. */
const explained = (reasons: string[]): number => reasons.reduce((sum, r) => sum + Number(/\(-(\d+)\)$/.exec(r)?.[1] ?? 0), 0);

describe('soft scoring', () => {
  it('explains every lost point of a draft without hard fails', () => {
    const drafts: Array<[ContextName, 1 | 2 | 3, string]> = [
      ['john', 1, 'Hi John, I hope this finds you well. I came across your profile and wanted to reach out. Are you free? Any thoughts?'],
      ['priya', 2, 'Hey Priya, super cool stuff, gonna keep it short lol!! Tracing for event-sourced ledgers is awesome. Want a look?'],
      ['rob', 1, 'Hi Rob, our tool helps teams. Let me know.'],
      [
        'kwame',
        2,
        'Dear Dr. Mensah, in today\u2019s fast-paced world, Calibra is a game-changer that will unlock synergy and elevate your fairness audits. Would a summary help?',
      ],
    ];
    for (const [ctx, slot, content] of drafts) {
      const r = score(ctx, slot, content);
      expect(r.hardFails, content).toEqual([]);
      expect(r.score, content).toBeLessThan(8);
      expect(explained(r.reasons), content).toBe(10 - r.score);
      expect(r.approvable).toBe(false);
      expect(r.needsRedo).toBe(false);
    }
  });

  it('names each AI tell and stock opener it finds', () => {
    const r = score(
      'john',
      1,
      'Hi John, I hope this email finds you well. Let us delve into how ShardLab can unlock PGConf-grade sharding for Shopify. Worth a chat?',
    );
    const reason = r.reasons.find((x) => x.startsWith('Stock or machine-sounding'));
    expect(reason).toContain('I hope this finds you well');
    expect(reason).toContain('delve');
    expect(reason).toContain('unlock');
  });

  it('counts asks: none, one, or too many', () => {
    const base = 'Hi John, your PGConf talk on sharding Postgres writes at Shopify was great.';
    expect(score('john', 1, base).flags).toContain('no_clear_ask');
    expect(score('john', 1, `${base} Worth a chat?`).flags).not.toContain('no_clear_ask');
    expect(score('john', 1, `${base} Worth a chat? Or a call? Or a demo?`).flags).toContain('multiple_asks');
  });

  it('checks the campaign tone in both directions', () => {
    const formalDraft = 'Dear John, I am writing to note your PGConf talk on Shopify sharding. Furthermore, might we speak? Kind regards, Alex';
    expect(score('john', 1, formalDraft).flags).toContain('tone_mismatch');
    const casualDraft = 'Hey María, super cool PGConf-style talk on greenhouse vision at Huerta Robotics, awesome stuff! Up for a call?';
    expect(score('maria', 1, casualDraft).flags).toContain('tone_mismatch');
    expect(score('alexandra', 1, casualDraft.replace('María', 'Alexandra')).flags).not.toContain('tone_mismatch');
  });

  it('rewards personal detail from the grounding', () => {
    const generic = score('john', 1, 'Hi John, we help engineering teams test risky database changes before they ship. Worth a chat?');
    expect(generic.flags.some((f) => f.endsWith('_personalization'))).toBe(true);
    const personal = score('john', 1, 'Hi John, your PGConf talk on sharding checkout writes at Shopify was great. Worth a chat?');
    expect(personal.flags).not.toContain('no_personalization');
    expect(personal.flags).not.toContain('weak_personalization');
  });

  it('penalises a later slot for repeating a sentence of an earlier one, not the other way round', () => {
    const shared = 'ShardLab replays real production traffic against a schema change before it ships.';
    const one = `Hi John, loved your PGConf talk on Shopify sharding. ${shared} Worth a chat?`;
    const two = `Hi John, following up on online backfills. ${shared} Would a replay help?`;
    const later = score('john', 2, two, { otherSlots: [{ slot: 1, content: one }] });
    expect(later.flags).toContain('repeated_sentence');
    const earlier = score('john', 1, one, { otherSlots: [{ slot: 2, content: two }] });
    expect(earlier.flags).not.toContain('repeated_sentence');
  });

  it('caps any hard-failed draft at 4 and says so', () => {
    const r = score('john', 1, 'Hi {{first_name}}, your PGConf talk on sharding checkout writes at Shopify was great. Worth a chat?');
    expect(r.score).toBe(4);
    expect(r.reasons.at(-1)).toMatch(/capped at 4/);
  });

  it('is deterministic', () => {
    const input = {
      ...ALL_CONTEXTS.priya,
      slot: 2 as const,
      content: 'Hi Priya, congrats on the $40M Series B. Would a note on tracing help?',
      otherSlots: [],
    };
    expect(scoreMessage(input)).toEqual(scoreMessage(structuredClone(input)));
  });
});
