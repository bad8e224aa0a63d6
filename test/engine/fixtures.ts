/** Fictional speakers and campaigns for the engine tests, plus a deterministic generator. */
import type { CampaignBrief, Icp, SpeakerInput } from '../../src/engine/types.js';

export const EMPTY_ICP: Icp = { titles: [], seniority: [], industries: [], keywords: [], exclusions: [], competitors: [] };

export const ICP: Icp = {
  titles: ['Staff Engineer', 'Principal Engineer', 'VP Engineering', 'CTO', 'Engineering Manager'],
  seniority: ['Senior', 'Director', 'VP', 'C-level'],
  industries: ['fintech', 'developer tools'],
  keywords: ['observability', 'platform engineering', 'Kubernetes'],
  exclusions: ['recruiter', 'student'],
  competitors: ['Outreachly', 'pitchbot.io'],
};

export function campaign(overrides: Partial<CampaignBrief> = {}): CampaignBrief {
  return {
    name: 'DevOpsDays speakers',
    pitch: 'Greenroom turns conference speaker lists into short, personal outreach your team can review before anything is sent.',
    cta: 'Open to a 15-minute call next week?',
    yourName: 'Robin Vale',
    yourRole: 'founder of Greenroom',
    tone: 'friendly',
    positioning: 'Teams use it to reach the people on stage instead of cold lists.',
    icp: ICP,
    exemplars: [],
    ...overrides,
  };
}

export function speaker(overrides: Partial<SpeakerInput> = {}): SpeakerInput {
  return {
    name: 'Jane Doe',
    title: null,
    company: null,
    tagline: null,
    bio: null,
    talks: [],
    linkedinUrl: null,
    companyLinkedinUrl: null,
    links: [],
    profileUrl: null,
    sourceUrl: 'https://conf.example.org/speakers',
    conferenceName: null,
    ...overrides,
  };
}

export const SENIOR_ENGINEER = speaker({
  name: 'Priya Raman',
  title: 'Staff Engineer',
  company: 'Ledgerline',
  bio: 'Priya is a Staff Engineer at Ledgerline, where she leads the observability platform. Ledgerline builds payment rails for small banks. She has spent a decade running Kubernetes in production.',
  talks: [{ title: 'Tracing Payments Across 40 Services', abstract: 'How we rolled out OpenTelemetry without stopping the world.' }],
  linkedinUrl: 'https://www.linkedin.com/in/priya-raman',
  links: ['https://www.linkedin.com/in/priya-raman', 'https://github.com/priyar', 'https://ledgerline.io/engineering'],
  profileUrl: 'https://conf.example.org/speakers/priya-raman',
  conferenceName: 'DevOpsDays Oslo',
});

export const STUDENT = speaker({
  name: 'Tom Becker',
  title: 'Computer Science Student',
  company: 'TU Example',
  bio: 'Tom is a student who enjoys building small games in Rust.',
  talks: [{ title: 'My First Rust Game' }],
});

export const COMPETITOR = speaker({
  name: 'Alex Morgan',
  title: 'VP Engineering',
  company: 'Outreachly Inc.',
  bio: 'Alex leads engineering at Outreachly.',
  talks: [{ title: 'Scaling Email Infrastructure' }],
});

export const NO_TITLE = speaker({
  name: 'Sam Lee',
  bio: 'Sam likes bikes and long walks.',
  talks: [{ title: 'Lessons From a Side Project' }],
});

export const ALL_CAPS = speaker({
  name: 'MARIA GONZALEZ',
  title: 'DIRECTOR OF PLATFORM ENGINEERING',
  company: 'ACME PAYMENTS',
  bio: 'MARIA LEADS THE PLATFORM ENGINEERING GROUP AT ACME PAYMENTS. SHE WORKS ON KUBERNETES AND OBSERVABILITY FOR FINTECH TEAMS.',
  talks: [{ title: 'BUILDING A PAVED ROAD FOR 300 ENGINEERS' }],
});

