import type { Kysely } from 'kysely';

// Frozen. runs.retried_pages: the conference pages that had failed with a reason worth
// retrying (a timeout, a network error, HTTP 408, 429 or 5xx) and that resuming the run
// queued again, as a JSON array of {url, error}; null when resuming retried none.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').addColumn('retried_pages', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('retried_pages').execute();
}
