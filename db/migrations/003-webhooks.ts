import { type Kysely, sql } from 'kysely';

// Frozen. Webhook endpoints and their delivery outbox.
// An endpoint's signing secret is stored sealed with the instance key, never in clear.
// Deliveries are the outbox: written in the transaction of the change they report and
// sent after commit by a worker that claims each row with a lease (lease_holder,
// lease_expires_at), so two processes on one database never send one row twice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deactivated_reason', 'text')
    // Failed attempts since the last delivered one; reset by a success.
    .addColumn('recent_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_success_at', 'text')
    .addColumn('last_failure_at', 'text')
    // Deleted endpoints stay as tombstones (secret wiped) so their cancelled deliveries still list.
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_user').on('webhooks').columns(['user_id', 'seq']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text')
    // The exact bytes sent on every attempt; only the signature's t changes between attempts.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Epoch milliseconds, like leases.expires_at: compared as integers by the claim.
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('lease_holder', 'text')
    .addColumn('lease_expires_at', 'integer')
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  // The worker's claim reads due pending rows in this order.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'seq'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('webhook_deliveries_user').on('webhook_deliveries').columns(['user_id', 'seq']).execute();
  await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'status', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
