import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';

/**
 * Makes every insert into `table` fail, as a full disk or a broken constraint would,
 * through a trigger in the database's own dialect. Returns the undo.
 */
export async function refuseInserts(db: Db, table: string): Promise<() => Promise<void>> {
  const name = sql.raw(`refuse_${table}`);
  const target = sql.raw(table);
  if (isPostgres(db)) {
    await sql`create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${sql.raw(table)} refused by the test'; end $$`.execute(
      db,
    );
    await sql`create trigger ${name} before insert on ${target} for each row execute function ${name}()`.execute(db);
    return async () => {
      await sql`drop trigger ${name} on ${target}`.execute(db);
      await sql`drop function ${name}()`.execute(db);
    };
  }
  await sql`create trigger ${name} before insert on ${target} begin select raise(abort, '${sql.raw(table)} refused by the test'); end`.execute(db);
  return async () => void (await sql`drop trigger ${name}`.execute(db));
}
