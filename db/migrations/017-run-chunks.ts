import type { Kysely } from 'kysely';

// Frozen. Runs take speakers through the paid stages in chunks, best prequalify fit first
// (src/pipeline/chunks.ts):
// - speakers.prequalify_fit: 0 to 100, the rules' fit score from the page and the
//   prequalify verdict, written by prequalify; rows written before have none (ranked last).
// - speakers.wave: the chunk of its run a speaker was taken in; null while it waits.
// - runs.max_speakers: at most this many speakers are taken (the best by fit); null for all.
// - runs.taken: speakers taken so far; runs.wave: the run's current chunk.
// - runs.pause_reason: why a paused run stopped (insufficient_credits); null otherwise.
// - runs.warning: what a finished run wants its reader to know (nobody qualified, and why).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').addColumn('prequalify_fit', 'integer').execute();
  await db.schema.alterTable('speakers').addColumn('wave', 'integer').execute();
  await db.schema.alterTable('runs').addColumn('max_speakers', 'integer').execute();
  await db.schema
    .alterTable('runs')
    .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('runs')
    .addColumn('wave', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('runs').addColumn('pause_reason', 'text').execute();
  await db.schema.alterTable('runs').addColumn('warning', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['prequalify_fit', 'wave']) await db.schema.alterTable('speakers').dropColumn(c).execute();
  for (const c of ['max_speakers', 'taken', 'wave', 'pause_reason', 'warning']) await db.schema.alterTable('runs').dropColumn(c).execute();
}
