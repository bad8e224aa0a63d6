import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import type { CampaignBrief, DraftSlot, SpeakerInput } from '../../src/engine/types.js';
import { campaign, EMPTY_ICP, labwise, speaker, tracewise } from './fixtures.js';

function drafts(s: SpeakerInput, c: CampaignBrief): DraftSlot[] {
  return draftSlots(s, researchSpeaker(s, enrichSpeaker(s), c), c);
}

/** The body of a letter, without its greeting and sign-off. */
const body = (d: DraftSlot): string => d.content.split('\n\n')[1] ?? d.content;

const TRACEWISE = tracewise({
  positioning: 'We work with engineering teams that run production web services and want to find slow requests before their users do.',
  icp: { ...EMPTY_ICP, titles: ['Software Engineer', 'Developer'], keywords: ['software', 'web', 'javascript', 'observability', 'performance'] },
});

const LABWISE = labwise({ icp: { ...EMPTY_ICP, titles: ['Professor', 'Researcher', 'Scientist'], keywords: ['research', 'data', 'statistics'] } });

const PLATEWISE = campaign({
  yourName: 'Clara Moss',
  yourRole: 'Head of Partnerships',
  yourCompany: 'Platewise',
  pitch: 'We help nutrition coaches keep clients on track between sessions, with check-ins clients actually answer.',
  cta: 'Open to a quick call to see if it fits your practice?',
  positioning: 'We work with nutrition and health coaches who run their own practice.',
  icp: { ...EMPTY_ICP, titles: ['Coach', 'Nutritionist', 'Dietitian', 'Researcher', 'Professor'], keywords: ['nutrition', 'health', 'diet'] },
});

/** What a note to a reader the product is far from says instead of a pitch: no pitch promised, or a name asked for. */
const NOT_PITCHED = /no (?:sales )?pitch|won't pitch|\bwho\b[^.?!]*\?|teammate|introduction|a name|pointer/i;

/** Runs of four words, lower case. */
function runs(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return new Set(words.slice(3).map((_, i) => words.slice(i, i + 4).join(' ')));
}

