import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import type { CampaignBrief, DraftSlot, Signal, SpeakerInput } from '../../src/engine/types.js';
import { AI_TELLS, LINK, PLACEHOLDER, SPAM, STOCK_OPENERS, expectedFirstName, quotesGrounded } from './draft-helpers.js';
import { ALL_CAPS, COMPETITOR, NO_TITLE, SENIOR_ENGINEER, campaign, generatedCampaign, generatedSpeaker, speaker } from './fixtures.js';

function pipeline(s: SpeakerInput, c: CampaignBrief): { signals: Signal[]; slots: DraftSlot[] } {
  const signals = researchSpeaker(s, enrichSpeaker(s), c);
  return { signals, slots: draftSlots(s, signals, c) };
}

const fold = (t: string) => t.toLowerCase().replace(/[.!?]+$/, '');
const N = 300;

describe('draft invariants over generated speakers', () => {
  const runs = Array.from({ length: N }, (_, i) => {
    const s = generatedSpeaker(i);
    const c = generatedCampaign(i);
    return { i, s, c, ...pipeline(s, c) };
  });

  it('always returns slots 1, 2, 3 with three distinct angles', () => {
    for (const { slots } of runs) {
      expect(slots.map((x) => x.slot)).toEqual([1, 2, 3]);
      expect(new Set(slots.map((x) => x.angle)).size).toBe(3);
    }
  });

  it('keeps slot 1 a link-free note of at most 300 characters, greeting by first name', () => {
    for (const { s, slots } of runs) {
      const note = slots[0].content;
      expect(note.length).toBeLessThanOrEqual(300);
      expect(note).not.toMatch(LINK);
      expect(note).not.toMatch(/^\s*(?:re|fwd?)\s*:/i);
      expect(note.startsWith(`${note.split(' ')[0]} ${expectedFirstName(s.name)}`), note).toBe(true);
    }
  });

  it('keeps follow-ups within 1000 characters and puts the CTA in slot 3', () => {
    for (const { c, slots } of runs) {
      expect(slots[1].content.length).toBeLessThanOrEqual(1000);
      expect(slots[2].content.length).toBeLessThanOrEqual(1000);
      expect(slots[2].content.toLowerCase()).toContain(fold(c.cta));
    }
  });

  it('leaves no placeholders, stock openers, AI tells or spam terms', () => {
    for (const { slots } of runs) {
      for (const { content } of slots) {
        expect(content).not.toMatch(PLACEHOLDER);
        expect(content).not.toMatch(STOCK_OPENERS);
        expect(content).not.toMatch(AI_TELLS);
        expect(content).not.toMatch(SPAM);
      }
    }
  });

  it('quotes only talk titles the signals hold', () => {
    for (const { slots, signals } of runs) {
      for (const { content } of slots) expect(quotesGrounded(content, signals), content).toBe(true);
    }
  });

  it('is deterministic, also for a copy of the same input', () => {
    for (const { s, c, signals, slots } of runs.slice(0, 50)) {
      expect(draftSlots(structuredClone(s), structuredClone(signals), structuredClone(c))).toEqual(slots);
    }
  });

  it('varies the wording across speakers of one campaign', () => {
    const c = campaign();
    const openings = new Set(Array.from({ length: 40 }, (_, i) => pipeline(generatedSpeaker(i), c).slots[0].content.split(' ').slice(2, 5).join(' ')));
    expect(openings.size).toBeGreaterThan(3);
  });
});

