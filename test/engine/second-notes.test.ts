import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import type { CampaignBrief, DraftSlot, SpeakerInput } from '../../src/engine/types.js';
import { EMPTY_ICP, labwise, speaker, tracewise } from './fixtures.js';

function drafts(s: SpeakerInput, c: CampaignBrief): DraftSlot[] {
  return draftSlots(s, researchSpeaker(s, enrichSpeaker(s), c), c);
}

/** The body of a letter, without its greeting and sign-off. */
const body = (d: DraftSlot): string => d.content.split('\n\n')[1] ?? d.content;

const TRACEWISE = tracewise({
  positioning: 'We work with engineering teams that run production web services and want to find slow requests before their users do.',
  icp: { ...EMPTY_ICP, titles: ['Software Engineer', 'Developer'], keywords: ['software', 'web', 'data', 'javascript', 'observability', 'performance'] },
});

const NAMES = ['Ana', 'Ben', 'Chloe', 'Dev', 'Eva', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lena', 'Milo', 'Nora', 'Omar', 'Pia'];

/** Speakers of a software event known by their talk alone; `titles` decides what the talks are about. */
const engineers = (titles: readonly string[], n = 40) =>
  Array.from({ length: n }, (_, i) =>
    speaker({
      name: `${NAMES[i % NAMES.length]} Sample${i}`,
      talks: [{ title: titles[i % titles.length] as string }],
      conferenceName: 'OpenTechSummit 2018',
      turn: i,
    }),
  );

/** The talk kind (and the link kind's wordings, which no reader gets any more): each ties their fact to the product. */
const TIED =
  /came close to my own work at|overlap on|have a lot in common|made me think of my work at|is what Tracewise does|the problem Tracewise was built around|lines up with my day job|which Tracewise handles|Is there a recording of|What surprised you most|draw questions you didn't expect|hope people take away|What drew you to the subject|got the liveliest reaction|take to put together|grow out of your own day-to-day|Are the slides of|as the audience for|change anything in|hardest part of/;

describe('second messages readers would send', () => {
  it('ties a fact to the product, or asks about a talk as a peer, only when the fact shares words with the pitch or the ICP', () => {
    const far = engineers([
      'Open Hardware for Emergency Cases',
      'Learn to Solder!',
      'Privacy Issues in Location-Based Apps',
      'Teaching Kids with Raspberry Pi',
    ]);
    const tied = far.map((s) => body(drafts(s, TRACEWISE)[1])).filter((t) => TIED.test(t));
    expect(tied).toEqual([]);
    // A student's "data" or "software" is everyone's word: no tie either.
    const broad = engineers(['Data analysis and visualization with Pandas', 'Contributing to free software']);
    expect(broad.map((s) => body(drafts(s, TRACEWISE)[1])).filter((t) => TIED.test(t))).toEqual([]);
    // Talks of the product's own field still get both kinds.
    const near = engineers(['JavaScript Observability in Production', 'Finding Slow Requests in .NET Services', 'Web Performance Budgets']);
    expect(near.map((s) => body(drafts(s, TRACEWISE)[1])).filter((t) => TIED.test(t)).length).toBeGreaterThan(4);
  });

  it("closes a far reader's sequence as the second message promised: no call asked of someone told there is no pitch", () => {
    const journalists = Array.from({ length: 30 }, (_, i) =>
      speaker({
        name: `${NAMES[i % NAMES.length]} Press${i}`,
        title: 'Journalist',
        company: ['El Diario', 'Der Kurier', 'La Gazzetta'][i % 3],
        talks: [{ title: `Reporting on elections, part ${i}` }],
        conferenceName: 'Jornadas de Periodismo 2016',
        turn: i,
      }),
    );
    let promised = 0;
    for (const s of journalists) {
      const [, second, last] = drafts(s, TRACEWISE).map(body);
      if (
        !/no pitch|no sales pitch|no pretending|consider this a hello|simply a hello|stays a hello|no ask today|No sales talk|friendly wave|Nothing to sell|Selling it to you/i.test(
          second ?? '',
        )
      )
        continue;
      promised += 1;
      expect(last, second).not.toMatch(/would a 20-minute call next week be worth it\?/i);
      // It still says goodbye or asks for a name, in a sentence of its own.
      expect(last).toMatch(/a name|point me|last note|is the last|stop here|won't write again|leave it|all from me|no more notes/i);
      // And it still says something of them: their employer or what was read about them.
      expect(last).toMatch(/El Diario|Der Kurier|La Gazzetta|Reporting on elections/);
    }
    expect(promised).toBeGreaterThan(10);
  });

  it("says the product in the reader's terms: the positioning pasted, a stock offer or a stock hedge in at most a tenth of a campaign", () => {
    const mixed = [
      ...engineers(['JavaScript Observability in Production', 'Web Performance Budgets', 'Open Hardware for Emergency Cases', 'Learn to Solder!'], 40),
      ...Array.from({ length: 20 }, (_, i) =>
        speaker({
          name: `${NAMES[i % NAMES.length]} Garden${i}`,
          talks: [{ title: `Community gardens in cities, ${i}` }],
          conferenceName: 'OpenTechSummit 2018',
          turn: 40 + i,
        }),
      ),
    ];
    const seconds = mixed.map((s) => body(drafts(s, TRACEWISE)[1]));
    const lasts = mixed.map((s) => body(drafts(s, TRACEWISE)[2]));
    const share = (texts: string[], re: RegExp) => texts.filter((t) => re.test(t)).length;
    expect(share(seconds, /observability for \.NET and JavaScript apps/)).toBeLessThanOrEqual(6);
    expect(share(seconds, /one offer: if/)).toBeLessThanOrEqual(6);
    expect(share([...seconds, ...lasts], /It may have nothing to offer you/)).toBe(0);
    expect(share(lasts, /Last note from me\..*I'd keep it specific/)).toBeLessThanOrEqual(2);
  });

  it('invents no team for a student whose page writes "Estudante"', () => {
    const s = speaker({ name: 'Ariana Pereira', title: 'Estudante', company: 'UEFS', conferenceName: 'JSDay Feira 2018' });
    for (const d of drafts(s, TRACEWISE)) expect(d.content).not.toMatch(/your team/);
  });

  it('says a session kind once when the title opens on it', () => {
    const s = speaker({
      name: 'Surya Mattu',
      talks: [{ title: 'Workshop: Intro to Packet Sniffing with Herbivore' }],
      conferenceName: 'Radical Networks 2017',
    });
    const text = drafts(s, TRACEWISE)
      .map((d) => d.content)
      .join('\n');
    expect(text).not.toMatch(/workshop "Workshop/i);
    expect(text).toMatch(/Intro to Packet Sniffing/);
  });

  it('leaves out a focus it cannot quote whole rather than cutting it mid-noun', () => {
    const chemistry = labwise({ icp: { ...EMPTY_ICP, titles: ['Professor', 'Researcher'], keywords: ['research', 'chemistry'] } });
    const s = speaker({
      name: 'Haina Wang',
      title: 'Researcher',
      company: 'Princeton University',
      bio: 'Her research focuses on designing intermolecular forces to achieve desired structural and functional properties of soft materials.',
    });
    const text = drafts(s, chemistry)
      .map((d) => d.content)
      .join('\n');
    expect(text).not.toMatch(/desired structural(?! and functional properties of soft materials)/);
  });

  it('never calls a round table the person sat on "your talk"', () => {
    for (let turn = 0; turn < 12; turn++) {
      const s = speaker({
        name: 'Marc Garriga',
        talks: [{ title: 'Mesa redonda sobre experiencias Open Data' }],
        conferenceName: 'Open Data Sevilla 2012',
        turn,
      });
      for (const d of drafts(s, TRACEWISE)) expect(d.content).not.toMatch(/your (?:\S+ )?talk\b|talk "/i);
    }
  });

  it('names a firm without the countries its page lists after the name', () => {
    // Across places in a campaign, so the wordings that name the firm come up.
    const text = [0, 1, 2, 3, 4, 5]
      .flatMap((turn) =>
        drafts(
          speaker({
            name: 'Raul Raja',
            title: 'Co-fundador',
            company: '47 Degrees USA y España',
            bio: 'Co-fundador de 47 Degrees USA y España. Desarrollador con experiencia en Java, Android y iOS.',
            talks: [{ title: 'Herramientas de Software Libre' }],
            conferenceName: 'Open Data Sevilla 2012',
            turn,
          }),
          TRACEWISE,
        ),
      )
      .map((d) => d.content)
      .join('\n');
    expect(text).toMatch(/47 Degrees/);
    expect(text).not.toMatch(/USA y España/);
  });
});

describe('follow-ups without the frames readers mark', () => {
  it('ties the last note of a reader known only by job title and employer to their team, not to the employer as a hook', () => {
    const people = Array.from({ length: 24 }, (_, i) =>
      speaker({ name: `${NAMES[i % NAMES.length]} Card${i}`, title: 'Software Engineer', company: `Fastbank${i}`, conferenceName: 'WebConf 2019', turn: i }),
    );
    for (const s of people) {
      const last = body(drafts(s, TRACEWISE)[2] as DraftSlot);
      expect(last, last).not.toMatch(/^Your (?:work|role|job) (?:at|as)|^What you do as/);
      expect(last, last).toMatch(/your (?:own )?(?:team|setup)|how things (?:run|work) at/);
    }
  });

  const mixed = [
    ...engineers(['JavaScript Observability in Production', 'Web Performance Budgets', 'Scaling Node.js at the Edge', 'Learn to Solder!'], 48),
    ...Array.from({ length: 24 }, (_, i) =>
      speaker({
        name: `${NAMES[i % NAMES.length]} Staff${i}`,
        title: ['Software Engineer', 'Professor', 'Developer'][i % 3],
        company: ['Acme', 'University of Bath', 'Shopline'][i % 3],
        conferenceName: 'WebConf 2019',
        turn: 48 + i,
      }),
    ),
  ];
  const sequences = mixed.map((s) => drafts(s, TRACEWISE).map(body));

  it('says the product\'s task after a verb or with the product as subject, never as a gerund hung on a frame ("the slowest part of telling which …")', () => {
    const hung =
      /\b(?:seeing|telling|knowing|determining|identifying|spotting|checking|pinpointing|tracking down|finding out|tracing|narrowing down|zeroing in on) which request got slow/i;
    for (const [, second] of sequences) expect(second).not.toMatch(hung);
  });

  it('never tells a reader they have "a lot in common" with the product or "overlap" on its task', () => {
    for (const [, second] of sequences) expect(second).not.toMatch(/overlap on|have a lot in common|lines up with my day job/);
  });

  it('writes last notes without the stock tie-backs readers saw in many sequences', () => {
    const stock =
      /goes back to|Before I let this go|caught my attention was|came as a treat|came up on my list|Either answer is useful|a name helps just as much|Best of luck with everything|pleasant while|pleasure reading up|Short and final|One last try|on the strength of/i;
    for (const [, , last] of sequences) expect(last).not.toMatch(stock);
  });

  it('never writes a follow-up as if it were the first note ("wanted to connect")', () => {
    for (const [, second] of sequences) expect(second).not.toMatch(/wanted to connect|seemed fascinating|Reading your page,/);
  });

  it('reads a talk on permaculture or world politics as another field: no call asked, and a reason for the note rather than "no ask today"', () => {
    for (const [i, title] of ['Überblick über die Permakultur in Europa', 'Der Niedergang der liberalen Weltordnung'].entries()) {
      const s = speaker({ name: `Vera Field${i}`, talks: [{ title }], conferenceName: 'rC3 2020', turn: i });
      const [, second, last] = drafts(s, TRACEWISE).map(body);
      expect(second).not.toMatch(/which request got slow\?|no ask today|friendly wave|No sales talk/i);
      expect(second).toMatch(/name|introduction|pass it on|pointer|point me|not for you|far from|not your/i);
      expect(last).not.toMatch(/would a 20-minute call next week be worth it\?/i);
    }
  });
});
