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
 * Substring filters are served by an index on each database (migration 010): PostgreSQL
 * answers LIKE '%…%' from its trigram indexes; on SQLite the FTS5 trigram table drives
 * the query (ftsPage) whenever a filter has a trigram to look up.
 */
export async function searchSpeakers(ctx: Ctx, f: SpeakerFilters & { limit?: number; cursor?: string }): Promise<Page<SpeakerRow>> {
  const { limit = DEFAULT_PAGE_SIZE, cursor, ...filters } = f;
  if (filters.campaign_id) await requireCampaign(ctx, filters.campaign_id);
  const binding = { tokenId: ctx.principal.tokenId, tool: 'search_speakers', filters };
  const after = cursor ? decodeCursor(ctx.secret, binding, cursor) : null;
  const name = filters.name === undefined ? undefined : foldText(filters.name);
  const company = filters.company === undefined ? undefined : foldText(filters.company);
  const conds: RawBuilder<boolean>[] = [sql<boolean>`speakers.user_id = ${ctx.principal.userId}`];
  if (filters.campaign_id) conds.push(sql<boolean>`speakers.campaign_id = ${filters.campaign_id}`);
  if (name !== undefined) conds.push(contains('name_fold', name));
  if (company !== undefined) conds.push(contains('company_fold', company));
  if (filters.prequalify_verdict) conds.push(sql<boolean>`speakers.prequalify_verdict = ${filters.prequalify_verdict}`);
  if (filters.reply_status !== undefined) conds.push(sql<boolean>`speakers.reply_status = ${filters.reply_status}`);
  if (filters.selected !== undefined) conds.push(sql<boolean>`speakers.selected = ${filters.selected ? 1 : 0}`);
  const driver = isPostgres(ctx.db) ? null : ftsDriver(name, company);
  const rows = driver
    ? await ftsPage(ctx.db, driver, conds, after, limit + 1)
    : await ctx.db
        .selectFrom('speakers')
        .selectAll()
        .where(sql<boolean>`${sql.join(conds, sql` and `)}`)
        .$if(after !== null, (q) => q.where('seq', '>', after as number))
        .orderBy('seq')
        .limit(limit + 1)
        .execute();
  return toPage(rows, limit, ctx.secret, binding, (r) => r);
}

/** The folded filters of three characters or more: FTS5's trigram index can look them up. */
function ftsDriver(name: string | undefined, company: string | undefined): Array<{ column: Folded; text: string }> | null {
  const lookups = [
    { column: 'name_fold' as const, text: name ?? '' },
    { column: 'company_fold' as const, text: company ?? '' },
  ].filter((c) => c.text.length >= 3);
  return lookups.length ? lookups : null;
}

/**
 * SQLite: the FTS5 trigram table (both columns' lookups at once) yields matching rows in rowid (= seq) order and the
 * CROSS JOIN keeps it the outer loop, so a common text stops after one page and a rare
 * one reads only its few candidates. Its LIKE goes without ESCAPE, or FTS5 would scan
 * instead of using its index; folded text holds only letters, digits and spaces, and
 * the escaped LIKE among `conds` stays the final word.
 */
async function ftsPage(db: Db, lookups: Array<{ column: Folded; text: string }>, conds: RawBuilder<boolean>[], after: number | null, take: number): Promise<SpeakerRow[]> {
  const matches = lookups.map((l) => sql`${sql.ref(`speakers_fts.${l.column}`)} like ${`%${l.text}%`}`);
  const res = await sql<SpeakerRow>`
    select speakers.* from speakers_fts cross join speakers on speakers.seq = speakers_fts.rowid
    where ${sql.join(matches, sql` and `)}
      and speakers_fts.rowid > ${after ?? 0} and ${sql.join(conds, sql` and `)}
    order by speakers_fts.rowid limit ${take}`.execute(db);
  return res.rows;
}
