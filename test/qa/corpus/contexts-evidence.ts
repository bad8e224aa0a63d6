/**
 * Recipients read from conference pages, with the page text each field came from
 * (evidence). Several records hold what a careless extraction leaves: an agenda row
 * as a person, a heading as the event, a truncated organisation, a session kind as
 * the talk. Invented people and pages in the shape of the real ones.
 */
import type { Context } from './contexts.js';

const campaign = {
  cta: 'Open to a short call next week?',
  senderName: 'Dana Kim',
  tone: 'casual',
  exclusions: [],
  competitors: [],
  pitch: 'Greenroom turns conference speaker lists into short, personal outreach your team can review before anything is sent.',
};

/** A campaign that knows its field: the ICP's keywords and titles. */
const FIELDED = {
  ...campaign,
  senderCompany: 'Tracewise',
  pitch: 'Tracewise shows which request got slow and the line of code behind it.',
  field: ['software', 'web', 'cloud', 'devops', 'observability', 'javascript', '.net', 'backend', 'Developer', 'Software Engineer', 'CTO'],
};

export const EVIDENCE_CONTEXTS = {
  lucia: {
    speaker: {
      name: 'Lucía Ferreyra',
      company: 'Center for Distributive, Labor and Social Studies (CEDLAS)',
      title: 'Researcher',
      talks: ['Measuring Informal Work with Household Surveys'],
      evidence: {
        name: 'Lucía Ferreyra',
        company: 'Researcher at the Center for Distributive, Labor and Social Studies (CEDLAS), Universidad Nacional de La Plata',
        event: 'Jornadas de Datos Abiertos 2023',
        talk: 'Measuring Informal Work with Household Surveys',
      },
    },
    grounding: [
      'Lucía Ferreyra is a researcher at the Center for Distributive, Labor and Social Studies (CEDLAS). She works on income distribution and labor informality in Latin America.',
      'Talk: "Measuring Informal Work with Household Surveys". Abstract: what household surveys miss about informal work, and how open microdata helps.',
      'Jornadas de Datos Abiertos 2023',
    ].join('\n'),
    campaign,
  },
  marcus: {
    speaker: {
      name: 'Marcus Webb',
      company: 'Georgia Institute of Technology',
      title: 'Research Scientist',
      talks: ['Tracing .NET Services in Production'],
      evidence: { company: 'Research Scientist, Georgia Institute of Technology', talk: 'Tracing .NET Services in Production', event: 'DotNet South 2024' },
    },
    grounding: [
      'Marcus Webb is a Research Scientist at the Georgia Institute of Technology, where he studies observability for distributed systems and runs .NET services on Kubernetes; his lab tooling is in Python.',
      'Talk: "Tracing .NET Services in Production". Abstract: OpenTelemetry for .NET, sampling, and what traces reveal about queueing.',
      'DotNet South 2024',
    ].join('\n'),
    campaign,
  },
  nadia: {
    speaker: {
      name: 'Nadia Okafor',
      company: 'Fieldwork Partners',
      title: 'Strategy Adviser',
      talks: ['Strategy Is a Habit'],
      evidence: { company: 'Strategy Adviser at Fieldwork Partners', talk: 'Strategy Is a Habit' },
    },
    grounding: [
      'Nadia Okafor is a strategy adviser at Fieldwork Partners. She helps founders turn annual plans into weekly decisions.',
      'Talk: "Strategy Is a Habit". Abstract: why strategy documents fail, and the weekly review that replaces them; notes for engineering and product leads.',
    ].join('\n'),
    campaign,
  },
  jean: {
    speaker: {
      name: 'Jean Hallade',
      company: 'Lumio',
      title: 'Android Developer',
      talks: ['Keynote'],
      evidence: { talk: 'Keynote', company: 'Android Developer @ Lumio' },
    },
    grounding: [
      'Jean Hallade, Android Developer @ Lumio',
      'Keynote',
      'Jean builds the Lumio Android and iOS apps and writes about Kotlin coroutines.',
      '» Orateurs',
    ].join('\n'),
    campaign,
  },
  doors: {
    speaker: { name: 'Doors Open', company: null, title: null, evidence: { name: '08:30 Doors Open' } },
    grounding: ['Doors Open', '08:30 Doors Open, coffee and registration', 'Palestrantes'].join('\n'),
    campaign,
  },
  coffee: {
    speaker: { name: 'Coffee Break & Networking', company: null, title: null },
    grounding: ['Coffee Break & Networking', '10:30 Coffee Break & Networking', 'Speakers'].join('\n'),
    campaign,
  },
  tobias: {
    speaker: {
      name: 'Tobias Lang',
      company: '… social media links',
      title: 'Frontend Engineer',
      talks: ['Building Resilient Web Forms'],
      evidence: { company: 'Tobias Lang … social media links', talk: 'Building Resilient Web Forms' },
    },
    grounding: [
      'Tobias Lang',
      'Frontend Engineer',
      '… social media links',
      'Talk: "Building Resilient Web Forms". Abstract: validation, accessibility and offline drafts for web forms in Java and JavaScript shops.',
      'Tobias also mentors Android developers and writes about online learning.',
      '(more…)',
      'Palestrantes',
    ].join('\n'),
    campaign,
  },
  sofia: {
    speaker: {
      name: 'Sofia Marques',
      firstName: 'Sofia',
      company: 'Lisbon Data Guild',
      title: 'Data Engineer',
      talks: ['Streaming Without Tears'],
      evidence: { company: 'Data Engineer at Lisbon Data Guild', event: 'Dados Lisboa 2024', talk: 'Streaming Without Tears' },
    },
    grounding: [
      'Sofia Marques is a data engineer at Lisbon Data Guild, building streaming pipelines for public transport data.',
      'Talk: "Streaming Without Tears". Abstract: backpressure, replays and schema changes in Kafka pipelines.',
      'Sofia teaches an evening Python course and runs JavaScript workshops for civic tech groups.',
      'Dados Lisboa 2024',
    ].join('\n'),
    campaign,
  },
  francesca: {
    speaker: {
      name: 'Francesca Conti',
      company: 'Lumen Tessile',
      title: 'Presidente',
      talks: [],
      // The tagline puts the title and the company side by side: "Presidente Lumen Tessile".
      evidence: { name: 'Francesca Conti', title: 'Presidente Lumen Tessile', company: 'Presidente Lumen Tessile', event: 'Giornata Digitale 2024' },
    },
    grounding: [
      'Francesca Conti',
      'Presidente Lumen Tessile',
      'Guida Lumen Tessile S.p.A. dal 2015 e ha portato il gruppo nel digitale.',
      'Giornata Digitale 2024',
    ].join('\n'),
    campaign,
  },
  ilya: {
    speaker: {
      name: 'Ilya Marek',
      company: 'FeedLens',
      title: null,
      talks: ['Ruby Proxies for Scale'],
      // A bio sentence names the role, then "of", then the company; another page lost the space before "at".
      evidence: { name: 'Ilya Marek', company: 'Ilya Marek is the founder and CTO of FeedLens, a feed analytics platform.', talk: 'Ruby Proxies for Scale' },
    },
    grounding: ['Ilya Marek', 'Ilya Marek is the founder and CTO of FeedLens, a feed analytics platform.', 'Ruby Proxies for Scale'].join('\n'),
    campaign: { ...campaign, senderCompany: 'Tracewise', pitch: 'We build observability for .NET and JavaScript apps.' },
  },
  mel: {
    speaker: {
      name: 'Mel Abler',
      company: 'Columbia University',
      title: 'PhD Student',
      talks: ['Underrepresented in STEM'],
      evidence: {
        name: 'Mel Abler',
        title: 'PhD Student, Columbia University',
        company: 'PhD Student, Columbia University',
        event: 'CUWiP 2018',
        talk: 'Underrepresented in STEM',
      },
    },
    grounding: [
      'Mel Abler is a fourth year PhD student at Columbia University focusing on experimental studies of turbulence and nonlinear wave coupling in dipole plasmas.',
      'Panel: "Underrepresented in STEM"',
      'CUWiP 2018',
    ].join('\n'),
    campaign: {
      cta: 'Would a short call in the next couple of weeks be useful?',
      senderName: 'Jonas Berg',
      senderCompany: 'Labwise',
      tone: 'neutral',
      exclusions: [],
      competitors: [],
      pitch: 'Labwise is a shared notebook for research groups: it shows where each figure in a paper came from, down to the data and code.',
    },
  },
  rachel: {
    speaker: {
      name: 'Rachel Rosen',
      company: 'Columbia University',
      title: 'Assistant Professor',
      talks: ['Women in Physics: Finding Your Path'],
      evidence: {
        name: 'Rachel Rosen',
        title: 'Assistant Professor',
        company: 'Columbia University',
        event: 'CUWiP 2018',
        talk: 'Women in Physics: Finding Your Path',
      },
    },
    grounding: [
      'Rachel Rosen is an Assistant Professor of physics at Columbia University. Her research focuses on gravity and quantum field theory.',
      'Talk: "Women in Physics: Finding Your Path"',
      'CUWiP 2018',
    ].join('\n'),
    campaign: {
      cta: 'Would a short call in the next couple of weeks be useful?',
      senderName: 'Jonas Berg',
      senderCompany: 'Labwise',
      tone: 'neutral',
      exclusions: [],
      competitors: [],
      pitch: 'Labwise is a shared notebook for research groups: it shows where each figure in a paper came from, down to the data and code.',
    },
  },
  sho: {
    speaker: {
      name: 'Sho Arai',
      company: 'NIKKO',
      title: 'Web Engineer',
      talks: [],
      evidence: { name: 'Sho Arai', company: 'Web Engineerat NIKKO' },
    },
    grounding: ['Sho Arai', 'Web Engineerat NIKKO'].join('\n'),
    campaign,
  },
  // The page heading "Programm" was read into the event's name.
  kira: {
    speaker: {
      name: 'Kira Lenz',
      company: null,
      title: null,
      talks: ['Hackerspace Design Patterns'],
      event: 'Programm ZeTeCo',
      evidence: { name: 'Kira Lenz', talk: 'Hackerspace Design Patterns', event: 'Programm ZeTeCo' },
    },
    grounding: ['Kira Lenz', 'Hackerspace Design Patterns: how small spaces share tools and keys.', 'Programm ZeTeCo'].join('\n'),
    campaign,
  },
  // An edition number and a track name were read into the event's name; the co-speaker into the title.
  leo: {
    speaker: {
      name: 'Leo Brandt',
      company: 'Appwerk',
      title: 'Mobile Developer',
      talks: ['Offline Sync in Xamarin.Forms + Ana Ruiz'],
      event: 'ExpertDay 2019.2 Xamarin',
      evidence: { name: 'Leo Brandt', company: 'Appwerk', talk: 'Offline Sync in Xamarin.Forms + Ana Ruiz', event: 'ExpertDay 2019.2 Xamarin' },
    },
    grounding: ['Leo Brandt, Mobile Developer at Appwerk', 'Offline Sync in Xamarin.Forms + Ana Ruiz', 'ExpertDay 2019.2 Xamarin'].join('\n'),
    campaign,
  },
  jos: {
    speaker: {
      name: 'Jos Varga',
      company: 'Cloudnest',
      title: null,
      talks: ['End-to-end Encryption in Cloudnest'],
      // The card prints the name and the company on one line.
      evidence: { name: 'Jos Varga ( Cloudnest)', company: 'Jos Varga Cloudnest', talk: 'End-to-end Encryption in Cloudnest' },
    },
    grounding: ['Jos Varga', 'Head of marketing at Cloudnest, previously community manager elsewhere.', 'End-to-end Encryption in Cloudnest'].join('\n'),
    campaign,
  },
  // A schedule that lists a co-speaker after "+", and a title whose second half answers its first.
  ines: {
    speaker: {
      name: 'Ines Falk',
      company: null,
      title: null,
      talks: ["Serverless? - more like someone else's server!", 'Mapping the Spectrum: Radio Signals as Open Data +'],
      evidence: {
        name: 'Mapping the Spectrum: Radio Signals as Open Data Tom Birch + Ines Falk',
        talk: "Serverless? - more like someone else's server!",
        event: 'Signal Days 2019',
      },
    },
    grounding: ['Ines Falk', "Serverless? - more like someone else's server!", 'Mapping the Spectrum: Radio Signals as Open Data +', 'Signal Days 2019'].join(
      '\n',
    ),
    campaign: { ...campaign, senderCompany: 'Tracewise', pitch: 'Tracewise shows which request got slow and the line of code behind it.' },
  },
  // A programme line that names a session and both its speakers, the title cut before the first name was read.
  zora: {
    speaker: {
      name: 'Zora Vukovic',
      company: null,
      title: null,
      talks: ['Mapping Rivers With Open Sensors Milan Petrov'],
      evidence: {
        name: 'Workshop: Mapping Rivers With Open Sensors Milan Petrov + Zora Vukovic',
        talk: 'Workshop: Mapping Rivers With Open Sensors Milan Petrov + Zora Vukovic',
        event: 'Open Water Days 2018',
      },
    },
    grounding: ['Zora Vukovic', 'Mapping Rivers With Open Sensors Milan Petrov', 'Open Water Days 2018'].join('\n'),
    campaign: FIELDED,
  },
  // A workshop whose kind the page's line says before the title the record keeps ("Imparte: Taller sobre …").
  raul: {
    speaker: {
      name: 'Raul Ortega',
      company: 'Forty Labs',
      title: null,
      talks: ['Herramientas libres para mapas abiertos'],
      evidence: { name: 'Raul Ortega', talk: 'Imparte: Taller sobre herramientas libres para mapas abiertos', event: 'Datos Abiertos Cádiz 2013' },
    },
    grounding: ['Raul Ortega', 'Forty Labs', 'Herramientas libres para mapas abiertos', 'Datos Abiertos Cádiz 2013'].join('\n'),
    campaign: { ...campaign, senderCompany: 'Tracewise', pitch: 'Tracewise shows which request got slow and the line of code behind it.' },
  },
  // A job title thousands hold, and one talk.
  omar: {
    speaker: {
      name: 'Omar Haddad',
      company: null,
      title: 'Software Engineer',
      talks: ['Queues Without Tears'],
      evidence: { name: 'Omar Haddad', title: 'Software Engineer', talk: 'Queues Without Tears' },
    },
    grounding: ['Omar Haddad', 'Software Engineer', 'Queues Without Tears'].join('\n'),
    campaign: { ...campaign, senderCompany: 'Tracewise', pitch: 'Tracewise shows which request got slow and the line of code behind it.' },
  },
  // A round table the page lists under the speaker: a discussion, not a talk of theirs.
  pablo: {
    speaker: {
      name: 'Pablo Ruiz',
      company: 'Datalia',
      title: null,
      talks: ['Mesa redonda sobre datos abiertos'],
      event: 'Open Data Sevilla 2012',
      evidence: { name: 'Pablo Ruiz', company: 'Datalia', talk: 'Mesa redonda sobre datos abiertos', event: 'Open Data Sevilla 2012' },
    },
    grounding: ['Pablo Ruiz', 'Datalia', 'Mesa redonda sobre datos abiertos', 'Open Data Sevilla 2012'].join('\n'),
    campaign: { ...campaign, senderCompany: 'Tracewise', pitch: 'Tracewise shows which request got slow and the line of code behind it.' },
  },
  // A community the speaker founded, named by a common noun: it takes "the".
  nina: {
    speaker: { name: 'Nina Holt', company: 'Cloud Harbor', title: null, talks: [], evidence: { name: 'Nina Holt', company: 'Cloud Harbor' } },
    grounding: ['Nina Holt', 'Nina founded the Bristol Software Testing Community and works at Cloud Harbor.'].join('\n'),
    campaign: { ...campaign, senderCompany: 'Tracewise', pitch: 'Tracewise shows which request got slow and the line of code behind it.' },
  },
  // Far from the campaign's field: an art curator and a music teacher, asked about slow requests.
  vera: {
    speaker: {
      name: 'Vera Lind',
      company: 'Kunsthalle Nord',
      title: 'Curator',
      talks: ['Light Years'],
      evidence: { name: 'Vera Lind', company: 'Kunsthalle Nord', talk: 'Light Years' },
    },
    grounding: [
      'Vera Lind',
      'Vera Lind is a curator and art historian at Kunsthalle Nord. For fifteen years she has curated exhibitions on sound installations, light, painting and the stories museums tell about science, and she teaches curating and criticism at the academy of fine arts in Hamburg, where she also edits a quarterly magazine on photography and contemporary dance.',
      'Light Years',
    ].join('\n'),
    campaign: FIELDED,
  },
  bruno: {
    speaker: { name: 'Bruno Sala', company: 'Escola Verdi', title: null, talks: [], evidence: { name: 'Bruno Sala', company: 'Escola Verdi' } },
    grounding: [
      'Bruno Sala',
      'Bruno Sala is a versatile musician who teaches music at Escola Verdi, where he tutors pupils and coordinates choir, orchestra and percussion lessons; he also leads summer camps for young singers and composes for children’s theatre in his region, arranging folk songs for festivals, village bands and the local radio.',
    ].join('\n'),
    campaign: FIELDED,
  },
  // In the field: a developer whose bio names the campaign's own words.
  kofi: {
    speaker: { name: 'Kofi Mensah', company: 'Paylane', title: null, talks: [], evidence: { name: 'Kofi Mensah', company: 'Paylane' } },
    grounding: [
      'Kofi Mensah',
      'Kofi Mensah builds the checkout at Paylane, a payments company, where he leads a small team that writes JavaScript and TypeScript for the web and runs the backend services behind it; before that he spent six years on mobile banking apps.',
    ].join('\n'),
    campaign: FIELDED,
  },
  // Known only by a handle: the page gives no name a greeting could use.
  zed: {
    speaker: {
      name: 'z3d',
      company: null,
      title: null,
      talks: ['Tracing Slow Requests in Node'],
      event: 'DevDays 2023',
      evidence: { name: 'z3d', talk: 'Tracing Slow Requests in Node', event: 'DevDays 2023' },
    },
    grounding: ['z3d', 'Tracing Slow Requests in Node: finding the one request that got slow in a busy JavaScript backend.', 'DevDays 2023'].join('\n'),
    campaign: FIELDED,
  },
  // A talk at an event named for a product: the event's name says nothing of the speaker's work.
  rhea: {
    speaker: {
      name: 'Rhea Patel',
      company: 'Northwind',
      title: null,
      talks: ['Pair Programming for Remote Teams'],
      event: 'Global Azure 2021',
      evidence: { name: 'Rhea Patel', company: 'Northwind', talk: 'Pair Programming for Remote Teams', event: 'Global Azure 2021' },
    },
    grounding: ['Rhea Patel', 'Northwind', 'Pair Programming for Remote Teams', 'Global Azure 2021'].join('\n'),
    campaign: { ...campaign, senderCompany: 'Tracewise', pitch: 'Tracewise shows which request got slow and the line of code behind it.' },
  },
  // A campaign that gives its positioning: whom the sender works with, for the sender, never for a message.
  lena: {
    speaker: {
      name: 'Lena Brandt',
      company: 'Fernwerk',
      title: 'Software Engineer',
      talks: ['Retries Without Regret'],
      event: 'DevDays 2023',
      evidence: { name: 'Lena Brandt', company: 'Fernwerk', title: 'Software Engineer', talk: 'Retries Without Regret', event: 'DevDays 2023' },
    },
    grounding: [
      'Lena Brandt',
      'Software Engineer',
      'Fernwerk',
      'Retries Without Regret',
      'DevDays 2023',
      'Lena Brandt is a software engineer at Fernwerk, where she works on the payment API and its retry logic in JavaScript.',
    ].join('\n'),
    campaign: {
      ...FIELDED,
      positioning: 'We work with engineering teams that run production web services and want to find slow requests before their users do.',
    },
  },
} satisfies Record<string, Context>;
