import type { Kysely } from 'kysely';

// Frozen. The stage whose model call failed for a speaker (prequalify, qualify, research
// or draft), beside the reason in speakers.model_error: the next run sends the speaker
// back to that stage instead of past it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').addColumn('model_error_stage', 'text').execute();
  // Reasons written before this column name their stage as "provider model (stage): …".
  for (const stage of ['prequalify', 'qualify', 'research', 'draft']) {
    await db
      .updateTable('speakers')
      .set({ model_error_stage: stage })
      .where('model_error', 'like', `% (${stage}): %`)
      .where('model_error_stage', 'is', null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').dropColumn('model_error_stage').execute();
}
