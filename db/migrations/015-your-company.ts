import type { Kysely } from 'kysely';

// Frozen. The sender's company, kept per campaign like the sender's name and role, so the
// first message can say who is writing ("Maya from Tracewise") instead of a bare role.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('your_company', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('your_company').execute();
}
