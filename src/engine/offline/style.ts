/**
 * How the sender writes: register from the campaign tone, and greeting, sign-off and
 * length learned from messages the user approved. Approved messages beat defaults,
 * because they are what this sender actually sends.
 */
import type { CampaignBrief } from '../types.js';
import { fold } from './text.js';

export type Register = 'casual' | 'neutral' | 'formal';

export interface Style {
  register: Register;
  /** "Hi", "Hey", "Hello", "Dear"... as the sender writes it. */
  greeting: string;
  /** What follows the name on the greeting line: ",", "!" or " -". */
  greetingMark: string;
  /** "Best,", "Cheers," or null when the sender signs with a dash or not at all. */
  signoff: string | null;
  /** "— " when the sender signs "— Name"; otherwise the name goes under the sign-off. */
  dashSignature: boolean;
  /** Target length of the follow-ups, in characters. */
  followupTarget: number;
  /** Blank lines between greeting, body and sign-off. */
  paragraphs: boolean;
}

const CASUAL = /\b(?:casual|friendly|relaxed|informal|playful|warm|chatty|conversational|laid[- ]back|easygoing|fun|light)\b/;
const FORMAL = /\b(?:formal|professional|corporate|polite|respectful|executive|serious|reserved|business)\b/;
const GREETING =
  /^(hi|hey|hello|dear|hiya|howdy|greetings|good (?:morning|afternoon|evening))\b[ \t]+(?:(?:dr|mr|mrs|ms|mx|prof)\.?[ \t]+)?[^\s,!.:;—–]+?[ \t]*(,|!|:|\.|[—–-](?=\s|$))?(?:\s|$)/i;
const SIGNOFF =
  /^(best|best regards|kind regards|warm regards|regards|warmly|cheers|thanks|thank you|many thanks|thanks again|talk soon|speak soon|all the best|take care|sincerely|yours)\s*[,!.]?$/i;
const DASH_SIGNATURE = /^[—–-]\s*\S/;
const NAME_LINE = /^[\p{L}][\p{L}'’. -]{0,40}$/u;

const DEFAULTS: Record<Register, Pick<Style, 'greeting' | 'signoff'>> = {
  casual: { greeting: 'Hey', signoff: 'Cheers,' },
  neutral: { greeting: 'Hi', signoff: 'Best,' },
  formal: { greeting: 'Hello', signoff: 'Kind regards,' },
};
const DEFAULT_FOLLOWUP = 560;
const MIN_FOLLOWUP = 260;
/** Readers skim; past about 600 characters a follow-up reads as a wall. */
const MAX_FOLLOWUP = 590;

export function registerOf(tone: string | null | undefined): Register {
  const t = fold(tone ?? '');
  const casual = CASUAL.test(t);
  const formal = FORMAL.test(t);
  if (casual && !formal) return 'casual';
  if (formal && !casual) return 'formal';
  return 'neutral';
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  let best: string | null = null;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (best === null || n > (counts.get(best) ?? 0)) best = v;
  }
  return best;
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

interface Closing {
  signoff: string | null;
  dash: boolean;
}

function closingOf(text: string): Closing | null {
  const ls = lines(text);
  const last = ls[ls.length - 1] ?? '';
  const before = ls[ls.length - 2] ?? '';
  if (SIGNOFF.test(before) && NAME_LINE.test(last)) return { signoff: before, dash: false };
  if (SIGNOFF.test(last)) return { signoff: last, dash: false };
  if (DASH_SIGNATURE.test(last) && last.length <= 40) return { signoff: null, dash: true };
  return null;
}

function learnFromExemplars(exemplars: string[], base: Style): Style {
  const greetings: string[] = [];
  const marks: string[] = [];
  const closings: string[] = [];
  let total = 0;
  let blankLines = 0;
  for (const ex of exemplars) {
    const first = lines(ex)[0] ?? '';
    const g = GREETING.exec(first);
    if (g) {
      greetings.push(g[1][0].toUpperCase() + g[1].slice(1));
      marks.push(g[2] ?? '');
    }
    const closing = closingOf(ex);
    if (closing) closings.push(JSON.stringify(closing));
    total += ex.length;
    if (/\n\s*\n/.test(ex)) blankLines++;
  }
  const closing = mostCommon(closings);
  const parsed: Closing | null = closing ? (JSON.parse(closing) as Closing) : null;
  const mark = mostCommon(marks);
  return {
    ...base,
    greeting: mostCommon(greetings) ?? base.greeting,
    greetingMark: mark === null ? base.greetingMark : mark === '-' || mark === '—' || mark === '–' ? ` ${mark}` : mark,
    signoff: parsed ? parsed.signoff : base.signoff,
    dashSignature: parsed ? parsed.dash : base.dashSignature,
    followupTarget: Math.round(Math.min(MAX_FOLLOWUP, Math.max(MIN_FOLLOWUP, total / exemplars.length))),
    paragraphs: blankLines * 2 >= exemplars.length,
  };
}

const CASUAL_MARK = /\b(?:hey|yo|hiya|howdy|cheers)\b/i;
const FORMAL_MARK = /\b(?:dear|sincerely|kind regards|best regards|warm regards|respectfully)\b/i;

/**
 * The tone setting is the user's current instruction; an old exemplar that greets
 * with "Hey" does not make a formal campaign casual. A learned greeting or sign-off
 * that contradicts the register falls back to the register's own.
 */
function fitRegister(learned: Style, base: Style): Style {
  const clash = learned.register === 'formal' ? CASUAL_MARK : learned.register === 'casual' ? FORMAL_MARK : null;
  if (!clash) return learned;
  return {
    ...learned,
    greeting: clash.test(learned.greeting) ? base.greeting : learned.greeting,
    signoff: learned.signoff && clash.test(learned.signoff) ? base.signoff : learned.signoff,
  };
}

const cache = new WeakMap<CampaignBrief, Style>();
const byContent = new Map<string, Style>();
const CONTENT_CACHE_SIZE = 128;

/**
 * Cached by object for callers that reuse the campaign, and by tone and exemplars
 * for callers that reload it for every speaker.
 */
export function styleOf(c: CampaignBrief): Style {
  const hit = cache.get(c);
  if (hit) return hit;
  const key = `${c.tone ?? ''}\u0001${(c.exemplars ?? []).join('\u0002')}`;
  const known = byContent.get(key);
  if (known) {
    cache.set(c, known);
    return known;
  }
  const style = computeStyle(c);
  if (byContent.size >= CONTENT_CACHE_SIZE) byContent.clear();
  byContent.set(key, style);
  cache.set(c, style);
  return style;
}

function computeStyle(c: CampaignBrief): Style {
  const register = registerOf(c.tone);
  const base: Style = {
    register,
    ...DEFAULTS[register],
    greetingMark: ',',
    dashSignature: false,
    followupTarget: DEFAULT_FOLLOWUP,
    paragraphs: true,
  };
  const exemplars = (c.exemplars ?? []).filter((e) => typeof e === 'string' && e.trim().length > 0);
  return exemplars.length ? fitRegister(learnFromExemplars(exemplars, base), base) : base;
}
