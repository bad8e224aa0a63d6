import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import type { SpeakerInput } from '../../src/engine/types.js';
import { ALL_CAPS, NO_TITLE, SENIOR_ENGINEER, campaign, generatedSpeaker, speaker } from './fixtures.js';

const brief = campaign();
const research = (s: SpeakerInput) => researchSpeaker(s, enrichSpeaker(s), brief);

/** Every place a signal may have been read from, verbatim. */
function sourcesOf(s: SpeakerInput): string[] {
  return [s.title, s.tagline, s.company, s.bio, ...s.talks.flatMap((t) => [t.title, t.abstract]), ...s.links].filter((x): x is string => !!x);
}

describe('research', () => {
  it('emits the talk, role, company facts and themes of a rich profile', () => {
    const signals = research(SENIOR_ENGINEER);
    const kinds = new Set(signals.map((x) => x.kind));
    expect(kinds).toEqual(new Set(['talk_topic', 'role', 'company_fact', 'theme']));
    expect(signals.find((x) => x.kind === 'talk_topic')).toMatchObject({
      value: 'Tracing Payments Across 40 Services',
      sourceUrl: SENIOR_ENGINEER.profileUrl,
    });
    expect(signals.some((x) => x.kind === 'company_fact' && x.value === 'Ledgerline builds payment rails for small banks.')).toBe(true);
    const themes = signals.filter((x) => x.kind === 'theme').map((x) => x.value);
    expect(themes).toEqual(expect.arrayContaining(['observability', 'Kubernetes']));
  });

  it('puts campaign keywords first among themes', () => {
    const themes = research(SENIOR_ENGINEER).filter((x) => x.kind === 'theme');
    expect(themes[0].value).toBe('observability');
  });

  it('quotes its source exactly, for every signal of every generated speaker', () => {
    for (let i = 0; i < 200; i++) {
      const s = generatedSpeaker(i);
      const sources = sourcesOf(s);
      for (const sig of researchSpeaker(s, enrichSpeaker(s), brief)) {
        expect(
          sources.some((src) => src.includes(sig.sourceText)),
          `${sig.kind}: ${sig.sourceText}`,
        ).toBe(true);
      }
    }
  });

  it('names a theme only in words the source used', () => {
    const s = speaker({ bio: 'She has run k8s clusters since 2016.' });
    const theme = research(s).find((x) => x.kind === 'theme');
    expect(theme?.value).toBe('k8s');
  });

  it('finds themes in an ALL-CAPS bio', () => {
    const themes = research(ALL_CAPS)
      .filter((x) => x.kind === 'theme')
      .map((x) => x.value);
    expect(themes).toEqual(expect.arrayContaining(['Kubernetes', 'observability']));
  });

  it('does not see "java" in "javascript" or a person named Julia as a language', () => {
    const s = speaker({ name: 'Julia Stone', bio: 'Julia writes JavaScript all day.' });
    const themes = research(s)
      .filter((x) => x.kind === 'theme')
      .map((x) => x.value);
    expect(themes).not.toContain('Java');
    expect(themes).not.toContain('Julia');
  });

  it('returns only the talk for a sparse profile', () => {
    expect(research(NO_TITLE).map((x) => x.kind)).toEqual(['talk_topic']);
  });
});
