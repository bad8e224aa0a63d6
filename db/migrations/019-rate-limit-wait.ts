import type { Kysely } from 'kysely';

// Frozen. model_spend.waited_ms: how long the call waited, before this attempt, because
// the vendor asked (an HTTP 429, or a Retry-After the whole lane held to); 0 otherwise.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('model_spend')
    .addColumn('waited_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('model_spend').dropColumn('waited_ms').execute();
}
