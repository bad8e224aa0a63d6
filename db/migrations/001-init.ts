import type { Kysely } from 'kysely';

// Frozen: a change to the schema is a new numbered migration, never an edit here.
// Every table has an integer `seq` (keyset pagination, insertion order) and a text `id`
// (the uuid clients see). Timestamps are ISO 8601 UTC strings.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('profile', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'seq']).execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pitch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cta', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('your_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('your_role', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('positioning', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icp', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('style', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('auto_start', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('intent_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_user').on('campaigns').columns(['user_id', 'seq']).execute();

  await db.schema
    .createTable('conference_urls')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('speaker_count', 'integer')
    .addColumn('extractor', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('conference_urls_campaign_url', ['campaign_id', 'url'])
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // A charge's unique reference (run, speaker, stage) makes a retry or a crash charge once.
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_ledger_reference', ['user_id', 'reference'])
    .execute();
  await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'seq']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('args_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['principal', 'tool', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['audit_log', 'idempotency_keys', 'credit_ledger', 'conference_urls', 'campaigns', 'api_keys', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
