import { describe, expect, it } from 'vitest';
import { cleanName, dedupeKey, normalizeLinkedIn, splitTagline } from '../../src/scrape/normalize.js';
import { normalizeSpeaker, stripHtml } from '../../src/scrape/speaker-record.js';

describe('splitTagline', () => {
  const cases: Array<[string, string | null, string | null]> = [
    ['CTO at Acme', 'CTO', 'Acme'],
    ['Senior UX Researcher // Nordlicht', 'Senior UX Researcher', 'Nordlicht'],
    ['CEO Falkenberg', 'CEO', 'Falkenberg'],
    ['Chief Digital Officer Varden SE', 'Chief Digital Officer', 'Varden SE'],
    ['Partner Brandt & Partner', 'Partner', 'Brandt & Partner'],
    // A role's remit (fields and places) stays with the title; the capitalised rest is the employer.
    ['Direttore Marketing Velloni Italia', 'Direttore Marketing', 'Velloni Italia'],
    ['Head of Digital Quarzo', 'Head of Digital', 'Quarzo'],
    ['Senior Director Sales Austria & Malta Nordwind Group', 'Senior Director Sales Austria & Malta', 'Nordwind Group'],
    ['Head of Sales', 'Head of Sales', null],
    ['Senior Developer Java', 'Senior Developer Java', null],
    ['Product Manager Growth', 'Product Manager Growth', null],
    ['Database Engineer @ quietquery.dev', 'Database Engineer', 'quietquery.dev'],
    // A dash inside the role when a comma names the employer after it; an honour set apart by a bar.
    ['Lead Engineer - Platform and Observability, Fjordpay', 'Lead Engineer - Platform and Observability', 'Fjordpay'],
    ['Senior Engineer - DevOps, Kelpware', 'Senior Engineer - DevOps', 'Kelpware'],
    ['Senior Staff Engineer at Quillstone | GDE', 'Senior Staff Engineer', 'Quillstone'],
    // "en" before a word in lower case goes on with the role; before a name it names the employer.
    ['Étudiante en alternance', 'Étudiante en alternance', null],
    ['CTO en Quillstone', 'CTO', 'Quillstone'],
    // An "@" written against the role and a capitalised name, not an e-mail address.
    ['Software Engineer@Kelpware SE', 'Software Engineer', 'Kelpware SE'],
    // Two trades joined by a dash are two jobs, no employer.
    ['Cadreur - Monteur', 'Cadreur - Monteur', null],
    ['Developer @mkoval', 'Developer @mkoval', null],
    ['Senior Software Engineer at Nimbus Labs', 'Senior Software Engineer', 'Nimbus Labs'],
    ['Site Reliability Lead @ Aspen Works', 'Site Reliability Lead', 'Aspen Works'],
    ['Product Strategy & Design @ Fjord', 'Product Strategy & Design', 'Fjord'],
    ['Staff Engineer | Orbital', 'Staff Engineer', 'Orbital'],
    ['Senior Software Engineer - Bold Otter', 'Senior Software Engineer', 'Bold Otter'],
    ['Developer Advocate – Quillstack', 'Developer Advocate', 'Quillstack'],
    ['Product Systems Analyst, Fuse by Larkspur Health', 'Product Systems Analyst', 'Fuse by Larkspur Health'],
    ['Head of Marketing, Ukraine and CIS, Google', 'Head of Marketing, Ukraine and CIS', 'Google'],
    ['Co-founder and CTO, Kalmar.io', 'Co-founder and CTO', 'Kalmar.io'],
    // "en", "na", "w": the word for "at" in Spanish, Portuguese and Polish role lines; never before a field of study.
    ['CTO en Quillstone', 'CTO', 'Quillstone'],
    // An "@" written against the role and a capitalised name, not an e-mail address.
    ['Software Engineer@Kelpware SE', 'Software Engineer', 'Kelpware SE'],
    // Two trades joined by a dash are two jobs, no employer.
    ['Cadreur - Monteur', 'Cadreur - Monteur', null],
    ['Desenvolvedora na Globo', 'Desenvolvedora', 'Globo'],
    ['Programista w Allegro', 'Programista', 'Allegro'],
    ['Ingeniero en Sistemas', 'Ingeniero en Sistemas', null],
    ['Periodista de datos en El Español.', 'Periodista de datos en El Español.', null],
    ['Desarrollador en Seguridad Informática', 'Desarrollador en Seguridad Informática', null],
    // The employer in brackets after the role; how or where one works, or a field, is none.
    ['Senior Engineer (Quillstone)', 'Senior Engineer', 'Quillstone'],
    ['Principal Architect (Larkspur Health)', 'Principal Architect', 'Larkspur Health'],
    ['Software Engineer (Remote)', 'Software Engineer (Remote)', null],
    ['Senior Developer (Java)', 'Senior Developer (Java)', null],
    ['Little Fluffy Clouds', null, null],
    ['I like to make stuff.', null, null],
    ['Making the complex simple and easy to understand', null, null],
    ['building better software, and building software be...', null, null],
    ['Tech Community Advocate', 'Tech Community Advocate', null],
    ['Windows Development MVP', 'Windows Development MVP', null],
    ['Director, Architect, Local Tech Lead', 'Director, Architect, Local Tech Lead', null],
    ['Partner & Principal Consultant, Trailhead Technolo...', 'Partner & Principal Consultant', null],
    ['Huntington National Bank', null, null],
    ['Acme', null, null],
    ['', null, null],
    // Czech and Russian write "in" where English writes "at".
    ['Scrum Master v Kelpware', 'Scrum Master', 'Kelpware'],
    ['Business Consultant v Nordform', 'Business Consultant', 'Nordform'],
    // Czech role words: a separator-less line splits after the role, as in German or Italian.
    ['Šéfredaktor Kelpware.cz', 'Šéfredaktor', 'Kelpware.cz'],
    ['Novinářka', 'Novinářka', null],
    // A city with its region code after the last comma says where, not who.
    ['Principal Consultant - Lumenworks, Columbus OH', 'Principal Consultant', 'Lumenworks'],
    // "of" after a firm's head or before "the", "for" after a role: the employer follows.
    ['Founder and CEO of Quillstone Labs', 'Founder and CEO', 'Quillstone Labs'],
    ['Co-Founder & CEO of Fjordpay', 'Co-Founder & CEO', 'Fjordpay'],
    ['Director of the Larkspur Project', 'Director', 'Larkspur Project'],
    ['Spec Writer for Kelpware', 'Spec Writer', 'Kelpware'],
    ['Backend Developer for Center for Open Legal Tools (COLT)', 'Backend Developer', 'Center for Open Legal Tools (COLT)'],
    // A field or a unit after "of" is the role's remit, no employer.
    ['Director of Engineering', 'Director of Engineering', null],
    ['Head of Product', 'Head of Product', null],
    ['VP of Engineering at Stroomnet', 'VP of Engineering', 'Stroomnet'],
    // The lower-case article after "at" and the town after an institution are no part of its name; a unit is no role.
    ['Research Fellow at the Brightwater Institute', 'Research Fellow', 'Brightwater Institute'],
    ['Lecturer at the University of Northmoor in Eastbrook', 'Lecturer', 'University of Northmoor'],
    ['Faculty of Physics, at the University of Northmoor', null, 'University of Northmoor'],
    ['Senior Editor, The Evening Lantern', 'Senior Editor', 'The Evening Lantern'],
    // A talk's title with a dash: a lower-case article opening four words or more is no employer.
    ['Faites-le vous même - le Grand Atelier de vos bureaux', null, null],
    ['Développeuse - la Boussole', 'Développeuse', 'la Boussole'],
    // One lower-case word after "at" or "chez" is the employer after a role; a phrase ("at scale") is none.
    ['Security Specialist at quillstone', 'Security Specialist', 'quillstone'],
    ['Consultante chez kelpware', 'Consultante', 'kelpware'],
    ['Engineer at scale', 'Engineer at scale', null],
    ['Teacher at school', 'Teacher at school', null],
    // A past post after the current one ("Fmr.", "Former", "ex-") is no part of the line.
    ['Associate, Larkspur Consulting, Fmr. Fellow, Lantern Center for Innovation', 'Associate', 'Larkspur Consulting'],
    ['Engineer, Kelpware, ex-Fjordpay', 'Engineer', 'Kelpware'],
    // A degree candidate is a post in academic lists.
    ['JD Candidate, Northmoor Law School', 'JD Candidate', 'Northmoor Law School'],
    // A line in quotation marks is a title quoted (a training's, a talk's), never a role and an employer.
    ['"Tracing Slow Checkouts - A Hands-on Lab"', null, null],
    ['\u201cEvent Sourcing, Without Tears\u201d', null, null],
    // A comma or a dash inside brackets parts nothing: certifications after a role stay with it.
    ['Cloud Architect Azure (MCSD, MCSE & MCT)', 'Cloud Architect Azure (MCSD, MCSE & MCT)', null],
    ['Data Engineer (Spark, Kafka), Kelpware', 'Data Engineer (Spark, Kafka)', 'Kelpware'],
    ['Security Lead (Red Team - EMEA) @ Fjordpay', 'Security Lead (Red Team - EMEA)', 'Fjordpay'],
    // A headline's role line: its first short sentence, or the one segment between bars that says a role at an organisation.
    ['Solution Architect Kelpware. Generalist for cloud, storage and process frameworks', 'Solution Architect', 'Kelpware'],
    ['Azure and Identity specialist | Managing Consultant at Fjordpay', 'Managing Consultant', 'Fjordpay'],
    ['Speaker | Author | CTO at Quillstone', 'CTO', 'Quillstone'],
    // An organisation followed by its own initials is one name, after a role or alone.
    ['Institute of Coastal Economy and Governance, ICEG', null, 'Institute of Coastal Economy and Governance, ICEG'],
    ['Director, Institute of Coastal Economy and Governance, ICEG', 'Director', 'Institute of Coastal Economy and Governance, ICEG'],
    // Role words of more languages.
    ['Engenheiro de Software no Kelpware', 'Engenheiro de Software', 'Kelpware'],
    ['Разработчик в Kelpware', 'Разработчик', 'Kelpware'],
    ['Yazılım Geliştirici, Kelpware', 'Yazılım Geliştirici', 'Kelpware'],
    // A semicolon parts a headline as a bar does; an honour before the role, a town or a past employer in brackets after the employer are no part of them.
    ['Principal Engineer at Kelpware; Google Developer Expert', 'Principal Engineer', 'Kelpware'],
    ['Microsoft MVP, Senior Consultant at Kelpware', 'Senior Consultant', 'Kelpware'],
    ['Head of Data at Kelpware (Berlin)', 'Head of Data', 'Kelpware'],
    ['VP Engineering @ Kelpware (ex-Fjordpay)', 'VP Engineering', 'Kelpware'],
    // A pictograph at the end decorates the line.
    ['Data Engineer @ Kelpware 🚀', 'Data Engineer', 'Kelpware'],
    // An abbreviation ends no sentence.
    ['CTO at Quillstone Inc. Berlin', 'CTO', 'Quillstone Inc. Berlin'],
  ];
  it.each(cases)('%j → title %j, company %j', (tagline, title, company) => {
    expect(splitTagline(tagline)).toEqual({ title, company });
  });
});

