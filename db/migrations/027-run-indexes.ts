import { sql, type Kysely } from 'kysely';

// Frozen. Indexes for what a run reads again and again while it works a campaign, so
// none of it reads the campaign's speaker rows themselves:
// - speakers (campaign_id, stage, wave, shard, seq): the people a chunk waits to take
//   (stage enrich, no wave), a stage's people left (at enrich, the chunk's), and a
//   chunk's shards with the first seq of each.
// - speakers (campaign_id, drafted_at) where drafted_at is set: the campaign's people drafted.
// - speakers (campaign_id, model_error_stage) where it is set: people whose step failed.
// - speakers (campaign_id, company_fold): the texts a speaker's colleagues got.
// - model_spend (run_id, stage, outcome): whether some call of a run's stage answered.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('speakers_campaign_stage_wave').on('speakers').columns(['campaign_id', 'stage', 'wave', 'shard', 'seq']).execute();
  await db.schema
    .createIndex('speakers_campaign_drafted')
    .on('speakers')
    .columns(['campaign_id', 'drafted_at'])
    .where(sql.ref('drafted_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('speakers_campaign_failed')
    .on('speakers')
    .columns(['campaign_id', 'model_error_stage'])
    .where(sql.ref('model_error_stage'), 'is not', null)
    .execute();
  await db.schema.createIndex('speakers_campaign_company').on('speakers').columns(['campaign_id', 'company_fold']).execute();
  await db.schema.createIndex('model_spend_run_stage').on('model_spend').columns(['run_id', 'stage', 'outcome']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('model_spend_run_stage').execute();
  await db.schema.dropIndex('speakers_campaign_company').execute();
  await db.schema.dropIndex('speakers_campaign_failed').execute();
  await db.schema.dropIndex('speakers_campaign_drafted').execute();
  await db.schema.dropIndex('speakers_campaign_stage_wave').execute();
}
