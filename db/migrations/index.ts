import type { Migration } from 'kysely';

// How a migration is written, so that the same file runs on SQLite and on PostgreSQL:
// - Kysely's schema builder only, with the types text, integer and real. The migrator
//   translates them on PostgreSQL (db/dialect.ts): integer -> bigint, real -> double
//   precision, an integer primary key with autoIncrement() -> a bigint identity.
// - Flags are integer 0/1 and JSON is text, as in 001-006; timestamps are ISO text,
//   epoch milliseconds are integer.
// - Partial indexes use .where(sql.ref('col'), op, value); defaults are literals.
// - Anything only one database has (a pg_trgm index, a SQLite FTS table) goes behind
//   `if (isPostgres(db))` from db/dialect.ts, and the other branch says what it does instead.
// - No raw SQL for what the builder can say; each migration runs in one transaction on
//   PostgreSQL, so a failed one leaves nothing half-applied there.
import * as m001 from './001-init.js';
import * as m002 from './002-pipeline.js';
import * as m003 from './003-webhooks.js';
import * as m004 from './004-senders.js';
import * as m005 from './005-auth.js';
import * as m006 from './006-spend.js';
import * as m007 from './007-intent.js';
import * as m008 from './008-event-name.js';
import * as m009 from './009-model-error-stage.js';
import * as m010 from './010-search.js';
import * as m011 from './011-search-speed.js';
import * as m012 from './012-rate-counters.js';
import * as m013 from './013-speaker-shard.js';
import * as m014 from './014-speaker-evidence.js';
import * as m015 from './015-your-company.js';
import * as m016 from './016-loop-back.js';
import * as m017 from './017-run-chunks.js';
import * as m018 from './018-trust.js';
import * as m019 from './019-rate-limit-wait.js';
import * as m020 from './020-reply-slot.js';
import * as m021 from './021-page-retries.js';
import * as m022 from './022-search-index-pending.js';
import * as m024 from './024-tool-sent.js';
import * as m026 from './026-enrich-found.js';
import * as m027 from './027-run-indexes.js';
import * as m028 from './028-waiting-order.js';
import * as m029 from './029-scheduler-workers.js';

/** Explicit map of migrations, in order; never globbed at run time. */
export const migrations: Record<string, Migration> = {
  '001-init': m001,
  '002-pipeline': m002,
  '003-webhooks': m003,
  '004-senders': m004,
  '005-auth': m005,
  '006-spend': m006,
  '007-intent': m007,
  '008-event-name': m008,
  '009-model-error-stage': m009,
  '010-search': m010,
  '011-search-speed': m011,
  '012-rate-counters': m012,
  '013-speaker-shard': m013,
  '014-speaker-evidence': m014,
  '015-your-company': m015,
  '016-loop-back': m016,
  '017-run-chunks': m017,
  '018-trust': m018,
  '019-rate-limit-wait': m019,
  '020-reply-slot': m020,
  '021-page-retries': m021,
  '022-search-index-pending': m022,
  '024-tool-sent': m024,
  '026-enrich-found': m026,
  '027-run-indexes': m027,
  '028-waiting-order': m028,
  '029-scheduler-workers': m029,
};
