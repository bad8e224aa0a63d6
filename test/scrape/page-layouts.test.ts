/**
 * Layouts conference sites of several generators use for speakers and their talks,
 * each a whole page with its furniture (navigation, sponsors, footers, break rows),
 * served on loopback and read through the guarded fetch and the dispatcher: a
 * schedule beside a separate speaker list (joined by name), a schedule table with
 * the speakers beside the title, affiliations written as a prose line, plain lists.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, fieldsByName } from './loopback-pages.js';

describe('a schedule and a speaker list on one page, joined by name', () => {
  it('one-page site: cards with "Title, Company", sessions in a schedule section', async () => {
    const out = await extractFixture('onepage-schedule-speakers.html');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': ['Mobile Lead', 'Fjordpay', 'Offline-first Sync Without Tears'],
      'Tariq Osei': ['Developer Advocate', 'Kelpware', 'Shipping Accessible Apps, Together'],
      'Marit Quist': ['Staff Engineer', 'bol.com', 'Search Relevance on a Shoestring'],
      'Joost van Dijk': ['CTO', 'Stroomnet B.V.', 'Grid Data at Port Scale'],
      'Amara Nwosu': ['Principal Consultant', 'Lumenworks', 'Shipping Accessible Apps, Together'],
    });
  });

  it('programme grid first, speaker index after it; a bare "Keynote" is no title', async () => {
    const out = await extractFixture('programme-grid-speakers.html');
    expect(fieldsByName(out)).toEqual({
      'Henrike Vos': ['Database Engineer', 'Quillstone', 'Column Stores from First Principles'],
      'Malik Haddad': ['Data Lead', 'Larkspur Health', 'Testing Data Contracts'],
      'Sunniva Berg': ['Analytics Engineer', 'Fjordpay', 'Testing Data Contracts'],
      'Priya Natarajan': ['VP Data', 'Brightwater Analytics', 'Who Owns the Pipeline?'],
      'Tomasz Wielgus': ['Platform Architect', 'Nordform', 'Who Owns the Pipeline?'],
      'Anouk de Ruiter': ['Head of Data', 'Stroomnet', 'Who Owns the Pipeline?'],
      'Olamide Farrow': ['Founder', 'Tessellate', null],
    });
    expect(out.speakers.find((s) => s.name === 'Henrike Vos')?.talks.map((t) => t.title)).toEqual([
      'Column Stores from First Principles',
      'Streaming Joins at the Edge',
    ]);
  });

  it('WordPress/Elementor: "Role at Company" under each name, the programme as timed paragraphs naming the speaker', async () => {
    const out = await extractFixture('elementor-programme-text.html');
    expect(fieldsByName(out)).toEqual({
      'Selin Aydın': ['Founder', 'Tessellate', 'Founding a Company on Open Data'],
      'Rui Matos': ['Staff Engineer', 'Kelpware', 'Monorepos at Medium Scale'],
      'Mara Jovanović': ['Engineering Manager', 'Lumenworks', 'Growing Engineers Without Burning Them'],
      'Dario Conti': ['Security Architect', 'Solvi Bank', 'Threat Modelling Your Bank Account'],
    });
  });
});

describe('sessions listed on the card under a heading', () => {
  it('each item of the list under "Sessions" is a talk, the first the talk; the heading is no company', async () => {
    const out = await extractFixture('speakers-session-lists.html');
    expect(fieldsByName(out)).toEqual({
      'Ada Lind': [null, null, 'Testing Payments Without Tears'],
      'Bo Berg': [null, null, 'Profiling .NET in Production'],
      'Cy Dunn': [null, null, 'Terraform Modules That Last'],
      'Di Eng': [null, null, 'Forms Everyone Can Fill In'],
    });
    expect(out.speakers.find((s) => s.name === 'Bo Berg')?.talks.map((t) => t.title)).toEqual(['Profiling .NET in Production', 'Async All the Way Down']);
  });
});

describe('a programme written as a definition list', () => {
  it('the term is the session, its time left off; "A (Org), B (Org) & C (Org)" is one person each with their own affiliation', async () => {
    const out = await extractFixture('agenda-definition-list.html');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, 'Fjordpay', 'Offline-first Sync Without Tears'],
      'Priya Natarajan': [null, 'Brightwater Analytics', 'Who Owns the Pipeline?'],
      'Tomasz Wielgus': [null, 'Nordform', 'Who Owns the Pipeline?'],
      'Anouk de Ruiter': [null, 'Stroomnet', 'Who Owns the Pipeline?'],
      'Tariq Osei': [null, 'Kelpware', 'Shipping Accessible Apps, Together'],
      'Joost van Dijk': [null, 'Stroomnet B.V.', 'Grid Data at Port Scale'],
      'Marit Quist': [null, 'bol.com', 'Grid Data at Port Scale'],
      'Dario Conti': [null, 'Solvi Bank', 'Threat Modelling Your Bank Account'],
      'Rui Matos': [null, 'Kelpware', 'Monorepos at Medium Scale'],
      'Selin Aydın': [null, 'Tessellate', 'Monorepos at Medium Scale'],
    });
  });
});

describe('schedule tables with the speakers beside the title', () => {
  it('a table with no header row: the time, the title, the speaker and the company each in a cell of their own', async () => {
    const out = await extractFixture('schedule-table-cells-apart.html');
    expect(fieldsByName(out)).toEqual({
      'Henrike Vos': [null, 'Quillstone', 'Column Stores from First Principles'],
      'Malik Haddad': [null, 'Larkspur Health', 'Testing Data Contracts'],
      'Joost van Dijk': [null, 'Stroomnet', 'Grid Data at Port Scale'],
      'Marit Quist': [null, 'bol.com', 'Search Relevance on a Shoestring'],
    });
  });

  it('a Spanish programme table: "Título", "Ponente" and "Empresa" name its columns', async () => {
    const out = await extractFixture('programa-tabla-es.html');
    expect(out.extractor).toBe('html-table');
    expect(fieldsByName(out)).toEqual({
      'Lucía Romero': [null, 'Datalia', 'Datos abiertos en la administración'],
      'Diego Fuentes': [null, 'Quillstone', 'Mapas con software libre'],
      'Carmen Ibáñez': [null, 'Universidad de Sevilla', 'Transparencia y APIs'],
    });
  });

  it('Drupal view: linked names, several per cell; registration and lunch rows name nobody', async () => {
    const out = await extractFixture('drupal-views-schedule.html');
    expect(fieldsByName(out)).toEqual({
      'Rosa Delgado': [null, null, 'Decoupled Without Despair'],
      'Kwame Mensah': [null, null, 'Config Management Deep Dive'],
      'Ilse Brandt': [null, null, 'Config Management Deep Dive'],
      'Jonas Lindqvist': [null, null, 'Migrating from 7 Without Tears'],
      'Meera Pillai': [null, null, 'Accessible Forms in Core'],
      'Tobias Renner': [null, null, 'Performance Budgets Nobody Ignores'],
    });
  });

  it('German programme table: affiliation on a second line, after a comma or in brackets; the host is no speaker', async () => {
    const out = await extractFixture('de-programm-tabelle.html');
    expect(fieldsByName(out)).toEqual({
      'Anna Schmidt': ['Referatsleiterin', 'Landesamt für Digitalisierung', 'Die Akte, die nie gedruckt wurde'],
      'Jonas Albrecht': [null, 'Nordlicht Systems GmbH', 'Registermodernisierung in der Praxis'],
      'Lotte Brenner': [null, 'Stadt Kesselfeld', 'Barrierefreie Formulare für alle'],
      'Bruno Sauer': [null, 'Kommunalrechenzentrum Mitte', 'Podiumsdiskussion: Wer betreibt die Cloud?'],
      'Mira Ekdahl': [null, 'Fjordpay', 'Podiumsdiskussion: Wer betreibt die Cloud?'],
    });
  });
});

describe('affiliations written as prose', () => {
  it('Hugo page of headings: company alone, "Role at Company", "Name, Company", "Name (Company)", a second line', async () => {
    const out = await extractFixture('hugo-affiliation-lines.html');
    expect(fieldsByName(out)).toEqual({
      'Maren Solberg': [null, 'Northmoor University', 'Ten Years of Sustainable Research Code'],
      'Kofi Asante': ['Senior Research Software Engineer', 'Institute for Marine Research', 'Pipelines That Outlive Their Grants'],
      'Lena Kraus': [null, 'Eastfield University', 'Reproducibility Is a Team Sport'],
      'Omar Saleh': [null, 'Harwick Health', 'Clinical Data Without the Chaos'],
      'Ruth Ambrose': ['Head of Research Computing', 'Fenwick Institute', 'Running a Cluster for People Who Hate Clusters'],
      'Piet Maas': ['Lecturer in Computer Science', 'University of Stroomdal', 'Teaching Git to Chemists'],
    });
  });

  it('Jekyll plain lists: "Name, Company", "Name (Company) – Talk"; the organisers list is left out', async () => {
    const out = await extractFixture('jekyll-plain-lists.html');
    expect(fieldsByName(out)).toEqual({
      'Nora Blake': [null, 'Quillstone Labs', null],
      'Felix Arndt': [null, 'Nordlicht Systems', null],
      'Yara Haddad': [null, 'Fjordpay', 'Typing the Untypable'],
      'Sam Okoro': [null, 'Kelpware', 'Tests You Will Not Delete'],
      'Hana Kobayashi': [null, 'Tessellate', 'Containers Smaller Than Your Slides'],
      'Diego Ferraz': [null, 'Brightwater Analytics', 'Logs, Metrics, Traces: Pick Three'],
      'Ava Lindgren': [null, 'Lumenworks', 'Strangling the Monolith, Gently'],
    });
  });
});

describe('the company on a line of its own', () => {
  it("a link to the company's site under the role line; the line above it is the job even without a role word", async () => {
    const out = await extractFixture('company-link.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Head of Product', 'Fjordpay'],
      ['Omar Saleh', 'Principal Designer', 'Kelpware'],
      ['Ruth Ambrose', 'Chief Operating Officer', 'Brightwater Analytics'],
      ['Piet Maas', 'Product Manager', 'Stroomnet'],
      ['Aoife Kelly', 'Java Champion', 'Lumenworks'],
    ]);
  });
});

describe('a programme page with no speaker list', () => {
  it('French slots: each session\'s speakers ("et", commas) get its title; the room is no company; the coffee break names nobody', async () => {
    const out = await extractFixture('fr-programme-seul.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks.map((t) => t.title)])).toEqual([
      ['Élodie Marchand', null, ['Libérer les données de sa commune', "Table ronde : quel avenir pour le logiciel libre dans l'éducation ?"]],
      ['Luc Moreau', null, ['Migrer une administration vers LibreOffice']],
      ['Camille Fontaine', null, ['Migrer une administration vers LibreOffice']],
      ['Yann Le Goff', null, ['Contribuer à OpenStreetMap en classe', "Table ronde : quel avenir pour le logiciel libre dans l'éducation ?"]],
      ['Aïcha Benali', null, ["Table ronde : quel avenir pour le logiciel libre dans l'éducation ?"]],
    ]);
  });
});

describe('a schedule that names its speakers loosely', () => {
  it('a link pointing at the card, the family name first, no accents, the title in a plain line above the speaker', async () => {
    const out = await extractFixture('schedule-links-plain.html');
    expect(fieldsByName(out)).toEqual({
      'Lena Kraus': ['Head of Product', 'Fjordpay', 'Pricing Pages That Convert'],
      'Omar Saleh': ['Principal Designer', 'Kelpware', 'Design Systems at Scale'],
      'Ruth Ambrose': ['COO', 'Brightwater', 'Operations Without Heroics'],
      'José Núñez': ['Staff Engineer', 'Stroomnet', 'Rust in the Payment Path'],
      'Piet Maas': ['Product Manager', 'Lumenworks', 'Roadmaps Nobody Reads'],
      'Aoife Kelly': ['Software Engineer', 'Quillstone', 'Testing in Production, Safely'],
    });
  });
});

describe('two plain names in one programme cell', () => {
  it('"A, B" is two people when B is a person elsewhere in the column; "A, Red Hat" stays a name and a company', async () => {
    const out = await extractFixture('table-comma-names.html');
    expect(out.speakers.map((s) => [s.name, s.company, s.talks.map((t) => t.title)])).toEqual([
      ['Ines Halvorsen', null, ['Offline-first Sync']],
      ['Tariq Osei', null, ['Pairing on Legacy Code']],
      ['Marit Quist', null, ['Pairing on Legacy Code', 'Search Relevance on a Shoestring']],
      ['Joost van Dijk', 'Stroomnet', ['Grid Data at Port Scale']],
      ['Amara Nwosu', 'Red Hat', ['Accessible Apps']],
      ['Malik Haddad', null, ['Data Contracts']],
      ['Sunniva Berg', 'Fjordpay', ['Data Contracts', 'Streaming Joins at the Edge']],
    ]);
  });
});

describe("a programme kept only in the page's embedded data", () => {
  it("Next.js data: sessions with a title (or a named slot) and their speakers; a track's roster and the lunch slot give no talk", async () => {
    const out = await extractFixture('embedded-programme-data.html');
    expect(fieldsByName(out)).toEqual({
      'Selin Aydın': ['Founder', 'Tessellate', 'Founding a Company on Open Data'],
      'Rui Matos': ['Staff Engineer', 'Kelpware', 'Monorepos at Medium Scale'],
      'Mara Jovanović': ['Engineering Manager', 'Lumenworks', 'Growing Engineers Without Burning Them'],
      'Dario Conti': ['Security Architect', 'Solvi Bank', 'Threat Modelling Your Bank Account'],
      'Yara Haddad': ['Developer Advocate', 'Fjordpay', 'Threat Modelling Your Bank Account'],
    });
  });
});

describe("a programme that writes a card's name its own way", () => {
  it('a middle name the card leaves out and a one-word name alone on its line still find the talk', async () => {
    const out = await extractFixture('programme-name-variants.html');
    expect(fieldsByName(out)).toEqual({
      'Helena Prado': ['Software Engineer', 'Ventomar', 'Filas sem medo: mensageria no dia a dia'],
      'Ruth Sabino': ['Data Engineer', 'Lumiar', 'Pipelines de dados que cabem no bolso'],
      Iara: ['Organizadora', 'Cryptohub', 'Privacidade para quem desenvolve'],
      'Marta Quintela': ['QA Lead', 'Pontual', 'Testes exploratórios na prática'],
    });
  });
});
