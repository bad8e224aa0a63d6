/**
 * Where a card puts the employer when no role line names it: a logo beside the
 * person, or after a community honour ("Java Champion, Fjordpay"). Each page is
 * served on loopback and read through the guarded fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, extractHtml, fieldsByName } from './loopback-pages.js';

describe('the company given as a logo on the card', () => {
  it('reads the alt text or the file name; the event logo, a sponsor badge, icons and photos give none', async () => {
    const out = await extractFixture('logo-companies.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Head of Product', 'Fjordpay'],
      ['Omar Saleh', 'Principal Designer', 'Kelpware'],
      ['Ruth Ambrose', 'Chief Operating Officer', 'Brightwater Analytics'],
      // The role line names the employer; the logo does not overrule it.
      ['Piet Maas', 'Product Manager', 'Stroomnet'],
      ['Aoife Kelly', 'Software Engineer', null],
      ['Tomasz Wielgus', 'Platform Architect', null],
      ['Mira Ekdahl', 'Site Reliability Engineer', null],
    ]);
  });
});

describe('the company given as a logo on the card', () => {
  it('the photo a CSS background, the logo the only <img>: its alt, else its numbered upload\'s file name; "Speaker photo" is no company', async () => {
    const out = await extractFixture('logo-background-photo.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Henrike Vos', 'Database Engineer', 'Quillstone'],
      ['Malik Haddad', 'Data Lead', 'Larkspur Health'],
      ['Sunniva Berg', 'Analytics Engineer', 'Fjordpay'],
      ['Priya Natarajan', 'VP Data', null],
      ['Tomasz Wielgus', 'Platform Architect', null],
      ['Anouk de Ruiter', 'Head of Data', null],
      ['Olamide Farrow', 'Founder', null],
    ]);
  });
});

describe('an honour where the job goes', () => {
  it('"Java Champion, Fjordpay" and "Oracle ACE, Java Champion, Brightwater" give the employer; an honour alone gives none', async () => {
    const out = await extractFixture('honour-taglines.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Java Champion', 'Fjordpay'],
      ['Omar Saleh', 'Oracle ACE Director', 'Kelpware'],
      ['Ruth Ambrose', 'Oracle ACE, Java Champion', 'Brightwater'],
      ['Piet Maas', 'Staff Engineer', 'Stroomnet'],
      ['Aoife Kelly', 'Java Champion', null],
      ['Joost van Dijk', 'JUG Leader', null],
    ]);
  });
});

describe('names as people write them, and the sections around them', () => {
  it('honorifics and post-nominals go, lower-case and non-Latin names stay; an occupation is never the company; organisers and the emcee are no speakers', async () => {
    const out = await extractFixture('names-scripts-sections.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Head of Research', 'Fjordpay'],
      ['Omar Saleh', 'Professor', 'Eastfield University'],
      ['Ruth Ambrose', 'Minister for Digital', null],
      ['isis lovecruft', 'Cryptographer', null],
      ['Марина Соколова', 'Engineer', 'Kelpware'],
      ['Γιώργος Παπαδόπουλος', 'Developer', 'Stroomnet'],
      ['נועה כהן', 'CTO', 'Lumenworks'],
      ['王小明', '架构师', 'Quillstone'],
      ['Martin Luther King Jr.', 'Pastor', 'Ebenezer Baptist Church'],
      ['Mira Ekdahl', 'Dean', 'Northmoor University'],
      ['don-E Merson', 'Designer', null],
    ]);
  });
});

describe('name, role and company as lines of one paragraph', () => {
  it('"<strong>Name</strong><br>Role<br>Company": the role and the company each their own line', async () => {
    const out = await extractFixture('card-lines-breaks.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company, s.linkedinUrl])).toEqual([
      ['Ada Lind', 'Senior Engineer', 'Quillstone', 'https://www.linkedin.com/in/adalind'],
      ['Bo Berg', 'Java Champion', 'Kelpware', 'https://www.linkedin.com/in/boberg'],
      ['Cy Dunn', 'Principal Architect', 'Larkspur Health', 'https://www.linkedin.com/in/cydunn'],
      ['Di Eng', 'Developer Advocate', 'Fjordpay', 'https://www.linkedin.com/in/dieng'],
    ]);
  });
});

describe('the company beside the role, written other ways', () => {
  it("a link to the employer's own site under the role is the company; a link elsewhere is not", async () => {
    const out = await extractFixture('company-site-link.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Ada Lind', 'Senior Engineer', 'Quillstone'],
      ['Bo Berg', 'Software Architect', 'Kelpware'],
      ['Cy Dunn', 'Principal Architect', 'Larkspur Health'],
      ['Di Eng', 'Developer Advocate', null],
    ]);
  });

  it('"Role (Company)" gives the company in brackets; "(Remote)" is none', async () => {
    const out = await extractFixture('role-bracket-company.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Ada Lind', 'Senior Engineer', 'Quillstone'],
      ['Bo Berg', 'Software Architect', 'Kelpware'],
      ['Cy Dunn', 'Principal Architect', 'Larkspur Health'],
      ['Di Eng', 'Software Engineer (Remote)', null],
    ]);
  });
});

describe('the company in schema.org data written by hand', () => {
  it('JSON-LD with comments is read; ", Org" in a detail panel and a line that gave the company are not the job', async () => {
    const out = await extractFixture('jsonld-comments.html');
    expect(out.extractor).toBe('html-schema-org');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lucía Romero', null, 'Datalia'],
      ['Diego Fuentes', null, 'Quillstone'],
      ['Carmen Ibáñez', null, 'Kelpware'],
    ]);
  });
});

describe('a role badge in the page language beside the affiliation', () => {
  it('"Relatore" / "Relatrice" is a badge, not a company; the element classed as the affiliation is the company, never the talk', async () => {
    const out = await extractFixture('portrait-badge-affiliation.html');
    expect(fieldsByName(out)).toEqual({
      'Ada Lind': [null, 'Università di Torino', null],
      'Bruno Ferri': [null, 'Quillstone Lab', null],
      'Chiara Neri': [null, 'Sapienza Università di Roma', null],
      'Dario Conti': [null, 'CNR-ILC', null],
    });
  });
});

describe('a column of employers with social handles under them', () => {
  it('a handle is never the title or the company, so the column reads as companies; "Org S.A.S. / University" gives no job title', async () => {
    const out = await extractFixture('taglines-handles.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lucía Romero', null, 'Datalia'],
      ['Diego Fuentes', null, 'Quillstone'],
      ['Carmen Ibáñez', null, 'UNAL'],
      ['Mateo Rivas', null, 'Kelpware'],
      ['Sofía Paredes', null, null],
    ]);
  });
});

describe('places and second employers in a role line', () => {
  it('"Company, Country" keeps the company; "Title, Org, Country" drops the country; two roles at two employers give neither; "No institution" is none', async () => {
    const out = await extractFixture('tagline-places-employers.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Head of Platform', 'Quillstone Analytics (QSA)'],
      ['Omar Saleh', 'Staff Engineer', 'Kelpware'],
      ['Ruth Ambrose', null, 'Fjordpay'],
      ['Piet Maas', 'Senior Researcher', 'Brightwater Institute'],
      ['Aoife Kelly', null, null],
      ['Mira Ekdahl', 'Head of Data', 'Larkspur Health'],
      ['Joost van Dijk', 'Principal Engineer', 'Cobalt Systems (CBS)'],
      ['Sunniva Berg', 'Developer', null],
      ['Hana Okafor', null, null],
    ]);
  });
});

describe('"Role du/de la Organisation" in French and Italian role lines', () => {
  it('the article before a capital opens the organisation; a field after a bare "de" stays part of the role', async () => {
    const out = await extractFixture('tagline-role-of-organisation.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Claire Vasseur', 'Déléguée générale', 'Fabrique Lumen'],
      ['Bastien Roux', 'Co-fondateur', 'Collectif Ardoise'],
      ['Giulia Ferrante', 'Direttrice', 'Fondazione Cedro'],
      ['Nadia Leclerc', 'Consultante indépendante', null],
      ['Hugo Marchal', 'Ingénieur de Recherche', null],
    ]);
  });
});

describe('a slogan in the tagline slot', () => {
  it('three or more short descriptors with no employer are no title; "Role, Company" and two roles stay', async () => {
    const out = await extractFixture('tagline-slogans.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', null, null],
      ['Omar Saleh', null, null],
      ['Ruth Ambrose', 'Staff Engineer', 'Fjordpay'],
      ['Piet Maas', 'Designer, Consultant and Teacher', null],
      ['Aoife Kelly', 'Senior Researcher', 'Brightwater Institute'],
      // A list that opens on an office names the job first (a company written in lower case stays in the title).
      ['Mira Ekdahl', 'CEO lumenworks', null],
    ]);
  });
});

describe('a sentence about the person under the name', () => {
  it('is the bio, not a role line: "est CTO chez X", "arbeitet bei X", "trabaja en X", "works for X", "lavora presso X" give the employer only', async () => {
    const out = await extractFixture('bio-sentence-lines.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', null, 'Fjordpay'],
      ['Ruth Ambrose', null, 'Brightwater'],
      ['Piet Maas', null, 'Stroomnet'],
      ['Aoife Kelly', null, 'Quillstone'],
      ['Mira Ekdahl', null, 'Lumenworks'],
      ['Anouk de Ruiter', null, 'Cobalt Systems'],
      ['Malik Haddad', null, 'Fondazione Cedro'],
    ]);
  });
});

describe('roles named by a last word "Master"', () => {
  it('"Scrum Master" and "Scientific Data Meister" alone on the role line are titles, not lost', async () => {
    const out = await extractFixture('role-master-lines.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Scrum Master', null],
      ['Omar Saleh', 'Product Owner', 'Kelpware'],
      ['Ruth Ambrose', 'Scientific Data Meister', null],
      ['Piet Maas', 'Agile Coach', 'Stroomnet'],
      ['Aoife Kelly', 'Scrum Master', 'Quillstone'],
    ]);
  });
});

describe('role lines broken by line breaks inside a "presentation" block', () => {
  it('a wrapped phrase is one line; several roles over an organisation give the organisation only; a block around the name is no talk', async () => {
    const out = await extractHtml(ROLE_BLOCKS);
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, 'Université de Brightwater', null],
      'Tariq Osei': ['Directeur', 'Agence Kelpware', null],
      'Marit Quist': ['Étudiante en alternance', null, null],
      'Dario Conti': ['Journaliste Audiovisuel (Radio et Télévision)', null, null],
    });
  });
});

/** Cards whose role lines are written as lines of one paragraph, wrapped by hand. */
const ROLE_BLOCKS = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Forum 2021 – Intervenants</title></head>
<body>
<section class="intervenants">
  <div class="row">
    <div class="item">
      <div class="photo"><img src="/img/ines.jpg"></div>
      <div class="presentation">
        <h3>Ines Halvorsen</h3>
        <p class="diplome">Enseignante chercheuse <br>en journalisme<br>Directrice du Laboratoire LUMEN<br>Université de Brightwater</p>
      </div>
    </div>
    <div class="item">
      <div class="photo"><img src="/img/tariq.jpg"></div>
      <div class="presentation">
        <h3>Tariq Osei</h3>
        <p class="diplome">Directeur <br> Agence Kelpware</p>
      </div>
    </div>
  </div>
  <div class="row">
    <div class="item">
      <div class="photo"><img src="/img/marit.jpg"></div>
      <div class="presentation">
        <h3>Marit Quist</h3>
        <p class="diplome">Étudiante en alternance</p>
      </div>
    </div>
    <div class="item">
      <div class="photo"><img src="/img/dario.jpg"></div>
      <div class="presentation">
        <h3>Dario Conti</h3>
        <p class="diplome">Journaliste Audiovisuel <br> (Radio et Télévision)</p>
      </div>
    </div>
  </div>
