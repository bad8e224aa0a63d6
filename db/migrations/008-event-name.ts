import type { Kysely } from 'kysely';

// Frozen. The event a conference page names (its title, a schema.org Event, the
// platform's own event name), kept with the page and with each speaker read from it, so
// drafts can name the conference.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conference_urls').addColumn('event_name', 'text').execute();
  await db.schema.alterTable('speakers').addColumn('event_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('speakers').dropColumn('event_name').execute();
  await db.schema.alterTable('conference_urls').dropColumn('event_name').execute();
}
