import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { splitTagline } from '../../src/scrape/normalize.js';
import { byCommaConvention } from '../../src/scrape/extractors/tagline-column.js';
import { isSectionTitle } from '../../src/scrape/extractors/talk-title.js';
import type { FetchPage, Page } from '../../src/scrape/types.js';

const offline: FetchPage = async (url) => {
  throw new Error(`no fetch expected: ${url}`);
};
const html = (body: string): Page => ({
  url: 'https://conf.example/speakers',
  status: 200,
  contentType: 'text/html',
  body: `<!doctype html><html><head><title>Speakers | Quillcon 2031</title></head><body>${body}</body></html>`,
});

describe('a group\'s "Title, Organisation" convention', () => {
  it('does not cut an organisation\'s own name at "at"', () => {
    expect(splitTagline('University of Northmoor at Eastfield')).toEqual({ title: null, company: null });
    expect(splitTagline('Research Engineer at Northmoor Institute')).toEqual({ title: 'Research Engineer', company: 'Northmoor Institute' });
  });

  it('reads a line by the convention: title and organisation, or an organisation alone', () => {
    expect(byCommaConvention('Experimental Glaciologist, Northmoor University')).toEqual({
      title: 'Experimental Glaciologist',
      company: 'Northmoor University',
    });
    expect(byCommaConvention('Undergraduate, Eastfield Astronomy')).toEqual({ title: 'Undergraduate', company: 'Eastfield Astronomy' });
    expect(byCommaConvention('Brackenridge Analytics')).toEqual({ company: 'Brackenridge Analytics' });
    expect(byCommaConvention('University of Northmoor at Eastfield')).toEqual({ company: 'University of Northmoor at Eastfield' });
    // Two organisations, a place, a role, a sentence: not read.
    expect(byCommaConvention('Harwick College, NMNH')).toBeNull();
    expect(byCommaConvention('Berlin')).toBeNull();
    expect(byCommaConvention('Director of Outreach for the Eastfield Observatory')).toBeNull();
    expect(byCommaConvention('She studies ice. Then she writes about it.')).toBeNull();
  });

  it('applies on a page where most role lines are "Title, Organisation"', async () => {
    const cards = [
      ['Ilse Marwood', 'Professor, Northmoor University'],
      ['Tomas Brandl', 'Senior Editor, Quarterly Orbit'],
      ['Nia Okafor', 'Assistant Professor, Eastfield College'],
      ['Oren Falk', 'Experimental Glaciologist, Northmoor University'],
      ['Lio Sarrazin', 'Brackenridge Analytics'],
      ['Ute Harwick', 'Harwick College, NMNH'],
    ];
    const page = html(`<div class="people">${cards.map(([n, r]) => `<div class="person"><h3>${n}</h3><h4>${r}</h4></div>`).join('')}</div>`);
    const out = await extractSpeakers(page, offline);
    const byName = Object.fromEntries(out.speakers.map((s) => [s.name, [s.title, s.company]]));
    expect(byName['Oren Falk']).toEqual(['Experimental Glaciologist', 'Northmoor University']);
    expect(byName['Lio Sarrazin']).toEqual([null, 'Brackenridge Analytics']);
    expect(byName['Ute Harwick']).toEqual([null, null]);
    // The rest were split by the splitter itself.
    expect(byName['Tomas Brandl']).toEqual(['Senior Editor', 'Quarterly Orbit']);
  });

  it('leaves organisation-only lines alone where the page does not write "Title, Organisation"', async () => {
    const cards = [
      ['Ilse Marwood', 'Brackenridge Analytics'],
      ['Tomas Brandl', 'Loves ice and maps'],
      ['Nia Okafor', 'Quiet data, loud results'],
      ['Oren Falk', 'Writes about glaciers'],
    ];
    const page = html(`<div class="people">${cards.map(([n, r]) => `<div class="person"><h3>${n}</h3><h4>${r}</h4></div>`).join('')}</div>`);
    const out = await extractSpeakers(page, offline);
    expect(out.speakers.find((s) => s.name === 'Nia Okafor')).toMatchObject({ title: null, company: null });
  });
});

describe('section headings', () => {
  it('are not talks when they name a group of people', () => {
    for (const heading of ['Plenary Speakers', 'Conference Dinner Speaker', 'Breakout Session Contributors', 'Invited Panelists', 'Keynote Speaker'])
      expect(isSectionTitle(heading)).toBe(true);
    for (const talk of ['Undergraduate Research', 'Mental Wellness', 'Careers Tangential to Physics']) expect(isSectionTitle(talk)).toBe(false);
  });
});

