/**
 * Shapes real conference pages take that the card reader must generalise to, each
 * on a small page of its own served on loopback: sessions joined from a schedule
 * to the people listed elsewhere, companies on their own line or in a bio
 * sentence, session blocks with several speakers.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, fieldsByName } from './loopback-pages.js';

describe('Sessionize embed: speaker wall plus session grid', () => {
  it('gives each speaker the first grid session listing their speaker id, and no one for service sessions', async () => {
    const out = await extractFixture('sessionize-wall-grid.html');
    expect(out.extractor).toBe('html-sessionize-embed');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': ['Mobile Lead', 'Fjordpay', 'Offline-first Sync Without Tears'],
      'Tariq Osei': ['Developer Advocate', 'Kelpware', 'Shipping Accessible Apps, Together'],
      'Marit Quist': ['Independent Consultant', null, 'Shipping Accessible Apps, Together'],
    });
    expect(out.speakers.find((s) => s.name === 'Ines Halvorsen')?.talks.map((t) => t.title)).toEqual([
      'Offline-first Sync Without Tears',
      'Release Trains on a Budget',
    ]);
  });
});

describe('schedule tables', () => {
  it('reads each cell\'s speakers, several joined by "+", with the session the cell links to; break rows name nobody', async () => {
    const out = await extractFixture('schedule-table.html');
    expect(fieldsByName(out)).toEqual({
      'Rosa Delgado': [null, null, 'Cascade Layers in Practice'],
      'Kwame Mensah': [null, null, 'Auth at the Edge'],
      'Ilse Brandt': [null, null, 'Auth at the Edge'],
      'Jonas Lindqvist': [null, null, 'WebAssembly for the Rest of Us'],
      'Meera Pillai': [null, null, 'Accessibility Audits That Stick'],
      'Tobias Renner': [null, null, 'Performance Budgets Nobody Ignores'],
    });
  });
});

describe('agenda rows', () => {
  it('gives every speaker of a slot the slot\'s heading; breaks, registration and a bare "Keynote" give no title', async () => {
    const out = await extractFixture('agenda-rows.html');
    expect(fieldsByName(out)).toEqual({
      'Olamide Farrow': [null, null, null],
      'Henrike Vos': [null, null, 'Column Stores from First Principles'],
      'Priya Natarajan': [null, null, 'Who Owns the Pipeline?'],
      'Tomasz Wielgus': [null, null, 'Who Owns the Pipeline?'],
      'Anouk de Ruiter': [null, null, 'Who Owns the Pipeline?'],
      'Malik Haddad': [null, null, 'Testing Data Contracts'],
      'Sunniva Berg': [null, null, 'Testing Data Contracts'],
    });
    // A second slot of the same person is a second talk, not a second person.
    expect(out.speakers.find((s) => s.name === 'Henrike Vos')?.talks.map((t) => t.title)).toEqual([
      'Column Stores from First Principles',
      'Streaming Joins at the Edge',
    ]);
  });
});

describe('sessions listed with the person', () => {
  it('reads a list of sessions in each card item by item', async () => {
    const out = await extractFixture('cards-sessions.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks.map((t) => t.title)])).toEqual([
      ['Ava Lindgren', null, ['Strangling the Monolith, Gently', 'Hands-on: Minimal APIs']],
      ['Diego Ferraz', null, ['Logs, Metrics, Traces: Pick Three']],
      ['Hana Kobayashi', null, ['Containers Smaller Than Your Slides', 'Strangling the Monolith, Gently', 'Build Caching Deep Dive']],
      ['Sam Okoro', null, ['Tests You Will Not Delete']],
    ]);
  });

  it('reads the sessions from the detail a card opens (a modal elsewhere in the page)', async () => {
    const out = await extractFixture('cards-modal.html');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)])).toEqual([
      ['Nora Blake', ['Paved Roads, Not Golden Cages', 'Platform Office Hours']],
      ['Felix Arndt', ['Error Budgets for Regulators']],
      ['Yara Haddad', ['Service Meshes Without the Mess']],
    ]);
  });

  it('gives the people of a session block the session linked beside them', async () => {
    const out = await extractFixture('session-beside.html');
    expect(fieldsByName(out)).toEqual({
      'Ada Ng': ['Security Engineer', 'Quillstone', 'Threat Models for Humans'],
      'Bram de Wit': ['Pentester', 'Hollands Veilig', 'Fuzzing the Office Printer'],
      'Cleo Marsh': ['Researcher', 'Fenwick Labs', 'Fuzzing the Office Printer'],
      'Dev Rao': ['CISO', 'Larkspur Health', 'Boards, Budgets and Breaches'],
    });
  });
});

describe('companies a page states outside a role line', () => {
  it('reads a labelled affiliation, and none where the slot lists several', async () => {
    const out = await extractFixture('labelled-fields.html');
    expect(fieldsByName(out)).toEqual({
      'Maren Solberg': [null, 'Northmoor University', null],
      'Kofi Asante': [null, 'Institute for Marine Research', null],
      'Élodie Marchand': [null, 'Station Biologique de Roscoff', null],
      'Tomás Ibarra': [null, null, null],
    });
  });

  it('reads the employer a bio names, in English, French, German and Spanish', async () => {
    const out = await extractFixture('bio-company.html');
    expect(out.speakers.map((s) => [s.name, s.company])).toEqual([
      ['Anna Petersen', 'Fjordpay'],
      ['Luc Moreau', 'Kelpware'],
      ['Jonas Albrecht', 'Nordlicht Systems'],
      ['Lucía Herrera', 'Datalia'],
      ['Sam Whitlock', 'Brightwater Analytics'],
      ['Greta Lind', null],
    ]);
  });

  it('reads the company on its own line under the title', async () => {
    const out = await extractFixture('company-lines.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Head of Product', 'Fjordpay'],
      ['Omar Saleh', 'Principal Designer', 'Kelpware'],
      ['Ruth Ambrose', 'Chief Operating Officer', 'Brightwater Analytics'],
      ['Piet Maas', 'Product Manager', 'Stroomnet'],
    ]);
  });
});

describe('tagline shapes', () => {
  it('splits "@ lower-case company", "Company | Title", "Founder, X", "Title, Company (ABBR)" and a domain; a handle is nothing; the company may stand above the title', async () => {
    const out = await extractFixture('tagline-shapes.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Oona Virtanen', 'Frontend Engineer', 'quiltdata'],
      ['Rui Matos', 'Staff Engineer', 'Kelpware'],
      ['Selin Aydın', 'Founder', 'Tessellate'],
      ['Jakub Nowak', 'Data Scientist', 'Northwind Research Institute (NRI)'],
      ['Hemi Walker', null, null],
      ['Ilka Brandt', 'Developer Advocate', 'fastbyte.io'],
      ['Mara Jovanović', 'Engineering Manager', 'Lumenworks'],
      ['Dario Conti', 'Security Architect', 'Solvi Bank'],
      ['Kaya Lindholm', 'Research Engineer', 'Northmoor University'],
    ]);
  });
});

describe('names with honorifics and post-nominals', () => {
  it('keeps every person, titles stripped and "Jr." kept', async () => {
    const out = await extractFixture('names-titles.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Hans Müller', 'Chair of Medical Informatics', 'Eastfield University'],
      ['Kate Lind', 'Dean of Nursing', 'Northmoor University'],
      ['Jane Doe', 'Minister for Digital Health', null],
      ['Ada Lind', 'Principal Scientist', 'Quillstone Labs'],
      ['John Smith Jr.', 'Chief Medical Officer', 'Harwick Health'],
      ['Mei Chen', 'Research Fellow', 'Fenwick Institute'],
    ]);
  });
});

describe('a session phrase in the same place on every card', () => {
  it('reads it as the talk on cards nested at different depths, a one-word title and a closing full stop included', async () => {
    const out = await extractFixture('cards-topic.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks[0]?.title ?? null])).toEqual([
      ['Lotte Brenner', null, 'Gemeinschaftsgärten in der Stadt anlegen'],
      ['Aoife Kelly', null, 'Hedgerows as Living Infrastructure'],
      ['Bruno Sauer', null, 'Kompost'],
      ['Mira Ekdahl', null, 'Wald im Garten: Erste Schritte'],
      ['Paolo Greco', null, 'Terrazze e acqua piovana'],
    ]);
  });
});

describe('a session block right after the person', () => {
  it("is that person's session, not the first session of the section", async () => {
    const out = await extractFixture('session-under.html');
    expect(fieldsByName(out)).toEqual({
      'Inès Carvalho': ['Type Designer', 'Letterhouse', 'Fonts for Small Screens'],
      'Tom Achebe': [null, null, 'Drawing Data by Hand'],
      'Saga Lund': ['Creative Director', 'Nordform', 'Brand Systems That Bend'],
    });
  });
});

describe('a keynote without a title', () => {
  it('gives no talk, neither the kind nor the byline, and reads the role after the name', async () => {
    const out = await extractFixture('keynote-byline.html');
    expect(fieldsByName(out)).toEqual({
      'Ruth Okafor': ['Creator of Loom', null, null],
      'Per Alm': [null, null, 'Types You Can Read'],
      'Zeynep Kaya': [null, null, 'Routing Without Regret'],
      'Lior Ben-David': [null, null, 'A Compiler in Your Browser'],
    });
  });
});

describe("a talk line classed in the page's language", () => {
  it('"conferencia" under the name is the talk, wrapped over a break or not; "-" there is no talk', async () => {
    const out = await extractFixture('ponentes-talk-class-es.html');
    expect(fieldsByName(out)).toEqual({
      'Ingrid Halvorsen': [null, null, 'La letra como canal estratégico'],
      'Tariq Osei': [null, null, null],
      'Marit Quist': [null, null, 'Claves y enigmas de la curva: ¿quién domina el mundo de Bézier?'],
      'Dario Conti': [null, null, 'Tipos del sur haciéndose los del norte'],
    });
  });
});
