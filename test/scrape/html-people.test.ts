/**
 * The pieces behind the page-shape figures, one behaviour each: header-row
 * tables, role labels beside names, talk titles on cards and agendas, the pretalx
 * list in its 2020–2022 markup, roles stated in biographies, "Company | Title".
 */
import { describe, expect, it } from 'vitest';
import { roleFromBio } from '../../src/scrape/extractors/bio-role.js';
import { htmlGeneric } from '../../src/scrape/extractors/html-generic.js';
import { readPretalxHtml } from '../../src/scrape/extractors/html-pretalx.js';
import { roleLabel, stripRoleWords } from '../../src/scrape/extractors/html-roles.js';
import { readSchedSpeakers } from '../../src/scrape/extractors/html-sched.js';
import { htmlTable } from '../../src/scrape/extractors/html-table.js';
import { splitTagline } from '../../src/scrape/normalize.js';
import { normalizeSpeaker } from '../../src/scrape/speaker-record.js';
import type { Page, RawSpeaker } from '../../src/scrape/types.js';
import { pageFromFile } from './fixture-fetch.js';

const BASE = 'https://conf.example/speakers/';
const page = (body: string): Page => ({ url: BASE, status: 200, contentType: 'text/html', body: `<html><body>${body}</body></html>` });
const noFetch = async (): Promise<Page> => {
  throw new Error('no fetch expected');
};
const brief = (s: RawSpeaker) => ({ name: s.name, title: s.title, company: s.company, talks: s.talks?.map((t) => t.title) });

describe('tables read by their header row', () => {
  it('maps Speaker / Role / Organisation / Session in any order; an "in" icon link is a link, not the company', async () => {
    const body = `<table>
      <tr><th>Organisation</th><th>Session</th><th>Speaker</th><th>Role</th></tr>
      <tr><td>Kelpie Analytics</td><td rowspan="2">Panel: Data Mesh</td><td>Tobias Achterberg <a href="https://www.linkedin.com/in/tachterberg/">in</a></td><td>Principal Engineer</td></tr>
      <tr><td>Fjordline Bank</td><td>Greta Solberg</td><td>VP Engineering</td></tr>
      <tr><td>Harbourline Events</td><td>Welcome</td><td>Marguerite Olsson <span class="badge">Host</span></td><td>Programme Chair</td></tr>
      <tr><td></td><td>Coffee break</td><td></td><td></td></tr>
    </table>`;
    const speakers = await htmlTable.extract(page(body), noFetch);
    expect(speakers.map(brief)).toEqual([
      { name: 'Tobias Achterberg', title: 'Principal Engineer', company: 'Kelpie Analytics', talks: ['Panel: Data Mesh'] },
      { name: 'Greta Solberg', title: 'VP Engineering', company: 'Fjordline Bank', talks: ['Panel: Data Mesh'] },
    ]);
    expect(speakers[0].links).toEqual(['https://www.linkedin.com/in/tachterberg/']);
  });

  it('reads a bare "Title" column as the job beside a Topic column and as the talk beside a Company column', async () => {
    const withTopic = `<table><tr><th>Name</th><th>Title</th><th>Topic</th></tr>
      <tr><td>Lena Hoffmann</td><td>Developer Advocate</td><td>Query Plans</td></tr>
      <tr><td>Ewa Kowalczyk</td><td>Data Engineer</td><td>Parquet</td></tr></table>`;
    const talkTitles = `<table><tr><th>Presenter</th><th>Affiliation</th><th>Title</th></tr>
      <tr><td>Priyanka Raghavan</td><td>Lotus Health</td><td>Five Minutes of Parquet</td></tr>
      <tr><td>Yusuf Demirci &amp; Clara Benz</td><td>Anatolia Cloud</td><td>Postgres on Kubernetes</td></tr></table>`;
    expect((await htmlTable.extract(page(withTopic), noFetch)).map(brief)[0]).toEqual({
      name: 'Lena Hoffmann',
      title: 'Developer Advocate',
      company: undefined,
      talks: ['Query Plans'],
    });
    expect((await htmlTable.extract(page(talkTitles), noFetch)).map(brief)).toEqual([
      { name: 'Priyanka Raghavan', title: undefined, company: 'Lotus Health', talks: ['Five Minutes of Parquet'] },
      { name: 'Yusuf Demirci', title: undefined, company: 'Anatolia Cloud', talks: ['Postgres on Kubernetes'] },
      { name: 'Clara Benz', title: undefined, company: 'Anatolia Cloud', talks: ['Postgres on Kubernetes'] },
    ]);
  });

  it('takes a bold first row as the header; "(MC)" in the text leaves the row out, one-word cells are no one', async () => {
    const body = `<table><tr><td><b>Time</b></td><td><b>Speaker(s)</b></td><td><b>Title of talk</b></td></tr>
      <tr><td>10:00</td><td>Greta Nilsson<br>Hugo Martin</td><td>Observability on a Budget</td></tr>
      <tr><td>12:00</td><td>Lunch</td><td></td></tr>
      <tr><td>13:00</td><td>Jonas Meier (MC)</td><td>Afternoon kickoff</td></tr></table>`;
    const speakers = await htmlTable.extract(page(body), noFetch);
    expect(speakers.map((s) => [s.name, s.talks?.[0]?.title])).toEqual([
      ['Greta Nilsson', 'Observability on a Budget'],
      ['Hugo Martin', 'Observability on a Budget'],
    ]);
  });

  it('does not claim tables without a person column', () => {
    const body = '<table><tr><th>Time</th><th>Room</th></tr><tr><td>09:00</td><td>A</td></tr></table>';
    expect(htmlTable.detect(page(body))).toBe(0);
  });
});

