/**
 * The frame of a message: its sentences with every person-specific part masked (names,
 * company, talk title, event, topic, the words a template swaps in), so only the words
 * that hold the sentence together are left. A writer that varies its verbs ("see",
 * "pinpoint", "determine which request got slow") keeps the frame; a count of word runs
 * misses it, a count of frames does not.
 */
import { STOPWORDS, sentences, words } from './text.js';

/** A sentence frame needs this many kept words: "Hey x," is everyone's, not a template. */
export const FRAME_MIN_WORDS = 4;

const QUOTED_RE = /"[^"\n]*"|\u201c[^\u201d\n]*\u201d|\u00ab[^\u00bb\n]*\u00bb/g;
const MASK = 'x';

/** One sentence's frame: the function words in order, each run of other words one mask; or null when too little is left. */
export function sentenceFrame(sentence: string): string | null {
  const out: string[] = [];
  let kept = 0;
  for (const w of words(sentence.replace(QUOTED_RE, ' masked '))) {
    if (STOPWORDS.has(w)) {
      out.push(w);
      kept += 1;
    } else if (out[out.length - 1] !== MASK) out.push(MASK);
  }
  return kept >= FRAME_MIN_WORDS ? out.join(' ') : null;
}

/** Tokens in a stretch of a frame: long enough to be a stock clause, not a pointer such as "your x at x". */
export const FRAME_RUN_TOKENS = 7;
/** Function words a stretch must keep: masks alone say nothing about a shared wording. */
export const FRAME_RUN_KEPT = 5;
/** Stretches are counted in the slot's frame counts under this prefix, beside the whole frames. */
export const FRAME_RUN_PREFIX = 'run:';

/**
 * The stretches of FRAME_RUN_TOKENS of a sentence frame that keep FRAME_RUN_KEPT function
 * words: the stock clause a writer keeps while the words around it change with the reader
 * ("… one offer: if your team x ever needs to …, I'm happy to show you how x does it").
 */
export function frameRuns(frame: string): string[] {
  const t = frame.split(' ');
  const out: string[] = [];
  for (let i = 0; i + FRAME_RUN_TOKENS <= t.length; i++) {
    const w = t.slice(i, i + FRAME_RUN_TOKENS);
    if (w.filter((x) => x !== MASK).length >= FRAME_RUN_KEPT) out.push(w.join(' '));
  }
  return out;
}

/** The frames of a message body's sentences (greeting and sign-off already removed), each once. */
export function bodyFrames(body: string): string[] {
  return [
    ...new Set(
      sentences(body)
        .map(sentenceFrame)
        .filter((f): f is string => f !== null),
    ),
  ];
}

/** The stretches of a message body's frames (bodyFrames, frameRuns), each once, prefixed for the slot's frame counts. */
export function bodyFrameRuns(frames: readonly string[]): string[] {
  return [...new Set(frames.flatMap(frameRuns))].map((r) => FRAME_RUN_PREFIX + r);
}
