import { describe, expect, it } from 'vitest';
import { QA_CODES, QA_FLAGS } from '../../src/qa/codes.js';
import { scoreMessage, type QaInput } from '../../src/qa/score.js';
import { findSpamTerms } from '../../src/qa/spam-terms.js';
import { CONTEXTS } from './corpus/contexts.js';

const ctx = CONTEXTS.john;
const input = (slot: 1 | 2 | 3, content: string, extra: Partial<QaInput> = {}): QaInput => ({
  ...ctx,
  slot,
  content,
  otherSlots: [],
  ...extra,
});

describe('spam terms: word roots and obfuscations, never substrings', () => {
  it.each([
    ['FR3E', ['free']],
    ['f.r.e.e', ['free']],
    ['F R E E', ['free']],
    ['freeeee', ['free']],
    ['fr\u0435\u0435 (Cyrillic e)', ['free']],
    ['guaranteeed', ['guaranteed']],
    ['GUARANTEES', ['guaranteed']],
    ['act now', ['act now']],
    ['act   NOW', ['act now']],
    ['100% free', ['100% free']],
    ['risk-free', ['risk-free']],
    ['risk free', ['risk-free']],
    ['c@sh', ['cash']],
    ['w1nner', ['winner']],
    ['winners', ['winner']],
    ['$$$', ['$$$']],
    ['$ $ $', ['$$$']],
  ])('"%s" counts as %j', (text, want) => {
    expect(findSpamTerms(text)).toEqual(want);
  });

  it.each([
    'freedom',
    'Freeman',
    'carefree',
    'cashew',
    'Cashew Pay',
    'Fred',
    'winnerless?',
    'guarantor',
    'actnowledge',
    'feel free to ignore this',
    'cash flow',
    'free time',
  ])('"%s" does not count', (text) => {
    expect(findSpamTerms(text)).toEqual([]);
  });

  it('counts distinct terms, so repeating one term never stacks', () => {
    expect(findSpamTerms('free free FREE fr33 f.r.e.e')).toEqual(['free']);
  });

  it('fails only at three distinct terms', () => {
    const two = scoreMessage(input(2, 'Hi John, a free replay of a Shopify migration, guaranteed. Would that help the checkout team?'));
    expect(two.hardFails).toEqual([]);
    expect(two.flags).toContain('spam_wording');
    const three = scoreMessage(input(2, 'Hi John, a free replay of a Shopify migration, guaranteed, act now. Would that help the checkout team?'));
    expect(three.hardFails).toEqual(['spam_trigger_stack']);
  });

  it('is not fooled by names and words that merely contain a trigger', () => {
    const text = 'Hi John, Emily Freeman from Cashew Pay mentioned freedom of schema changes at Shopify. Would a replay help?';
    expect(scoreMessage(input(2, text)).flags).not.toContain('spam_trigger_stack');
    expect(findSpamTerms(text)).toEqual([]);
  });
});

describe('over_length per slot', () => {
  /** A realistic draft of exactly n characters. */
  const sized = (n: number): string => {
    const body = `Hi John, ${'replaying Shopify checkout writes before they ship '.repeat(40)}`.slice(0, n - 14);
    return `${body} Worth a chat?`.slice(0, n);
  };

  it('allows 300 characters in slot 1 and fails 301', () => {
    expect(sized(300)).toHaveLength(300);
    expect(scoreMessage(input(1, sized(300))).hardFails).not.toContain('over_length');
    expect(scoreMessage(input(1, sized(301))).hardFails).toContain('over_length');
  });

  it('allows 1000 characters in slots 2 and 3 by default and fails 1001', () => {
    for (const slot of [2, 3] as const) {
      expect(scoreMessage(input(slot, sized(1000))).hardFails).not.toContain('over_length');
      expect(scoreMessage(input(slot, sized(1001))).hardFails).toContain('over_length');
    }
  });

  it('honours a configured followupMax and slot1Max', () => {
    const text = sized(700);
    expect(scoreMessage(input(2, text)).hardFails).not.toContain('over_length');
    expect(scoreMessage(input(2, text, { limits: { followupMax: 600 } })).hardFails).toContain('over_length');
    expect(scoreMessage(input(3, text, { limits: { followupMax: 600 } })).hardFails).toContain('over_length');
    expect(scoreMessage(input(2, sized(1200), { limits: { followupMax: 1500 } })).hardFails).not.toContain('over_length');
    expect(scoreMessage(input(1, sized(250), { limits: { slot1Max: 200 } })).hardFails).toContain('over_length');
    expect(scoreMessage(input(1, sized(250), { limits: { followupMax: 200 } })).hardFails).not.toContain('over_length');
  });

  it('measures the trimmed text', () => {
    expect(scoreMessage(input(1, `\n\n${sized(300)}\n\n   `)).hardFails).not.toContain('over_length');
  });
});