describe('role labels', () => {
  it('tells staff labels from speaker labels and strips them from names', () => {
    expect(roleLabel('Organizer')).toBe('staff');
    expect(roleLabel('Host and MC')).toBe('staff');
    expect(roleLabel('Moderator')).toBe('speaker');
    expect(roleLabel('Panelist')).toBe('speaker');
    expect(roleLabel('Staff Engineer')).toBeUndefined();
    expect(stripRoleWords('Jane Doe Organizer')).toBe('Jane Doe');
    expect(stripRoleWords('Mei-Lin Zhou (Panelist)')).toBe('Mei-Lin Zhou');
    expect(stripRoleWords('Keynote: Zanele Dube')).toBe('Zanele Dube');
    // Too little would be left: a surname that happens to be a role word stays.
    expect(stripRoleWords('Nina Host')).toBe('Nina Host');
  });

  it('leaves out cards badged, classed or headed as organisers, hosts and sponsors', async () => {
    const card = (name: string, extra = '', cls = 'person') =>
      `<div class="${cls}"><img src="/p.jpg" alt=""><h3>${name}${extra}</h3><p>Engineer at Acme Corp</p></div>`;
    const body = `<h2>Speakers</h2><div class="grid">${card('Zanele Dube')}${card('Jamie Lockhart', ' <span class="badge">Organizer</span>')}${card('Arjun Mehta')}${card('Oscar Lindqvist', ' <span class="badge">Moderator</span>')}${card('Dana Whitfield', '', 'person sponsor')}</div>
      <h2>Organizing team</h2><div class="grid">${card('Olivia Grant')}${card('Ben Okafor')}${card('Sara Virtanen')}</div>`;
    const speakers = await htmlGeneric.extract(page(body), noFetch);
    expect(speakers.map((s) => s.name)).toEqual(['Zanele Dube', 'Arjun Mehta', 'Oscar Lindqvist']);
  });
});

describe('talk titles on generic pages', () => {
  it('reads "Talk:" lines and session links on cards', async () => {
    const card = (name: string, talk: string) => `<li class="speaker"><img src="/p.jpg" alt=""><h3>${name}</h3><p>Engineer at Acme Corp</p>${talk}</li>`;
    const body = `<ul>${card('Ragnhild Berg', '<p><strong>Talk:</strong> Testing in Production</p>')}${card('Emeka Chukwu', '<a href="/sessions/contract-tests">Contract Tests for Humans</a>')}${card('Aarav Shah', '<p>Workshop: Screen Readers</p>')}</ul>`;
    const speakers = await htmlGeneric.extract(page(body), noFetch);
    expect(speakers.map((s) => s.talks?.map((t) => t.title))).toEqual([['Testing in Production'], ['Contract Tests for Humans'], ['Screen Readers']]);
  });

  it('reads "Role<br>Talk: Title" as a role and a talk; a first line "Organizer" or a partners heading leaves the card out', async () => {
    const card = (name: string, lines: string) => `<div class="box"><img src="/p.jpg" alt=""><h3>${name}</h3><p>${lines}</p></div>`;
    const body = `<h2>Meet our speakers</h2><div class="row">${card('Anna Kowalska', 'CTO @ Wawel Soft<br>Talk: Event Sourcing Pitfalls')}${card('Chidi Okeke', 'Engineering Manager at Lagos Ledger<br>Talk: Owning Incidents')}${card('Dora Nagy', 'Organizer<br>DevHarbor Meetup')}</div>
      <h2>Our partners</h2><div class="row">${card('Eva Horvath', 'Account Manager, Danube Hosting')}${card('Frank Weber', 'Partner Lead, Rhein Cloud')}</div>`;
    const speakers = await htmlGeneric.extract(page(body), noFetch);
    expect(speakers.map((s) => [s.name, s.tagline, s.talks?.[0]?.title])).toEqual([
      ['Anna Kowalska', 'CTO @ Wawel Soft', 'Event Sourcing Pitfalls'],
      ['Chidi Okeke', 'Engineering Manager at Lagos Ledger', 'Owning Incidents'],
    ]);
  });

  it('takes an agenda slot title as the talk of every person listed under it, once per person', async () => {
    const person = (name: string, role = '') =>
      `<li class="who"><img src="/a.png" alt=""><span class="name">${name}</span>${role}<span class="headline">Director at Fjord HR</span></li>`;
    const slot = (title: string, people: string) => `<div class="slot"><time>09:00</time><h3>${title}</h3><ul>${people}</ul></div>`;
    const body = `<div class="agenda">${slot('Welcome', person('Bianca Rossi', '<span class="tag">MC</span>'))}${slot('Panel: Hiring', person('Ngozi Eze') + person('Lars Eriksen'))}${slot('Writing Culture', person('Lars Eriksen'))}${slot('Break', '')}</div>`;
    const speakers = await htmlGeneric.extract(page(body), noFetch);
    expect(speakers.map((s) => [s.name, s.talks?.map((t) => t.title)])).toEqual([
      ['Ngozi Eze', ['Panel: Hiring']],
      ['Lars Eriksen', ['Panel: Hiring', 'Writing Culture']],
    ]);
    // The speaker's record takes the label off the title and keeps it as the session's kind.
    expect(normalizeSpeaker(speakers[1], 'https://conf.example.org/').talks).toEqual([{ title: 'Hiring', kind: 'panel' }, { title: 'Writing Culture' }]);
  });
});

