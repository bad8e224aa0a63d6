import type { Kysely } from 'kysely';

// Frozen. The schedulers working on this database, each until its mark lapses: a stage's
// speakers are split among them (src/pipeline/workers.ts), where one took a whole wave.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduler_workers')
    .addColumn('holder', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduler_workers').execute();
}
