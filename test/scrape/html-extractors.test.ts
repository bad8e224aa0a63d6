import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { htmlAgendaLinks } from '../../src/scrape/extractors/html-agenda-links.js';
import { htmlGeneric } from '../../src/scrape/extractors/html-generic.js';
import { htmlLabelledSpeakers } from '../../src/scrape/extractors/html-labelled-speakers.js';
import { htmlPretalx } from '../../src/scrape/extractors/html-pretalx.js';
import { htmlSched } from '../../src/scrape/extractors/html-sched.js';
import { htmlSchemaOrg } from '../../src/scrape/extractors/html-schema-org.js';
import { htmlSessionizeEmbed } from '../../src/scrape/extractors/html-sessionize-embed.js';
import { htmlWordcamp } from '../../src/scrape/extractors/html-wordcamp.js';
import { nameScore, looksLikeUsername } from '../../src/scrape/extractors/html-names.js';
import type { Extractor, FetchPage, Page, RawSpeaker } from '../../src/scrape/types.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/scrape/html');

function fixture(name: string): string {
  return readFileSync(path.join(fixtures, name), 'utf8');
}

function htmlPage(name: string, url: string): Page {
  return { url, status: 200, contentType: 'text/html', body: fixture(name) };
}

/** A FetchPage over a map of URL → fixture file; anything else is a 404. Records what was fetched. */
function fetchFrom(routes: Record<string, string>): FetchPage & { fetched: string[] } {
  const fetched: string[] = [];
  const fetchPage = async (url: string): Promise<Page> => {
    fetched.push(url);
    const file = routes[url];
    if (!file) return { url, status: 404, contentType: 'text/html', body: 'not found' };
    const contentType = file.endsWith('.json') ? 'application/json' : 'text/html';
    return { url, status: 200, contentType, body: fixture(file) };
  };
  return Object.assign(fetchPage, { fetched });
}

const noFetch = fetchFrom({});

async function extract(extractor: Extractor, page: Page, fetchPage: FetchPage = noFetch): Promise<RawSpeaker[]> {
  return extractor.extract(page, fetchPage);
}

const names = (speakers: RawSpeaker[]): string[] => speakers.map((s) => s.name);

describe('name-likeness', () => {
  it('scores person names above menu entries, titles and handles', () => {
    expect(nameScore('Jessica Engström')).toBe(1);
    expect(nameScore('Rebecca R. Carter')).toBe(1);
    expect(nameScore('Jonathan "J." Tower')).toBe(1);
    expect(nameScore('Mike Earley and Rachel Banks')).toBeGreaterThanOrEqual(0.5);
    expect(nameScore('Call For Papers')).toBeLessThan(0.5);
    expect(nameScore('Building better software')).toBe(0);
    expect(nameScore('The Android NDK')).toBeLessThan(0.5);
    expect(nameScore('Delivery Hero Holding GmbH.')).toBe(0);
    expect(nameScore('pfrenssen')).toBe(0);
    expect(looksLikeUsername('j.sobiecki')).toBe(true);
    expect(looksLikeUsername('Graber')).toBe(false);
    // A name in a script without letter case is no lower-case handle.
    expect(looksLikeUsername('藤本竜之介')).toBe(false);
    expect(looksLikeUsername('김태진')).toBe(false);
    expect(looksLikeUsername('uji')).toBe(true);
    // A public body's or a charity's name is no person.
    expect(nameScore('Greater Boston Legal Services')).toBeLessThan(0.5);
    expect(nameScore('Pew Charitable Trusts')).toBeLessThan(0.5);
    expect(nameScore('New England Innocence Project')).toBeLessThan(0.5);
    expect(nameScore('Philadelphia Legal Assistance')).toBeLessThan(0.5);
    expect(nameScore('Harbour Design')).toBeLessThan(0.5);
    expect(nameScore('NuLaw Lab')).toBeLessThan(0.5);
    expect(nameScore('Clinical Programs')).toBeLessThan(0.5);
  });
});

