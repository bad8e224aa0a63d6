import { signatureFor } from '../../src/senders/signer.js';

/** Headlines that the test ICP (TEST_PROFILE) qualifies, and some it rules out. */
const FITTING = [
  'VP Engineering at Northwind',
  'CTO | Contoso Data',
  'Head of Platform at Fabrikam',
  'Staff Engineer, Platform at Tailspin',
  'Director of Data at Litware',
];
const OTHERS = ['Technical Recruiter at Hire Co', 'Student at State University', 'Account Executive at Adventure Works'];
const POSTS = [
  'We moved our billing service to Postgres logical replication and cut failover to seconds. Here is what broke on the way.',
  'Observability is not dashboards. Three things we changed in our on-call after the last outage.',
  'Our platform team now runs 40 internal services on one golden path. The hard part was not the tooling.',
];
const TYPES = ['post_comment', 'post_reaction', 'post_comment', 'job_change', 'event_attendance', 'profile_view'];

export interface SignalRow {
  linkedin_url: string;
  name: string;
  headline: string;
  company?: string;
  signal_type: string;
  url?: string;
  text?: string;
  observed_at: string;
}

const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger', 'Radia', 'Leslie', 'Hedy'];
const LAST = ['Quill', 'Harbor', 'Stone', 'Vale', 'Brook', 'Fenwick', 'Ash', 'Marsh', 'Reed', 'Thorne', 'Lark', 'Pike', 'Wren'];

/**
 * `people` distinct people and `rows` signal rows: person i appears on rows i, i+people,
 * ... so the rows past the first `people` are repeat signals of known people. One person
 * in five has a headline outside the ICP.
 */
export function signalRows(rows: number, people: number, base = Date.parse('2026-11-20T10:00:00.000Z')): SignalRow[] {
  return Array.from({ length: rows }, (_, i) => {
    const p = i % people;
    const name = `${FIRST[p % FIRST.length]} ${LAST[Math.floor(p / FIRST.length) % LAST.length]}${p >= FIRST.length * LAST.length ? ` ${p}` : ''}`;
    const headline = p % 5 === 4 ? OTHERS[p % OTHERS.length] : FITTING[p % FITTING.length];
    const type = TYPES[(p + Math.floor(i / people)) % TYPES.length] as string;
    const post = POSTS[(p + i) % POSTS.length] as string;
    return {
      linkedin_url: `https://www.linkedin.com/in/person-${p}/`,
      name,
      headline: headline as string,
      signal_type: type,
      ...(type.startsWith('post') || type === 'event_attendance' ? { url: `https://www.linkedin.com/posts/thread-${i}`, text: post } : {}),
      observed_at: new Date(base - i * 60_000).toISOString(),
    };
  });
}

const quote = (v: string): string => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The rows as a signal tool's CSV export, with its own column names. */
export function toCsv(rows: Array<Record<string, string | undefined>>): string {
  const cols = ['Profile URL', 'Full Name', 'Headline', 'Signal Type', 'Post URL', 'Post Text', 'Date'];
  const keys = ['linkedin_url', 'name', 'headline', 'signal_type', 'url', 'text', 'observed_at'];
  return [cols.join(','), ...rows.map((r) => keys.map((k) => quote(r[k] ?? '')).join(','))].join('\r\n');
}

/** A vendor's signed POST to an inbound webhook URL. */
export function signedPost(url: string, secret: string, body: string, unixSeconds: number, header?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Service-Signature': header ?? signatureFor(secret, body, unixSeconds) },
    body,
  });
}
