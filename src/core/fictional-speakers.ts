/**
 * Fictional conference speakers for the demo, compare_models' fixtures mode, the tests and
 * the benchmark. Every person, company and talk here is made up; combinations are deterministic.
 */
const FIRST = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Esme',
  'Farah',
  'Goran',
  'Hana',
  'Ivo',
  'Jun',
  'Kemal',
  'Lea',
  'Marisol',
  'Nils',
  'Oona',
  'Pavel',
  'Quinn',
  'Rhea',
  'Soren',
  'Tamsin',
  'Umar',
  'Vera',
  'Wim',
  'Xenia',
  'Yusuf',
  'Zofia',
];
const LAST = [
  'Abernathy',
  'Brightwater',
  'Castellano',
  'Drozdov',
  'Eklund',
  'Fairweather',
  'Gallardo',
  'Halvorsen',
  'Ibarra',
  'Jankowski',
  'Kowalczyk',
  'Lindqvist',
  'Marchetti',
  'Novak',
  'Oyelaran',
  'Petrakis',
  'Quintero',
  'Rasmussen',
  'Szabo',
  'Thorne',
  'Underhill',
  'Valdivia',
  'Whitcombe',
  'Yamaguchi',
  'Zelenko',
];
const COMPANIES = [
  'Northwind Labs',
  'Quillstone',
  'Brightforge',
  'Larkspur Data',
  'Tidewater Systems',
  'Kestrel Cloud',
  'Ferncastle',
  'Orbitly',
  'Saltmarsh Analytics',
  'Copperleaf',
];
const TITLES = [
  'VP Engineering',
  'CTO',
  'Staff Engineer',
  'Head of Platform',
  'Engineering Manager',
  'Senior Software Engineer',
  'Developer Advocate',
  'Director of Data',
  'Principal Architect',
  'Student',
  'Technical Recruiter',
  'Product Designer',
];
const TOPICS = [
  ['Scaling Postgres Without Tears', 'How we moved a busy Postgres cluster to logical replication and kept every write.', 'Postgres replication'],
  ['Observability That Pays Rent', 'Tracing budgets, sampling and the three dashboards we actually read.', 'observability'],
  ['Platform Teams as Products', 'Treating the internal platform like a product with users, roadmaps and churn.', 'platform engineering'],
  ['Rust at the Edge', 'Shipping WebAssembly workers written in Rust to forty regions.', 'Rust and WebAssembly'],
  ['Feature Flags Gone Wild', 'What two thousand stale flags taught us about cleanup.', 'feature flag hygiene'],
  ['Data Contracts in Practice', 'Schemas as agreements between producers and consumers of events.', 'data contracts'],
  ['Incident Reviews People Read', 'Writing post-incident reviews that change behaviour.', 'incident response'],
  ['Kubernetes Cost Control', 'Right-sizing requests and limits across three hundred services.', 'Kubernetes cost control'],
];

/** Said after a topic's title by the second speaker on it and on: each person gives a talk of their own. */
const ANGLES = [
  'Lessons from Production',
  'A Field Guide',
  'Two Years In',
  'What We Got Wrong',
  'The Hard Parts',
  'Notes from a Migration',
  'Small Teams Edition',
  'Beyond the Basics',
];

/**
 * A topic's title as the `round`-th speaker on it gives it: the first as it stands, the rest
 * with an angle of their own ("Rust at the Edge: Two Years In"). Three people of one page with
 * one title are a session they share (src/scrape/shared-session.ts), which these are not.
 */
function talkOf(topic: string, round: number): string {
  if (round === 0) return topic;
  const angle = ANGLES[(round - 1) % ANGLES.length] as string;
  const part = Math.floor((round - 1) / ANGLES.length);
  return part ? `${topic}: ${angle}, Part ${part + 1}` : `${topic}: ${angle}`;
}

export interface Person {
  id: string;
  first: string;
  last: string;
  title: string;
  company: string;
  bio: string;
  talk: { title: string; abstract: string };
  linkedin: string | null;
}

export function fictionalSpeakers(count: number, offset = 0): Person[] {
  const people: Person[] = [];
  for (let i = offset; i < offset + count; i++) {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string;
    const round = Math.floor(i / (FIRST.length * LAST.length));
    const suffix = round ? ` ${String.fromCharCode(65 + (round % 26))}.` : '';
    const company = COMPANIES[(i * 7) % COMPANIES.length] as string;
    const title = TITLES[(i * 5) % TITLES.length] as string;
    const [topicTitle, abstract, field] = TOPICS[(i * 3) % TOPICS.length] as [string, string, string];
    const talkTitle = talkOf(topicTitle, Math.floor(i / TOPICS.length));
    const slug = `${first}-${last}${round ? `-${round}` : ''}`.toLowerCase();
    people.push({
      id: `sp-${i}`,
      first,
      last: `${last}${suffix}`,
      title,
      company,
      bio: `${first} is ${/^[AEIOU]/.test(title) ? 'an' : 'a'} ${title} at ${company}, working on ${field}.`,
      talk: { title: talkTitle, abstract },
      linkedin: i % 4 === 3 ? null : `https://www.linkedin.com/in/${slug}/`,
    });
  }
  return people;
}
