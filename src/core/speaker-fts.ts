import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import type { SpeakerRow } from '../../db/types.js';
import { contains, indexable, keyTrigrams, where, type TextFilter } from './speaker-text.js';

/** Candidates (estimated) below which no further key trigram is worth reading. */
const CANDIDATES = 5_000;
/** How long a trigram's row count is trusted; it only steers which trigrams are asked for. */
const COUNT_TTL_MS = 10 * 60_000;
const MAX_COUNTS = 20_000;

type Counts = { terms: Map<string, { rows: number; at: number }>; total: { rows: number; at: number } | null };
const cache = new WeakMap<Db, Counts>();

/**
 * How many rows hold each trigram, from the FTS5 vocabulary table (migration 011), kept
 * a while per database: counting reads the trigram's whole list, as costly as using it.
 */
async function rowCounts(db: Db, terms: string[]): Promise<{ total: number; rows: Map<string, number> }> {
  const now = Date.now();
  const c = cache.get(db) ?? { terms: new Map(), total: null };
  cache.set(db, c);
  if (c.terms.size > MAX_COUNTS) c.terms.clear();
  const stale = [...new Set(terms)].filter((t) => (c.terms.get(t)?.at ?? -Infinity) < now - COUNT_TTL_MS);
  if (stale.length > 0) {
    const res = await sql<{ term: string; doc: number }>`select term, doc from speakers_fts_terms where term in (${sql.join(stale)})`.execute(db);
    for (const t of stale) c.terms.set(t, { rows: 0, at: now });
    for (const r of res.rows) c.terms.set(r.term, { rows: Number(r.doc), at: now });
  }
  if (!c.total || c.total.at < now - COUNT_TTL_MS) {
    const res = await sql<{ n: number | null }>`select max(seq) as n from speakers`.execute(db);
    c.total = { rows: Math.max(1, Number(res.rows[0]?.n ?? 1)), at: now };
  }
  return { total: c.total.rows, rows: new Map(terms.map((t) => [t, c.terms.get(t)?.rows ?? 0])) };
}

/**
 * The key trigrams worth asking FTS5 for: each filter's rarest, then the next rarest
 * while the candidates they leave (taken as independent) exceed CANDIDATES. FTS5 reads
 * every list it is given, so a common name and a common company that never meet cost
 * two lists of 50,000 rows, not four; the exact test sorts out what the fewer trigrams let through.
 */
async function rareKeys(db: Db, filters: TextFilter[]): Promise<TextFilter[]> {
  const keys = indexable(filters).flatMap((f) => keyTrigrams(f.text).map((text) => ({ column: f.column, text })));
  const { total, rows } = await rowCounts(
    db,
    keys.map((k) => k.text),
  );
  const ranked = keys.map((k) => ({ k, share: (rows.get(k.text) ?? 0) / total })).sort((a, b) => a.share - b.share);
  const picked = ranked.filter((r, i) => ranked.findIndex((s) => s.k.column === r.k.column) === i);
  let left = picked.reduce((p, r) => p * r.share, total);
  for (const r of ranked) {
    if (left <= CANDIDATES) break;
    if (picked.includes(r)) continue;
    picked.push(r);
    left *= r.share;
  }
  return picked.map((r) => r.k);
}

/** An FTS5 query: each key trigram in its own column, all required. */
const ftsQuery = (keys: TextFilter[]): string => keys.map((k) => `{${k.column}} : "${k.text.replace(/"/g, '""')}"`).join(' AND ');

/**
 * SQLite: the FTS5 trigram table (migration 010) is asked for a few key trigrams of the
 * filters (rareKeys), not the whole text: a LIKE on it is a phrase of every trigram, all
 * read with their positions, which for a name of common syllables meant thousands of
 * rows per trigram. It yields candidates in rowid (= seq) order and the CROSS JOIN keeps
 * it the outer loop, so a common text stops after one page and a rare one reads only
 * its candidates; the exact test and the scope decide each one.
 */
export async function ftsPage(db: Db, filters: TextFilter[], scope: RawBuilder<boolean>[], after: number, take: number): Promise<SpeakerRow[]> {
  const exact = filters.map((f) => contains(db, f));
  const res = await sql<SpeakerRow>`
    select speakers.* from speakers_fts cross join speakers on speakers.seq = speakers_fts.rowid
    where speakers_fts match ${ftsQuery(await rareKeys(db, filters))} and speakers_fts.rowid > ${after} and ${where([...scope, ...exact])}
    order by speakers_fts.rowid limit ${take}`.execute(db);
  return res.rows;
}
