import { sql, type Kysely } from 'kysely';

// Frozen. Each speaker belongs to one of a run's 16 shards, so several processes can work
// one stage side by side, each on the shards it holds a lease on. New rows get a hash of
// their company (colleagues share a shard); rows written before take the length of their
// company, which also keeps colleagues together, or their seq when they have none.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('speakers')
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('speakers')
    .set({ shard: sql`case when company_fold = '' then seq % 16 else length(company_fold) % 16 end` })
    .execute();
  await db.schema.createIndex('speakers_campaign_stage_shard').on('speakers').columns(['campaign_id', 'stage', 'shard', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('speakers_campaign_stage_shard').execute();
  await db.schema.alterTable('speakers').dropColumn('shard').execute();
}
