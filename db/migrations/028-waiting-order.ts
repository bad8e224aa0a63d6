import { sql, type Kysely } from 'kysely';

// Frozen. The people waiting for a chunk, in the order chunks take them (best fit first,
// then page order): a chunk taken reads its page of ids from this index, where it read
// and sorted every waiting speaker's row (chunks.ts, waitingPage).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index speakers_waiting_fit on speakers (campaign_id, stage, (coalesce(prequalify_fit, -1)) desc, seq) where wave is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('speakers_waiting_fit').execute();
}