</section>
</body></html>`;

describe('a table of photo rows over "Name<br>Org" rows', () => {
  it('the line under each name is the organisation, a web name such as "Your.dev" among them', async () => {
    const out = await extractHtml(PHOTO_ROWS);
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, 'Northmoor University', null],
      'Tariq Osei': [null, 'Fjordpay', null],
      'Marit Quist': [null, 'Your.dev', null],
      'Dario Conti': [null, 'Kelpware', null],
    });
  });
});

const PHOTO_ROWS = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Workshop – Speakers</title></head>
<body><main>
<h1>Speakers</h1>
<table><tbody>
  <tr>
    <td><img src="/img/ines.jpg" alt="Ines Halvorsen"></td>
    <td><img src="/img/tariq.jpg" alt="Tariq Osei"></td>
    <td><img src="/img/marit.jpg" alt="Marit Quist"></td>
    <td><img src="/img/dario.jpg" alt="Dario Conti"></td>
  </tr>
  <tr>
    <td><a href="https://ines.example.org/">Ines Halvorsen</a><br>Northmoor University</td>
    <td><a href="https://tariq.example.org/">Tariq Osei</a><br>Fjordpay</td>
    <td><a href="https://marit.example.org/">Marit Quist</a><br>Your.dev</td>
    <td><a href="https://dario.example.org/">Dario Conti</a><br>Kelpware</td>
  </tr>
</tbody></table>
</main></body></html>`;

