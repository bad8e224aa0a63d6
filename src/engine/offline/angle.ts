/**
 * The one thing a sequence is about: a talk, a topic, their work at a company, the event,
 * or what an intent lead did. All three messages come back to the same angle, so the
 * topic never changes half way (web in the note, Android in the follow-up).
 */
import type { Facts } from './facts.js';
import { article, at, roleAt } from './templates.js';

export type AngleKind = 'intent' | 'talk' | 'theme' | 'focus' | 'role' | 'company' | 'event' | 'plain';

export interface Angle {
  kind: AngleKind;
  /** A noun phrase that refers back to it mid-sentence: `your talk "X"`, `your work on observability`. */
  ref: string | null;
  /** The topic word, when there is one: said in the pitch line and questions. */
  topic: string | null;
  /** The same angle said shortly, for the last note: the title was quoted twice already. */
  short?: string | null;
}

/** Past this length a re-quoted title makes the follow-ups read like the first note. */
const MAX_REQUOTED_TALK = 90;

/** What the session is: a panel is not "your talk", a workshop neither. `kind` is what the page called it. */
export function sessionWord(title: string, kind?: string): string {
  if (kind === 'panel' || kind === 'workshop' || kind === 'tutorial' || kind === 'masterclass' || kind === 'session') return kind;
  // A round table in any language is a discussion the person sat on, not a talk of theirs.
  if (/\bpanel\b|^(?:mesa redonda|round[- ]?table|table ronde|tavola rotonda|podiumsdiskussion|roda de conversa|fireside chat|debate)\b/iu.test(title))
    return 'panel';
  if (/\bworkshop\b/i.test(title)) return 'workshop';
  if (/\bmaster ?class\b/i.test(title)) return 'masterclass';
  // A hands-on session named in the page's language ("Taller sobre …", "Minicurso: …", "Oficina de …").
  if (/^(?:mini-?curso|oficina|taller|atelier|bootcamp)\b/iu.test(title)) return 'workshop';
  if (/\bkeynote\b/i.test(title)) return 'keynote';
  if (/\btutorial\b/i.test(title)) return 'tutorial';
  return 'talk';
}

/** Sessions shared with others: "the panel "X"", never "your panel". */
const SHARED = new Set(['panel', 'session']);

/**
 * "your talk "X"", or "the panel "X"": a panel is shared with others, so it is not theirs alone;
 * nor is a session the page gives several people ("the session "Underrepresented in STEM"").
 * A title that opens on its kind ("Workshop: Intro to Packet Sniffing") is quoted after that
 * label, so the kind is not said twice.
 */
export function sessionRef(kind: string, talk: string): string {
  const label = new RegExp(`^${kind}\\s*[:\u2013\u2014-]\\s*(?=\\S)`, 'i');
  const title = label.test(talk) ? talk.replace(label, '') : talk;
  return SHARED.has(kind) ? `the ${kind} "${title}"` : `your ${kind} "${title}"`;
}
const quoted = sessionRef;

/**
 * The main title of a long one, before its subtitle: "Beats in the Browser" of "Beats in the
 * Browser - Coding Music with JavaScript". Null when there is no subtitle, the part before
 * it is a label ("Keynote: …", "Part 1: …") or a question its subtitle answers.
 */
export function titleHead(talk: string, max: number): string | null {
  const head = (talk.split(/\s*:\s|\s[-\u2013\u2014]\s/)[0] ?? '').trim();
  if (!head || head === talk.trim() || head.length > max) return null;
  // "Artificial Intelligence? - more like Artificial Stupidity!": a question the subtitle answers is the setup, not the title.
  if (/[?!]$/.test(head)) return null;
  return (head.match(/\p{L}{3,}/gu) ?? []).length >= 2 ? head : null;
}

function talkRef(f: Facts, talk: string): string {
  const kind = sessionWord(talk, talk === f.talk ? f.talkKind : undefined);
  if (talk.length <= MAX_REQUOTED_TALK) return quoted(kind, talk);
  const head = titleHead(talk, 70);
  if (head) return quoted(kind, head);
  if (f.conference && f.conference.length <= 30) return `your ${f.conference} ${kind}`;
  return `your ${kind}`;
}

/** A topic found in an abstract is not what the talk is "on": only the title or the event name it. */
function shortTalkRef(f: Facts): string {
  const kind = f.talk ? sessionWord(f.talk, f.talkKind) : 'talk';
  if (f.talk && f.talk.length <= 40) return quoted(kind, f.talk);
  const head = f.talk ? titleHead(f.talk, 40) : null;
  if (head) return quoted(kind, head);
  if (f.conference && f.conference.length <= 30) return `your ${f.conference} ${kind}`;
  return `your ${kind}`;
}

/** Words too broad to be anyone's area: "your work on software" says nothing of them. */
const BROAD = new Set([
  'university',
  'lab',
  'laboratory',
  'analysis',
  'software',
  'data',
  'web',
  'cloud',
  'technology',
  'tech',
  'programming',
  'development',
  'engineering',
  'open source',
  'research',
  'science',
  'innovation',
  'community',
  'business',
  'it',
  'digital',
  'computing',
  'internet',
  'platform',
  'backend',
  'performance',
  'health',
  'education',
  'design',
  'security',
  'testing',
  'data science',
  'leadership',
  'management',
]);

/** A topic too broad to say as someone's area. */
export const isBroad = (topic: string): boolean => BROAD.has(topic.toLowerCase());

/**
 * Their role at their employer as a noun phrase, said in turn four ways ("your work as a
 * CTO at Orbitly", "your role as CTO at Orbitly"), so a campaign of people known only by
 * their role does not run one phrase through every message.
 */
export function roleRef(role: string, company: string | null, turn: number): string {
  const studies = studiesOf(role);
  if (studies) return `${studies}${at(company)}`;
  const said = roleAt(role, company);
  const ways = [`your work as ${said}`, `your role as ${said}`, `what you do as ${said}`, `your job as ${said}`];
  return ways[turn % ways.length] as string;
}

/**
 * A student's place is where they study, not a job: "your time as a PhD student" (said in the
 * singular, as the openers' "is why I'm writing" wants), never "your job as a student"; null
 * for any other role.
 */
export function studiesOf(role: string): string | null {
  return /\bstudent$/i.test(role.trim()) ? `your time as ${article(role)} ${role.trim()}` : null;
}

export function angleOf(f: Facts, turn = 0): Angle {
  const topic = f.themes.find((t) => !BROAD.has(t.toLowerCase())) ?? null;
  if (f.activity) return { kind: 'intent', ref: f.activityRef ?? null, topic: f.activityTopic ?? topic };
  if (f.talk) return { kind: 'talk', ref: talkRef(f, f.talk), topic, short: shortTalkRef(f) };
  // A topic read from a title of theirs is what they spoke on, not an area they work in ("your work on Angular" of a talk about Angular apps).
  if (topic) return { kind: 'theme', ref: f.talkThemes?.includes(topic) ? `your ${topic} talk` : `your work on ${topic}`, topic };
  if (f.role && f.company) return { kind: 'role', ref: roleRef(f.role, f.company, turn), topic: null };
  if (f.company) return { kind: 'company', ref: `your work${at(f.company)}`, topic: null };
  if (f.conference) return { kind: 'event', ref: `your ${f.conference} session`, topic: null };
  return { kind: 'plain', ref: null, topic: null };
}
