import type { Kysely } from 'kysely';

// Frozen. Model spend: one row per call to a model (or to the rules engine), with
// tokens, cost in USD and the credits charged for it; the model provider a campaign
// runs on; and the reason a speaker's step failed at a vendor.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('model_spend')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text')
    .addColumn('run_id', 'text')
    .addColumn('speaker_id', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('prompt_version', 'text')
    .addColumn('input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    // Null when the model has no price in the table: unknown, not free.
    .addColumn('cost_usd', 'real')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('model_spend_user').on('model_spend').columns(['user_id', 'seq']).execute();
  await db.schema.createIndex('model_spend_run').on('model_spend').columns(['run_id', 'seq']).execute();
  await db.schema.createIndex('model_spend_campaign').on('model_spend').columns(['campaign_id', 'seq']).execute();

  // Null: the instance's GREENROOM_MODEL_PROVIDER.
  await db.schema.alterTable('campaigns').addColumn('model_provider', 'text').execute();
  await db.schema.alterTable('speakers').addColumn('model_error', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').dropColumn('model_error').execute();
  await db.schema.alterTable('campaigns').dropColumn('model_provider').execute();
  await db.schema.dropTable('model_spend').execute();
}
