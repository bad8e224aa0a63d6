/**
 * Who a sentence is about. A specific fact (a name, a figure) is treated as a
 * claim about the recipient when the nearest anchor word before or after it
 * points at the recipient ("your talk", "you scaled", "congrats", their name)
 * rather than at the sender ("we", "our", "I"), and no hedge ("if", "probably",
 * "could") turns it into a hypothesis.
 */
import { fold } from './text.js';

export type TokenKind = 'word' | 'num';

export interface Token {
  text: string;
  /** Folded, apostrophes removed. */
  key: string;
  kind: TokenKind;
  start: number;
  end: number;
  /** Starts a sentence or clause, so its capital letter says nothing. */
  initial: boolean;
}

const TOKEN_RE = /\$?\d[\d,.]*\d(?:%|[kKmMbB](?:n|illion)?\b|x\b)?|\$?\d(?:%|[kKmMbB](?:n|illion)?\b|x\b)?|\p{L}[\p{L}\p{N}'\u2019&-]*/gu;
const ASCII_RE = /^[ -~\s]*$/;
const APOSTROPHE_RE = /['\u2019]/g;
const INITIAL_BEFORE_RE = /(?:^|[:;.!?\u2014\u2013("\u201c\n]|\s-)\s*$/;

export function tokenize(sentence: string): Token[] {
  const out: Token[] = [];
  for (const m of sentence.matchAll(TOKEN_RE)) {
    // Only a token ending in s, a hyphen or an apostrophe has a possessive or a trailing mark to drop.
    const raw = m[0];
    const last = raw[raw.length - 1];
    const text = last === 's' || last === '-' || last === "'" || last === '\u2019' ? raw.replace(/['\u2019]s$/, '').replace(/[-'\u2019]+$/, '') : raw;
    const kind: TokenKind = /^\$?\d/.test(text) ? 'num' : 'word';
    const before = sentence.slice(Math.max(0, m.index - 4), m.index);
    out.push({
      text,
      key: (ASCII_RE.test(text) ? text.toLowerCase() : fold(text)).replace(APOSTROPHE_RE, ''),
      kind,
      start: m.index,
      end: m.index + m[0].length,
      initial: out.length === 0 || INITIAL_BEFORE_RE.test(before),
    });
  }
  return out;
}

const YOU = new Set(['you', 'youre', 'youve', 'yourself']);
const SENDER = new Set(['i', 'im', 'ive', 'id', 'ill', 'we', 'weve', 'wed', 'our', 'ours', 'us', 'me', 'my', 'mine']);
// "show you", "thank you": the sender acting on the recipient, not a fact about them.
const OBJECT_OF = new Set([
  'show',
  'send',
  'help',
  'give',
  'for',
  'with',
  'to',
  'like',
  'thank',
  'tell',
  'ask',
  'let',
  'get',
  'see',
  'reach',
  'meet',
  'invite',
  'remind',
  'ping',
  'offer',
  'walk',
  'owe',
  'save',
  'cost',
  'take',
  'bring',
  'introduce',
  'connect',
  'email',
  'message',
  'from',
  'bother',
  'keep',
  'than',
  'if',
  'whether',
  'unless',
]);
const FACT_VERBS = new Set([
  'are',
  'were',
  'was',
  'have',
  'had',
  'lead',
  'led',
  'run',
  'ran',
  'manage',
  'head',
  'work',
  'build',
  'built',
  'own',
  'maintain',
  'organize',
  'organise',
  'host',
  'teach',
  'taught',
  'write',
  'wrote',
  'said',
  'say',
  'spoke',
  'speak',
  'present',
  'share',
  'join',
  'found',
  'start',
  'launch',
  'ship',
  'scale',
  'grow',
  'grew',
  'raise',
  'hit',
  'reach',
  'cut',
  'move',
  'migrate',
  'left',
  'leave',
  'gave',
  'give',
  'talk',
  'took',
  'made',
  'saw',
  'went',
  'became',
  'won',
  'drove',
  'brought',
  'sold',
  'put',
  'got',
  'spent',
  'kept',
  'told',
  'showed',
  'shown',
  'did',
  'publish',
  'create',
  'argue',
  'describe',
  'explain',
  'mention',
  'note',
  'claim',
  'call',
  'coin',
  'cofounded',
]);
const ADVERB = new Set(['just', 'recently', 'also', 'once', 'previously', 'already', 'actually', 'first', 'last', 'still']);
// "your time", "your thoughts": the sender's request, not a fact about the recipient.
const SOFT_NOUNS = new Set([
  'peers',
  'competitors',
  'competition',
  'industry',
  'space',
  'field',
  'inbox',
  'calendar',
  'time',
  'thoughts',
  'take',
  'feedback',
  'input',
  'view',
  'views',
  'opinion',
  'answer',
  'reply',
  'schedule',
  'way',
  'side',
  'call',
  'convenience',
  'radar',
  'list',
  'attention',
  'own',
]);
const MODALS = new Set(['could', 'would', 'might', 'may', 'can', 'will', 'should', 'must', 'id', 'youd', 'wed']);
export const HEDGES = new Set([
  'probably',
  'likely',
  'maybe',
  'perhaps',
  'might',
  'could',
  'would',
  'guess',
  'imagine',
  'bet',
  'wonder',
  'if',
  'whether',
  'assume',
  'presumably',
  'hypothetically',
  'suppose',
  'curious',
  'wondering',
  'can',
  'may',
  'should',
]);
const TALK_NOUNS = new Set(['talk', 'keynote', 'session', 'panel', 'presentation', 'workshop', 'lecture', 'podcast', 'episode', 'paper', 'post', 'article']);
const WE_ARE_RE = /^we['\u2019]re$/i;
export const GREETINGS: ReadonlySet<string> = new Set(['hi', 'hey', 'hello', 'dear', 'hiya', 'morning', 'afternoon', 'evening']);
const CONGRATS = new Set(['congrats', 'congratulations', 'kudos']);

const isFactVerb = (k: string): boolean => FACT_VERBS.has(k) || (k.endsWith('ed') && k.length > 3) || FACT_VERBS.has(k.replace(/e?s$/, ''));

/**
 * "you scaled" states a fact; "you could" does not, though what precedes it
 * may ("as a former teacher in Lagos, you must..."), so it anchors backwards.
 */
function youAnchor(toks: Token[], i: number): 'fact' | 'backward' | null {
  const prev = i > 0 ? toks[i - 1].key : '';
  if (OBJECT_OF.has(prev)) return null;
  let j = i + 1;
  if (toks[j] && ADVERB.has(toks[j].key)) j += 1;
  const next = toks[j]?.key ?? '';
  if (MODALS.has(next)) return 'backward';
  if (toks[i].key !== 'you') return 'fact';
  return isFactVerb(next) ? 'fact' : null;
}

function yourAnchor(toks: Token[], i: number): boolean {
  const noun = toks[i + 1]?.key ?? '';
  // "your time" is a courtesy, "your time at Stripe" a claim.
  if (!noun || (SOFT_NOUNS.has(noun) && toks[i + 2]?.key !== 'at')) return false;
  return !MODALS.has(toks[i + 2]?.key ?? '') && !MODALS.has(toks[i + 3]?.key ?? '');
}

// Words after which a name is the sender signing or introducing themself.
const SELF_INTRO = new Set(['im', 'am', 'is', 'me', 'cheers', 'thanks', 'regards', 'best', 'warmly', 'from']);

/**
 * The sender's own name, even when it shares a first name with the recipient: part of a
 * run of the sender's name tokens ("Ada Lovelace"), or right after "I'm" or a sign-off.
 */
function senderNameAt(toks: Token[], i: number, senderNames: ReadonlySet<string>): boolean {
  if (!senderNames.has(toks[i].key)) return false;
  const prev = toks[i - 1]?.key ?? '';
  const next = toks[i + 1]?.key ?? '';
  return senderNames.has(next) || senderNames.has(prev) || SELF_INTRO.has(prev);
}

export interface Anchors {
  recipient: number[];
  /** Anchors that only cover facts stated before them. */
  backward: number[];
  sender: number[];
}

/** Token indexes that point at the recipient and at the sender. */
export function anchorsOf(toks: Token[], recipientNames: ReadonlySet<string>, senderNames: ReadonlySet<string>): Anchors {
  const recipient: number[] = [];
  const backward: number[] = [];
  const sender: number[] = [];
  for (let i = 0; i < toks.length; i += 1) {
    const k = toks[i].key;
    // "Hi John," addresses the recipient without saying anything about them.
    if (GREETINGS.has(toks[i - 1]?.key ?? '')) continue;
    if (senderNameAt(toks, i, senderNames)) {
      sender.push(i);
      continue;
    }
    const you = YOU.has(k) ? youAnchor(toks, i) : null;
    if (you === 'fact' || (k === 'your' && yourAnchor(toks, i))) recipient.push(i);
    else if (you === 'backward') backward.push(i);
    else if (CONGRATS.has(k) || (recipientNames.has(k) && !OBJECT_OF.has(toks[i - 1]?.key ?? ''))) recipient.push(i);
    else if (TALK_NOUNS.has(k) && ['the', 'that', 'this'].includes(toks[i - 1]?.key ?? '')) recipient.push(i);
    else if (SENDER.has(k) || senderNames.has(k) || WE_ARE_RE.test(toks[i].text)) sender.push(i);
  }
  return { recipient, backward, sender };
}

function nearest(list: number[], i: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const a of list) best = Math.min(best, Math.abs(a - i));
  return best;
}

/** Whether token `i` states something about the recipient (see the module comment). */
export function aboutRecipient(toks: Token[], i: number, anchors: Anchors): boolean {
  const usable = [...anchors.recipient, ...anchors.backward.filter((b) => b > i)];
  if (usable.length === 0) return false;
  const dr = nearest(usable, i);
  if (nearest(anchors.sender, i) < dr) return false;
  const a = usable.reduce((best, x) => (Math.abs(x - i) < Math.abs(best - i) ? x : best));
  for (let j = Math.max(0, Math.min(a, i) - 2); j <= Math.max(a, i); j += 1) {
    if (HEDGES.has(toks[j].key)) return false;
  }
  return true;
}