describe('html-generic', () => {
  it('answers low for any HTML page and not at all for JSON', () => {
    expect(htmlGeneric.detect(htmlPage('generic-table.html', 'https://c.example/'))).toBeLessThanOrEqual(0.3);
    expect(htmlGeneric.detect(htmlPage('generic-table.html', 'https://c.example/'))).toBeGreaterThan(0);
    expect(htmlGeneric.detect({ url: 'https://c.example/a.json', status: 200, contentType: 'application/json', body: '[]' })).toBe(0);
  });

  it('reads repeated figure cards across sections, skipping navigation, sponsors and empty cards', async () => {
    const speakers = await extract(htmlGeneric, htmlPage('generic-figure-grid.html', 'https://copperfield.example/speakers/'));
    expect(names(speakers)).toEqual(['Sofia Marchetti', 'Kenji Watanabe', 'Amara Nwosu', 'Lukáš Novák', 'Ana Paula Ribeiro', "David O'Connell"]);
    const sofia = speakers[0];
    expect(sofia.tagline).toBe('VP Engineering @ Lumen Grid');
    expect(sofia.company).toBeUndefined();
    expect(sofia.profileUrl).toBe('https://copperfield.example/speakers/sofia-marchetti/');
    expect(sofia.photoUrl).toBe('https://copperfield.example/img/people/sofia-marchetti.jpg');
    expect(sofia.links).toEqual(['https://www.linkedin.com/in/sofia-marchetti/']);
    // A scheme-less LinkedIn link stays as written so normalisation reads it as absolute.
    expect(speakers[3].links).toEqual(['linkedin.com/in/lukas-novak-dev']);
  });

  it('reads table rows: name cell, then the next cell as the tagline', async () => {
    const speakers = await extract(htmlGeneric, htmlPage('generic-table.html', 'https://kestrel.example/conf/speakers.html'));
    expect(names(speakers)).toEqual(['Dr. Ingrid Hartmann', 'Kofi Osei', 'Maja Lindgren', 'Wei Chen']);
    expect(speakers[1].tagline).toBe('Research Scientist, Baobab AI');
    expect(speakers[1].profileUrl).toBe('https://kestrel.example/conf/people/osei.html');
    expect(speakers[1].photoUrl).toBe('https://kestrel.example/conf/photos/osei.jpg');
  });

  it('prefers the real name in a paragraph over a username link text', async () => {
    const speakers = await extract(htmlGeneric, htmlPage('generic-username-cards.html', 'https://birchwood.example/people/'));
    expect(names(speakers)).toEqual(['Karin Sørensen', 'Marie Baptiste', 'João Pereira', 'Tiago Duarte']);
    expect(speakers.map((s) => s.tagline)).toEqual(['Fjordkode ApS', 'Atelier Numérique', 'Lisboa Labs', undefined]);
    // No line names a role or a "Role at Company" split: the column is the employer.
    expect(speakers.map((s) => s.company)).toEqual(['Fjordkode ApS', 'Atelier Numérique', 'Lisboa Labs', undefined]);
    expect(speakers[0].profileUrl).toBe('https://birchwood.example/u/k.sorensen/');
  });

  it('reads prose pages: a heading per speaker, details in the paragraphs up to the next heading', async () => {
    const speakers = await extract(htmlGeneric, htmlPage('generic-prose.html', 'https://tarnrust.example/speakers/'));
    expect(names(speakers)).toEqual(['Eleanor Whitfield', 'Tariq Haddad', 'Mirela Popescu']);
    expect(speakers.map((s) => s.tagline)).toEqual(['Compiler Engineer at Ferrous Works', 'Embedded Developer, Qamar Robotics', 'Independent Trainer']);
    expect(speakers[0].bio).toMatch(/^Eleanor works on borrow-checker diagnostics/);
    expect(speakers[0].links).toEqual(['https://github.com/ewhitfield', 'https://www.linkedin.com/in/eleanor-whitfield/']);
    expect(speakers[1].links).toBeUndefined();
  });

  it.each([
    ['a strong name with the role after a line break', (n: string, r: string) => `<li><p><strong>${n}</strong><br>${r}</p></li>`],
    ['a name and role on two lines of one paragraph', (n: string, r: string) => `<li><p>${n}<br>${r}</p></li>`],
    ['"Name — Role" in one heading', (n: string, r: string) => `<li><img src="/p.jpg" alt=""><h4>${n} — ${r}</h4></li>`],
  ])('reads cards with %s', async (_label, card) => {
    const people: Array<[string, string]> = [
      ['Noor Al-Sayed', 'Security Engineer, Falcon Bank'],
      ['Henrik Strand', 'Product Manager at Fjellsoft'],
      ['Adaeze Okonkwo', 'Founder, Palmwine Studio'],
    ];
    const body = `<html><body><ul class="grid">${people.map(([n, r]) => card(n, r)).join('')}</ul></body></html>`;
    const page: Page = { url: 'https://c.example/speakers', status: 200, contentType: 'text/html', body };
    const speakers = await extract(htmlGeneric, page);
    expect(speakers.map((s) => [s.name, s.tagline])).toEqual(people);
  });

  it('finds nothing on a page without repeated person cards', async () => {
    const page: Page = {
      url: 'https://c.example/',
      status: 200,
      contentType: 'text/html',
      body: '<html><body><nav><ul><li><a href="/">Home</a></li><li><a href="/a">About Us</a></li><li><a href="/c">Contact Us</a></li></ul></nav><p>Hello there.</p></body></html>',
    };
    expect(await extract(htmlGeneric, page)).toEqual([]);
  });
});

