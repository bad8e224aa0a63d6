import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';

/** The folded columns search_speakers matches: lower-cased, accents and punctuation removed. */
export type Folded = 'name_fold' | 'company_fold';

/** One substring filter, already folded. */
export interface TextFilter {
  column: Folded;
  text: string;
}

export const where = (conds: RawBuilder<boolean>[]) => sql<boolean>`${sql.join(conds, sql` and `)}`;

/** Characters as the indexes count them (code points, not UTF-16 units). */
export const codePoints = (text: string): string[] => Array.from(text);

/**
 * The exact test: `column` contains `text`. instr/strpos compare the bytes as they are,
 * which is what folded text on both sides wants (no wildcards to escape, no collation),
 * and neither is indexable, so the planner keeps it as a filter over the candidates an
 * index gives. A filter that folds to nothing (punctuation alone) matches nothing.
 */
export function contains(db: Db, f: TextFilter): RawBuilder<boolean> {
  if (f.text === '') return sql<boolean>`1 = 0`;
  const column = sql.ref(`speakers.${f.column}`);
  return isPostgres(db) ? sql<boolean>`strpos(${column}, ${f.text}) > 0` : sql<boolean>`instr(${column}, ${f.text}) > 0`;
}

/** The filters a trigram index can look up: three characters or more. */
export const indexable = (filters: TextFilter[]): TextFilter[] => filters.filter((f) => codePoints(f.text).length >= 3);

/** The most key trigrams one filter asks an index for. */
const MAX_KEYS = 4;

/**
 * The trigrams of `text` an index is asked for: side by side, covering every character
 * (offsets 0, 3, 6, ... and the last three), at most MAX_KEYS of them. Every trigram of
 * a text is a necessary condition, but an index pays for each one it reads in full, and
 * overlapping trigrams add little (the 8 letters "kovesaro" are 6 trigrams, each in some
 * 15,000 of a million names; kov, esa and aro alone leave 41 candidates for its 27
 * matches). Each character is still covered, so that a common text shares few candidates
 * with another that differs from it by a letter ("renee" is not "søren" with "ee").
 * The exact test on the candidates does the rest.
 */
export function keyTrigrams(text: string): string[] {
  const chars = codePoints(text);
  if (chars.length < 3) return [];
  const offsets: number[] = [];
  for (let at = 0; at + 3 <= chars.length; at += 3) offsets.push(at);
  if ((offsets.at(-1) as number) < chars.length - 3) offsets.push(chars.length - 3);
  const picked = offsets.length > MAX_KEYS ? [...offsets.slice(0, MAX_KEYS - 1), offsets.at(-1) as number] : offsets;
  return [...new Set(picked.map((at) => chars.slice(at, at + 3).join('')))];
}
