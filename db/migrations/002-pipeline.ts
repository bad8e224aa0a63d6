import { type Kysely, sql } from 'kysely';

// Frozen. Speakers, runs, drafted messages with their QA state, run events, leases.
// JSON columns hold arrays/objects as text; flags are 0/1 integers.

export async function up(db: Kysely<any>): Promise<void> {
  // get_campaign lists a campaign's pages in order on every call.
  await db.schema.createIndex('conference_urls_campaign_seq').on('conference_urls').columns(['campaign_id', 'seq']).execute();

  await db.schema
    .createTable('speakers')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('conference_url_id', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_fold', 'text', (c) => c.notNull())
    .addColumn('company_fold', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text')
    .addColumn('company', 'text')
    .addColumn('tagline', 'text')
    .addColumn('bio', 'text')
    .addColumn('talks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('linkedin_url', 'text')
    .addColumn('company_linkedin_url', 'text')
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('photo_url', 'text')
    .addColumn('profile_url', 'text')
    .addColumn('source_url', 'text', (c) => c.notNull())
    // Where the speaker stands: prequalify, enrich, qualify, research, draft, done.
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('prequalify'))
    .addColumn('prequalify_verdict', 'text')
    .addColumn('prequalify_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('enrichment', 'text')
    .addColumn('enriched_at', 'text')
    .addColumn('fit_score', 'integer')
    .addColumn('qualified', 'integer')
    .addColumn('qualify_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('signals', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('researched_at', 'text')
    .addColumn('drafted_at', 'text')
    .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reply_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('speakers_campaign_dedupe', ['campaign_id', 'dedupe_key'])
    .execute();
  await db.schema.createIndex('speakers_campaign_stage').on('speakers').columns(['campaign_id', 'stage', 'seq']).execute();
  await db.schema.createIndex('speakers_user_seq').on('speakers').columns(['user_id', 'seq']).execute();
  await db.schema.createIndex('speakers_user_dedupe').on('speakers').columns(['user_id', 'dedupe_key']).execute();

  await db.schema
    .createTable('runs')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    // Speakers that entered the current stage, so progress reads done of total.
    .addColumn('stage_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('runs_campaign').on('runs').columns(['campaign_id', 'seq']).execute();
  await db.schema.createIndex('runs_status').on('runs').columns(['status', 'seq']).execute();
  // At most one queued or running run per campaign, even when two starts race.
  await db.schema.createIndex('runs_one_active').on('runs').column('campaign_id').unique().where(sql.ref('status'), 'in', ['queued', 'running']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('speaker_id', 'text', (c) => c.notNull().references('speakers.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('angle', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('sent_via', 'text')
    .addColumn('drafted_at', 'text', (c) => c.notNull())
    .addColumn('content_updated_at', 'text', (c) => c.notNull())
    .addColumn('hand_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qa_score', 'integer')
    .addColumn('qa_evaluated_at', 'text')
    .addColumn('qa_flags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('qa_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hard_fails', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fix_hints', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('needs_human', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_redo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approvable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approved_at', 'text')
    .addColumn('founder_stamp', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('messages_speaker_slot', ['speaker_id', 'slot'])
    .execute();
  await db.schema.createIndex('messages_campaign').on('messages').columns(['campaign_id', 'seq']).execute();

  await db.schema
    .createTable('run_events')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('run_events_campaign').on('run_events').columns(['campaign_id', 'seq']).execute();

  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('approved_leads')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('speaker_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['approved_leads', 'leases', 'run_events', 'messages', 'runs', 'speakers']) await db.schema.dropTable(t).execute();
}