describe('html-schema-org', () => {
  it('reads JSON-LD performers, actors and sub-event sessions, leaving out authors and organisers', async () => {
    const page = htmlPage('schema-org-jsonld.html', 'https://saltmarsh.example.com/speakers/');
    expect(htmlSchemaOrg.detect(page)).toBeGreaterThanOrEqual(0.8);
    const speakers = await extract(htmlSchemaOrg, page);
    expect(names(speakers)).toEqual(['Nadia Haddad', 'Pieter de Wit', 'Yara Costa']);
    const [nadia, pieter, yara] = speakers;
    expect(nadia).toMatchObject({
      title: 'Head of Data Platform',
      company: 'Brightwater Energy',
      bio: 'Nadia runs the data platform team at Brightwater.',
      photoUrl: 'https://saltmarsh.example.com/img/speakers/nadia-haddad.jpg',
      profileUrl: 'https://saltmarsh.example.com/speakers/nadia-haddad/',
      links: ['https://www.linkedin.com/in/nadia-haddad-data/', 'https://twitter.com/nadiahdd'],
      talks: [{ title: 'Lakehouses Without the Hype' }],
    });
    expect(pieter).toMatchObject({ title: 'Statistician', company: 'Delft Institute of Statistics', talks: [{ title: 'Sampling Done Right' }] });
    expect(pieter.links).toEqual(['https://pieterdewit.example.nl/']);
    expect(yara).toMatchObject({ title: 'Research Engineer', company: 'Oceanic Labs' });
  });

  it('reads microdata Persons, nested organisations and Event performers', async () => {
    const page = htmlPage('schema-org-microdata.html', 'https://quarry.example/speakers/');
    expect(htmlSchemaOrg.detect(page)).toBeGreaterThanOrEqual(0.8);
    const speakers = await extract(htmlSchemaOrg, page);
    expect(names(speakers)).toEqual(['Lucía Ferraro', 'Henrik Aas']);
    expect(speakers[0]).toMatchObject({
      title: 'Design Systems Lead',
      company: 'Cobalt Retail',
      photoUrl: 'https://quarry.example/photos/lucia-ferraro.jpg',
      profileUrl: 'https://quarry.example/speakers/lucia-ferraro/',
      links: ['https://www.linkedin.com/in/lucia-ferraro-ds/'],
      talks: [{ title: 'CSS Layers in Production' }],
    });
    expect(speakers[1]).toMatchObject({
      title: 'Frontend Developer',
      company: 'Nordlys Media',
      photoUrl: 'https://cdn.example.org/people/henrik-aas.png',
      links: ['https://github.com/henrikaas-dev'],
    });
  });

  it('stays below the card reader when the only Person is a lone one', () => {
    const body =
      '<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Person","name":"Ada Byron"}</script></head><body></body></html>';
    const page: Page = { url: 'https://c.example/', status: 200, contentType: 'text/html', body };
    expect(htmlSchemaOrg.detect(page)).toBeLessThan(htmlGeneric.detect(page));
    expect(htmlSchemaOrg.detect(htmlPage('generic-table.html', 'https://c.example/'))).toBe(0);
  });
});

