import path from 'node:path';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type OpenedDb } from '../../db/index.js';
import { Listener } from '../../db/listen.js';
import { notify } from '../../db/portable.js';
import { dropDatabase, freshDatabaseUrl, onPostgres } from '../support/pg.js';

// NOTIFY inside a transaction goes out with its COMMIT (db/after-commit.ts), spelled as
// SQL literals there: what a listener receives must be the payload exactly, once, and
// nothing when the transaction rolls back. PostgreSQL only: SQLite has no NOTIFY.
describe.skipIf(!onPostgres)('notifications sent with the commit', () => {
  let url: string;
  let opened: OpenedDb;
  let listener: Listener;
  const got: string[] = [];
  const waitFor = async (n: number) => {
    for (let i = 0; i < 200 && got.length < n; i++) await new Promise((r) => setTimeout(r, 25));
  };

  beforeAll(async () => {
    url = (await freshDatabaseUrl()) as string;
    opened = openDb(url);
    listener = new Listener(url, { greenroom_test: (p) => got.push(p) });
    await listener.start();
  });
  afterAll(async () => {
    await listener.stop();
    await opened.close();
    await dropDatabase(url);
  });

  it('delivers each payload as written after the commit, quotes and backslashes included, and nothing after a rollback', async () => {
    const odd = [`it's`, 'a \\ back\\slash', `E'x'`, 'ünïcode "quoted"', path.join(os.tmpdir(), 'x')];
    await expect(
      opened.db.transaction().execute(async (trx: Db) => {
        await notify(trx, 'greenroom_test', 'rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await opened.db.transaction().execute(async (trx: Db) => {
      for (const p of odd) await notify(trx, 'greenroom_test', p);
      // Nothing reaches a listener before the commit.
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual([]);
    });
    await notify(opened.db, 'greenroom_test', 'outside a transaction');
    await waitFor(odd.length + 1);
    expect(got).toEqual([...odd, 'outside a transaction']);
  });
});
