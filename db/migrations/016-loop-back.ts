import { type Kysely } from 'kysely';

// Frozen. Closing the loop after a push:
// - do_not_contact: a per-account list of LinkedIn profiles, e-mail addresses and company
//   domains (value normalised: a profile as https://www.linkedin.com/in/<slug> lowercased,
//   an address lowercased, a bare host lowercased). Runs skip the people on it and pushes
//   leave them out.
// - speakers.suppressed_stage: the stage a run left a listed speaker at (it went to done);
//   removing the entry sends the speaker back there.
// - speakers.accepted_at / replied_at: when a sending tool reported the connection
//   accepted and the last reply.
// - sending_connections.inbound_hash: the SHA-256 of the secret in the connection's
//   inbound URL for the tool's own webhooks (the secret itself is shown once).
// - sender_events: each event a sending tool delivered, once per tool event id.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('do_not_contact')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // linkedin | email | domain
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    // manual | csv | reply
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('do_not_contact_user_type_value', ['user_id', 'type', 'value'])
    .execute();
  await db.schema.createIndex('do_not_contact_user_seq').on('do_not_contact').columns(['user_id', 'seq']).execute();

  await db.schema.alterTable('speakers').addColumn('suppressed_stage', 'text').execute();
  await db.schema.alterTable('speakers').addColumn('accepted_at', 'text').execute();
  await db.schema.alterTable('speakers').addColumn('replied_at', 'text').execute();

  await db.schema.alterTable('sending_connections').addColumn('inbound_hash', 'text').execute();

  await db.schema
    .createTable('sender_events')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('connection_id', 'text', (c) => c.notNull().references('sending_connections.id').onDelete('cascade'))
    .addColumn('tool', 'text', (c) => c.notNull())
    // The tool's own id of the event: a replay is recognised by it.
    .addColumn('event_id', 'text', (c) => c.notNull())
    // accepted | replied | ignored
    .addColumn('type', 'text', (c) => c.notNull())
    // The tool's name of the event, as sent.
    .addColumn('tool_type', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text')
    .addColumn('speaker_id', 'text')
    .addColumn('profile_url', 'text')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sender_events_connection_event', ['connection_id', 'event_id'])
    .execute();
  await db.schema.createIndex('sender_events_speaker').on('sender_events').columns(['speaker_id']).execute();
  await db.schema.createIndex('sending_pushes_user_created').on('sending_pushes').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sending_pushes_user_created').execute();
  await db.schema.dropTable('sender_events').execute();
  await db.schema.alterTable('sending_connections').dropColumn('inbound_hash').execute();
  await db.schema.alterTable('speakers').dropColumn('replied_at').execute();
  await db.schema.alterTable('speakers').dropColumn('accepted_at').execute();
  await db.schema.alterTable('speakers').dropColumn('suppressed_stage').execute();
  await db.schema.dropTable('do_not_contact').execute();
}
