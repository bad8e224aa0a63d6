import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import type { SpeakerRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { foldText } from '../scrape/normalize.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage, type Page } from './cursor.js';
import { requireCampaign } from './campaigns.js';
import type { SpeakerFilters } from './speakers.js';
import { pgPage } from './speaker-search-pg.js';
import { ftsPage } from './speaker-fts.js';
import { contains, indexable, where, type TextFilter } from './speaker-text.js';

/**
 * Filters run in SQL, so a page holds exactly `limit` matches and has_more is exact.
 * Substring filters of three characters or more (a trigram) are served by an index on
 * each database: PostgreSQL's trigram GIN index (migration 011, speaker-search-pg.ts),
 * SQLite's FTS5 trigram table (migration 010, speaker-fts.ts). Shorter ones walk the scope.
 */
export async function searchSpeakers(ctx: Ctx, f: SpeakerFilters & { limit?: number; cursor?: string }): Promise<Page<SpeakerRow>> {
  const { limit = DEFAULT_PAGE_SIZE, cursor, ...filters } = f;
  if (filters.campaign_id) await requireCampaign(ctx, filters.campaign_id);
  const binding = { tokenId: ctx.principal.tokenId, tool: 'search_speakers', filters };
  const after = cursor ? decodeCursor(ctx.secret, binding, cursor) : null;
  // Intent leads are people of another kind: list_intent_leads lists them.
  const scope: RawBuilder<boolean>[] = [sql<boolean>`speakers.user_id = ${ctx.principal.userId}`, sql<boolean>`speakers.source = 'conference'`];
  if (filters.campaign_id) scope.push(sql<boolean>`speakers.campaign_id = ${filters.campaign_id}`);
  if (filters.prequalify_verdict) scope.push(sql<boolean>`speakers.prequalify_verdict = ${filters.prequalify_verdict}`);
  if (filters.reply_status !== undefined) scope.push(sql<boolean>`speakers.reply_status = ${filters.reply_status}`);
  if (filters.selected !== undefined) scope.push(sql<boolean>`speakers.selected = ${filters.selected ? 1 : 0}`);
  if (after !== null) scope.push(sql<boolean>`speakers.seq > ${after}`);
  const texts: TextFilter[] = [];
  if (filters.name !== undefined) texts.push({ column: 'name_fold', text: foldText(filters.name) });
  if (filters.company !== undefined) texts.push({ column: 'company_fold', text: foldText(filters.company) });
  let rows: SpeakerRow[];
  if (indexable(texts).length === 0) rows = await inSeqOrder(ctx.db, [...scope, ...texts.map((t) => contains(ctx.db, t))], limit + 1);
  else if (isPostgres(ctx.db)) rows = await pgPage(ctx.db, scope, texts, limit + 1);
  else rows = await ftsPage(ctx.db, texts, scope, after ?? 0, limit + 1);
  return toPage(rows, limit, ctx.secret, binding, (r) => r);
}

function inSeqOrder(db: Db, conds: RawBuilder<boolean>[], take: number): Promise<SpeakerRow[]> {
  return db.selectFrom('speakers').selectAll().where(where(conds)).orderBy('seq').limit(take).execute();
}
