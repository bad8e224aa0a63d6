import { describe, expect, it } from 'vitest';
import { withSharedSessions } from '../../src/scrape/shared-session.js';
import type { ScrapedSpeaker } from '../../src/scrape/types.js';

const person = (name: string, ...talks: Array<{ title: string; kind?: string }>): ScrapedSpeaker => ({
  name,
  title: null,
  company: null,
  tagline: null,
  bio: null,
  talks,
  linkedinUrl: null,
  companyLinkedinUrl: null,
  links: [],
  photoUrl: null,
  profileUrl: null,
  evidence: {},
});

describe('withSharedSessions', () => {
  it('marks a title three speakers or more hold as a session of theirs, not a talk', () => {
    const out = withSharedSessions([
      person('Mel Abler', { title: 'Underrepresented in STEM' }),
      person('Kassidy Lundy', { title: 'underrepresented in STEM ' }),
      person('Osei Sarfo', { title: 'Underrepresented in STEM' }, { title: 'Pathways in Lymphoma' }),
      person('Ana Ruiz', { title: 'Undergraduate Research' }),
    ]);
    expect(out.map((s) => s.talks.map((t) => t.kind ?? null))).toEqual([['session'], ['session'], ['session', null], [null]]);
  });

  it('leaves a talk two people give together, and a kind the page gave', () => {
    const two = [person('A B', { title: 'Pairing on Rust' }), person('C D', { title: 'Pairing on Rust' })];
    expect(withSharedSessions(two)).toBe(two);
    const panel = withSharedSessions([1, 2, 3].map((i) => person(`P ${i}`, { title: 'Future of Work', kind: 'panel' })));
    expect(panel.every((s) => s.talks[0]?.kind === 'panel')).toBe(true);
  });
});