describe('html-wordcamp', () => {
  it('reads the [speakers] shortcode markup', async () => {
    const page = htmlPage('wordcamp-shortcode.html', 'https://2019.lakeside.wordcamp.org/speakers/');
    expect(htmlWordcamp.detect(page)).toBeGreaterThanOrEqual(0.8);
    const speakers = await extract(htmlWordcamp, page);
    expect(names(speakers)).toEqual(['Marta Lindqvist', 'Tomás Okafor', 'Priya Raman']);
    expect(speakers[0]).toMatchObject({
      profileUrl: 'https://2019.lakeside.wordcamp.org/speaker/marta-lindqvist/',
      photoUrl: 'https://secure.gravatar.com/avatar/4f1c0a2b9e?s=100&d=mm&r=g',
      talks: [{ title: 'Caching Without Tears' }],
      links: ['https://martalindqvist.example.net/', 'https://twitter.com/martalind'],
    });
    expect(speakers[0].bio).toMatch(/^Marta is a backend developer at Fjordline Digital/);
    expect(speakers[1].profileUrl).toBeUndefined();
    expect(speakers[1].links).toEqual(['https://www.linkedin.com/in/tomas-okafor-design/']);
    expect(speakers[2].talks).toEqual([{ title: 'Pricing Your Work' }, { title: 'Agency Panel' }]);
  });

  it('reads the Speakers block markup', async () => {
    const page = htmlPage('wordcamp-block.html', 'https://harbourtown.wordcamp.org/2023/speakers/');
    expect(htmlWordcamp.detect(page)).toBeGreaterThanOrEqual(0.8);
    const speakers = await extract(htmlWordcamp, page);
    expect(names(speakers)).toEqual(['Inês Carvalho', 'Daniel Mbeki']);
    expect(speakers[0]).toMatchObject({
      profileUrl: 'https://harbourtown.wordcamp.org/2023/speaker/ines-carvalho/',
      photoUrl: 'https://secure.gravatar.com/avatar/77aa88bb99?s=150&d=mm&r=g',
      talks: [{ title: 'Focus States Matter' }],
      links: ['https://github.com/inescarvalho-a11y', 'https://mastodon.social/@inesc'],
    });
    expect(speakers[0].bio).toMatch(/^Inês is an accessibility specialist/);
    expect(speakers[1].talks).toEqual([{ title: 'Headless in Practice' }, { title: 'Contributor Day Intro' }]);
    expect(htmlWordcamp.detect(htmlPage('generic-table.html', 'https://c.example/'))).toBe(0);
  });
});

describe('html-sched', () => {
  it('reads .sched-person cards with position and company', async () => {
    const page = htmlPage('sched-speakers.html', 'https://cloudward2024.sched.com/speakers');
    expect(htmlSched.detect(page)).toBeGreaterThanOrEqual(0.8);
    const speakers = await extract(htmlSched, page);
    expect(names(speakers)).toEqual(['Hana Kobayashi', 'Rubén Álvarez', 'Grace Oduya']);
    expect(speakers[0]).toMatchObject({
      title: 'Principal Engineer',
      company: 'Northwind Cloud',
      profileUrl: 'https://cloudward2024.sched.com/speaker/hana.kobayashi',
      photoUrl: 'https://avatars.sched.co/3/4a/1188274/avatar.jpg.320x320px.jpg?a1b',
      links: ['https://www.linkedin.com/in/hana-kobayashi-nw/', 'https://twitter.com/hanakoby'],
    });
    expect(speakers[2]).toMatchObject({ title: 'Independent Consultant' });
    expect(speakers[2].company).toBeUndefined();
  });

  it('reads the directory layout, splitting "Title<br>Company"', async () => {
    const page = htmlPage('sched-directory.html', 'https://opendatadays2023.sched.com/directory/speakers');
    expect(htmlSched.detect(page)).toBeGreaterThanOrEqual(0.8);
    const speakers = await extract(htmlSched, page);
    expect(names(speakers)).toEqual(['Lena Vogt', 'Amadou Diallo', 'Magdalena Kowalska']);
    expect(speakers[0]).toMatchObject({ title: 'Data Journalist', company: 'Rheinblatt Media' });
    expect(speakers[1]).toMatchObject({ title: 'Open Government Advisor, Sahel Data Lab' });
    expect(speakers[2].profileUrl).toBe('https://opendatadays2023.sched.com/speaker/mkowalska');
    expect(speakers[2].photoUrl).toBe('https://avatars.sched.co/3/cc/998879/avatar.jpg.320x320px.jpg');
  });
});

