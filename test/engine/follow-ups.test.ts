import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { secondNote, type Scene } from '../../src/engine/offline/follow-ups.js';
import { taskOf } from '../../src/engine/offline/task.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import type { CampaignBrief, DraftSlot, SpeakerInput } from '../../src/engine/types.js';
import { campaign, EMPTY_ICP, speaker, tracewise } from './fixtures.js';

function drafts(s: SpeakerInput, c: CampaignBrief): DraftSlot[] {
  return draftSlots(s, researchSpeaker(s, enrichSpeaker(s), c), c);
}

const TRACEWISE = tracewise({
  positioning: 'We work with engineering teams that run production web services.',
  icp: { ...EMPTY_ICP, titles: ['Software Engineer', 'Developer', 'Architect'], keywords: ['javascript', 'web', 'performance'] },
});

/** The three messages to a speaker of the Tracewise campaign, as one text. */
const sequenceText = (s: SpeakerInput): string =>
  drafts(s, TRACEWISE)
    .map((d) => d.content)
    .join('\n');

const FIRSTS = [
  'Ana',
  'Ben',
  'Chloe',
  'Dev',
  'Eva',
  'Femi',
  'Gus',
  'Hana',
  'Ivo',
  'Jun',
  'Kai',
  'Lena',
  'Milo',
  'Nora',
  'Omar',
  'Pia',
  'Quinn',
  'Rosa',
  'Sam',
  'Tess',
];
const COMPANIES = ['Fastbank', 'Shopline', 'Cartwheel', 'Mapster', 'Tixly'];
const TALKS = ['Scaling Node.js at the Edge', 'Debugging React in Production', 'A Year of TypeScript', 'Faster ASP.NET APIs', 'Web Performance Budgets'];

/** Forty engineers on one web conference's page, each with a role, an employer and a talk. */
const engineers = Array.from({ length: 40 }, (_, i) =>
  speaker({
    name: `${FIRSTS[i % FIRSTS.length]} Example${i}`,
    title: i % 2 ? 'Senior Software Engineer' : 'Frontend Developer',
    company: COMPANIES[i % COMPANIES.length],
    talks: [{ title: TALKS[i % TALKS.length] }],
    conferenceName: 'WebConf 2019',
  }),
);
const campaignDrafts = engineers.map((s) => drafts(s, TRACEWISE));

