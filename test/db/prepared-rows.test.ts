import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { isPostgres } from '../../db/dialect.js';
import { prepared } from '../../db/prepared.js';
import { makeInstance, makeUser, type TestEnv } from '../support/instance.js';

// A hot read's rows are built from raw values on SQLite's reader: they must be the rows the
// query builder's connection gives for the same text, key for key and in the same order.
const text =
  'select k.*, k.name as "odd ""name""", k.name as name, 1 as one, null as absent, 2.5 as half, u.email from api_keys k join users u on u.id = k.user_id where k.user_id = ? order by k.seq';
const keysOf = prepared<Record<string, unknown>, [string]>(text);
const none = prepared<Record<string, unknown>, [string]>('select * from api_keys where id = ?');

describe('prepared reads', () => {
  let t: TestEnv;
  let userId: string;

  beforeAll(async () => {
    t = await makeInstance();
    userId = (await makeUser(t.instance)).userId;
  });
  afterAll(() => t.close());

  it('give the same rows as the query builder, a repeated column name included', async () => {
    // PostgreSQL numbers its placeholders; there the hot read is the query builder's own.
    const builderText = isPostgres(t.instance.db) ? text.replace('?', '$1') : text;
    const expected = (await t.instance.db.executeQuery(CompiledQuery.raw(builderText, [userId]))).rows;
    const rows = await keysOf(t.instance.db, userId);
    expect(rows.length).toBe(4);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(expected));
    // Read twice: the statement and its row builder are kept for the next call.
    expect(JSON.stringify(await keysOf(t.instance.db, userId))).toBe(JSON.stringify(expected));
  });

  it('give no rows for no match', async () => {
    expect(await none(t.instance.db, 'no-such-id')).toEqual([]);
  });
});
