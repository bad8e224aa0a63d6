/**
 * The sender's pitch pasted into a message. Borrowing a few of its words to name
 * the product is how people write; a long verbatim run of it, or a label such as
 * "What we do:" in front of it, is a template showing through.
 */
import { GENERIC_OVERLAP } from './filler.js';
import { Memo, STOPWORDS, contentStemSet, escapeRe, fold, sentences, words } from './text.js';
import type { QaInput } from './types.js';

/** A verbatim run of the pitch this many words long is pasted, not written. */
export const PASTED_RUN = 12;

const LABEL_RE =
  /(?:^|\n|[.!?][ \t]+)[ \t]*((?:what we do|what i do|what we offer|about us|about me|our pitch|pitch|positioning|value prop(?:osition)?|our offer|offer|our product|product|who we are)[ \t]*:)/i;

/** Length of the longest run of words the two lists share, in order. */
function longestRun(a: readonly string[], b: readonly string[]): number {
  return longestRunAt(a, b).length;
}

/** The longest run of words the two lists share, in order: its length and where it ends in the first list. */
function longestRunAt(a: readonly string[], b: readonly string[]): { length: number; end: number } {
  const at = positionsOf(b);
  let best = 0;
  let end = 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  let cur = new Array<number>(b.length + 1).fill(0);
  // Where the two rows hold runs: the row being overwritten is cleared only there.
  let prevSet: readonly number[] = [];
  let curSet: readonly number[] = [];
  for (let i = 1; i <= a.length; i += 1) {
    for (const j of curSet) cur[j] = 0;
    const js = at.get(a[i - 1] as string) ?? [];
    for (const j of js) {
      const run = (prev[j - 1] as number) + 1;
      cur[j] = run;
      if (run > best) {
        best = run;
        end = i;
      }
    }
    [prev, cur] = [cur, prev];
    [prevSet, curSet] = [js, prevSet];
  }
  return { length: best, end };
}

/**
 * Where each word of a list stands (1-based): a word the list lacks ends every run there, with
 * no scan of the list. The lists are a pitch's or a positioning's words, the same array for
 * every message, so each is indexed once.
 */
function positionsOf(b: readonly string[]): ReadonlyMap<string, readonly number[]> {
  let at = positions.get(b);
  if (!at) {
    const made = new Map<string, number[]>();
    b.forEach((w, j) => {
      const list = made.get(w);
      if (list) list.push(j + 1);
      else made.set(w, [j + 1]);
    });
    positions.set(b, made);
    at = made;
  }
  return at;
}

const positions = new WeakMap<readonly string[], ReadonlyMap<string, readonly number[]>>();

// One campaign's pitch is read for every message.
const pitchWords = new Memo<readonly string[]>(16);

/**
 * The pitch's definition of the product: what follows "<Product> is" up to the first colon,
 * full stop or dash ("observability for .NET and JavaScript apps", "a shared notebook for
 * research groups"). It is the category a founder files the product under; set after the
 * product's name in a message ("My own work is Tracewise, observability for .NET and
 * JavaScript apps") it reads as the pitch deck's first line, not as a person saying what
 * they do.
 */
export const DEFINITION_RE =
  /^\s*[\p{Lu}][\p{L}\p{N}.&'-]*(?:\s+[\p{Lu}][\p{L}\p{N}.&'-]*)?\s+is\s+((?:[^:;.\u2014\u2013]|\.(?=\S))+?)\s*(?:[:;\u2014\u2013]|\.(?:\s|$)|$)/u;
/** A definition shorter than this is a word or two anyone would use ("a tracing tool"). */
export const DEFINITION_WORDS = 4;
const definitions = new Memo<readonly string[]>(16);

function pastedDefinition(content: string, pitch: string): string | null {
  const def = definitions.get(pitch, () => words(DEFINITION_RE.exec(pitch)?.[1] ?? ''));
  if (def.length < DEFINITION_WORDS) return null;
  const text = words(content);
  const { length, end } = longestRunAt(text, def);
  // "Pathwise is an adaptive assessment API …" says what the product is in a sentence of its
  // own; the definition cut out and set after a name or a verb ("Tracewise, observability for …",
  // "works on a shared notebook for …") is the deck's line grafted in.
  if (length < def.length || text[end - length - 1] === 'is') return null;
  return `the pitch's definition of the product pasted: "${def.join(' ')}"`;
}

/** Why the message reads as the pitch pasted in, or null. */
export function pastedPitch(content: string, pitch: string | null | undefined): string | null {
  const label = LABEL_RE.exec(content);
  if (label) return `a "${(label[1] as string).trim()}" label in front of the pitch`;
  const definition = pitch ? pastedDefinition(content, pitch) : null;
  if (definition) return definition;
  const p = pitchWords.get(pitch ?? '', () => words(pitch ?? ''));
  // A pitch shorter than the limit is a one-line description people do repeat as it is.
  if (p.length < PASTED_RUN) return null;
  const run = longestRun(words(content), p);
  return run >= PASTED_RUN ? `${run} words in a row copied from the pitch` : null;
}

/**
 * A run of the positioning this many words long, three of them content words, is the
 * sender's internal description pasted ("find slow requests before their users do").
 */
export const POSITIONING_RUN = 6;
const POSITIONING_CONTENT = 3;

