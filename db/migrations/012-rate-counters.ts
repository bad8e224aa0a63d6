import type { Kysely } from 'kysely';

// Frozen. Rate-limit counters every process sees: one row per credential, capability kind
// and one-minute window. PostgreSQL deployments count here, since several processes serve
// one database; SQLite counts in memory (src/core/rate-limit.ts says why), so there the
// table stays empty.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['name', 'window_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
}