describe('html-sessionize-embed', () => {
  it('reads a server-rendered embed without fetching anything', async () => {
    const page = htmlPage('sessionize-embed-rendered.html', 'https://riverbend.example/speakers');
    expect(htmlSessionizeEmbed.detect(page)).toBeGreaterThanOrEqual(0.9);
    const fetchPage = fetchFrom({});
    const speakers = await extract(htmlSessionizeEmbed, page, fetchPage);
    expect(fetchPage.fetched).toEqual([]);
    expect(names(speakers)).toEqual(['Aiko Tanaka', 'Olumide Bankole']);
    expect(speakers[0]).toMatchObject({
      tagline: 'Staff Engineer at Bluefin Analytics',
      bio: 'Aiko builds streaming pipelines and teaches the odd workshop on observability.',
      photoUrl: 'https://sessionize.com/image/1a2b-400o400o2-Fk3xQm9Vn7Tz5Wq1Lp8Rj2.jpg',
      links: ['https://twitter.com/aikotnk', 'https://www.linkedin.com/in/aiko-tanaka-bluefin/'],
      talks: [{ title: 'Tracing Across Queues' }],
    });
    expect(speakers[1].talks).toEqual([{ title: 'Designing Webhooks People Like' }, { title: 'Panel: API Versioning' }]);
  });

  it('follows a script-only embed to the All view of the Sessionize API', async () => {
    const page = htmlPage('sessionize-embed-script.html', 'https://northlake.example/speakers/');
    expect(htmlSessionizeEmbed.detect(page)).toBeGreaterThanOrEqual(0.8);
    const fetchPage = fetchFrom({ 'https://sessionize.com/api/v2/nl7cc2xy/view/All': 'sessionize-all-nl7cc2xy.json' });
    const speakers = await extract(htmlSessionizeEmbed, page, fetchPage);
    expect(fetchPage.fetched).toEqual(['https://sessionize.com/api/v2/nl7cc2xy/view/All']);
    expect(names(speakers)).toEqual(['Sigrid Halvorsen', 'Marcus Oyelaran']);
    expect(speakers[0]).toMatchObject({
      tagline: 'Senior Developer at Kvarts Pay',
      links: ['https://www.linkedin.com/in/sigrid-halvorsen/', 'https://sigrid.example.no'],
      talks: [{ title: 'Property-Based Testing for the Rest of Us', abstract: 'A gentle introduction with examples in TypeScript.' }],
    });
  });

  it('leaves pages without Sessionize alone', () => {
    expect(htmlSessionizeEmbed.detect(htmlPage('generic-table.html', 'https://c.example/'))).toBe(0);
  });
});