describe('slot-specific checks', () => {
  it('only the opening message may not carry links or a reply prefix', () => {
    const text = 'Re: PGConf\nHi John, the write-up on replaying Shopify-style migrations is at https://shardlab.dev/replay. Worth a read?';
    expect(scoreMessage(input(1, text)).hardFails).toEqual(expect.arrayContaining(['link_in_first_touch', 'fake_reply_prefix']));
    expect(scoreMessage(input(2, text)).hardFails).toEqual([]);
  });

  it('does not take abbreviations, file names or version numbers for domains', () => {
    const text = 'Hi John, e.g. a Node.js service on v2.1 at Shopify; worth a chat about PGConf?';
    expect(scoreMessage(input(1, text)).hardFails).not.toContain('link_in_first_touch');
  });

  it('only the last slot must carry the CTA, matched on its content words', () => {
    const text = 'Hi John, thanks again for the PGConf talk on Postgres writes. Would a replay of a past migration be useful to see?';
    expect(scoreMessage(input(2, text)).hardFails).toEqual([]);
    expect(scoreMessage(input(3, text)).hardFails).toEqual(['missing_cta']);
    const paraphrase = 'Hi John, could we grab 20 minutes for a call next week about the PGConf migration work?';
    expect(scoreMessage(input(3, paraphrase)).hardFails).toEqual([]);
  });

  it('matches forbidden terms as whole words, case-insensitively', () => {
    const campaign = { ...ctx.campaign, competitors: ['Port'], exclusions: ['layoffs'] };
    const ok = 'Hi John, our developer portal has support for reporting on Shopify-style migrations. Worth a look?';
    expect(scoreMessage(input(2, ok, { campaign })).hardFails).toEqual([]);
    const bad = 'Hi John, teams moving off PORT after the LAYOFFS at Shopify replay migrations first. Worth a look?';
    const r = scoreMessage(input(2, bad, { campaign }));
    expect(r.hardFails).toEqual(['forbidden_term']);
    expect(r.fixHints[0].hint).toMatch(/Port, layoffs/);
  });

  it('accepts a nickname only when it is a prefix of the real name', () => {
    const robert = { ...CONTEXTS.rob, slot: 1 as const, otherSlots: [] };
    const body = ', "Docs Are the Product" was a great talk. How did Fernwood measure time-to-first-call?';
    expect(scoreMessage({ ...robert, content: `Hi Rob${body}` }).hardFails).toEqual([]);
    expect(scoreMessage({ ...robert, content: `Hi Robert${body}` }).hardFails).toEqual([]);
    // The surname belongs to the speaker, but a bare surname is not how anyone is greeted.
    expect(scoreMessage({ ...robert, content: `Hi Nguyen${body}` }).hardFails).toEqual(['surname_greeting']);
    expect(scoreMessage({ ...robert, content: `Hi Bob${body}` }).hardFails).toEqual(['wrong_recipient_name']);
    expect(scoreMessage({ ...robert, content: `Hi Ro${body}` }).hardFails).toEqual(['wrong_recipient_name']);
  });
});

describe('code vocabulary', () => {
  it('gives every code an action and an instruction-like hint', () => {
    const codes = [...QA_CODES, ...QA_FLAGS].map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of [...QA_CODES, ...QA_FLAGS]) {
      expect(['none', 'rescore', 'human_review']).toContain(c.action);
      expect(c.hint.length).toBeGreaterThan(20);
      expect(c.description.length).toBeGreaterThan(20);
    }
    expect(QA_CODES.map((c) => c.code)).toEqual(
      expect.arrayContaining([
        'unresolved_placeholder',
        'over_length',
        'empty_or_too_short',
        'wrong_recipient_name',
        'ungrounded_claim',
        'link_in_first_touch',
        'missing_cta',
        'spam_trigger_stack',
        'fake_reply_prefix',
        'forbidden_term',
      ]),
    );
  });

  it('reports one fix hint per hard fail with the code action', () => {
    const r = scoreMessage(input(1, 'RE: quick one\nHi {{first_name}}, FR3E audit, guaranteed, act now at shardlab.dev!'));
    expect(r.fixHints.map((h) => h.code).sort()).toEqual([...r.hardFails].sort());
    for (const h of r.fixHints) expect([h.action, h.fix]).toEqual(QA_CODES.filter((c) => c.code === h.code).flatMap((c) => [c.action, c.fix]));
  });
});
