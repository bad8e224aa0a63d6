/**
 * Lines a whole campaign repeats. One speaker's sequence cannot show that the same
 * closing question ends a quarter of all sequences; a campaign-wide pass counts
 * each sequence's opening and closing lines and hands the counts to the scorer.
 */
import { bodyFrameRuns, bodyFrames, frameRuns, FRAME_RUN_PREFIX } from './frames.js';
import { Memo, STOPWORDS, sentences } from './text.js';
import type { CampaignLines } from './types.js';

/** Share of a campaign's sequences one line may appear in. */
export const LINE_SHARE = 0.1;
/**
 * Share of a campaign's last notes that may share a line, a run of words or a sentence frame.
 * A last note says the same few things in every sequence (what prompted the outreach, the
 * ask, a way out): readers of a whole campaign send one that shares its courtesy line or
 * the shape of its first sentence with a tenth of the others; a fifth of them alike is a form letter.
 */
export const LAST_NOTE_SHARE = 0.2;
/** Below this many sequences a shared line is coincidence. */
export const LINE_MIN_SEQUENCES = 4;

const GREETING_RE = /^(?:hi|hey|hello|dear|hiya|good (?:morning|afternoon|evening))\b[^,\n!]{0,40}[,!]?\s*/i;
const SIGN_OFF_RE =
  /^(?:cheers|best|thanks|thank you|regards|best regards|kind regards|warm regards|warmly|talk soon|all the best|sincerely|best wishes)\b[ ,!.]*[\p{L} .'-]{0,40}$/iu;

/** A line with its particulars (names, titles, numbers) blanked, so one template matches itself. */
export function lineKey(line: string): string {
  return line
    .replace(/"[^"\n]*"|\u201c[^\u201d\n]*\u201d/g, ' q ')
    .replace(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}.&'-]*/gu, ' n ')
    .replace(/\d[\d,.]*/g, ' 0 ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(?:n|q)(?: (?:n|q))+\b/g, 'n')
    .trim();
}

/** The message's body: without its greeting and its sign-off. */
export function bodyOf(content: string): string {
  // A dozen checks read the body of the same message.
  return bodyMemo.get(content, () => cutBody(content));
}

const bodyMemo = new Memo<string>(64);

function cutBody(content: string): string {
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  while (
    lines.length > 1 &&
    (SIGN_OFF_RE.test(lines[lines.length - 1] as string) || /^[\p{Lu}][\p{L}'-]*(?: [\p{Lu}][\p{L}'-]*)?$/u.test(lines[lines.length - 1] as string))
  )
    lines.pop();
  return lines.join('\n').replace(GREETING_RE, '');
}

function bodySentences(content: string): { opening: string | null; closing: string | null } {
  return openingAndClosing(bodyOf(content));
}

function openingAndClosing(body: string): { opening: string | null; closing: string | null } {
  const all = sentences(body).filter((s) => s.split(/\s+/).length >= 2);
  if (all.length === 0) return { opening: null, closing: null };
  return { opening: all[0] as string, closing: all.length > 1 ? (all[all.length - 1] as string) : null };
}

/** The keys of a message's opening and closing lines. */
export function messageLineKeys(content: string): string[] {
  return bodyLineKeys(bodyOf(content));
}

function bodyLineKeys(body: string): string[] {
  const { opening, closing } = openingAndClosing(body);
  return [opening, closing]
    .filter((l): l is string => l !== null)
    .map(lineKey)
    .filter((k) => k.split(' ').length >= 2);
}

/** A message as the campaign-wide pass reads it: its slot and its text. */
export interface SlotText {
  slot: number;
  content: string;
}

/**
 * Counts each line key once per sequence: sequences maps a sequence id to its messages'
 * texts. Given the slots as well, it also counts the runs of four words each slot's
 * messages share (campaignPhrase).
 */
export function countCampaignLines(sequences: ReadonlyMap<string, ReadonlyArray<string | SlotText>>): CampaignLines {
  const counts = new Map<string, number>();
  const phrases = new Map<number, Map<string, number>>();
  const frames = new Map<number, Map<string, number>>();
  const slotTotals = new Map<number, number>();
  let slotted = false;
  // Each message's body is cut once and read three ways (its frames made once for both counts); the keys are counted once per sequence.
  const keys = new Set<string>();
  for (const messages of sequences.values()) {
    keys.clear();
    for (const m of messages) {
      const body = bodyOf(typeof m === 'string' ? m : m.content);
      for (const k of bodyLineKeys(body)) keys.add(k);
      if (typeof m === 'string') continue;
      slotted = true;
      slotTotals.set(m.slot, (slotTotals.get(m.slot) ?? 0) + 1);
      tally(slotMap(phrases, m.slot), new Set(bodyRuns(body)));
      const own = bodyFrames(body);
      tally(slotMap(frames, m.slot), [...own, ...bodyFrameRuns(own)]);
    }
    tally(counts, keys);
  }
  return slotted ? { sequences: sequences.size, counts, phrases, frames, slotTotals } : { sequences: sequences.size, counts };
}

function slotMap(bySlot: Map<number, Map<string, number>>, slot: number): Map<string, number> {
  let map = bySlot.get(slot);
  if (!map) bySlot.set(slot, (map = new Map()));
  return map;
}

function tally(map: Map<string, number>, keys: Iterable<string>): void {
  for (const k of keys) map.set(k, (map.get(k) ?? 0) + 1);
}

// What the campaign's own call to action and pitch hold, read for every message it scores.
const ctaRuns = new Memo<ReadonlySet<string>>(16);
const pitchRuns = new Memo<ReadonlySet<string>>(16);
const pitchClauses = new Memo<{ clauses: ReadonlySet<string>; words: ReadonlySet<string> }>(16);
const ctaLineKeys = new Memo<readonly string[]>(16);
const ctaFrames = new Memo<ReadonlySet<string>>(16);

/**
 * Share of a campaign's messages of one slot a run of words may appear in before they read
 * as a form letter. A connection note is short and says the same few things ("your talk",
 * "open to connecting"), so only a run in half of them counts there; a follow-up's four
 * words in a tenth of the campaign's already read as a frame to a reader of the whole set.
 */
export const PHRASE_SHARE: Readonly<Record<number, number>> = { 1: 0.5, 2: 0.1, 3: LAST_NOTE_SHARE };
const PHRASE_WORDS = 4;
/**
 * Below this many messages in a slot, a few sharing some words is chance more than a form
 * letter (one of eight is already "more than a tenth").
 */
export const PHRASE_MIN_MESSAGES = 16;

/** Runs of four words inside each sentence of the message's body, lower case. */
export function phraseRuns(content: string): readonly string[] {
  // A message's runs are read for its own phrases and again for the pitch's.
  return runsMemo.get(content, () => bodyRuns(bodyOf(content)));
}

const runsMemo = new Memo<readonly string[]>(64);

const runTokens = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*/gu) ?? [];

