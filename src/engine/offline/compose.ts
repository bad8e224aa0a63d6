/** Putting sentences together into a message that fits its limit and the sender's style. */
import type { CampaignBrief } from '../types.js';
import { sanitize, stripLinks } from './guard.js';
import type { Register, Style } from './style.js';
import { PITCH_LEADS } from './templates.js';
import { fold, sentences, squash, truncateWords } from './text.js';

export interface Sender {
  name: string;
  /** As said after the name: "co-founder", "CTO". */
  role: string;
  company: string;
}

export interface Part {
  text: string;
  /** Required parts always go in; optional ones by ascending rank while they fit. */
  rank: number | 'required';
}

/** "Founder of Greenroom", "CTO at Tracewise": a role that names the company too. */
const ROLE_AT = /^(.+?)\s+(?:of|at|@)\s+(\p{Lu}[\p{L}\p{N}.&'’-]*(?:\s\p{Lu}[\p{L}\p{N}.&'’-]*){0,3})$/u;

export function senderOf(c: CampaignBrief): Sender {
  let role = stripLinks(sanitize(squash(c.yourRole ?? '')));
  let company = stripLinks(sanitize(squash(c.yourCompany ?? '')));
  const named = ROLE_AT.exec(role);
  if (named && (!company || fold(named[2]) === fold(company))) {
    role = named[1];
    company ||= named[2];
  }
  return { name: stripLinks(sanitize(squash(c.yourName ?? ''))), role: senderRole(role), company };
}

/** "Co-founder" after a name reads "Maya, co-founder of Tracewise"; "CTO" keeps its capitals. */
function senderRole(role: string): string {
  if (
    !role ||
    /^\p{Lu}{2,}/u.test(role) ||
    role
      .split(' ')
      .slice(1)
      .some((w) => /^\p{Lu}/u.test(w))
  )
    return role;
  return role[0].toLowerCase() + role.slice(1);
}

export function capitalize(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "Hi Jane," on its own line; for an inline note the mark must separate the opener. */
export function greetingLine(st: Style, first: string): string {
  // A dash joins a greeting to a sentence ("Hi Lee - quick one"); alone on a line it dangles.
  const mark = st.greetingMark.trim() === '' || /[-—–]/.test(st.greetingMark) ? ',' : st.greetingMark;
  // A handle or an address gives no name to greet by: "Hey," rather than "Hey there,".
  return first ? `${st.greeting} ${first}${mark}` : `${st.greeting}${mark}`;
}

/** "Hi Jane, your talk..." or "Hi Jane! Your talk..." depending on the learned mark. */
export function inlineGreeting(st: Style, first: string, opener: string): string {
  const mark = st.greetingMark.trim();
  if (!first) return `${st.greeting}${mark === '!' || mark === '.' ? mark : ','} ${mark === '!' || mark === '.' ? capitalize(opener) : opener}`;
  if (mark === '!' || mark === '.') return `${st.greeting} ${first}${mark} ${capitalize(opener)}`;
  if (mark === '-' || mark === '—' || mark === '–') return `${st.greeting} ${first} ${mark} ${opener}`;
  return `${st.greeting} ${first}, ${opener}`;
}

function signature(st: Style, sender: Sender): string {
  if (st.dashSignature) return sender.name ? `— ${sender.name}` : '';
  if (!st.signoff) return sender.name;
  return sender.name ? `${st.signoff}\n${sender.name}` : st.signoff;
}

/** Keeps required parts, then the best-ranked optional ones while the body stays within budget. */
export function fitParts(parts: readonly Part[], budget: number): string {
  const chosen = new Set<number>();
  let used = 0;
  parts.forEach((p, i) => {
    if (p.rank === 'required' && p.text) {
      chosen.add(i);
      used += p.text.length + 1;
    }
  });
  const optional = parts
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.rank !== 'required' && p.text)
    .sort((a, b) => (a.p.rank as number) - (b.p.rank as number));
  for (const { p, i } of optional) {
    if (used + p.text.length + 1 > budget) continue;
    chosen.add(i);
    used += p.text.length + 1;
  }
  return parts
    .filter((_, i) => chosen.has(i))
    .map((p) => p.text)
    .join(' ');
}

/** A follow-up: greeting line, body, sign-off, laid out the way the sender lays them out. */
export function letter(st: Style, first: string, body: string, sender: Sender): string {
  const gap = st.paragraphs ? '\n\n' : '\n';
  const sig = signature(st, sender);
  return [greetingLine(st, first), body, sig].filter(Boolean).join(gap);
}

export function letterOverhead(st: Style, first: string, sender: Sender): number {
  return letter(st, first, '', sender).length + 2;
}

/** Whole sentences of a text up to `max` characters; never fewer than one (cut at a word). */
export function leadingSentences(text: string, max: number): string {
  let out = '';
  for (const s of sentences(text)) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  if (!out) out = truncateWords(text, max - 1).replace(/[,;:]$/, '');
  return /[.!?]$/.test(out) ? out : `${out}.`;
}

const FRAGMENT_START = /^(?:a|an|the|some|one)\b/i;

/**
 * The pitch as a sentence the sender says. A pitch written as a noun phrase ("a
 * tool that...") gets "I'm working on" in front; a bare verb ("help teams...") gets "We".
 */
export function pitchSentence(pitch: string, register: Register, max: number): string {
  const p = sanitize(squash(pitch ?? ''));
  if (!p) return '';
  let text = p;
  if (FRAGMENT_START.test(p)) text = `${PITCH_LEADS[register]} ${p[0].toLowerCase()}${p.slice(1)}`;
  else if (p[0] === p[0].toLowerCase() && p[0] !== p[0].toUpperCase()) text = `We ${p}`;
  return leadingSentences(text, max);
}

/** The CTA as written by the user, cleaned, ending with punctuation. */
export function ctaSentence(cta: string, fallback: string): string {
  const text = sanitize(squash(cta ?? ''));
  if (!text) return fallback;
  return /[.!?]$/.test(text) ? capitalize(text) : `${capitalize(text)}.`;
}

/** Words by which a pitch names a problem the reader might have. */
const PROBLEM =
  /\b(?:problems?|pain(?:s|ful)?|slow(?:er|ly|s)?|hard(?:er)?|costly|costs?|expensive|wastes?|wasted|struggl\w*|tedious|broken|fail\w*|outages?|incidents?|downtime|toil|friction|bottlenecks?|risks?|risky|churn|manual(?:ly)?|late|burn-?out|debt|noise|noisy|flaky|lost|lose|losing|bugs?|errors?|error-prone|headaches?|too (?:much|many|long)|drown\w*|overwhelm\w*|leak\w*|complex\w*|without)\b/i;

export function namesProblem(pitch: string): boolean {
  return PROBLEM.test(pitch);
}

/**
 * A quoted title that ends in its own mark needs no second one: `"Why Julia?".` reads
 * `"Why Julia?"`. Doubled marks outside quotes (". .", ",.") are collapsed too.
 */
const DOUBLED_MARKS = /[.!?]["”][.,]|[,;:]\s*[.!?]|\.\s*\./;

export function tidyPunctuation(text: string): string {
  if (!DOUBLED_MARKS.test(text)) return text;
  return text
    .replace(/([.!?])(["”])[.,]/g, '$1$2')
    .replace(/([,;:])\s*([.!?])/g, '$2')
    .replace(/(?<!\.)\.\s*\.(?!\.)/g, '.');
}
