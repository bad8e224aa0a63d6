/**
 * A phrase found only where it stands as whole words: the matches of
 * new RegExp(`(?<![\p{L}\p{N}])${body}(?![\p{L}\p{N}])`, flags), one after another.
 *
 * The letter classes of the two edges are what is costly to compile in such a pattern
 * (about a millisecond each time on a 2-core machine, against a few hundredths for the
 * words alone), and a campaign brings a new company, job title and stated value with
 * every speaker. So the edges are compiled once, here, and a phrase's own pattern holds
 * only its words; each place the words match is then tried at its two edges, in the
 * order the whole pattern would have tried it.
 */

const EDGES = {
  cased: { before: /(?<![\p{L}\p{N}])/uy, after: /(?![\p{L}\p{N}])/uy },
  // Case-blind, a class holds what folds to one of its letters too (U+0345 folds to iota).
  caseless: { before: /(?<![\p{L}\p{N}])/iuy, after: /(?![\p{L}\p{N}])/iuy },
};

function holds(edge: RegExp, text: string, at: number): boolean {
  edge.lastIndex = at;
  return edge.test(text);
}

export interface Found {
  start: number;
  end: number;
}

export class WholeWords {
  private readonly body: RegExp;
  private readonly edges: { before: RegExp; after: RegExp };

  /**
   * `body` is a pattern that matches at most one way from a given place and never matches
   * nothing: an escaped literal, its words joined by `\s+`.
   */
  constructor(body: string, caseless: boolean) {
    this.body = new RegExp(body, caseless ? 'giu' : 'gu');
    this.edges = caseless ? EDGES.caseless : EDGES.cased;
  }

  /** The first whole-word match at or after `from`, or null. */
  find(text: string, from = 0): Found | null {
    const { body, edges } = this;
    body.lastIndex = from;
    for (let m = body.exec(text); m; m = body.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (holds(edges.before, text, start) && holds(edges.after, text, end)) return { start, end };
      // The whole pattern would try the next character (a whole one, as with the u flag).
      body.lastIndex = start + ((text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
    }
    return null;
  }

  test(text: string): boolean {
    return this.find(text) !== null;
  }

  /** Every whole-word match, none overlapping, as matchAll gives them. */
  all(text: string): Found[] {
    const out: Found[] = [];
    for (let f = this.find(text); f; f = this.find(text, f.end)) out.push(f);
    return out;
  }
}
