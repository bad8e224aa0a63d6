import { sql, type Kysely } from 'kysely';

// Frozen. Words and switches a user can trust:
// - campaigns.push_requires_approval: 1 when push_approved and approve_fits_and_clean_drafts
//   take only sequences a person approved (every slot, as it now reads); default 0.
// - messages.approved_via: what approved the text at approved_at: approve_message (a
//   person) or approve_fits_and_clean_drafts (the QA gate's clearance, in bulk). Rows
//   approved before are read from the audit log: the bulk tool named itself there.
// - users.disabled_at: a disabled user's keys, sessions and OAuth grants stop working and
//   web sign-in ignores the address; null for an active user.
// - runs.failures: per stage, what went wrong in the run's model calls (JSON; see
//   src/pipeline/failures.ts); null until something failed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('push_requires_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('messages').addColumn('approved_via', 'text').execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('runs').addColumn('failures', 'text').execute();
  await sql`update messages set approved_via = 'approve_message' where approved_at is not null`.execute(db);
  await sql`update messages set approved_via = 'approve_fits_and_clean_drafts' where approved_at is not null and id in (select target_id from audit_log where action = 'message.approved' and meta like '%approve_fits_and_clean_drafts%')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('push_requires_approval').execute();
  await db.schema.alterTable('messages').dropColumn('approved_via').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('runs').dropColumn('failures').execute();
}