describe('pretalx speaker lists', () => {
  it('finds every speaker in the 2020–2022 markup, whose nested speaker links HTML parsing splits', () => {
    const html = pageFromFile(BASE, 'shapes/pretalx-2021.html').body;
    const speakers = readPretalxHtml(html, 'https://pretalx.example/brigcon2021/speaker/');
    expect(speakers.map((s) => s.name)).toEqual(['Tamsin Pryce', 'Olusegun Bakare', 'Ayşe Yıldız', 'Rémi Lefebvre']);
    expect(speakers[0]).toMatchObject({
      title: 'Security Engineer',
      company: 'Caerleon Bank',
      profileUrl: 'https://pretalx.example/brigcon2021/speaker/Q7RWXC/',
    });
  });

  it('reads talk titles from the pre-2020 heading list, without the »quotes«', () => {
    const html = pageFromFile(BASE, 'shapes/pretalx-legacy.html').body;
    const speakers = readPretalxHtml(html, 'https://pretalx.example/host2019/speaker/');
    expect(speakers[1].talks).toEqual([{ title: 'Reproducible Builds mit Nix' }, { title: 'Lightning Talks' }]);
  });
});

describe('roles stated in a biography', () => {
  it.each([
    ['Senior Software Engineer at Corrib Energy. Aoife maintains a library.', 'Senior Software Engineer', 'Corrib Energy'],
    ['Bilal is a Research Software Engineer at the University of Moorfield, where he builds tools.', 'Research Software Engineer', 'University of Moorfield'],
    ['Gabriela is the CTO of Quetzal Payments.', 'CTO', 'Quetzal Payments'],
    ['She is Head of Data at Kola Payments and runs a meetup.', 'Head of Data', 'Kola Payments'],
    ['Felix Thorsen works as a Platform Engineer at Nordavind AS. Before that he taught.', 'Platform Engineer', 'Nordavind AS'],
  ])('%s', (bio, title, company) => {
    expect(roleFromBio(bio)).toEqual({ title, company });
  });

  it.each(['I am a PhD student who got into Python through astronomy.', 'Rémi builds mesh networks in rural Brittany.', 'Loves bikes, at home in Cork.'])(
    'reads no role from "%s"',
    (bio) => {
      expect(roleFromBio(bio)).toBeUndefined();
    },
  );
});

describe('taglines and Sched sessions', () => {
  it('splits "Company | Title" with the role on the right', () => {
    expect(splitTagline('Tidewater Software | Principal Consultant')).toEqual({ title: 'Principal Consultant', company: 'Tidewater Software' });
    expect(splitTagline('Principal Consultant | Tidewater Software')).toEqual({ title: 'Principal Consultant', company: 'Tidewater Software' });
  });

  it('reads the sessions Sched lists under a person', () => {
    const html = pageFromFile(BASE, 'shapes/sched-speakers.html').body;
    const kwabena = readSchedSpeakers(html, 'https://kubeharbor2025.sched.com/speakers').find((s) => s.name === 'Kwabena Mensah');
    expect(kwabena?.talks).toEqual([{ title: 'Operators Are Just Controllers' }, { title: 'Panel: Platform Teams in 2025' }]);
  });
});
