import { type Kysely } from 'kysely';

// Frozen. Sending-tool connections (credentials sealed with the instance key), the
// wiring of a campaign to one campaign inside one connection, and the push ledger:
// one row per pushed speaker, written before the tool is called and confirmed after.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sending_connections')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // seal(secret, 'sending-connection:<id>', api key): never returned, never logged.
    .addColumn('credential', 'text', (c) => c.notNull())
    // The target of a generic webhook connection; null for vendors with a fixed base URL.
    .addColumn('url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sending_connections_user_seq').on('sending_connections').columns(['user_id', 'seq']).execute();

  await db.schema
    .alterTable('campaigns')
    .addColumn('sending_connection_id', 'text', (c) => c.references('sending_connections.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('campaigns').addColumn('sending_campaign_id', 'text').execute();

  await db.schema
    .createTable('sending_pushes')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('speaker_id', 'text', (c) => c.notNull().references('speakers.id').onDelete('cascade'))
    // Kept as history when the connection is deleted, so no foreign key.
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('sending_campaign_id', 'text', (c) => c.notNull())
    // pending: the tool may have the lead; confirmed: it said so; failed: it said no, or did not answer.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addUniqueConstraint('sending_pushes_campaign_speaker', ['campaign_id', 'speaker_id'])
    .execute();
}