describe('normalizeLinkedIn', () => {
  const person = (slug: string) => ({ kind: 'person', url: `https://www.linkedin.com/in/${slug}` });
  const cases: Array<[string, unknown]> = [
    ['https://www.linkedin.com/in/ada-lovelace/', person('ada-lovelace')],
    ['https://uk.linkedin.com/in/Ada-Lovelace-57a15425', person('ada-lovelace-57a15425')],
    ['de.linkedin.com/in/grace', person('grace')],
    ['linkedin.com/in/grace', person('grace')],
    ['www.linkedin.com/in/grace', person('grace')],
    ['http://www.linkedin.com/in/grace?trk=profile&lang=en#about', person('grace')],
    ['https://www.linkedin.com/in/grace/detail/recent-activity/', person('grace')],
    ['https://www.linkedin.com/in/grace/en', person('grace')],
    ['https://www.linkedin.com/mwlite/in/grace', person('grace')],
    ['https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa', person('jos%C3%A9-garc%C3%ADa')],
    ['https://sy.linkedin.com/pub/kit-marlow/a7/576/b50?trk=x', person('kit-marlow-b50576a7')],
    ['https://ua.linkedin.com/pub/kit-marlow/49/26/935', person('kit-marlow-93502649')],
    ['https://www.linkedin.com/company/Acme-Corp/', { kind: 'company', url: 'https://www.linkedin.com/company/acme-corp' }],
    ['https://www.linkedin.com/school/river-college/about', { kind: 'company', url: 'https://www.linkedin.com/school/river-college' }],
    ['https://www.linkedin.com/showcase/acme-cloud', { kind: 'company', url: 'https://www.linkedin.com/showcase/acme-cloud' }],
    ['https://www.linkedin.com/feed/', null],
    ['https://www.linkedin.com/posts/grace_activity-123', null],
    ['https://www.linkedin.com/profile/view?id=354203327', null],
    ['https://twitter.com/grace', null],
    ['https://notlinkedin.com/in/grace', null],
    ['not a url', null],
  ];
  it.each(cases)('%s', (raw, expected) => {
    expect(normalizeLinkedIn(raw)).toEqual(expected);
  });
});

