import type { Kysely } from 'kysely';

// Frozen. Intent leads: people who showed intent on LinkedIn, kept as rows of `speakers`
// with source 'intent' so the stages, drafts, QA, approval and push handle them as they
// handle speakers. Their signals (one row per observed action) live in intent_signals;
// each campaign may have one inbound webhook for signal vendors, its secret sealed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('speakers')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('conference'))
    .execute();
  // list_intent_leads pages a campaign's leads; campaign totals count each source.
  await db.schema.createIndex('speakers_campaign_source').on('speakers').columns(['campaign_id', 'source', 'seq']).execute();
  // "Also a speaker": the same LinkedIn profile among the user's speakers.
  await db.schema.createIndex('speakers_user_linkedin').on('speakers').columns(['user_id', 'linkedin_url']).execute();

  await db.schema
    .createTable('intent_signals')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (c) => c.notNull().references('speakers.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    // post_reaction, post_comment, profile_view, company_follow, job_change, event_attendance
    .addColumn('signal_type', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('text', 'text')
    .addColumn('observed_at', 'text', (c) => c.notNull())
    // import or webhook
    .addColumn('via', 'text', (c) => c.notNull())
    // Type, URL, text and time hashed: the same action delivered twice is stored once.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('intent_signals_lead_fingerprint', ['lead_id', 'fingerprint'])
    .execute();
  await db.schema.createIndex('intent_signals_lead_observed').on('intent_signals').columns(['lead_id', 'observed_at']).execute();

  await db.schema
    .createTable('intent_inbound')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'text', (c) => c.notNull().unique().references('campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    // seal(secret, 'intent-inbound-secret:<id>', signing secret): never returned twice.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text', (c) => c.notNull())
    .addColumn('last_received_at', 'text')
    .execute();

  // Signatures accepted within the age window: the same signed body is taken once.
  await db.schema
    .createTable('intent_inbound_seen')
    .addColumn('inbound_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    // Epoch seconds of the signature's t, for pruning past the window.
    .addColumn('t', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('intent_inbound_seen_pk', ['inbound_id', 'signature'])
    .execute();
  await db.schema.createIndex('intent_inbound_seen_t').on('intent_inbound_seen').column('t').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['intent_inbound_seen', 'intent_inbound', 'intent_signals']) await db.schema.dropTable(t).execute();
  await db.schema.dropIndex('speakers_user_linkedin').execute();
  await db.schema.dropIndex('speakers_campaign_source').execute();
  await db.schema.alterTable('speakers').dropColumn('source').execute();
}