describe('html-pretalx', () => {
  const api = 'https://pretalx.example.org/api/events/fieldwork2024/';

  it('follows the alternate JSON link to the speakers API and its talks', async () => {
    const page = htmlPage('pretalx-speakers.html', 'https://pretalx.example.org/fieldwork2024/speaker/');
    expect(htmlPretalx.detect(page)).toBeGreaterThanOrEqual(0.8);
    const fetchPage = fetchFrom({
      [`${api}speakers/`]: 'pretalx-api-speakers-page1.json',
      [`${api}speakers/?limit=2&offset=2`]: 'pretalx-api-speakers-page2.json',
      [`${api}submissions/`]: 'pretalx-api-submissions.json',
    });
    const speakers = await extract(htmlPretalx, page, fetchPage);
    expect(fetchPage.fetched[0]).toBe(`${api}speakers/`);
    expect(names(speakers)).toEqual(['Elif Demir', 'Jonas Brandt', 'Aroha Ngata']);
    expect(speakers[0].talks?.map((t) => t.title)).toEqual(['Low-Power Telemetry in the Mud']);
    expect(speakers[1].talks?.map((t) => t.title)).toEqual(['Mapping Hedgerows with Volunteers', 'Lightning Talks']);
    expect(speakers[2].talks?.map((t) => t.title)).toEqual(['Lightning Talks']);
  });

  it('reads the HTML list when the API does not answer', async () => {
    const page = htmlPage('pretalx-speakers.html', 'https://pretalx.example.org/fieldwork2024/speaker/');
    const speakers = await extract(htmlPretalx, page, fetchFrom({}));
    expect(names(speakers)).toEqual(['Elif Demir', 'Jonas Brandt']);
    expect(speakers[0]).toMatchObject({
      profileUrl: 'https://pretalx.example.org/fieldwork2024/speaker/QXVW8R/',
      photoUrl: 'https://pretalx.example.org/media/fieldwork2024/avatars/QXVW8R_k2Lm9Q.webp',
      bio: 'Elif studies soil sensors and writes firmware for field stations.',
      talks: [{ title: 'Low-Power Telemetry in the Mud' }],
    });
    // The placeholder avatar is not a photo.
    expect(speakers[1].photoUrl).toBeUndefined();
    expect(speakers[1].talks).toEqual([{ title: 'Mapping Hedgerows with Volunteers' }, { title: 'Lightning Talks' }]);
  });

  it('reads older speaker lists without an API link', async () => {
    const page = htmlPage('pretalx-speakers-nolink.html', 'https://talks.moorland.example/mpd2019/speaker/');
    expect(htmlPretalx.detect(page)).toBeGreaterThanOrEqual(0.8);
    const fetchPage = fetchFrom({});
    const speakers = await extract(htmlPretalx, page, fetchPage);
    expect(fetchPage.fetched).toEqual([]);
    expect(names(speakers)).toEqual(['Fionnuala Byrne', 'Kwame Mensah', 'Beatriz Nunes']);
    expect(speakers[1].profileUrl).toBe('https://talks.moorland.example/mpd2019/speaker/ZT4N7W/');
  });

  it('leaves other pages alone', () => {
    expect(htmlPretalx.detect(htmlPage('sched-speakers.html', 'https://c.example/'))).toBe(0);
  });
});

