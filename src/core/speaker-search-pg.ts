import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import type { SpeakerRow } from '../../db/types.js';
import { contains, indexable, keyTrigrams, where, type TextFilter } from './speaker-text.js';

/** The rows, in seq order, walked first: a text in 1 row of 40 fills a page of 50 there. */
const FIRST_WALK = 2_000;
/** The most rows walked after that, for a text seen there often enough to fill the page within them. */
const MAX_WALK = 10_000;

/**
 * PostgreSQL, a filter of three characters or more. Two ways to a page: walk the scope in
 * seq order testing each row (cheap per row, stops at a full page: right for a common
 * text), or list every candidate from the trigram index and sort them (cost grows with
 * the candidates: right for a rare one). The planner cannot choose: it estimates a name
 * and a company as if unrelated, when a name with the company it belongs to is the
 * usual search. So the first FIRST_WALK rows are walked and the texts are judged by what
 * they show, together: a full page (or the whole scope) is the answer; matches seen but
 * too few walk on, twice as far as their density says the page needs, when that is
 * within MAX_WALK rows; rarer texts (none seen, or too few), or a page still short
 * after that, go to the index for the rest of the scope.
 */
export async function pgPage(db: Db, scope: RawBuilder<boolean>[], filters: TextFilter[], take: number): Promise<SpeakerRow[]> {
  const exact = filters.map((f) => contains(db, f));
  const first = await walk(db, scope, exact, take, FIRST_WALK);
  if (first.done) return first.rows;
  let rows = first.rows;
  let after = [...scope, sql<boolean>`speakers.seq > ${first.last}`];
  const needed = ((take - rows.length) * FIRST_WALK) / Math.max(rows.length, 1 / FIRST_WALK);
  if (needed <= MAX_WALK) {
    const next = await walk(db, after, exact, take - rows.length, Math.min(MAX_WALK, Math.ceil(2 * needed)));
    rows = [...rows, ...next.rows];
    if (next.done) return rows;
    after = [...scope, sql<boolean>`speakers.seq > ${next.last}`];
  }
  return [...rows, ...(await fromIndex(db, [...after, ...exact], indexable(filters), take - rows.length))];
}

const likeEscape = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const like = (f: TextFilter) => sql<boolean>`${sql.ref(`speakers.${f.column}`)} like ${likeEscape(f.text)} escape '\\'`;

type Walked = { rows: SpeakerRow[]; last: number; done: boolean };

/**
 * The first `size` rows of the scope in seq order, tested: the first `take` matches, the
 * last seq walked, and whether that decides the page (a full page, or the whole scope
 * walked). One round trip; the walk reads only the folded columns, the matches whole.
 */
async function walk(db: Db, scope: RawBuilder<boolean>[], exact: RawBuilder<boolean>[], take: number, size: number): Promise<Walked> {
  const res = await sql<SpeakerRow & { search_walked: string | number; search_last: string | number | null }>`
    with walked as materialized (select seq, name_fold, company_fold from speakers where ${where(scope)} order by seq limit ${size}),
      hits as (select seq from walked speakers where ${where(exact)} order by seq limit ${take})
    select counts.search_walked, counts.search_last, speakers.* from (select count(*) as search_walked, max(seq) as search_last from walked) counts
    left join hits on true left join speakers on speakers.seq = hits.seq
    order by speakers.seq`.execute(db);
  const head = res.rows[0];
  const rows = res.rows.filter((r) => r.seq !== null).map(({ search_walked: _w, search_last: _l, ...row }) => row as SpeakerRow);
  const walked = Number(head?.search_walked ?? 0);
  return { rows, last: Number(head?.search_last ?? 0), done: rows.length === take || walked < size };
}

/**
 * The first `take` matches, from the trigram index (migration 011) asked for each
 * filter's key trigrams, the exact test and the scope applied to its candidates.
 * Bitmap scans only: an ordered index scan would walk the whole scope for a text the
 * planner thinks common; the candidates are sorted and cut in the database.
 */
async function fromIndex(db: Db, conds: RawBuilder<boolean>[], filters: TextFilter[], take: number): Promise<SpeakerRow[]> {
  const keys = filters.flatMap((f) => keyTrigrams(f.text).map((text) => like({ column: f.column, text })));
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    return trx
      .selectFrom('speakers')
      .selectAll()
      .where(where([...keys, ...conds]))
      .orderBy('seq')
      .limit(take)
      .execute();
  });
}
