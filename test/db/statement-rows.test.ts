import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type OpenedDb } from '../../db/index.js';
import { insertMany } from '../../db/insert-many.js';

// The query builder's SQLite rows are built from raw values by a function written per
// statement: they must be better-sqlite3's own rows, key for key and in the same order.
const text = `select a.*, b.name as "odd ""name""", b.name as name, 1 as one, null as absent, 2.5 as half from t a join t b on b.id = a.id + 1 order by a.id`;

describe('query builder rows on SQLite', () => {
  let dir: string;
  let opened: OpenedDb;
  let plain: SQLite.Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-rows-'));
    const file = path.join(dir, 'rows.db');
    opened = openDb(file);
    await sql`create table t (id integer primary key, name text, note text)`.execute(opened.db);
    await sql`insert into t (id, name, note) values (1, 'a', null), (2, 'b', 'x'), (3, 'c', 'y')`.execute(opened.db);
    plain = new SQLite(file, { readonly: true });
  });
  afterAll(async () => {
    plain.close();
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are the rows better-sqlite3 gives, a repeated column name included, read whole or streamed', async () => {
    const expected = JSON.stringify(plain.prepare(text).all());
    expect(JSON.parse(expected)).toHaveLength(2);
    expect(JSON.stringify((await sql.raw(text).execute(opened.db)).rows)).toBe(expected);
    // Twice: the statement and its row builder are kept for the next call.
    expect(JSON.stringify((await sql.raw(text).execute(opened.db)).rows)).toBe(expected);
    const streamed: unknown[] = [];
    // A table of the test's own, outside the schema's types.
    const db = opened.db as unknown as Kysely<Record<string, { id: number; name: string | null; note: string | null }>>;
    for await (const r of db.selectFrom('t as a').innerJoin('t as b', 'b.id', 'a.id').selectAll('a').select('b.name').orderBy('a.id').stream())
      streamed.push(r);
    expect(JSON.stringify(streamed)).toBe(
      JSON.stringify(plain.prepare('select "a".*, "b"."name" from "t" as "a" inner join "t" as "b" on "b"."id" = "a"."id" order by "a"."id"').all()),
    );
  });

  it('leave writes as they were: changes and the last row id come back', async () => {
    const r = await sql`insert into t (name) values ('d')`.execute(opened.db);
    expect(r.numAffectedRows).toBe(1n);
    expect(r.insertId).toBe(4n);
  });

  it('insert many rows without the query builder when they set the same columns, and leave other rows to it', async () => {
    await sql`create table m (id text primary key, slot integer, body text, unique (id, slot))`.execute(opened.db);
    const db = opened.db as unknown as Parameters<typeof insertMany>[0];
    const rows = [
      { id: 'a', slot: 1, body: 'one', skipped: undefined },
      { id: 'b', slot: 2, body: null },
    ];
    expect(await insertMany(db, 'm' as never, rows)).toBe(true);
    // A conflict clause is the caller's: the row already there stays as it was.
    expect(await insertMany(db, 'm' as never, [{ id: 'a', slot: 1, body: 'again' }], 'on conflict do nothing')).toBe(true);
    expect(
      await insertMany(db, 'm' as never, [
        { id: 'c', slot: 3 },
        { id: 'd', slot: 4, body: 'x' },
      ]),
    ).toBe(false);
    expect(await insertMany(db, 'm' as never, [])).toBe(false);
    expect(plain.prepare('select * from m order by id').all()).toEqual([
      { id: 'a', slot: 1, body: 'one' },
      { id: 'b', slot: 2, body: null },
    ]);
  });
});