describe('html-agenda-links', () => {
  const inline = (body: string): Page => ({ url: 'https://agenda.example/', status: 200, contentType: 'text/html', body: `<html><body>${body}</body></html>` });

  it('reads "Kind (Name): Title" and "Title (Name) [Slides]" rows of a programme table', async () => {
    const page = inline(`<table>
      <tr><td>09:00</td><td>Welcome and Opening <a href="/s/intro.pdf">[Slides]</a></td></tr>
      <tr><td>09:20</td><td>Invited Talk (Maren Holt): <a href="#holt">Soil Sensors at Scale</a> <a href="/s/holt.pdf">[Slides]</a></td></tr>
      <tr><td>09:50</td><td><a href="#p1">Tidal Models for Harbours</a> (Oskar Lindqvist) <a href="/s/p1.pdf">[Slides]</a></td></tr>
      <tr><td>10:10</td><td><a href="#p2">Lichen Maps from Drones</a> (Ines Ferraz) <a href="/s/p2.pdf">[Slides]</a> [Video]</td></tr>
      <tr><td>10:30</td><td>Coffee Break</td></tr>
      <tr><td>11:00</td><td>Keynote (Tomas Wierzba): <a href="#k">Fieldwork Without Paper</a></td></tr>
      <tr><td>11:30</td><td><a href="#p3">Counting Bees by Sound</a> (Ines Ferraz)</td></tr>
    </table>`);
    expect(htmlAgendaLinks.detect(page)).toBeGreaterThan(0);
    const speakers = await extract(htmlAgendaLinks, page);
    expect(speakers.map((s) => [s.name, s.talks?.map((t) => t.title)])).toEqual([
      ['Maren Holt', ['Soil Sensors at Scale']],
      ['Oskar Lindqvist', ['Tidal Models for Harbours']],
      ['Ines Ferraz', ['Lichen Maps from Drones', 'Counting Bees by Sound']],
      ['Tomas Wierzba', ['Fieldwork Without Paper']],
    ]);
  });

  it('leaves a list of "Name (Organisation)" to the card reader: a bracket naming an organisation is an affiliation, not the speakers', () => {
    const people = inline(`<ul>
      <li>Johann Bauer (TU Darmstadt)</li><li>Mira Okafor (ETH Zürich)</li><li>Lena Sorensen (KTH Stockholm)</li>
      <li>Paulo Mendes (EPFL Lausanne)</li><li>Aiko Tanabe (TU Berlin)</li><li>Ravi Menon (Freiburg University)</li></ul>`);
    expect(htmlAgendaLinks.detect(people)).toBe(0);
    // The same shape with people in the bracket is a programme.
    const programme = inline(`<ul>
      <li>Soil Sensors at Scale (Maren Holt)</li><li>Tidal Models for Harbours (Oskar Lindqvist)</li><li>Lichen Maps from Drones (Ines Ferraz)</li>
      <li>Counting Bees by Sound (Tomas Wierzba)</li><li>Fieldwork Without Paper (Johann Bauer)</li></ul>`);
    expect(htmlAgendaLinks.detect(programme)).toBeGreaterThan(0);
  });

  it('reads "Title, por Name." and "time : Title by Name (Affiliation) and Name (Affiliation)" lines', async () => {
    const spanish = inline(`<table>
      <tr><td>9:30</td><td><a href="#a">Redes rurales con antenas caseras, por Lucía Ferrándiz.</a></td></tr>
      <tr><td>10:30</td><td><a href="#b">Sensores de bajo consumo, por Mateo Urrutia.</a></td><td><a href="#c">Mapas abiertos del valle, por Lucía Ferrándiz.</a></td></tr>
      <tr><td>11:30</td><td><a href="#d">Taller: soldadura para principiantes, por Inés Arriaga</a></td><td>Coffee break</td></tr>
      <tr><td>12:30</td><td><a href="#e">Datos del río, por Mateo Urrutia.</a></td><td><a href="#f">Cierre, por Inés Arriaga.</a></td></tr>
    </table>`);
    expect((await extract(htmlAgendaLinks, spanish)).map((s) => [s.name, s.talks?.[0]?.title])).toEqual([
      ['Lucía Ferrándiz', 'Redes rurales con antenas caseras'],
      ['Mateo Urrutia', 'Sensores de bajo consumo'],
      ['Inés Arriaga', 'soldadura para principiantes'],
    ]);
    const english = inline(`<ul>
      <li>14:00-14:40 : <a href="#a"><strong>Kiln</strong>: firing pots with spare heat</a><br>by <strong>Ada Lindqvist</strong> (Brightwater Ceramics)</li>
      <li>14:40-15:20 : <a href="#b"><strong>Glaze</strong>: a colour model</a><br>by <strong>Piet Oosterhuis</strong> (Glaze developer)</li>
      <li>15:40-16:20 : <a href="#c">Clay <strong>recycling</strong> at home</a><br>by <strong>Maren Holt</strong> (Lead Potter at Fjordclay) and <strong>Oskar Brandt</strong> (Fjordclay)</li>
      <li>16:20-17:00 : <a href="#d"><strong>Wheels</strong></a><br>by <strong>Ines Ferraz</strong></li>
      <li>09:20-10:00 : <a href="#f"><strong>Ash glazes</strong>, a field guide</a><br>by <strong>Jonas Brandt</strong> (potter &amp; teacher)</li>
      <li>17:00-18:00 : <a href="#e"><strong>Open session</strong> :-)</a><br>by <strong>YOU</strong></li>
    </ul>`);
    const speakers = await extract(htmlAgendaLinks, english);
    expect(speakers.map((s) => [s.name, s.tagline, s.talks?.[0]?.title])).toEqual([
      ['Ada Lindqvist', 'Brightwater Ceramics', 'Kiln: firing pots with spare heat'],
      ['Piet Oosterhuis', 'Glaze developer', 'Glaze: a colour model'],
      ['Maren Holt', 'Lead Potter at Fjordclay', 'Clay recycling at home'],
      ['Oskar Brandt', 'Fjordclay', 'Clay recycling at home'],
      ['Ines Ferraz', undefined, 'Wheels'],
      ['Jonas Brandt', 'potter & teacher', 'Ash glazes, a field guide'],
    ]);
  });

  it('reads "Title; Name and Name" items, then the "Name (Role, Organisation)" lines under a slot\'s title row', async () => {
    const page = inline(`
      <table><tr><td class="date" rowspan="3">9:45am</td><td class="title"><a href="https://video.example/1">Keynote Talk: Maps That Argue Back</a></td></tr>
        <tr><td class="speaker">Maren Holt (Map Curator, Northmoor University)</td></tr><tr><td class="abstract"></td></tr></table>
      <table><tr><td class="date" rowspan="2">10:30am</td><td class="title-special">Coffee &amp; Tea Break</td></tr></table>
      <table><tr><td class="date">10:45am</td><td class="title-special">Lightning Talks</td></tr><tr><td><ol>
        <li><a href="https://video.example/2">Reading old survey sheets; Oskar Lindqvist and Ines Ferraz</a></li>
        <li><a href="https://video.example/3">A gazetteer for river names; Tomas Wierzba</a></li>
        <li><a href="https://video.example/4">Teaching GIS in ten minutes a day; Lucía Ferrándiz</a></li>
        <li><a href="https://video.example/5">Scanning, stitching, sharing; Piet Oosterhuis</a></li>
        <li><a href="https://video.example/6">Open tiles for small libraries; Ada Lindqvist</a></li>
      </ol></td></tr></table>
      <table><tr><td class="date" rowspan="3">12:00pm</td><td class="title"><a href="https://video.example/7">Workshop: Git for Map Librarians</a></td></tr>
        <tr><td class="speaker">Jonas Brandt (Earth, Sea and Sky Librarian, Fjordclay College)<br>Mateo Urrutia (GIS Librarian, Instituto Andino)</td></tr></table>`);
    const speakers = await extract(htmlAgendaLinks, page);
    expect(speakers.map((s) => [s.name, s.tagline ?? null, s.talks?.[0]?.title])).toEqual([
      ['Oskar Lindqvist', null, 'Reading old survey sheets'],
      ['Ines Ferraz', null, 'Reading old survey sheets'],
      ['Tomas Wierzba', null, 'A gazetteer for river names'],
      ['Lucía Ferrándiz', null, 'Teaching GIS in ten minutes a day'],
      ['Piet Oosterhuis', null, 'Scanning, stitching, sharing'],
      ['Ada Lindqvist', null, 'Open tiles for small libraries'],
      ['Maren Holt', 'Map Curator, Northmoor University', 'Maps That Argue Back'],
      ['Jonas Brandt', 'Earth, Sea and Sky Librarian, Fjordclay College', 'Git for Map Librarians'],
      ['Mateo Urrutia', 'GIS Librarian, Instituto Andino', 'Git for Map Librarians'],
    ]);
  });
});