const FIRST = ['Ana', 'Ben', 'Chloé', 'Dmitri', 'Eve', 'Farah', 'Goran', 'Hana', 'Ivan', 'Jun', 'Kofi', 'Lena', 'Mateo', "O'Neil", 'Jean-Luc', 'Zoë'];
const LAST = ['Smith', 'Okafor', 'Nguyen', 'Kowalski', 'Haddad', 'Silva', 'Berg', 'Tanaka', 'Rossi', 'Dubois'];
const TITLES = [
  'Staff Engineer',
  'Senior Software Engineer',
  'CTO',
  'VP of Engineering',
  'Engineering Manager',
  'Developer Advocate',
  'Principal Architect',
  'Head of Platform',
  'Data Scientist',
  'Founder & CEO',
  'Product Designer',
  null,
  'SRE',
  'Student',
];
const COMPANIES = ['Ledgerline', 'Northwind Labs', 'Bluefin', 'Quarry Data', null, 'Helio Systems', 'Acme Payments'];
const TALKS = [
  'Observability on a Budget',
  'Kubernetes Operators in Practice',
  'Why Your Feature Flags Are Lying: Notes from Two Years of Experiments',
  'Designing APIs Developers Love',
  'A Field Guide to Incident Response',
  'From Monolith to Services, Slowly',
  'What We Learned Migrating 2,000 Databases to Postgres Without Downtime Over Eighteen Months of Careful Work',
  'Rust for Data Engineering',
];
const BIOS = [
  'Works on platform engineering and developer experience.',
  'Loves testing, accessibility and open source.',
  'Spends most days on machine learning pipelines in Python.',
  '',
  'Maintainer of several open-source observability tools.',
];
const CONFS = ['DevOpsDays Oslo', 'KubeCon EU', null, 'JSConf Budapest'];

/** The i-th generated speaker: varied but the same on every run. */
export function generatedSpeaker(i: number): SpeakerInput {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  const title = TITLES[i % TITLES.length];
  const company = COMPANIES[(i * 3) % COMPANIES.length];
  const talkCount = i % 5 === 0 ? 0 : 1 + (i % 2);
  const talks = Array.from({ length: talkCount }, (_, k) => ({ title: TALKS[(i + k * 3) % TALKS.length] }));
  const bio = BIOS[i % BIOS.length];
  return speaker({
    name: i % 23 === 0 ? `${first} ${last}`.toUpperCase() : `${first} ${last}`,
    title,
    company,
    bio: bio ? `${first} is ${title ? `a ${title}` : 'an engineer'}${company ? ` at ${company}` : ''}. ${bio}` : null,
    talks,
    linkedinUrl: i % 4 === 0 ? null : `https://www.linkedin.com/in/${first.toLowerCase()}-${i}`,
    links: i % 3 === 0 ? ['https://github.com/someone', 'https://example-blog.dev/posts'] : [],
    conferenceName: CONFS[i % CONFS.length],
    profileUrl: `https://conf.example.org/speakers/${i}`,
  });
}

const TONES = ['friendly', 'formal', '', 'casual and direct', 'professional'];
const EXEMPLAR_SETS: string[][] = [
  [],
  ['Hey Kim,\n\nLoved your piece on on-call. We help teams run calmer rotations.\n\nCheers,\nRobin'],
  [
    'Hello Dr. Ode,\n\nThank you for the kind reply. I will send the notes shortly.\n\nKind regards,\nRobin Vale',
    'Hello Sam,\n\nA short note to follow up on our chat.\n\nKind regards,\nRobin Vale',
  ],
  ['Hi Lee - quick one: would your team want early access?\n— Robin'],
];

/** The i-th generated campaign: tones, exemplars and CTAs vary. */
export function generatedCampaign(i: number): CampaignBrief {
  return campaign({
    tone: TONES[i % TONES.length],
    exemplars: EXEMPLAR_SETS[i % EXEMPLAR_SETS.length],
    cta:
      i % 3 === 0
        ? 'Open to a 15-minute call next week?'
        : i % 3 === 1
          ? 'Would you like a short demo? You can book one at https://greenroom.example/demo'
          : 'Worth a quick chat this month?',
    icp: i % 2 === 0 ? ICP : EMPTY_ICP,
  });
}

/** The Tracewise sender of the real-page samples (observability for .NET and JavaScript apps); tests add their positioning and ICP. */
export function tracewise(overrides: Partial<CampaignBrief> = {}): CampaignBrief {
  return campaign({
    name: 'Web conference speakers',
    yourName: 'Maya Lindqvist',
    yourRole: 'Co-founder',
    yourCompany: 'Tracewise',
    pitch: 'Tracewise is observability for .NET and JavaScript apps: it shows which request got slow and the line of code behind it, without a week of setup.',
    cta: 'Would a 20-minute call next week be worth it?',
    ...overrides,
  });
}

/** The Labwise sender of the real-page samples (a shared notebook for research groups); tests add their ICP. */
export function labwise(overrides: Partial<CampaignBrief> = {}): CampaignBrief {
  return campaign({
    yourName: 'Jonas Berg',
    yourRole: 'Founder',
    yourCompany: 'Labwise',
    pitch: 'Labwise is a shared notebook for research groups: it shows where each figure in a paper came from, down to the data and code.',
    cta: 'Would a short call in the next couple of weeks be useful?',
    positioning: 'We work with research groups that publish from shared data and code.',
    ...overrides,
  });
}
