/**
 * Reading a rewrite instruction into edits the offline engine can apply exactly.
 * What is not recognised here falls back to regenerating the slot.
 */
import type { Register } from './style.js';

export interface Edits {
  /** A hard length ceiling the user named ("under 200 characters"). */
  maxChars: number | null;
  /** A word ceiling the user named ("keep it to 50 words"). */
  maxWords: number | null;
  /** "shorten", "more concise"... without a number. */
  shorten: boolean;
  register: Register | null;
  removeLinks: boolean;
  mentionTalk: boolean;
  addCta: boolean;
  drops: string[];
  replaces: Array<[from: string, to: string]>;
}

const Q_OPEN = `["“'‘]`;
const Q_CLOSE = `["”'’]`;
const LIMIT =
  /\b(?:under|below|less than|fewer than|max(?:imum)?(?: of)?|at most|no more than|within|up to|to|in|only)?\s*(\d{1,4})\s*(characters?|chars?|letters|words?)\b/i;
const SHORTEN = /\b(?:shorten|shorter|concise|tighten|trim|brief(?:er)?|condense|cut (?:it )?down|less wordy|too long|succinct|snappier|punchier)\b/i;
const LESS_FORMAL = /\b(?:less formal|more casual|casual|informal|friendl(?:y|ier)|relaxed|warmer|conversational|laid[- ]back|chill)\b/i;
const MORE_FORMAL = /\b(?:less casual|more formal|formal|professional|polite|serious|businesslike|respectful)\b/i;
const LINK_WORDS = /\b(?:links?|urls?|hyperlinks?)\b/i;
const REMOVAL = /\b(?:remove|drop|delete|strip|take out|get rid of|without|no|lose|cut)\b/i;
const TALK_WORDS = /\b(?:talk|session|presentation|keynote)\b/i;
const MENTION = /\b(?:mention|reference|refer to|cite|add|include|bring up|talk about|name)\b/i;
const CTA_WORDS = /\b(?:cta|call to action|call-to-action)\b/i;
const ADD = /\b(?:add|include|end with|put|insert|append|keep)\b/i;
const DROP_QUOTED = new RegExp(
  `\\b(?:remove|drop|delete|cut|avoid|without|don'?t (?:use|say)|do not (?:use|say)|get rid of|take out|lose|no)\\s+(?:the\\s+)?(?:words?|phrases?|terms?|mention of|line)?\\s*${Q_OPEN}([^"”'’]{1,80})${Q_CLOSE}`,
  'gi',
);
const DROP_BARE =
  /\b(?:remove|drop|delete|avoid|don'?t (?:use|say)|do not (?:use|say)|get rid of|take out)\s+the\s+(?:word|term|phrase)\s+([\p{L}][\p{L}'’-]{0,40})/giu;
const REPLACE_PATTERNS = [
  new RegExp(`\\b(?:replace|change|swap)\\s+${Q_OPEN}(.{1,80}?)${Q_CLOSE}\\s+(?:with|to|for|by)\\s+${Q_OPEN}(.{0,80}?)${Q_CLOSE}`, 'gi'),
  /\b(?:replace|change|swap)\s+(?:the\s+word\s+)?([\p{L}][\p{L}'’-]{0,40})\s+(?:with|to|for|by)\s+([\p{L}][\p{L}'’ -]{0,40}?)\s*(?=[.,;!]|$)/giu,
];
const USE_INSTEAD = new RegExp(`\\buse\\s+${Q_OPEN}?(.{1,80}?)${Q_CLOSE}?\\s+instead of\\s+${Q_OPEN}?(.{1,80}?)${Q_CLOSE}?\\s*(?=[.,;!]|$)`, 'gi');
const ARROW = new RegExp(`${Q_OPEN}(.{1,80}?)${Q_CLOSE}\\s*(?:->|→|=>)\\s*${Q_OPEN}(.{0,80}?)${Q_CLOSE}`, 'g');
/** Words that name parts of a message, not text to delete ("remove the link"). */
const NOT_A_PHRASE = new Set(['link', 'links', 'url', 'urls', 'cta', 'greeting', 'signoff', 'sign-off', 'signature', 'emoji', 'emojis']);

function register(text: string): Register | null {
  const casual = LESS_FORMAL.exec(text);
  const formal = MORE_FORMAL.exec(text);
  if (casual && formal) {
    if (/less formal/i.test(casual[0])) return 'casual';
    if (/less casual/i.test(formal[0])) return 'formal';
    return casual.index < formal.index ? 'casual' : 'formal';
  }
  return casual ? 'casual' : formal ? 'formal' : null;
}

function limitOf(text: string, unit: 'chars' | 'words'): number | null {
  const m = LIMIT.exec(text);
  if (!m || /^w/i.test(m[2]) !== (unit === 'words')) return null;
  const n = Number(m[1]);
  return n > 0 ? n : null;
}

function collect(re: RegExp, text: string, group = 1): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) if (m[group]) out.push(m[group].trim());
  return out;
}

function replacements(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const re of [...REPLACE_PATTERNS, ARROW]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) out.push([m[1].trim(), (m[2] ?? '').trim()]);
  }
  USE_INSTEAD.lastIndex = 0;
  for (let m = USE_INSTEAD.exec(text); m; m = USE_INSTEAD.exec(text)) out.push([m[2].trim(), m[1].trim()]);
  return out.filter(([from]) => from.length > 0);
}

export function parseInstruction(instruction: string): Edits {
  const text = instruction.trim();
  const removeLinks = LINK_WORDS.test(text) && REMOVAL.test(text);
  const drops = [...collect(DROP_QUOTED, text), ...collect(DROP_BARE, text)].filter((d) => !NOT_A_PHRASE.has(d.toLowerCase()));
  return {
    maxChars: limitOf(text, 'chars'),
    maxWords: limitOf(text, 'words'),
    shorten: SHORTEN.test(text),
    register: register(text),
    removeLinks,
    mentionTalk: TALK_WORDS.test(text) && MENTION.test(text) && !/\b(?:don'?t|do not|no|without|remove|drop)\b[^.]*\btalk/i.test(text),
    addCta: CTA_WORDS.test(text) && ADD.test(text),
    drops,
    replaces: replacements(text),
  };
}

/** True when at least one edit was recognised. */
export function understood(e: Edits): boolean {
  return (
    e.maxChars !== null ||
    e.maxWords !== null ||
    e.shorten ||
    e.register !== null ||
    e.removeLinks ||
    e.mentionTalk ||
    e.addCta ||
    e.drops.length > 0 ||
    e.replaces.length > 0
  );
}
