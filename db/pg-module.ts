import { createRequire } from 'node:module';
import type pg from 'pg';

let loaded: typeof pg | null = null;

/**
 * The PostgreSQL client, loaded the first time a PostgreSQL database is opened: a SQLite
 * process (the default) never holds its code and type parsers (some 3 MB of heap).
 */
export function pgModule(): typeof pg {
  loaded ??= createRequire(import.meta.url)('pg') as typeof pg;
  return loaded;
}
