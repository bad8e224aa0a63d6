/**
 * The one thing a sequence is about: a talk, a topic, their work at a company, the event,
 * or what an intent lead did. All three messages come back to the same angle, so the
 * topic never changes half way (web in the note, Android in the follow-up).
 */
import type { Facts } from './facts.js';
import { article } from './templates.js';

export type AngleKind = 'intent' | 'talk' | 'theme' | 'role' | 'company' | 'event' | 'plain';

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
const MAX_REQUOTED_TALK = 60;

function talkRef(f: Facts, talk: string): string {
  if (talk.length <= MAX_REQUOTED_TALK) return `your talk "${talk}"`;
  if (f.conference && f.conference.length <= 30) return `your ${f.conference} talk`;
  return f.themes[0] ? `your talk on ${f.themes[0]}` : 'your talk';
}

/** A topic found in an abstract is not what the talk is "on": only the title or the event name it. */
function shortTalkRef(f: Facts): string {
  if (f.talk && f.talk.length <= 40) return `your talk "${f.talk}"`;
  if (f.conference && f.conference.length <= 30) return `your ${f.conference} talk`;
  return 'your talk';
}

export function angleOf(f: Facts): Angle {
  const topic = f.themes[0] ?? null;
  if (f.activity) return { kind: 'intent', ref: f.activityRef ?? null, topic: f.activityTopic ?? topic };
  if (f.talk) return { kind: 'talk', ref: talkRef(f, f.talk), topic, short: shortTalkRef(f) };
  if (topic) return { kind: 'theme', ref: `your work on ${topic}`, topic };
  if (f.role && f.company) return { kind: 'role', ref: `your work as ${article(f.role)} ${f.role} at ${f.company}`, topic: null };
  if (f.company) return { kind: 'company', ref: `your work at ${f.company}`, topic: null };
  if (f.conference) return { kind: 'event', ref: `your ${f.conference} session`, topic: null };
  return { kind: 'plain', ref: null, topic: null };
}
