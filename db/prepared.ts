import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import type { Db } from './index.js';
import { isPostgres } from './dialect.js';

/**
 * Hot point reads (on every request: the campaign, its pages) skip the query builder
 * and, on SQLite, run on a second, read-only connection. WAL lets that reader see every
 * committed write without waiting for the one connection Kysely serialises all work
 * through, so API reads do not queue behind the scheduler's transactions. The reader
 * sees committed data only, so these serve reads outside any transaction and refuse a
 * transaction: a read inside one belongs to the query builder, on the transaction's own
 * connection. The SQL stays plain with `?` placeholders; on PostgreSQL it is numbered
 * once ($1, $2…) and runs on the pool, whose connections already read concurrently.
 */
interface Reader {
  handle: SQLite.Database;
  statements: Map<string, RowReader>;
}

/** A statement read in raw mode, its rows built by one function written for its columns. */
interface RowReader {
  stmt: SQLite.Statement;
  row: (values: unknown[]) => unknown;
}

/**
 * better-sqlite3 builds an object row by looking each column's name up in V8's string
 * table, row after row; in a process as large as the server that was a fifth of a
 * get_campaign. Raw rows handed to an object literal written once per statement give the
 * same objects (keys in column order, a later column of the same name winning) at a
 * fraction of the cost. The names are the statement's own, quoted as JSON.
 */
function rowReader(handle: SQLite.Database, text: string): RowReader {
  const stmt = handle.prepare(text).raw(true);
  const fields = stmt.columns().map((c, i) => `${JSON.stringify(c.name)}: v[${i}]`);
  const row = new Function('v', `return { ${fields.join(', ')} };`) as RowReader['row'];
  return { stmt, row };
}

const readers = new WeakMap<Db, () => Reader | null>();

/** Called by openDb for a database file; an in-memory database keeps one connection. */
export function attachReader(db: Db, file: string): () => void {
  let reader: Reader | null = null;
  readers.set(db, () => {
    if (!reader) {
      const handle = new SQLite(file, { readonly: true, fileMustExist: true });
      handle.pragma('busy_timeout = 5000');
      reader = { handle, statements: new Map() };
    }
    return reader;
  });
  return () => reader?.handle.close();
}

export function prepared<Row, Args extends unknown[]>(text: string) {
  let numbered: string | undefined;
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    if (db.isTransaction) throw new Error(`prepared reads see committed data only; this one ran inside a transaction: ${text}`);
    if (isPostgres(db)) {
      numbered ??= numberPlaceholders(text);
      return (await db.executeQuery<Row>(CompiledQuery.raw(numbered, args))).rows;
    }
    const reader = readers.get(db)?.();
    if (!reader) return (await db.executeQuery<Row>(CompiledQuery.raw(text, args))).rows;
    let read = reader.statements.get(text);
    if (!read) reader.statements.set(text, (read = rowReader(reader.handle, text)));
    return (read.stmt.all(...args) as unknown[][]).map(read.row) as Row[];
  };
}

/** `?` placeholders become `$1`, `$2`…; the hot reads carry no string literals holding a `?`. */
function numberPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}