describe('cleanName', () => {
  const cases: Array<[string, string]> = [
    ['JOHN DOE!', 'John Doe'],
    ['María José García', 'María José García'],
    ['MARÍA JOSÉ GARCÍA', 'María José García'],
    ['  Ada   Lovelace  ', 'Ada Lovelace'],
    ['"Ada Lovelace",', 'Ada Lovelace'],
    ['🚀 Ada Lovelace 🎉', 'Ada Lovelace'],
    ['Dr. Ada Lovelace, PhD', 'Ada Lovelace'],
    ['Prof. Grace Hopper', 'Grace Hopper'],
    ['LUDWIG VAN BEETHOVEN', 'Ludwig van Beethoven'],
    ["PATRICK O'BRIEN", "Patrick O'Brien"],
    ['RONALD MCDONALD', 'Ronald McDonald'],
    ['JEAN-LUC PICARD', 'Jean-Luc Picard'],
    // A name written in lower case is written so by its owner.
    ['isis lovecruft', 'isis lovecruft'],
    ['bell hooks', 'bell hooks'],
    ['Jonathan "J." Tower', 'Jonathan "J." Tower'],
    ['danielle van der Berg', 'danielle van der Berg'],
    ['The Hon Mark Butler MP', 'Mark Butler'],
    ['Prof. Ann Lee AO', 'Ann Lee'],
    ['Avv. Gilberto Pagani', 'Gilberto Pagani'],
    ['Jane Doe, CCP', 'Jane Doe'],
    ['Mara Quist, J.D., Ph.D', 'Mara Quist'],
    ['Ines Halvorsen, Ed.D.', 'Ines Halvorsen'],
    ['Martin Luther King Jr.', 'Martin Luther King Jr.'],
    // "Ma" and "Ao" are surnames: only capital post-nominals after two words go.
    ['Sam Ma', 'Sam Ma'],
    ['Lin Ao', 'Lin Ao'],
    // A heading's anchor mark.
    ['Joel Ostblom¶', 'Joel Ostblom'],
  ];
  it.each(cases)('%j → %j', (raw, expected) => {
    expect(cleanName(raw)).toBe(expected);
  });
});

