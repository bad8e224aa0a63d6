import type { Kysely } from 'kysely';

// Frozen. The doors people and agents come in by: mail outbox, sign-in challenges,
// browser sessions, agent sign-up requests, OAuth clients, grants, codes and tokens.
// Every secret (link token, code, session token, poll secret, OAuth code or token) is
// stored as a hash; a minted key waiting for its poll is stored sealed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // pending, sending, sent, failed, or logged (no SMTP configured: the outbox and the log are the delivery)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_status').on('mail_outbox').columns(['status', 'seq']).execute();

  await db.schema
    .createTable('signin_challenges')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    // Null for an address without an account: the row exists so that both cases do the same work.
    .addColumn('user_id', 'text')
    .addColumn('link_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('next_path', 'text', (c) => c.notNull().defaultTo('/settings'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('signin_challenges_email').on('signin_challenges').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('signin_challenges_ip').on('signin_challenges').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('agent_signups')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('agent_name', 'text', (c) => c.notNull())
    .addColumn('poll_hash', 'text', (c) => c.notNull())
    .addColumn('link_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    // pending_confirmation, denied or confirmed; expiry is read from expires_at.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('wrong_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_polled_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('user_id', 'text')
    .addColumn('key_id', 'text')
    .addColumn('key_sealed', 'text')
    .addColumn('key_delivered_at', 'text')
    .execute();
  await db.schema.createIndex('agent_signups_email').on('agent_signups').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('agent_signups_ip').on('agent_signups').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('agent_signups_user').on('agent_signups').columns(['user_id', 'seq']).execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    // A uuid for a registered client, the document URL for a metadata-document client.
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_clients_ip').on('oauth_clients').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('oauth_grants')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('oauth_grants_user').on('oauth_grants').columns(['user_id', 'seq']).execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // A refresh token is spent when it is exchanged; presenting it again revokes the grant.
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_tokens_grant').on('oauth_tokens').columns(['grant_id', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['oauth_tokens', 'oauth_codes', 'oauth_grants', 'oauth_clients', 'agent_signups', 'sessions', 'signin_challenges', 'mail_outbox']) {
    await db.schema.dropTable(t).execute();
  }
}
