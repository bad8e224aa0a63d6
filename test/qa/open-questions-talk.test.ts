/**
 * A Q&A a group answers ("Azure - Ask us Anything") named as the speaker's talk is
 * unsupported_fact even when the page gives them a real talk too; naming their real talk passes.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const AMA = 'Azure - Ask us Anything';
const TALK = 'Web API Security With Azure Active Directory';
const base = ALL_CONTEXTS.lena;
const rena = {
  ...base,
  speaker: { name: 'Rena Stolz', company: 'Cloudwerk', title: null, talks: [AMA, TALK] },
  grounding: ['Rena Stolz', 'Rena Stolz is CTO of Cloudwerk and writes about .NET and Azure.', AMA, TALK].join('\n'),
  otherSlots: [],
  slot: 3 as const,
};
const note = (title: string) => `Hi Rena,\n\nYour talk "${title}" is why I wrote. Would a short call next week be worth it?\n\nCheers,\nDana Kim`;

describe('a Q&A named as their talk', () => {
  it('flags "your talk" for the Q&A, and passes it for the real talk', () => {
    expect(scoreMessage({ ...rena, content: note(AMA) }).hardFails).toContain('unsupported_fact');
    expect(scoreMessage({ ...rena, content: note(TALK) }).hardFails).not.toContain('unsupported_fact');
  });
});