describe('follow-ups a sales manager would send', () => {
  it("says the product's task at most once across the two follow-ups", () => {
    for (const slots of campaignDrafts) {
      const both = `${slots[1].content}\n${slots[2].content}`;
      expect(both.match(/which request got slow/g)?.length ?? 0, both).toBeLessThanOrEqual(1);
      // The last note is the call to action in another frame, not the task again.
      expect(slots[2].content, slots[2].content).not.toContain('which request got slow');
    }
  });

  it('frames the call to action several ways across a campaign, none in more than a quarter of the last notes', () => {
    const frames = new Map<string, number>();
    for (const slots of campaignDrafts) {
      const body = slots[2].content.split('\n\n')[1] ?? '';
      const frame = body.replace(/would a 20-minute call next week be worth it\?/i, '<cta>');
      expect(frame).toContain('<cta>');
      frames.set(frame, (frames.get(frame) ?? 0) + 1);
    }
    expect(frames.size).toBeGreaterThanOrEqual(5);
    expect(Math.max(...frames.values())).toBeLessThanOrEqual(campaignDrafts.length / 4);
  });

  it('comes back to the talk of the first note in the last one, never to their employer alone', () => {
    const last = campaignDrafts.map((d) => d[2].content);
    for (const text of last) expect(text).not.toMatch(/how things (?:run|work) at|your own setup at/);
    expect(last.filter((t) => TALKS.some((title) => t.includes(title))).length).toBeGreaterThan(last.length / 2);
  });

  it('keeps the follow-ups short: a second message of at most three sentences', () => {
    for (const slots of campaignDrafts) {
      const body = slots[1].content.split('\n\n')[1] ?? '';
      expect(body.split(/(?<=[.?!])\s+(?=[A-Z])/).length, body).toBeLessThanOrEqual(3);
      expect(body.length, body).toBeLessThanOrEqual(260);
    }
  });

  it('never wishes luck for a talk at an event whose year is past, and says hello with the offer instead of filler', () => {
    const c = campaign({ ...TRACEWISE, icp: { ...EMPTY_ICP, titles: ['CTO'] } });
    const past = Array.from({ length: 30 }, (_, i) =>
      speaker({ name: `${FIRSTS[i % FIRSTS.length]} Past${i}`, talks: [{ title: `Women in open source, part ${i}` }], conferenceName: 'Freedom Days 2014' }),
    );
    for (const s of past) {
      const text = drafts(s, c)
        .map((d) => d.content)
        .join('\n');
      expect(text).not.toMatch(/good luck|all the best with your talk/i);
      // A talk about people is never tied to the product's problem: the sender may say what they do, not that the talk is about it.
      for (const sentence of text.split(/(?<=[.?!:])\s+/))
        expect(sentence.includes('Women in open source') && /request got slow/.test(sentence), sentence).toBe(false);
      expect(text).not.toMatch(/built for it|the job Tracewise does|I ask because|Tracewise does exactly|We built Tracewise|point of Tracewise/);
    }
    const nothing = drafts(speaker({ name: 'Lee Park', conferenceName: 'Freedom Days 2014' }), c)[1].content;
    expect(nothing).toMatch(/Tracewise/);
    expect(nothing).not.toMatch(/only a proper hello|line-up and wanted to say hello|thanks for putting it out there/i);
  });

  it('reads a talk as on the trade by its event when its title is in another language, and a talk at an event of another field as not', () => {
    const c = campaign({ ...TRACEWISE, icp: { ...EMPTY_ICP, titles: ['CTO'] } });
    const python = drafts(speaker({ name: 'Timo Peigne', talks: [{ title: 'Mesurer tout, tout le temps' }], conferenceName: 'PyConFR 2012' }), c)[1].content;
    // A fit reader's note: the product's task or their view of it, never the far reader's request for a name.
    expect(python).toMatch(/which request got slow|observability tool/);
    expect(python).not.toMatch(/no (?:sales )?pitch|a name/i);
    const garden = drafts(
      speaker({ name: 'Vera Seitz', talks: [{ title: 'Geschichte der Gartenkultur in Europa' }], conferenceName: 'European Permaculture Convergence 2021' }),
      c,
    )[1].content;
    // Said as what the sender does, never asked as their problem.
    expect(garden).not.toMatch(/which request got slow\?|how [^.?]*which request got slow/);
  });

  it('asks to connect with one hedge, not two', () => {
    for (let i = 0; i < 200; i++) {
      const note = drafts(speaker({ name: `${FIRSTS[i % FIRSTS.length]} Hedge${i}`, company: 'Acme', title: 'Engineer' }), TRACEWISE)[0].content;
      expect(note).not.toMatch(/(?:mind if|open to|okay to|happy to)[^?]*, (?:if|should) /i);
    }
  });

  it('names "the European Commission" and an event without the page heading before it', () => {
    const s = speaker({ name: 'Pieter Frenssen', company: 'European Commission', title: 'Developer', conferenceName: 'Programm ZeTeCo' });
    const all = sequenceText(s);
    expect(all).not.toMatch(/at European Commission/);
    expect(all).not.toContain('Programm');
  });

  it('greets a reader whose name the page gives in Chinese script by that name', () => {
    const slots = drafts(speaker({ name: '王鹏', company: 'ThoughtWorks', title: 'Architect' }), TRACEWISE);
    for (const d of slots) expect(d.content).toMatch(/^Hey 王鹏[, ]/);
  });

  it('builds a second message on the talk when nothing else is known of the reader, never on a missing fact', () => {
    // A reader the product does not fit, known only by a panel whose title is too long to quote.
    const scene: Scene = {
      fact: null,
      talk: 'your panel',
      task: taskOf(TRACEWISE.pitch),
      product: 'Tracewise',
      offer: 'observability for .NET and JavaScript apps',
      unit: 'you',
      where: '',
      event: null,
      fit: false,
      colleagues: false,
    };
    for (let turn = 0; turn < 24; turn++) {
      const text = secondNote(scene, turn) ?? '';
      expect(text, text).not.toMatch(/\b(?:null|undefined)\b|^\s*[a-z]/);
    }
  });

  it('opens no message of any slot, the call to action included, with a sentence a tenth of a campaign of forty shares', () => {
    const turned = engineers.map((s, turn) => draftSlots({ ...s, turn }, researchSpeaker(s, enrichSpeaker(s), TRACEWISE), TRACEWISE));
    for (const slot of [0, 1, 2] as const) {
      const count = new Map<string, number>();
      for (const slots of turned) {
        const text = slots[slot].content;
        const body = slot === 0 ? text.replace(/^\S+ [^,]+,\s*/, '') : (text.split('\n\n')[1] ?? '');
        const opening = body.split(/(?<=[.?!])\s+/)[0] ?? '';
        count.set(opening, (count.get(opening) ?? 0) + 1);
      }
      expect(Math.max(...count.values()), `slot ${slot + 1}: ${[...count].sort((a, b) => b[1] - a[1])[0]}`).toBeLessThanOrEqual(4);
    }
  });

  it("takes the follow-ups' wordings in turn through a campaign: no opening or closing sentence in more than a tenth of forty", () => {
    const turned = engineers.map((s, turn) => draftSlots({ ...s, turn }, researchSpeaker(s, enrichSpeaker(s), TRACEWISE), TRACEWISE));
    for (const slot of [1, 2] as const) {
      const count = new Map<string, number>();
      for (const slots of turned) {
        const body = (slots[slot].content.split('\n\n')[1] ?? '').replace(/Would a 20-minute call next week be worth it\?/, '');
        const said = body.split(/(?<=[.?!])\s+/).filter(Boolean);
        for (const line of new Set([said[0], said[said.length - 1]])) {
          const key = (line ?? '').replace(/"[^"]*"|\b[A-Z][\w.]*\b/g, 'X');
          count.set(key, (count.get(key) ?? 0) + 1);
        }
      }
      expect(
        Math.max(...count.values()),
        [...count]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .join(' | '),
      ).toBeLessThanOrEqual(4);
    }
  });

  it('names an employer whose name holds a legal form or a web address, never a label and its value', () => {
    const inc = drafts(speaker({ name: 'Ivo Dvorak', company: 'Stoneware Inc.', title: 'Operations Engineer', conferenceName: 'WebConf 2019' }), TRACEWISE);
    // The legal form is left off, as people say the name ("Delivery Hero", not "Delivery Hero Holding GmbH").
    expect(inc[0].content).toContain('Stoneware');
    expect(inc.map((d) => d.content).join('\n')).not.toMatch(/Stoneware Inc/u);
    const domain = drafts(speaker({ name: 'Gosia Pietrak', company: 'Mountainfolk.pl', conferenceName: 'WebConf 2019' }), TRACEWISE);
    expect(domain[0].content).toContain('Mountainfolk.pl');
    const furniture = drafts(speaker({ name: 'Stan Kowal', company: 'keynote video slides: pdf', conferenceName: 'WebConf 2019' }), TRACEWISE);
    expect(furniture.map((d) => d.content).join('\n')).not.toContain('slides');
  });

  it('opens on what the bio says they made or work on when the page gives nothing else', () => {
    const written = (fields: Parameters<typeof speaker>[0]) => drafts(speaker(fields), TRACEWISE).map((d) => d.content);
    const made = written({
      name: 'Dana Stenmark',
      bio: 'Dana is the founder and lead developer of Quillpress, the markdown engine, and has built open tools for years.',
      conferenceName: 'Joy Days 2025',
    });
    expect(made[0]).toContain('your work on Quillpress');
    const research = written({
      name: 'Mira Ferrer',
      bio: 'Dr. Ferrer’s research focuses on investigating the role of sleep patterns in heart disease.',
      conferenceName: 'Heart Days 2022',
    });
    expect(research[0]).toMatch(/your (?:work|research) on the role of sleep patterns/);
    expect(research[0]).not.toMatch(/on investigating/);
    // A founder in the page's own language; the organisation a bio says they lead, without its legal form.
    const abroad = written({ name: 'Rafa Ortega', tagline: 'CEO y fundador de Viajaluz Travel, una agencia de viajes.', conferenceName: 'Datos 2016' });
    expect(abroad[0]).toContain('your work on Viajaluz Travel');
    const lead = written({
      name: 'Kenji Mori',
      bio: 'He is a free software programmer and the president of Brightline Inc. He named the company.',
      conferenceName: 'RubyConf 2019',
    });
    expect(lead[0]).toMatch(/\bas president of Brightline\b/);
    expect(lead.join('\n')).not.toContain('Brightline Inc');
    // "President of a small agency" names no one.
    const vague = written({ name: 'Kenji Mori', bio: 'He is the president of a small agency.', conferenceName: 'RubyConf 2019' });
    expect(vague[0]).not.toMatch(/your work (?:at|on) a small agency|president of a small agency/);
  });

  it('opens on a line of the bio rather than the business card, and the follow-ups stay on it', () => {
    const said = (bio: string) =>
      drafts(speaker({ name: 'Tove Lindahl', title: 'Software Engineer', company: 'Quarry Data', bio, conferenceName: 'WebConf 2019' }), TRACEWISE).map(
        (d) => d.content,
      );
    const tool = said('Tove is a software engineer working for Quarry Data, using her time to develop static analysis for pull request review.');
    expect(tool[0]).toContain('your work on static analysis for pull request review');
    // The follow-ups say it again by its head, not the whole phrase lifted once more.
    expect(tool[1]).toContain('static analysis');
    expect(tool[2]).toContain('static analysis');
    expect(tool.join('\n')).not.toMatch(/your (?:job|role|work) as a Software Engineer/i);
    // "The author of X" is something they made; "and works at" ends what they work on.
    expect(said('The author of Ledgerline. Works at Quarry Data.')[0]).toContain('your work on Ledgerline');
    expect(said('Tove is a PhD student with a focus on graph databases and works at Quarry Data on the web team.')[0]).toMatch(
      /your (?:work|research) on graph databases(?! and works)/,
    );
    expect(said('Tove is deeply interested in distributed tracing standards.')[0]).toContain('your interest in distributed tracing standards');
    // One broad word is nobody's area.
    expect(said('Tove is passionate about software.')[0]).not.toContain('your interest in software');
  });

  it('says a lifted bio phrase with its article, cuts it only where it still names a thing, and reads what they deal with and studied', () => {
    const said = (bio: string, title = 'Software Engineer') =>
      drafts(speaker({ name: 'Tove Lindahl', title, company: 'Quarry Data', bio, conferenceName: 'WebConf 2019' }), TRACEWISE).map((d) => d.content);
    expect(said('Tove is deeply interested in OpenStack cloud platform and open source.')[0]).toContain('your interest in the OpenStack cloud platform');
    const nominal = said("Tove's research focuses on identification of aging-related biomarkers in large cohorts.");
    expect(nominal[0]).toMatch(/your (?:work|research) on the identification of aging-related biomarkers/);
    expect(nominal.join('\n')).not.toMatch(/on identification/);
    // "the role of dietary" names nothing: the short form goes on to the next cut.
    const pair = said('Tove is deeply interested in the intersection of data science and product design.');
    expect(pair.join('\n')).not.toMatch(/the intersection of data science(?! and)/);
    expect(pair.join('\n')).not.toMatch(/interest in [^.]* with interest/);
    const cut = said("Tove's research focuses on investigating the role of dietary and lifestyle factors in chronic diseases.");
    expect(cut.join('\n')).not.toMatch(/the role of dietary(?! and)/);
    expect(said('Tove works as a software developer dealing with Ruby on Rails applications, complex queries and performance issues.')[0]).toContain(
      'your work on Ruby on Rails applications',
    );
    // "Responsible for a couple of projects" names none of them.
    expect(said('Tove is responsible for a couple of projects at Quarry Data.').join('\n')).not.toMatch(/couple of projects/);
    // With nothing else of theirs, what they studied is the follow-up's fact rather than the job title once more.
    const studied = said(
      'Tove is a Data Scientist at Quarry Data. She graduated from Pomona College in 2017 with degrees in Mathematics and Economics.',
      'Data Scientist',
    );
    expect(studied[1]).toMatch(/your background in Mathematics and Economics/i);
    const both = said(
      'Tove is a Data Scientist at Quarry Data. She holds degrees in both Business Administration and Information Technology.',
      'Data Scientist',
    );
    expect(both[1]).toMatch(/your background in Business Administration and Information Technology/i);
  });

  it('quotes a talk of their own before a session of questions from the floor, and never a co-speaker left on its title', () => {
    const s = speaker({
      name: 'Rainer Stark',
      title: 'CTO',
      company: 'Quarry Data',
      conferenceName: 'Global Azure 2021',
      talks: [{ title: 'Azure - Ask us Anything' }, { title: 'Web API Security With Azure Active Directory' }],
    });
    const text = sequenceText(s);
    expect(text).toContain('"Web API Security With Azure Active Directory"');
    expect(text).not.toContain('Ask us Anything');
    const shared = speaker({
      name: 'Zeyno Ustun',
      conferenceName: 'Radical Networks 2017',
      talks: [{ title: 'Critical Use of Complex Networks Burak Arikan +' }],
    });
    const quoted = sequenceText(shared);
    expect(quoted).toContain('"Critical Use of Complex Networks"');
    expect(quoted).not.toContain('Arikan');
    // A title ending in a language's own plus signs keeps them.
    expect(sequenceText(speaker({ name: 'Serge Guel', conferenceName: 'rC3', talks: [{ title: 'Parallel loops with OpenMP + C++' }] }))).toContain(
      'OpenMP + C++"',
    );
    // A topic read from a talk title is what they spoke on, not an area they work in.
    const spoke = sequenceText(speaker({ name: 'John Gray', conferenceName: 'DevFest 2014', talks: [{ title: '"Scaling" Angular apps' }] }));
    expect(spoke).not.toContain('your work on Angular');
    // A long title is said by its head only when the head names the talk, not when it asks what the subtitle answers.
    const setup = speaker({
      name: 'Aiko Kloster',
      conferenceName: 'rC3',
      talks: [{ title: 'Artificial Intelligence? - more like Artificial Stupidity, and what that means for the rest of us' }],
    });
    expect(sequenceText(setup)).not.toMatch(/"Artificial Intelligence\?"/);
    // The host's "Introduction" and "Close" are slots of the day, not talks.
    const host = speaker({
      name: 'Simon Bald',
      conferenceName: 'AIConf 2019',
      talks: [{ title: 'Introduction' }, { title: 'Close' }, { title: 'Welcome Note' }],
    });
    expect(sequenceText(host)).not.toMatch(/"(?:Introduction|Close|Welcome Note)"/);
  });

  it("never says a page's heading where the event's name belongs, nor a title the page cut short", () => {
    const cut = speaker({ name: 'Flavio Pisa', conferenceName: 'Timetable', talks: [{ title: 'Relatore CdL in ...' }] });
    expect(sequenceText(cut)).not.toMatch(/Relatore|Timetable/);
    const ours = speaker({ name: 'Valentina Tirra', conferenceName: 'Nos intervenants' });
    expect(sequenceText(ours)).not.toMatch(/intervenants/i);
    const joined = speaker({ name: 'Rita Wulf', conferenceName: 'Programação e Palestrantes Women Dev Summit 2019' });
    const said = sequenceText(joined);
    expect(said).toContain('Women Dev Summit 2019');
    expect(said).not.toMatch(/Programação|Palestrantes/);
    const only = speaker({ name: 'Rita Wulf', conferenceName: 'Programação e Convidados' });
    expect(sequenceText(only)).not.toMatch(/Convidados/);
  });

  it('says a talk whose title names a site by the head of its title, never dropping the talk nor quoting the address', () => {
    const s = speaker({
      name: 'Gustavo Panta',
      conferenceName: 'DevDay 2018',
      talks: [{ title: 'Resiliência em micro-serviços: cache distribuído, feedback, algoritmos e tuning na Globo.com' }],
    });
    const slots = drafts(s, TRACEWISE).map((d) => d.content);
    expect(slots[0]).toContain('"Resiliência em micro-serviços"');
    expect(slots.join('\n')).not.toContain('Globo.com');
  });

  it("says an employer the page decorates with its address by its name, and never a channel's handle as one", () => {
    const text = (company: string) =>
      drafts(speaker({ name: 'Jose Izquierdo', title: 'Systems Engineer', company, conferenceName: 'GORE 34' }), TRACEWISE)
        .map((d) => d.content)
        .join('\n');
    const juniper = text('JUNIPER (https://www.juniper.net/)');
    expect(juniper).toContain('Juniper');
    expect(juniper).not.toMatch(/https?:|JUNIPER/);
    expect(text('Canal Youtube - @alexarizanet')).not.toMatch(/Canal Youtube|@alexarizanet/);
    // An acronym's capitals are the name's own.
    expect(text('SFEIR')).toContain('SFEIR');
    // Too long to say whole, an employer is said by the short form its brackets give.
    expect(text('Australian Information Industry Association (AIIA)')).toMatch(/\bAIIA\b/);
  });

  it('keeps a role whole when the page splits it inside brackets', () => {
    const slots = drafts(
      speaker({ name: 'Manu Palat', title: 'Software Architect (Lead/Principal)', company: 'Devtools Co', conferenceName: 'WebConf 2019' }),
      TRACEWISE,
    );
    for (const d of slots) expect(d.content, d.content).not.toMatch(/\([^)]*$/m);
  });

  it('asks a speaker of a software event about the product even when the page gives no talk', () => {
    const c = campaign({ ...TRACEWISE, icp: { ...EMPTY_ICP, titles: ['CTO'] } });
    const text = drafts(speaker({ name: 'Jeremy Evanson', company: 'Kyoto Labs', conferenceName: 'RubyKaigi 2019' }), c)[1].content;
    // The task question, or their view of the product said by what it is.
    expect(text).toMatch(/request got slow|observability tool/);
    expect(text).toMatch(/\?/);
  });

  it('tells a poor fit what the product is before asking for a name, and never calls their talk the reason for a call', () => {
    const c = campaign({ ...TRACEWISE, icp: { ...EMPTY_ICP, titles: ['CTO', 'VP Engineering'] } });
    for (let i = 0; i < 12; i++) {
      const slots = drafts(
        speaker({
          name: `${FIRSTS[i]} Gardner${i}`,
          company: 'Green Acres',
          talks: [{ title: `Geschichte der Gartenkultur ${i}` }],
          conferenceName: 'European Permaculture Convergence 2021',
        }),
        c,
      );
      expect(slots[1].content).toMatch(
        /observability for \.NET and JavaScript apps|observability for engineering teams|an observability tool|(?:quick to|helps engineering teams|who need to) \w+(?: \w+)? which request got slow|helping engineering teams find slow requests|Tracewise[^.]*which request got slow|which request got slow[^.]*Tracewise/,
      );
      // Never asked about the product's task.
      expect(slots[1].content).not.toMatch(/which request got slow\?/);
      expect(slots[2].content).not.toMatch(/reason I got in touch|made me write|made me reach out|put you on my radar|why you came to mind/);
    }
  });
  it('names a long talk by its quoted title in the follow-ups, never as "your <event> talk"', () => {
    const title = 'Continuous Delivery for Mobile Apps with Pipelines, Feature Flags and Staged Rollouts';
    for (let i = 0; i < 8; i++) {
      const slots = drafts(
        speaker({
          name: `${FIRSTS[i]} Okafor${i}`,
          title: 'Mobile Developer',
          company: 'Tixly',
          talks: [{ title }],
          conferenceName: 'Mobile Days Europe 2019',
        }),
        TRACEWISE,
      );
      expect(slots[1].content).toContain(`"${title}"`);
      expect(slots[1].content).not.toMatch(/your Mobile Days Europe 2019 talk/i);
    }
  });
});