describe('normalizeSpeaker', () => {
  const base = 'https://conf.example/2024/speakers/';

  it('resolves links and keeps company LinkedIn pages apart from the person', () => {
    const s = normalizeSpeaker(
      {
        name: 'ADA LOVELACE',
        tagline: 'Principal Engineer at Analytical Engines',
        bio: '<p>Writes <b>programs</b> &amp; notes.</p><p>Second paragraph.</p>',
        links: [
          'https://www.linkedin.com/company/analytical-engines/',
          'www.linkedin.com/in/ada-l/',
          'https://www.linkedin.com/in/ada-l',
          '../people/ada.html',
          'https://twitter.com/ada',
          'https://twitter.com/ada',
          'javascript:void(0)',
        ],
        talks: [{ title: 'Notes on the Engine' }, { title: ' Notes  on the engine ', abstract: 'Again' }],
        photoUrl: '/img/ada.jpg',
      },
      base,
    );
    expect(s).toMatchObject({
      name: 'Ada Lovelace',
      title: 'Principal Engineer',
      company: 'Analytical Engines',
      tagline: 'Principal Engineer at Analytical Engines',
      bio: 'Writes programs & notes.\n\nSecond paragraph.',
      linkedinUrl: 'https://www.linkedin.com/in/ada-l',
      companyLinkedinUrl: 'https://www.linkedin.com/company/analytical-engines',
      photoUrl: 'https://conf.example/img/ada.jpg',
      profileUrl: null,
    });
    expect(s.links).toEqual([
      'https://www.linkedin.com/company/analytical-engines/',
      'https://www.linkedin.com/in/ada-l/',
      'https://www.linkedin.com/in/ada-l',
      'https://conf.example/2024/people/ada.html',
      'https://twitter.com/ada',
    ]);
    expect(s.talks).toEqual([{ title: 'Notes on the Engine', abstract: 'Again' }]);
  });

  it('prefers explicit title and company over the tagline', () => {
    const s = normalizeSpeaker({ name: 'Kit', title: 'Architect', company: 'Orbital', tagline: 'CTO at Elsewhere' }, base);
    expect([s.title, s.company]).toEqual(['Architect', 'Orbital']);
    const partial = normalizeSpeaker({ name: 'Kit', company: 'Orbital', tagline: 'CTO at Elsewhere' }, base);
    expect([partial.title, partial.company]).toEqual(['CTO', 'Orbital']);
  });

  it('never turns a company page into the person profile', () => {
    const s = normalizeSpeaker({ name: 'Kit', links: ['https://www.linkedin.com/company/orbital'] }, base);
    expect(s.linkedinUrl).toBeNull();
    expect(s.companyLinkedinUrl).toBe('https://www.linkedin.com/company/orbital');
  });
});

describe('dedupeKey', () => {
  const base = 'https://conf.example/';
  it('uses the LinkedIn profile when present', () => {
    const s = normalizeSpeaker({ name: 'Kit', links: ['https://uk.linkedin.com/in/kit'] }, base);
    expect(dedupeKey(s)).toBe('https://www.linkedin.com/in/kit');
  });
  it('otherwise folds name and company', () => {
    const a = normalizeSpeaker({ name: 'José  Pérez-Núñez', company: 'ACME, Inc.' }, base);
    const b = normalizeSpeaker({ name: 'jose perez nunez', company: 'Acme Inc' }, base);
    expect(dedupeKey(a)).toBe('jose perez nunez|acme inc');
    expect(dedupeKey(b)).toBe(dedupeKey(a));
  });
});

describe('stripHtml', () => {
  it('returns null for empty markup', () => {
    expect(stripHtml('<p> </p>')).toBeNull();
    expect(stripHtml(undefined)).toBeNull();
  });
});
