import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Frozen. search_speakers at a million speakers (README "PostgreSQL and scale").
// - PostgreSQL: one trigram GIN index over both folded columns replaces 010's two. A name
//   and a company together are then one index scan that intersects their trigram lists
//   as it reads them, where two indexes each built a bitmap of every row holding their
//   trigrams (50,000 for a common first name) before the two were ANDed. fastupdate is
//   off: with it, rows wait in a pending list of up to 4 MB that every search reads in
//   full (a few milliseconds each) until a vacuum; without it, each insert updates the
//   index itself, which the pipeline's insert rate affords.
// - SQLite: 010's FTS5 trigram table serves, asked for a few of a text's trigrams, the
//   rarest (src/core/speaker-fts.ts); a vocabulary table over it (no storage of its own)
//   says how many rows hold each trigram.

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`create virtual table speakers_fts_terms using fts5vocab(speakers_fts, 'row')`.execute(db);
    return;
  }
  await sql`create index speakers_text_trgm on speakers using gin (name_fold gin_trgm_ops, company_fold gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`drop index speakers_name_trgm`.execute(db);
  await sql`drop index speakers_company_trgm`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop table speakers_fts_terms`.execute(db);
    return;
  }
  await sql`create index speakers_name_trgm on speakers using gin (name_fold gin_trgm_ops)`.execute(db);
  await sql`create index speakers_company_trgm on speakers using gin (company_fold gin_trgm_ops)`.execute(db);
  await sql`drop index speakers_text_trgm`.execute(db);
}
