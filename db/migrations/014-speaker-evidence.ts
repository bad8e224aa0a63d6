import type { Kysely } from 'kysely';

// Frozen. Each scraped speaker keeps, per field (name, title, company, linkedin, talk,
// event), the span of the page's text it was read from, as a JSON object of strings.
// Rows written before have none: '{}'.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('speakers')
    .addColumn('evidence', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').dropColumn('evidence').execute();
}