function bodyRuns(body: string): string[] {
  const out: string[] = [];
  for (const s of sentences(body)) {
    const toks = runTokens(s);
    // Joined without a slice for each: a campaign-wide count makes every run of every message.
    for (let i = 0; i + PHRASE_WORDS <= toks.length; i++) {
      let run = toks[i] as string;
      for (let j = 1; j < PHRASE_WORDS; j++) run += ` ${toks[i + j] as string}`;
      out.push(run);
    }
  }
  return out;
}

/** What a message's runs of words are read against: the campaign's own words, which a run made of is the user's to repeat. */
export interface OwnWords {
  cta?: string;
  pitch?: string | null;
  sender?: string | null;
  company?: string | null;
  event?: string | null;
  /** The sender's role: the sender's fact, as their name is. */
  role?: string | null;
  /** The recipient's own facts (talk titles, job title, company): co-speakers share a talk and colleagues a title, and each is a fact about them. */
  facts?: ReadonlyArray<string | null | undefined>;
}

const wordsOf = (t: string | null | undefined): string[] => (t ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * How a message points at its reader's facts ("your work at", "what you do as"): every
 * message has one, and the fact after it differs, so sharing the pointer is no form letter.
 */
const POINTER_RE = /\b(?:your (?:work|role|job|team|talk|session|research|group|lab) (?:at|as|on|in)|what you do (?:at|as))\b/;

/** The three-word windows of the pitch's runs: a run starting or ending in one says the product's job in the pitch's words. */
function pitchWindows(pitch: string): ReadonlySet<string> {
  return pitchRuns.get(
    pitch,
    () =>
      new Set(
        phraseRuns(pitch).flatMap((g) => {
          const w = g.split(' ');
          return [w.slice(0, 3).join(' '), w.slice(1).join(' ')];
        }),
      ),
  );
}

/**
 * The first run of four words of the message, of the kind asked for (the pitch's or the
 * writer's own), that more than PHRASE_SHARE of the campaign's messages in its slot share;
 * or null. Runs of the call to action, of the sender's name and company and of the event
 * every speaker of a page shares are never counted.
 */
function sharedRun(
  content: string,
  slot: number,
  lines: CampaignLines | null | undefined,
  own: OwnWords,
  ofPitch: boolean,
  only: ReadonlySet<string> | null = null,
): string | null {
  const total = lines?.slotTotals?.get(slot) ?? 0;
  // Four words of the writer's own in a few of a small campaign's messages may be chance; the pitch's in most of them is not.
  if (!lines?.phrases || total < (ofPitch ? PITCH_MIN_MESSAGES : PHRASE_MIN_MESSAGES)) return null;
  const least = ofPitch ? PITCH_MIN_MESSAGES : LINE_MIN_SEQUENCES;
  const cta = ctaRuns.get(own.cta ?? '', () => new Set(phraseRuns(own.cta ?? '')));
  const pitch = pitchWindows(own.pitch ?? '');
  const { mine, event, facts } = ownSets(own);
  const counted = lines.phrases.get(slot);
  const share = PHRASE_SHARE[slot] ?? 0.3;
  for (const g of new Set(phraseRuns(content))) {
    // Most runs are in too few of the campaign's messages: the cheapest test goes first.
    const n = counted?.get(g) ?? 0;
    if (n < least || n <= total * share) continue;
    const ws = g.split(' ');
    if ((only && !only.has(g)) || cta.has(g) || ws.some((w) => mine.has(w)) || ws.filter((w) => event.has(w)).length >= 2) continue;
    if (!ofPitch && (POINTER_RE.test(g) || ws.filter((w) => facts.has(w)).length >= 2)) continue;
    if (ofPitch !== (pitch.has(ws.slice(0, 3).join(' ')) || pitch.has(ws.slice(1).join(' ')))) continue;
    return `"${g}" is in ${n} of the campaign's ${total} slot ${slot} messages`;
  }
  return null;
}

/** The words of the campaign's own that a run may hold, by the words' object (the scorer makes one a sequence). */
const ownWordSets = new WeakMap<OwnWords, { mine: ReadonlySet<string>; event: ReadonlySet<string>; facts: ReadonlySet<string> }>();

function ownSets(own: OwnWords): { mine: ReadonlySet<string>; event: ReadonlySet<string>; facts: ReadonlySet<string> } {
  let sets = ownWordSets.get(own);
  if (!sets) {
    sets = {
      mine: new Set([own.sender, own.company, own.role].flatMap(wordsOf).filter((w) => !STOPWORDS.has(w))),
      // The event every speaker of a page shares is a fact about each of them, not a form letter.
      event: new Set(wordsOf(own.event)),
      facts: new Set((own.facts ?? []).flatMap(wordsOf).filter((w) => !STOPWORDS.has(w))),
    };
    ownWordSets.set(own, sets);
  }
  return sets;
}

/** The pitch's words in this many of a slot's messages already make its product question a refrain. */
export const PITCH_MIN_MESSAGES = 3;

/**
 * A run of four words the message shares with more than PHRASE_SHARE of the campaign's
 * messages in its slot, with how often; or null. Runs in the pitch's words are
 * campaignPitchRun's to find.
 */
export function campaignPhrase(content: string, slot: number, lines: CampaignLines | null | undefined, own: OwnWords = {}): string | null {
  return sharedRun(content, slot, lines, own, false);
}

/**
 * A clause of the pitch pasted (PITCH_CLAUSE_WORDS of its words in a row: "observability
 * for .NET and JavaScript apps") in a message whose run of the pitch's words more than
 * PHRASE_SHARE of the campaign's messages in its slot share; or null. Naming the product's
 * subject in its four words ("which request got slow") is saying what it does; pasting
 * the pitch's sentence into message after message is a mail merge a reader sees through.
 */
export function campaignPitchRun(content: string, slot: number, lines: CampaignLines | null | undefined, own: OwnWords = {}): string | null {
  // Too few of the slot's messages counted for any run to be shared (sharedRun's own bar): the pasted clauses are not looked for.
  if (!lines?.phrases || (lines.slotTotals?.get(slot) ?? 0) < PITCH_MIN_MESSAGES) return null;
  const pasted = own.pitch?.trim() ? pastedRuns(content, own.pitch) : null;
  return pasted?.size ? sharedRun(content, slot, lines, own, true, pasted) : null;
}

/** Words of the pitch in a row that make a clause of it pasted, not its subject named ("which request got slow" is four). */
export const PITCH_CLAUSE_WORDS = 7;

/** The four-word runs inside the message's pasted clauses of the pitch (PITCH_CLAUSE_WORDS of its words in a row). */
function pastedRuns(content: string, pitch: string): ReadonlySet<string> {
  const { clauses, words } = pitchClauses.get(pitch, () => {
    const runs = sentences(pitch).map(runTokens);
    return { clauses: new Set(runs.flatMap((ws) => windows(ws, PITCH_CLAUSE_WORDS).map((w) => w.join(' ')))), words: new Set(runs.flat()) };
  });
  const out = new Set<string>();
  for (const t of sentences(bodyOf(content))) {
    const ws = runTokens(t);
    // A clause of the pitch is made of the pitch's words only: a window is joined and looked up only then.
    let inPitch = 0;
    for (let end = 0; end < ws.length; end++) {
      inPitch = words.has(ws[end] as string) ? inPitch + 1 : 0;
      if (inPitch < PITCH_CLAUSE_WORDS) continue;
      const w = ws.slice(end + 1 - PITCH_CLAUSE_WORDS, end + 1);
      if (clauses.has(w.join(' '))) for (const r of windows(w, 4)) out.add(r.join(' '));
    }
  }
  return out;
}

/** Every run of n words in a row. */
const windows = (ws: string[], n: number): string[][] => ws.slice(0, Math.max(0, ws.length - n + 1)).map((_, i) => ws.slice(i, i + n));

/**
 * The message's opening or closing line the campaign repeats too often, with how often; or
 * null. The campaign's own call to action is the user's line to repeat: it is not counted.
 */
export function repeatedLine(content: string, lines: CampaignLines | null | undefined, cta = '', slot = 1): string | null {
  if (!lines || lines.sequences < LINE_MIN_SEQUENCES) return null;
  const share = slot === 3 ? LAST_NOTE_SHARE : LINE_SHARE;
  const { opening, closing } = bodySentences(content);
  const ctaKeys = ctaLineKeys.get(cta, () => (cta.trim() ? sentences(cta).map(lineKey).filter(Boolean) : []));
  for (const [where, line] of [
    ['opening', opening],
    ['closing', closing],
  ] as const) {
    if (!line || ctaKeys.includes(lineKey(line))) continue;
    const n = lines.counts.get(lineKey(line)) ?? 0;
    if (n >= LINE_MIN_SEQUENCES && n > lines.sequences * share) return `the ${where} line "${line}" appears in ${n} of ${lines.sequences} sequences`;
  }
  return null;
}

/**
 * Share of a campaign's messages of one slot a sentence frame may appear in. Connection
 * notes share their shape by nature (a hello, who I am, an ask), so only a frame in half
 * of them counts there, as for runs of words.
 */
export const FRAME_SHARE: Readonly<Record<number, number>> = { 1: 0.5, 2: 0.1, 3: LAST_NOTE_SHARE };
/** Fewer messages than this sharing a frame is chance, whatever the share. */
export const FRAME_MIN_SEQUENCES = 3;

/**
 * Share of a campaign's first follow-ups a long stretch of a sentence frame (frameRuns) may
 * appear in, and how few messages sharing it already count. A clause of seven words that holds
 * five function words in the same order is a stock sentence: the readers flag it when they have
 * seen it in three or four of a file's second messages, whatever else the sentence swapped. The
 * writer changes the pointer around it ("your talk", "your work on x", "your team at x"), so the
 * whole frame differs where the stretch does not.
 */
export const FRAME_RUN_SHARE: Readonly<Record<number, number>> = { 2: 0.05 };
export const FRAME_RUN_MIN_MESSAGES = 2;

/**
 * A sentence of the message whose frame (person-specific words masked) more than
 * FRAME_SHARE of the campaign's messages in its slot share, or whose long stretch more than
 * FRAME_RUN_SHARE share, with how often; or null. The call to action's own frame and
 * stretches are the user's to repeat; a stretch that holds the pitch's own shape ("… where
 * each x in a x x from") names the product's job, which campaign_repeated_pitch counts.
 */
export function campaignFrame(content: string, slot: number, lines: CampaignLines | null | undefined, cta = '', pitch: string | null = null): string | null {
  const total = lines?.slotTotals?.get(slot) ?? 0;
  if (!lines?.frames || total === 0) return null;
  const own = ctaFrames.get(cta, () => new Set(bodyFrames(cta).flatMap((f) => [f, ...frameRuns(f).map((r) => FRAME_RUN_PREFIX + r)])));
  const counted = lines.frames.get(slot);
  const runShare = FRAME_RUN_SHARE[slot];
  for (const s of sentences(bodyOf(content))) {
    const [f] = bodyFrames(s);
    if (!f) continue;
    const n = own.has(f) ? 0 : (counted?.get(f) ?? 0);
    if (n >= FRAME_MIN_SEQUENCES && n > total * (FRAME_SHARE[slot] ?? 0.1))
      return `"${s}" has the shape of ${n} of the campaign's ${total} slot ${slot} messages`;
    if (runShare === undefined) continue;
    for (const r of frameRuns(f)) {
      const key = FRAME_RUN_PREFIX + r;
      const m = own.has(key) || ofPitch(r, pitch) ? 0 : (counted?.get(key) ?? 0);
      if (m >= FRAME_RUN_MIN_MESSAGES && m > total * runShare)
        return `"${s}" keeps the stock clause "${r}" (x: words that change) of ${m} of the campaign's ${total} slot ${slot} messages`;
    }
  }
  return null;
}

const pitchFrameGrams = new Memo<ReadonlySet<string>>(16);
/** Four tokens of a frame stretch, three of them function words, that the pitch's own frame holds in a row. */
function ofPitch(run: string, pitch: string | null): boolean {
  if (!pitch?.trim()) return false;
  const grams = pitchFrameGrams.get(pitch, () => new Set(bodyFrames(pitch).flatMap((f) => frameGrams(f.split(' ')))));
  return frameGrams(run.split(' ')).some((g) => grams.has(g));
}

function frameGrams(t: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 4 <= t.length; i++) {
    const w = t.slice(i, i + 4);
    if (w.filter((x) => x !== 'x').length >= 3) out.push(w.join(' '));
  }
  return out;
}