describe('a role line that repeats the name, and a channel line', () => {
  it('the name before the role is left off; "Channel - @handle" names no employer', async () => {
    const out = await extractHtml(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Speakers</title></head><body>
<section class="speakers">
  <div class="speaker"><img src="/img/ines.jpg" alt=""><h3>Ines Halvorsen</h3><p>Ines Halvorsen - Systems Engineer</p></div>
  <div class="speaker"><img src="/img/tariq.jpg" alt=""><h3>Tariq Osei</h3><p>Staff Engineer at Fjordpay</p></div>
  <div class="speaker"><img src="/img/marit.jpg" alt=""><h3>Marit Quist</h3><p>Video channel - @maritquist</p></div>
  <div class="speaker"><img src="/img/dario.jpg" alt=""><h3>Dario Conti</h3><p>Data Engineer at Kelpware</p></div>
</section></body></html>`);
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': ['Systems Engineer', null, null],
      'Tariq Osei': ['Staff Engineer', 'Fjordpay', null],
      'Marit Quist': [null, null, null],
      'Dario Conti': ['Data Engineer', 'Kelpware', null],
    });
  });
});

describe('text written for screen readers only', () => {
  it('"Twitter @handle" and a hidden "LinkedIn" inside icon links are no role line: the visible line after them gives the role and the employer', async () => {
    const out = await extractFixture('screen-reader-labels.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company, s.linkedinUrl])).toEqual([
      ['Lena Kraus', 'Detection Engineer', 'Fjordpay', 'https://www.linkedin.com/in/lenakraus'],
      ['Omar Saleh', 'Red Team Lead', null, 'https://www.linkedin.com/in/omarsaleh'],
      ['Ruth Ambrose', 'Malware Analyst', 'Kelpware', 'https://www.linkedin.com/in/ruthambrose'],
      ['Piet Maas', 'Security Architect', 'Stroomnet', 'https://www.linkedin.com/in/pietmaas'],
      ['Aoife Kelly', 'Incident Responder', 'Larkspur Health', 'https://www.linkedin.com/in/aoifekelly'],
    ]);
  });
});

describe('the employer before the roles', () => {
  it('"Fjordpay, Principal Security Architect, Security Evangelist": the organisation first, then roles, each with a role word', async () => {
    const out = await extractFixture('organisation-first-taglines.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Lena Kraus', 'Principal Security Architect, Security Evangelist', 'Fjordpay'],
      ['Omar Saleh', 'Head of Platform, Chief Architect', 'Kelpware'],
      ['Ruth Ambrose', 'Staff Engineer', 'Stroomnet'],
      ['Piet Maas', 'Ethical hacker, security researcher', null],
      ['Aoife Kelly', 'Security Lead', 'Larkspur Health'],
    ]);
  });
});

describe('a one-word name over a line classed as the job', () => {
  it('"<h5>Gomex</h5><p class="position">Crossover</p>" in one block: the heading is the name, the classed line the employer, never "Gomex Crossover"', async () => {
    const card = (name: string, org: string, slug: string): string =>
      `<div class="col"><div class="speaker_box"><div class="speaker_img"><img src="p.jpg" alt="speaker name">` +
      `<div class="info_box"><h5 class="name">${name}</h5><p class="position">${org}</p></div></div>` +
      `<div class="speaker_social"><p>\n  Desenvolve software livre há dez anos e\n  organiza encontros de comunidade.\n</p>` +
      `<ul><li><a href="https://www.linkedin.com/in/${slug}/"><i class="icon-linkedin"></i></a></li></ul></div></div></div>`;
    const out = await extractHtml(
      `<html><body><h1>Palestrantes</h1><section><div class="row">${card('Tavinho', 'Quillstone', 'tavinho')}${card('Ana Lima', 'Fjordpay', 'analima')}` +
        `${card('Bruno Costa', 'Rede Larkspur', 'brunocosta')}${card('Carla Dias', 'Brightwater', 'carladias')}</div></section></body></html>`,
    );
    expect(out.speakers.map((s) => [s.name, s.company, s.linkedinUrl])).toEqual([
      ['Tavinho', 'Quillstone', 'https://www.linkedin.com/in/tavinho'],
      ['Ana Lima', 'Fjordpay', 'https://www.linkedin.com/in/analima'],
      ['Bruno Costa', 'Rede Larkspur', 'https://www.linkedin.com/in/brunocosta'],
      ['Carla Dias', 'Brightwater', 'https://www.linkedin.com/in/carladias'],
    ]);
  });
});

describe('a list of people with their organisation in brackets', () => {
  it('"<a>Name</a> (Eastside Legal Assistance)": the organisation is no speaker of a talk named after the person', async () => {
    const people = [
      ['Lena Kraus', 'Northgate Legal Services'],
      ['Omar Saleh', 'Harbour Innocence Project'],
      ['Ruth Ambrose', 'Eastside Legal Assistance'],
      ['Piet Maas', 'Riverbend Charitable Trusts'],
      ['Aoife Kelly', 'Lakeside Tenant Services'],
      ['Tomasz Wielgus', 'Fjordpay'],
    ];
    const items = people.map(([name, org], i) => `<li><a href="#p${i}">${name}</a> (${org})</li>`).join('\n');
    const out = await extractHtml(`<html><body><h1>Speakers</h1><p><b>SPEAKERS &amp; PANELISTS</b></p><ul>\n${items}\n</ul></body></html>`);
    expect(out.speakers.map((s) => [s.name, s.company])).toEqual(people);
  });
});

describe('an organisation wrapped over the source lines', () => {
  it('"<span>Kelpware\\n  Systems Co.,\\n  Ltd.</span>" under the name is one company; a name and a role on two source lines stay two lines', async () => {
    const card = (name: string, org: string, shown = 'f3 tc'): string =>
      `<div class="w5 dib">\n  <a class="no-underline" href="detail-${name.split(' ')[0]?.toLowerCase()}.html">\n` +
      `    <img src="/s.jpg" alt="${name}" />\n    <p class="${shown}">\n      <span class="b db">${name}</span>\n` +
      `      <span class="f5 db">${org}</span>\n    </p>\n  </a>\n</div>\n`;
    // One card's paragraph carries one more class, as templates do: the name is then read with what follows it.
    const out = await extractHtml(
      `<html><body><h1>Speakers</h1><span class="flex flex-wrap">\n${card('Ada Lind', 'Quillstone')}` +
        `${card('Bo Berg', 'Kelpware\n        Systems Co.,\n        Ltd.')}${card('Cy Dunn', 'Fjordpay')}${card('Dee Marsh', 'Stroomnet', 'f3 tc db')}</span></body></html>`,
    );
    expect(out.speakers.map((s) => [s.name, s.company])).toEqual([
      ['Ada Lind', 'Quillstone'],
      ['Bo Berg', 'Kelpware Systems Co., Ltd.'],
      ['Cy Dunn', 'Fjordpay'],
      ['Dee Marsh', 'Stroomnet'],
    ]);
    const prose = await extractHtml(
      `<html><body><h1>Speakers</h1><h2>Keynote – Who Pays for Safety?</h2>\n<p>Eva Lind\nDirector of Research, Brightwater</p>\n` +
        `<h2>Breaking Tokens Quietly</h2>\n<p>Omar Saleh</p>\n<h2>Access Control at Scale</h2>\n<p>Ruth Ambrose, Piet Maas</p>\n` +
        `<h2>Graph Injection Explained</h2>\n<p>Aoife Kelly</p>\n</body></html>`,
    );
    expect(prose.speakers.map((s) => s.name)).toContain('Eva Lind');
  });
});

describe('degrees after a name', () => {
  it('are the person’s letters, never their employer ("Ines Okafor, J.D., Ph.D")', async () => {
    const out = await extractFixture('names-with-degrees.html');
    expect(out.speakers.map((s) => [s.name, s.title, s.company])).toEqual([
      ['Wren Ashdown', null, null],
      ['Colm Farrelly', null, null],
      ['Ines Okafor', null, null],
      ['Tomas Brekke', null, null],
      ['Amara Lindqvist', null, null],
    ]);
  });
});