describe('a campaign of second messages', () => {
  it('gives neighbours in a campaign different shapes, not one frame with the verb swapped', () => {
    const titles = ['JavaScript Observability in Production', 'Web Performance Budgets', 'Scaling Node.js at the Edge', 'Profiling .NET Services'];
    const seconds = Array.from({ length: 24 }, (_, i) =>
      body(
        drafts(
          speaker({ name: `Ana Sample${i}`, talks: [{ title: titles[i % titles.length] as string }], conferenceName: 'WebConf 2019', turn: i }),
          TRACEWISE,
        )[1],
      ),
    );
    const pitch = runs(`${TRACEWISE.pitch} ${titles.join(' ')} Tracewise`);
    // The product's task ("narrows down which request got slow") is the product's to say, in any of its verbs.
    const frame = (t: string) =>
      new Set([...runs(t)].filter((r) => !pitch.has(r) && !r.includes('request got slow') && !r.includes('which request') && !r.includes('your talk')));
    for (let i = 1; i < seconds.length; i++) {
      const shared = [...frame(seconds[i] as string)].filter((r) => frame(seconds[i - 1] as string).has(r));
      expect(shared, `${seconds[i - 1]}\n${seconds[i]}`).toEqual([]);
    }
    // Asked for their view of the product, the reader is told what it does, not only what kind of thing it is.
    for (const t of seconds.filter((s) => /\b(?:view|take|thoughts|make of|think of|judge|ask about|show you) (?:of |on |about )?Tracewise\b/.test(s))) {
      expect(t, t).toMatch(/which request got slow/);
    }
    expect(seconds.some((t) => /\b(?:view|take|thoughts|make of|think of|judge|ask about|show you) (?:of |on |about )?Tracewise\b/.test(t))).toBe(true);
  });

  it('does not pitch a lab notebook to a data scientist in industry, a nutrition product to an epidemiologist, or anything to a teacher', () => {
    const far: Array<[SpeakerInput, CampaignBrief]> = [
      [
        speaker({ name: 'Dana Quill', title: 'Senior Data Scientist', company: 'Spotify', talks: [{ title: 'Forecasting demand with Bayesian models' }] }),
        LABWISE,
      ],
      [
        speaker({
          name: 'Ravi Mehta',
          title: 'Epidemiologist',
          company: 'Harvard School of Public Health',
          talks: [{ title: 'Diet and heart disease in cohort studies' }],
        }),
        PLATEWISE,
      ],
      [speaker({ name: 'Catherine Garland', company: 'Uncommon Charter High School', talks: [{ title: 'Getting students into physics' }] }), LABWISE],
      // An activist as a French page titles one.
      [speaker({ name: 'Sacha André', title: 'Militant', conferenceName: 'OnEstLaTech 2022' }), TRACEWISE],
    ];
    for (const [s, c] of far) {
      const second = body(drafts(s, c)[1]);
      expect(second, s.name).toMatch(NOT_PITCHED);
      expect(second, s.name).not.toMatch(/came from\?|between sessions\?/);
    }
    // A professor at a university is still the product's reader.
    const prof = speaker({
      name: 'Rachel Rosen',
      title: 'Assistant Professor',
      company: 'Columbia University',
      talks: [{ title: 'Gravity and quantum field theory' }],
    });
    expect(body(drafts(prof, LABWISE)[1])).not.toMatch(NOT_PITCHED);
  });

  it('does not pitch the product as if to a buyer to someone at a rival vendor', () => {
    const rivals: Array<[SpeakerInput, CampaignBrief]> = [
      [
        speaker({
          name: 'Sam Ortiz',
          title: 'Developer Advocate',
          company: 'Honeycomb',
          bio: 'Sam is a developer advocate at Honeycomb, an observability platform for distributed systems.',
          talks: [{ title: 'JavaScript Observability in Production' }],
        }),
        TRACEWISE,
      ],
      [
        speaker({ name: 'Lee Park', title: 'Software Engineer', company: 'Datadog', talks: [{ title: 'Web Performance Budgets' }] }),
        { ...TRACEWISE, icp: { ...TRACEWISE.icp, competitors: ['Datadog'] } as CampaignBrief['icp'] },
      ],
    ];
    for (const [s, c] of rivals) {
      for (let turn = 0; turn < 4; turn++) {
        const second = body(drafts({ ...s, turn }, c)[1]);
        expect(second, s.name).toMatch(NOT_PITCHED);
        expect(second, s.name).not.toMatch(/which request got slow\?|happy to show you|walk you through|a short demo/);
      }
    }
  });

  it('greets a handle without a name, and never as if it were a first name', () => {
    for (const name of ['codieplusplus', '@pkoerner81929', 'HonkHase']) {
      for (const d of drafts(speaker({ name, talks: [{ title: 'Fuzzing the Linux kernel' }], conferenceName: 'Camp 2019' }), TRACEWISE)) {
        expect(d.content, name).not.toMatch(new RegExp(name.replace('@', ''), 'i'));
        expect(d.content).toMatch(/^Hey[,!]/);
      }
    }
  });

  it('builds the follow-up on a named talk rather than a bare job title and employer', () => {
    for (let turn = 0; turn < 8; turn++) {
      const s = speaker({
        name: 'Ariel Zell',
        title: 'Head of Security Research',
        company: 'Twistlock',
        talks: [{ title: 'Container Forensics at Scale' }],
        conferenceName: 'BSides 2016',
        turn,
      });
      const second = body(drafts(s, TRACEWISE)[1]);
      expect(second).toMatch(/Container Forensics at Scale/);
      expect(second).not.toMatch(/as (?:the )?head of security research/i);
    }
  });

  it('does not build a note on a topic word read off a title ("your work on Ruby")', () => {
    const s = speaker({ name: 'Koichi Sasada', title: 'Ruby core committer', conferenceName: 'EuRuKo 2013' });
    for (const d of drafts(s, TRACEWISE).slice(1)) expect(d.content).not.toMatch(/your work on Ruby/i);
  });
});

/** The first sentence of a message's body. */
const opening = (d: DraftSlot): string =>
  (
    body(d)
      .replace(/^(?:hi|hey|hello|dear)\b[^,\n]*,\s*/i, '')
      .match(/^.+?[.?!:](?=\s|$)/)?.[0] ?? body(d)
  ).trim();

/** The opening most shared by a slot across the campaign, as a share of its sequences. */
function mostShared(all: DraftSlot[][], slot: number): number {
  const counts = new Map<string, number>();
  for (const seq of all) {
    const key = opening(seq[slot - 1] as DraftSlot);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Math.max(...counts.values()) / all.length;
}

describe('a campaign of people the page says little about', () => {
  it('opens no more than a tenth of its sequences on one sentence, in any slot', () => {
    // Known by name and event only, or by name and employer only: the notes whose openings the
    // page gives nothing to vary, drafted in campaign order as the pipeline drafts them.
    for (const known of ['event', 'employer'] as const) {
      for (const size of [12, 15, 50]) {
        const all = Array.from({ length: size }, (_, i) =>
          drafts(
            speaker({
              name: `Ana Sample${'a'.repeat(i)}`,
              ...(known === 'employer' ? { company: `Acme ${String.fromCharCode(65 + (i % 26))}${i}` } : {}),
              conferenceName: 'IV Jornadas de Datos 2016',
              turn: i,
            }),
            TRACEWISE,
          ),
        );
        for (const slot of [1, 2, 3]) expect(mostShared(all, slot), `${known}, ${size} sequences, slot ${slot}`).toBeLessThanOrEqual(0.1);
      }
    }
  });
});
