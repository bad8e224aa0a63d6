/**
 * The sender's pitch pasted into a message. Borrowing a few of its words to name
 * the product is how people write; a long verbatim run of it, or a label such as
 * "What we do:" in front of it, is a template showing through.
 */
import { words } from './text.js';

/** A verbatim run of the pitch this many words long is pasted, not written. */
export const PASTED_RUN = 12;

const LABEL_RE =
  /(?:^|\n|[.!?][ \t]+)[ \t]*((?:what we do|what i do|what we offer|about us|about me|our pitch|pitch|positioning|value prop(?:osition)?|our offer|offer|our product|product|who we are)[ \t]*:)/i;

/** Length of the longest run of words the two lists share, in order. */
function longestRun(a: string[], b: string[]): number {
  let best = 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1) {
      if (a[i - 1] === b[j - 1]) {
        cur[j] = (prev[j - 1] as number) + 1;
        if ((cur[j] as number) > best) best = cur[j] as number;
      }
    }
    prev = cur;
  }
  return best;
}

/** Why the message reads as the pitch pasted in, or null. */
export function pastedPitch(content: string, pitch: string | null | undefined): string | null {
  const label = LABEL_RE.exec(content);
  if (label) return `a "${(label[1] as string).trim()}" label in front of the pitch`;
  const p = words(pitch ?? '');
  if (p.length === 0) return null;
  // A pitch shorter than the limit is a one-line description people do repeat as it is.
  const run = longestRun(words(content), p);
  return run >= PASTED_RUN ? `${run} words in a row copied from the pitch` : null;
}
