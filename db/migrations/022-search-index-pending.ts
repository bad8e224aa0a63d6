import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Frozen. The pipeline's speaker writes and the trigram index (PostgreSQL only).
// - PostgreSQL: every stage changes a speaker's `stage`, which other indexes hold, so the
//   update is never HOT and puts a new entry in every index, the trigram GIN index too:
//   with fastupdate off that is each of the row's trigrams inserted one by one, about
//   80% of an update's time (0.4 ms a row). fastupdate is on again, with the smallest
//   pending list (64 kB): new entries are queued and merged into the index together when
//   it fills, and a search reads at most 64 kB of them, not 011's 4 MB.
// - SQLite: nothing; its FTS5 table is written by triggers on the folded columns only.

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter index speakers_text_trgm set (fastupdate = on, gin_pending_list_limit = 64)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter index speakers_text_trgm set (fastupdate = off)`.execute(db);
  await sql`alter index speakers_text_trgm reset (gin_pending_list_limit)`.execute(db);
}
