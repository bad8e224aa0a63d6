import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import type { SpeakerRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { foldText } from '../scrape/normalize.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage, type Page } from './cursor.js';
import { requireCampaign } from './campaigns.js';
import type { SpeakerFilters } from './speakers.js';

type Folded = 'name_fold' | 'company_fold';

const likeEscape = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` contains `folded` (case, accents and punctuation removed); a query of
 * punctuation alone folds to nothing and so matches nothing, rather than everything.
 */
function contains(column: Folded, folded: string): RawBuilder<boolean> {
  if (folded === '') return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(`speakers.${column}`)} like ${likeEscape(folded)} escape '\\'`;
}

/**
 * Filters run in SQL, so a page holds exactly `limit` matches and has_more is exact.
 * Substring filters of three characters or more (a trigram) are served by an index on
 * each database (migration 010): PostgreSQL's trigram indexes (fewOrInSeqOrder), SQLite's
 * FTS5 trigram table (ftsPage).
 */
export async function searchSpeakers(ctx: Ctx, f: SpeakerFilters & { limit?: number; cursor?: string }): Promise<Page<SpeakerRow>> {
  const { limit = DEFAULT_PAGE_SIZE, cursor, ...filters } = f;
  if (filters.campaign_id) await requireCampaign(ctx, filters.campaign_id);
  const binding = { tokenId: ctx.principal.tokenId, tool: 'search_speakers', filters };
  const after = cursor ? decodeCursor(ctx.secret, binding, cursor) : null;
  const name = filters.name === undefined ? undefined : foldText(filters.name);
  const company = filters.company === undefined ? undefined : foldText(filters.company);
  // Intent leads are people of another kind: list_intent_leads lists them.
  const scope: RawBuilder<boolean>[] = [sql<boolean>`speakers.user_id = ${ctx.principal.userId}`, sql<boolean>`speakers.source = 'conference'`];
  if (filters.campaign_id) scope.push(sql<boolean>`speakers.campaign_id = ${filters.campaign_id}`);
  if (filters.prequalify_verdict) scope.push(sql<boolean>`speakers.prequalify_verdict = ${filters.prequalify_verdict}`);
  if (filters.reply_status !== undefined) scope.push(sql<boolean>`speakers.reply_status = ${filters.reply_status}`);
  if (filters.selected !== undefined) scope.push(sql<boolean>`speakers.selected = ${filters.selected ? 1 : 0}`);
  if (after !== null) scope.push(sql<boolean>`speakers.seq > ${after}`);
  const text: RawBuilder<boolean>[] = [];
  if (name !== undefined) text.push(contains('name_fold', name));
  if (company !== undefined) text.push(contains('company_fold', company));
  const substring = (name ?? '').length >= 3 || (company ?? '').length >= 3;
  let rows: SpeakerRow[];
  if (!substring) rows = await inSeqOrder(ctx.db, [...scope, ...text], limit + 1);
  else if (isPostgres(ctx.db)) rows = await windowOrIndex(ctx.db, scope, text, limit + 1);
  else rows = await ftsPage(ctx.db, ftsLookups(name, company), [...scope, ...text], after ?? 0, limit + 1);
  return toPage(rows, limit, ctx.secret, binding, (r) => r);
}

const where = (conds: RawBuilder<boolean>[]) => sql<boolean>`${sql.join(conds, sql` and `)}`;

function inSeqOrder(db: Db, conds: RawBuilder<boolean>[], take: number): Promise<SpeakerRow[]> {
  return db.selectFrom('speakers').selectAll().where(where(conds)).orderBy('seq').limit(take).execute();
}

/** How many rows, in seq order, are read before a text is taken to be rare. */
const WINDOW = 10_000;

/**
 * PostgreSQL estimates each LIKE on its own (a name and a company that are each common
 * but never meet look common together) and then walks in seq order through every row,
 * or it takes a common text from the trigram index and reads all its matches to sort
 * them. So the database is not left to guess: the first WINDOW rows in seq order are
 * read; a full page there is the answer (the text is common). Otherwise the text is
 * rare, and the trigram indexes alone (bitmap scans only) list its matches to sort.
 */
async function windowOrIndex(db: Db, scope: RawBuilder<boolean>[], text: RawBuilder<boolean>[], take: number): Promise<SpeakerRow[]> {
  const early = await db
    .selectFrom((eb) => eb.selectFrom('speakers').selectAll().where(where(scope)).orderBy('seq').limit(WINDOW).as('speakers'))
    .selectAll()
    .where(where(text))
    .orderBy('seq')
    .limit(take)
    .execute();
  if (early.length === take) return early as SpeakerRow[];
  const found = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    return trx.selectFrom('speakers').select('seq').where(where([...scope, ...text])).execute();
  });
  const page = found.map((r) => r.seq).sort((a, b) => a - b).slice(0, take);
  if (page.length === 0) return [];
  return db.selectFrom('speakers').selectAll().where('seq', 'in', page).orderBy('seq').execute();
}

/** The folded filters of three characters or more: FTS5's trigram index can look them up. */
function ftsLookups(name: string | undefined, company: string | undefined): Array<{ column: Folded; text: string }> {
  return [
    { column: 'name_fold' as const, text: name ?? '' },
    { column: 'company_fold' as const, text: company ?? '' },
  ].filter((c) => c.text.length >= 3);
}

/**
 * SQLite: the FTS5 trigram table (both columns' lookups at once) yields matching rows in rowid (= seq) order and the
 * CROSS JOIN keeps it the outer loop, so a common text stops after one page and a rare
 * one reads only its few candidates. Its LIKE goes without ESCAPE, or FTS5 would scan
 * instead of using its index; folded text holds only letters, digits and spaces, and
 * the escaped LIKE among `conds` stays the final word.
 */
async function ftsPage(db: Db, lookups: Array<{ column: Folded; text: string }>, conds: RawBuilder<boolean>[], after: number, take: number): Promise<SpeakerRow[]> {
  const matches = lookups.map((l) => sql`${sql.ref(`speakers_fts.${l.column}`)} like ${`%${l.text}%`}`);
  const res = await sql<SpeakerRow>`
    select speakers.* from speakers_fts cross join speakers on speakers.seq = speakers_fts.rowid
    where ${sql.join(matches, sql` and `)} and speakers_fts.rowid > ${after} and ${where(conds)}
    order by speakers_fts.rowid limit ${take}`.execute(db);
  return res.rows;
}
