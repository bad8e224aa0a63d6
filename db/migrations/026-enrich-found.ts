import type { Kysely } from 'kysely';

// Frozen. An enrichment's credit is charged with its speaker's drafts, not when it is done
// (docs/credits.md):
// - speakers.enrich_found: what the enrichment learned beyond the page's speaker record
//   ("a LinkedIn profile", "the company website"), written when it is done; null when it
//   learned nothing, or when the speaker was enriched before this migration (those
//   enrichments were charged when they were done). The speaker's draft charges one
//   credit for it, in the same ledger write as the draft's own.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').addColumn('enrich_found', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').dropColumn('enrich_found').execute();
}