describe('html-labelled-speakers', () => {
  const inline = (body: string): Page => ({
    url: 'https://camp.example/program',
    status: 200,
    contentType: 'text/html',
    body: `<html><body>${body}</body></html>`,
  });
  const slot = (time: string, title: string, presenter?: string): string =>
    `<h3>Lørdag ${time}</h3><div class="views-row"><section><h2 class="title"><span>${title}</span></h2>` +
    (presenter
      ? `<div class="field-wrapper"><label class="speaker">Foredragsholder</label><div><div class="field__item"><a href="/user/1">${presenter}</a></div></div></div>`
      : '') +
    `<div class="field-wrapper"><label class="level">Ferdighetsnivå</label><div><div class="field__item">Nybegynner</div></div></div></section></div>`;

  it('reads the labelled presenter of each session, handles included, when the card reader finds nobody', async () => {
    const page = inline(
      slot('10:00', 'Registrering') +
        slot('10:30', 'Caching in depth', 'kjetil.h') +
        slot('11:15', 'Pause') +
        slot('12:15', 'Theming without tears', 'Solveig') +
        slot('13:45', 'Migrating a newsroom', 'kjetil.h') +
        `<dl><dt>Speakers</dt><dd>Ada Lind, Bo Berg</dd></dl>`,
    );
    expect(htmlLabelledSpeakers.detect(page)).toBeGreaterThan(0);
    expect(htmlLabelledSpeakers.detect(page)).toBeLessThan(htmlGeneric.detect(page));
    const speakers = await extract(htmlLabelledSpeakers, page);
    expect(speakers.map((s) => [s.name, s.talks?.map((t) => t.title)])).toEqual([
      ['kjetil.h', ['Caching in depth', 'Migrating a newsroom']],
      ['Solveig', ['Theming without tears']],
      ['Ada Lind', undefined],
      ['Bo Berg', undefined],
    ]);
  });

  it('leaves a page alone whose labels hold no person', () => {
    const page = inline(
      '<p><strong>Speakers</strong> <span>To be announced soon. Stay tuned!</span></p><p><strong>Speakers</strong> <span>Call for papers open.</span></p>',
    );
    expect(htmlLabelledSpeakers.detect(page)).toBe(0);
  });
});
