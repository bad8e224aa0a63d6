import type { Kysely } from 'kysely';

// Frozen. speakers.reply_slot: the slot (1 to 3) of the message a reported reply followed,
// set by the first reply a sending tool reports (src/core/sender-events.ts); null while
// none was reported. campaign_stats.by_slot counts replies by it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').addColumn('reply_slot', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').dropColumn('reply_slot').execute();
}