describe('draft content', () => {
  const c = campaign();

  it('leads a senior engineer note with the talk and greets by first name', () => {
    const { slots } = pipeline(SENIOR_ENGINEER, c);
    expect(slots[0].angle).toBe('talk');
    expect(slots[0].content).toMatch(/^Hey Priya, /);
    expect(slots[0].content).toContain('"Tracing Payments Across 40 Services"');
    expect(slots[2].content.toLowerCase()).toContain(c.cta.toLowerCase());
    expect(slots[2].content).toContain('Robin Vale');
  });

  it('quotes nothing when the signals hold no talk', () => {
    const s = speaker({ name: 'Ana Silva', title: 'Staff Engineer', company: 'Bluefin', bio: 'Ana works on observability.' });
    const { slots } = pipeline(s, c);
    for (const { content } of slots) expect(content).not.toContain('"');
    // A word in a bio is no claimed expertise: the note is about her job at Bluefin.
    expect(slots[0].angle).toBe('role');
    expect(slots[0].content).toContain('Bluefin');
    expect(slots.map((x) => x.content).join(' ')).not.toContain('observability');
  });

  it('states only facts present in the signals', () => {
    const signals = researchSpeaker(SENIOR_ENGINEER, enrichSpeaker(SENIOR_ENGINEER), c).filter((x) => x.kind === 'talk_topic');
    const slots = draftSlots(SENIOR_ENGINEER, signals, c);
    for (const { content } of slots) {
      expect(content).not.toContain('Ledgerline');
      expect(content).not.toContain('observability');
    }
  });

  it('writes something sensible with almost nothing known', () => {
    const bare = speaker({ name: 'Dr. Lee Park' });
    const slots = draftSlots(bare, [], c);
    expect(slots[0].content).toMatch(/^Hey Lee, /);
    expect(slots[0].angle).toBe('intro');
    expect(slots[2].content.toLowerCase()).toContain(c.cta.toLowerCase());
  });

  it('does not shout back an ALL-CAPS profile', () => {
    const { slots } = pipeline(ALL_CAPS, c);
    expect(slots[0].content).toMatch(/^Hey Maria, /);
    expect(slots.map((x) => x.content).join(' ')).not.toContain('BUILDING A PAVED ROAD');
  });

  it('skips talk titles that are too long, look like placeholders, swear or name a competitor', () => {
    for (const title of ['TBD', 'Why we left Outreachly for good', 'x'.repeat(140), 'Kubernetes, motherfucker, do you speak it?']) {
      const s = speaker({ name: 'Ana Silva', title: 'CTO', talks: [{ title }] });
      const { slots } = pipeline(s, c);
      expect(slots.map((x) => x.content).join(' '), title).not.toContain(title);
    }
    const { slots } = pipeline(COMPETITOR, c);
    expect(slots.map((x) => x.content).join(' ')).not.toMatch(/outreachly/i);
  });

  it('cleans spam and machine-sounding words out of the campaign text', () => {
    const spammy = campaign({
      pitch: 'Our free tool is a game-changer that will unlock growth, guaranteed. Act now!',
      positioning: 'We delve into synergy for fast-paced teams.',
      yourRole: 'founder of greenroom.io',
    });
    const { slots } = pipeline(SENIOR_ENGINEER, spammy);
    for (const { content } of slots) {
      expect(content).not.toMatch(SPAM);
      expect(content).not.toMatch(AI_TELLS);
    }
    expect(slots[0].content).not.toMatch(LINK);
  });

  it('writes formal and casual wording to match the tone', () => {
    const formal = pipeline(SENIOR_ENGINEER, campaign({ tone: 'formal' }))
      .slots.map((x) => x.content)
      .join('\n');
    expect(formal).toMatch(/^Hello Priya/);
    expect(formal).not.toMatch(/\b(?:Hey|Cheers|I'm)\b/);
    const casual = pipeline(SENIOR_ENGINEER, campaign({ tone: 'casual' }))
      .slots.map((x) => x.content)
      .join('\n');
    expect(casual).toMatch(/^Hey Priya/);
    expect(casual).toMatch(/\bCheers\b/);
  });

  it('learns greeting, sign-off and layout from approved exemplars', () => {
    const exemplars = ['Hi Sam - loved the demo, want the deck?\n— Robin', 'Hi Kim - quick question about your rollout.\n— Robin'];
    const { slots } = pipeline(SENIOR_ENGINEER, campaign({ tone: '', exemplars }));
    expect(slots[0].content).toMatch(/^Hi Priya - /);
    expect(slots[1].content).toMatch(/^Hi Priya,\n/);
    expect(slots[1].content.endsWith('\n— Robin Vale')).toBe(true);
    const formal = pipeline(SENIOR_ENGINEER, campaign({ tone: 'formal', exemplars: ['Dear Dr. Ode,\n\nThank you.\n\nSincerely,\nRobin'] }));
    expect(formal.slots[1].content).toMatch(/^Dear Priya,\n\n/);
    expect(formal.slots[1].content).toMatch(/\n\nSincerely,\nRobin Vale$/);
  });

  it('keeps follow-ups near the length of short exemplars', () => {
    const short = ['Hi Al,\n\nShort one: want the notes?\n\nBest,\nRobin'];
    const { slots } = pipeline(SENIOR_ENGINEER, campaign({ tone: '', exemplars: short }));
    const long = pipeline(SENIOR_ENGINEER, campaign({ tone: '' })).slots;
    expect(slots[1].content.length).toBeLessThanOrEqual(long[1].content.length);
    // The call to action may go on after a condition ("If ..., open to..."): its words stay as written.
    expect(slots[2].content.toLowerCase()).toContain('open to a 15-minute call next week?');
  });

  it('uses a fallback ask when the campaign has no CTA', () => {
    const { slots } = pipeline(NO_TITLE, campaign({ cta: '' }));
    expect(slots[2].content).toMatch(/\?/);
  });
});

describe('a talk of an event that is over, or of no known year', () => {
  it('is never one to catch, where the same talk next year may be', () => {
    const notes = (conferenceName: string) =>
      Array.from(
        { length: 40 },
        (_, turn) =>
          pipeline(speaker({ name: `Lars Eriksen${'s'.repeat(turn)}`, talks: [{ title: 'Retries Without Regret' }], conferenceName, turn }), campaign())
            .slots[0]?.content ?? '',
      ).join('\n');
    expect(notes('DevDays 2019')).not.toMatch(/to catch|worth catching/);
    expect(notes(`DevDays ${new Date().getFullYear() + 1}`)).toMatch(/to catch|worth catching/);
    // An event of no known year may be over: its talk is not said to be one to catch either.
    expect(notes('DevDays')).not.toMatch(/to catch|worth catching/);
  });
});

describe('a hands-on session its title names', () => {
  it('is "your masterclass" or "your workshop", never "your talk", when the title says so in any of the page\'s languages', () => {
    const texts = (title: string) =>
      Array.from({ length: 12 }, (_, turn) => speaker({ name: 'Lars Eriksen', title: 'Consultant', company: 'Fjord HR', talks: [{ title }], turn }))
        .flatMap((s) => pipeline(s, campaign()).slots.map((x) => x.content))
        .join('\n');
    const master = texts('EventStorming Masterclass');
    expect(master).not.toMatch(/your talk "EventStorming/i);
    expect(master).toMatch(/your masterclass "EventStorming Masterclass"/i);
    const taller = texts('Taller sobre herramientas de Software Libre');
    expect(taller).not.toMatch(/your talk "Taller/i);
    expect(taller).toMatch(/your workshop "Taller sobre herramientas/i);
  });
});

describe('a session the page calls a panel', () => {
  it('is never "your talk" once the page said panel, where the same title alone would be', () => {
    const texts = (kind?: string) =>
      Array.from({ length: 12 }, (_, turn) =>
        speaker({
          name: 'Lars Eriksen',
          title: 'Chief People Officer',
          company: 'Fjord HR',
          talks: [{ title: 'Hiring Across Time Zones', ...(kind ? { kind } : {}) }],
          turn,
        }),
      )
        .flatMap((s) => pipeline(s, campaign()).slots.map((x) => x.content))
        .join('\n');
    const plain = texts();
    const panel = texts('panel');
    expect(plain).toMatch(/your talk "Hiring Across Time Zones"/i);
    expect(panel).not.toMatch(/your talk "Hiring/i);
    expect(panel).toMatch(/the panel "Hiring Across Time Zones"/i);
    // A session the page gives several people is theirs no more than a panel is.
    const shared = texts('session');
    expect(shared).not.toMatch(/your (?:talk|session) "Hiring/i);
    expect(shared).toMatch(/the session "Hiring Across Time Zones"/i);
  });
});