/**
 * Why the message pastes the sender's positioning, or null. The positioning says whom the
 * sender works with, for the sender; a reader gets it as a stock line. A run the pitch
 * holds as well is the pitch's words, which pasted_pitch reads.
 */
export function pastedPositioning(content: string, positioning: string | null | undefined, pitch: string | null | undefined): string | null {
  const own = pitchWords.get(positioning ?? '', () => words(positioning ?? ''));
  if (own.length < POSITIONING_RUN) return null;
  const text = words(content);
  const { length, end } = longestRunAt(text, own);
  if (length < POSITIONING_RUN) return null;
  const run = text.slice(end - length, end);
  if (run.filter((w) => !STOPWORDS.has(w)).length < POSITIONING_CONTENT) return null;
  const pitched = pitchWords.get(pitch ?? '', () => words(pitch ?? ''));
  if (longestRun(run, pitched) === run.length) return null;
  return `"${run.join(' ')}": ${length} words in a row copied from the positioning`;
}

/** Whom the positioning says the sender works with: "We work with engineering teams that run …" gives "engineering teams". */
const AUDIENCE_RE = /\bwork(?:s|ing)? with (?:the |all )?([\p{L}][\p{L} -]{2,50}?)(?=\s+(?:that|who|which|whose|like|in|at)\b|[,.;:]|$)/iu;
const audiences = new Memo<{ tail: string; re: RegExp } | null>(16);

/** The audience's last two words ("health coaches" of "nutrition and health coaches") and a pattern that finds them, not after "your". */
function audienceOf(positioning: string): { tail: string; re: RegExp } | null {
  return audiences.get(positioning, () => {
    const m = AUDIENCE_RE.exec(positioning);
    const w = m ? words(m[1] as string).slice(-2) : [];
    if (w.length < 2) return null;
    return { tail: w.join(' '), re: new RegExp(`(?<!\\byour\\s)(?<![\\p{L}])${w.map(escapeRe).join('\\s+')}(?![\\p{L}])`, 'u') };
  });
}

/**
 * The product said to serve the positioning's audience, or null: "I work on Tracewise, which
 * helps engineering teams do just that", "With Labwise, we help research groups spot …". The
 * audience is whom the sender sells to, said for the sender; in a message it is the deck's
 * line, whatever words surround it. "your engineering team" is the reader's and passes.
 */
export function audienceLine(content: string, positioning: string | null | undefined, product: string | null | undefined): string | null {
  const name = product?.trim();
  const audience = name && positioning ? audienceOf(positioning) : null;
  if (!name || !audience) return null;
  for (const sentence of sentences(fold(content))) {
    if (sentence.includes(fold(name)) && audience.re.test(sentence))
      return `"${sentence.trim()}" says whom ${name} is sold to, in the positioning's words ("${audience.tail}")`;
  }
  return null;
}

// The pitch's own words that say what the product does: not the product's name, not words every draft uses.
const jobStems = new Memo<ReadonlySet<string>>(16);

function pitchJob(pitch: string, company: string): ReadonlySet<string> {
  return jobStems.get(`${pitch}\u0000${company}`, () => {
    const name = contentStemSet(company);
    return new Set([...contentStemSet(pitch)].filter((s) => !name.has(s) && !GENERIC_OVERLAP.has(s)));
  });
}

/**
 * Why the first follow-up names the product and leaves it unexplained, or null. It is the
 * message that says what the sender offers; one that names the product, or doubts it
 * fits, or asks who else to write to, without a word of what it does gives the reader
 * nothing to answer.
 */
export function productUnexplained(input: Pick<QaInput, 'slot' | 'content' | 'campaign'>): string | null {
  const { slot, content, campaign } = input;
  const product = campaign.senderCompany?.trim();
  // A follow-up that does not bring the product up yet is a different message, not this one.
  if (slot !== 2 || !campaign.pitch?.trim() || !product || !fold(content).includes(fold(product))) return null;
  const job = pitchJob(campaign.pitch, product);
  if (job.size === 0) return null;
  // In a line that introduces the sender, the product's kind ("What I build is an observability
  // tool, Tracewise", "Labwise, a shared notebook, is my company") is a label, not what it does.
  const introduced = sentences(content).some((t) => INTRO_RE.test(t) && fold(t).includes(fold(product)));
  const said = introduced ? content.replace(KINDS_RE, ' ') : content;
  for (const s of contentStemSet(said)) if (job.has(s)) return null;
  return introduced
    ? `it introduces ${product} by its kind alone ("${KIND_RE.exec(content)?.[0] ?? product}"), and nothing in it says what ${product} does`
    : `it names ${product} but nothing in it says what ${product} does`;
}

/** The sender introducing their product: "What I build is …", "… is my company", "I'm with …". */
const INTRO_RE =
  /\b(?:what i build is|i build|i work on|my work is|my company(?:,)? (?:makes|builds|is)|is my company|the company i(?:'m| am) building|i(?:'m| am) (?:with|at))\b/i;
/** The product's kind said as a label: "an observability tool", "a shared notebook". */
const KIND_RE = /\b(?:an?|our|my) (?:[\p{L}-]+ ){0,2}(?:tool|notebook|platform|app|service|product)\b/iu;
const KINDS_RE = new RegExp(KIND_RE.source, 'giu');
