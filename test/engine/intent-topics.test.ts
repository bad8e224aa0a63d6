/** Intent leads are cited in their own terms: the post's subject and the event's name, not "a recent post". */
import { describe, expect, it } from 'vitest';
import { intentSignals, type IntentAction } from '../../src/engine/intent.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { campaign, speaker } from './fixtures.js';

const c = campaign();
const action = (type: IntentAction['type'], text: string | null): IntentAction => ({
  type,
  url: 'https://www.linkedin.com/posts/x',
  text,
  observedAt: '2026-11-20T10:00:00.000Z',
});

describe('intent activity in its own terms', () => {
  it("names a comment's subject the themes do not know", () => {
    const [sig] = intentSignals([action('post_comment', 'Replica lag on our read replicas doubled after the upgrade. Anyone else?')], { company: null }, c);
    expect(sig.value).toBe('your comment on a post about replica lag');
    expect(sig.sourceText).toContain('Replica lag');
  });

  it('names the event someone signed up for', () => {
    const [sig] = intentSignals([action('event_attendance', 'See you at PGConf EU 2024 in Prague next month!')], { company: null }, c);
    expect(sig.value).toBe('you signed up for PGConf EU 2024');
  });

  it('keeps a theme the post names by its label', () => {
    const [sig] = intentSignals([action('post_reaction', 'Our platform team now runs 40 internal services on one golden path.')], { company: null }, c);
    expect(sig.value).toBe('you reacted to a post about platform engineering');
  });

  it('comes back to the same subject in every message', () => {
    const signals = intentSignals([action('post_comment', 'Replica lag on our read replicas doubled after the upgrade.')], { company: null }, c);
    const slots = draftSlots(speaker({ name: 'Ada Quill' }), signals, c);
    expect(slots[0].content).toContain('your comment on a post about replica lag');
    for (const s of slots.slice(1)) expect(s.content).toContain('replica lag');
  });
});
