/**
 * Wordings built from parts. A campaign of hundreds of speakers must not share an
 * opening or closing line among more than a tenth of its sequences (the QA gate's
 * campaign_repeated_line, which blanks names and titles before it compares), so each
 * line that opens or closes a message comes in a few dozen wordings: every subject
 * with every predicate, every question with every ending.
 */
export type Line<A extends unknown[]> = (...args: A) => string;

/** Every pairing of a start and an end, as one list a seed picks from. */
export function cross<A extends unknown[]>(starts: ReadonlyArray<Line<A>>, ends: ReadonlyArray<Line<A>>, join = ' '): Array<Line<A>> {
  const out: Array<Line<A>> = [];
  // Interleaved (not start-major), so neighbouring seeds differ in both halves.
  const n = starts.length * ends.length;
  for (let k = 0; k < n; k++) {
    const s = starts[k % starts.length];
    const e = ends[Math.floor(k / starts.length) % ends.length];
    out.push((...a: A) => `${s(...a)}${join}${e(...a)}`);
  }
  return out;
}

export const cap = (t: string): string => (t ? t[0].toUpperCase() + t.slice(1) : t);
