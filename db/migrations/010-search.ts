import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Frozen. Substring search over speakers' folded name and company (search_speakers
// matches `%text%` on name_fold and company_fold, already lower-cased and accent-free).
// - PostgreSQL: trigram GIN indexes (pg_trgm, a trusted extension a database owner may
//   create); LIKE '%…%' with three or more characters uses them as it stands.
// - SQLite has no index for an infix LIKE: an FTS5 table with the trigram tokenizer over
//   the same two columns (external content: it stores only the index), kept in step with
//   speakers by triggers; search_speakers asks it for the candidate rows.

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index speakers_name_trgm on speakers using gin (name_fold gin_trgm_ops)`.execute(db);
    await sql`create index speakers_company_trgm on speakers using gin (company_fold gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table speakers_fts using fts5(name_fold, company_fold, content='speakers', content_rowid='seq', tokenize='trigram')`.execute(db);
  await sql`create trigger speakers_fts_insert after insert on speakers begin
    insert into speakers_fts(rowid, name_fold, company_fold) values (new.seq, new.name_fold, new.company_fold); end`.execute(db);
  await sql`create trigger speakers_fts_delete after delete on speakers begin
    insert into speakers_fts(speakers_fts, rowid, name_fold, company_fold) values ('delete', old.seq, old.name_fold, old.company_fold); end`.execute(db);
  await sql`create trigger speakers_fts_update after update of name_fold, company_fold on speakers begin
    insert into speakers_fts(speakers_fts, rowid, name_fold, company_fold) values ('delete', old.seq, old.name_fold, old.company_fold);
    insert into speakers_fts(rowid, name_fold, company_fold) values (new.seq, new.name_fold, new.company_fold); end`.execute(db);
  await sql`insert into speakers_fts(speakers_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index speakers_company_trgm`.execute(db);
    await sql`drop index speakers_name_trgm`.execute(db);
    return;
  }
  for (const t of ['speakers_fts_update', 'speakers_fts_delete', 'speakers_fts_insert']) await sql`drop trigger ${sql.raw(t)}`.execute(db);
  await sql`drop table speakers_fts`.execute(db);
}
