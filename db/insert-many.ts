import { CompiledQuery } from 'kysely';
import type { Db } from './index.js';
import type { Database } from './types.js';
import { isPostgres } from './dialect.js';

const texts = new Map<string, string>();

/**
 * The pipeline's many-row inserts (spend, messages), on SQLite, as the query builder would
 * write them but without it: its parsing and compiling of every value of every row cost
 * more than SQLite's running the statement. Rows must set the same columns (the first row's,
 * in its key order); otherwise, and on PostgreSQL, the query builder writes them. `conflict`
 * is appended as written (e.g. `on conflict ("speaker_id", "slot") do nothing`).
 */
export async function insertMany<T extends keyof Database & string>(db: Db, table: T, rows: readonly object[], conflict = ''): Promise<boolean> {
  if (rows.length === 0 || isPostgres(db)) return false;
  const first = rows[0] as Record<string, unknown>;
  const columns = Object.keys(first).filter((c) => first[c] !== undefined);
  const params: unknown[] = [];
  for (const row of rows as Record<string, unknown>[]) {
    let n = 0;
    for (const c in row) if (row[c] !== undefined) n++;
    if (n !== columns.length) return false;
    for (const c of columns) {
      if (row[c] === undefined) return false;
      params.push(row[c]);
    }
  }
  const key = `${table}\u0000${columns.join(',')}\u0000${rows.length}\u0000${conflict}`;
  let text = texts.get(key);
  if (!text) {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${Array.from({ length: rows.length }, () => tuple).join(', ')}${conflict ? ` ${conflict}` : ''}`;
    if (texts.size >= 200) texts.delete(texts.keys().next().value as string);
    texts.set(key, text);
  }
  await db.executeQuery(CompiledQuery.raw(text, params));
  return true;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