describe('cards whose name heading sits outside the repeated block', () => {
  it("read the heading as the name, not the bio's first line, and never as a talk", async () => {
    const people = [
      ['Orla Penwright', 'Data Scientist', 'Brambleworks'],
      ['Teodor Vask', 'Assistant Professor', 'Lindenfield College'],
      ['Ines Maribel Ocampo', 'Statistician', 'Quarrystone'],
    ];
    const card = ([name, role, org]: string[]) => `<div class="col"><img src="/p.jpg" alt=""><div class="head"><h2>${name}</h2></div>
      <div class="member"><h5>${role}</h5><div><a href="https://example.org/${org}">${org}</a></div>
      <div class="description"><p>${(name as string).split(' ')[0]} ${(name as string).split(' ').at(-1)}</p><p>graduated from Northmoor in 2015 and works on ${org} data. She writes about counting things carefully.</p></div></div></div>`;
    const out = await extractSpeakers(html(`<div class="row">${people.map(card).join('')}</div>`), offline);
    expect(out.speakers.map((s) => [s.name, s.title, s.talks[0]?.title ?? null])).toEqual([
      ['Orla Penwright', 'Data Scientist', null],
      ['Teodor Vask', 'Assistant Professor', null],
      ['Ines Maribel Ocampo', 'Statistician', null],
    ]);
  });
});

describe('session blocks with one or two speakers', () => {
  const speaker = (name: string, job: string, org: string, split: boolean) =>
    `<div class="speaker"><img src="/a.jpg" alt=""><div class="speaker-body"><p class="speaker-name">${name}</p>` +
    (split
      ? `<p class="speaker-title"><span class="speaker-job">${job}</span><span class="speaker-org">at ${org}</span></p>`
      : `<p class="speaker-title">${job}<span class="speaker-org">at ${org}</span></p>`) +
    `<p class="speaker-url"><span>Twitter:</span><a href="https://example.org/${name.split(' ')[0]}">${name.split(' ')[0]?.toLowerCase()}</a></p>` +
    `<p class="speaker-url"><span>GitHub:</span><a href="https://example.net/${name.split(' ')[0]}">${name.split(' ')[0]?.toLowerCase()}</a></p></div></div>`;
  const session = (title: string, people: string[]) =>
    `<div class="session"><div class="session-speaker">${people.join('')}</div><div class="session-body"><div class="session-title"><span>${title}</span></div><div class="session-summary">A summary of the session that runs long enough to read as prose about it.</div></div></div>`;

  it('gives each co-presenter a record, the job beside the organisation, and the session as talk', async () => {
    const page = html(
      `<ul class="sessions">${[
        session('Typesetting the Long Tail', [speaker('Orla Penwright', 'Senior Design Engineer', 'Brambleworks', true)]),
        session('BFFのDeveloper Experience', [speaker('Teodor Vask', 'Senior Frontend Engineer', 'Lindenfield', true)]),
        session('Queues Without Tears', [
          speaker('Ines Ocampo', 'Lead Web Developer', 'Quarrystone', false),
          speaker('Mirek Dobes', 'Senior Frontend Engineer', 'Quarrystone', false),
        ]),
        session('Colour on a Budget', [speaker('Lio Sarrazin', 'Principal Product Designer', 'Pivoine', true)]),
      ]
        .map((s) => `<li>${s}</li>`)
        .join('')}</ul>`,
    );
    const out = await extractSpeakers(page, offline);
    expect(out.speakers.map((s) => [s.name, s.title, s.company, s.talks[0]?.title])).toEqual([
      ['Orla Penwright', 'Senior Design Engineer', 'Brambleworks', 'Typesetting the Long Tail'],
      ['Teodor Vask', 'Senior Frontend Engineer', 'Lindenfield', 'BFFのDeveloper Experience'],
      ['Ines Ocampo', 'Lead Web Developer', 'Quarrystone', 'Queues Without Tears'],
      ['Mirek Dobes', 'Senior Frontend Engineer', 'Quarrystone', 'Queues Without Tears'],
      ['Lio Sarrazin', 'Principal Product Designer', 'Pivoine', 'Colour on a Budget'],
    ]);
  });
});

describe('what does not read as a name', () => {
  it('a word mixing Latin letters with Han or kana, and a job title in capitals', async () => {
    const { nameScore } = await import('../../src/scrape/extractors/html-names.js');
    expect(nameScore('BFFのDeveloper Experience')).toBe(0);
    expect(nameScore('Senior Design Engineerat Brambleworks')).toBeLessThan(0.5);
    expect(nameScore('Orla Penwright')).toBe(1);
    expect(nameScore('山田太郎')).toBeGreaterThan(0.5);
  });
});

describe('a stand-alone role line opening the bio', () => {
  it('is read when it names a role, and not when it is a sentence, a name alone or long', async () => {
    const { readRoleLine } = await import('../../src/scrape/extractors/role-line.js');
    expect(readRoleLine('Director Gerente de Puerto Brumaire Global.')).toEqual({ title: 'Director Gerente', company: 'Puerto Brumaire Global' });
    expect(readRoleLine('Co-fundador de 12 Grados')).toEqual({ title: 'Co-fundador', company: '12 Grados' });
    expect(readRoleLine('Data Engineer at Quarrystone')).toEqual({ title: 'Data Engineer', company: 'Quarrystone' });
    expect(readRoleLine('Solution Architect')).toEqual({ title: 'Solution Architect' });
    expect(readRoleLine('Brambleworks Sistemas')).toBeNull();
    expect(readRoleLine('Ines es ingeniera de datos en Quarrystone.')).toBeNull();
    expect(readRoleLine('Taller práctico')).toBeNull();
  });
});
