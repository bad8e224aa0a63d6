import type { Kysely } from 'kysely';

// Frozen. A slot is sent when the sending tool sends it, not when it takes the lead:
// - messages.pushed_at: when a sending tool took the message (the push was confirmed).
//   A HeyReach or lemlist push leaves the message locked (sent = 1, no edits or rewrites)
//   with sent_at null: pushed, queued in the tool. The tool's own sent event (HeyReach
//   MESSAGE_SENT, lemlist linkedinSent / emailsSent) sets sent_at; a webhook target
//   reports nothing back, so its push sets both at once.
// - sending_pushes.step_slots: lemlist only, JSON [{step_id, sequence_id, sequence_step,
//   slot}], which steps of the lemlist campaign's sequences carry {{msg1}}..{{msg3}}, read
//   from the campaign when the lead was pushed; null when it could not be read.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('pushed_at', 'text').execute();
  await db.schema.alterTable('sending_pushes').addColumn('step_slots', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sending_pushes').dropColumn('step_slots').execute();
  await db.schema.alterTable('messages').dropColumn('pushed_at').execute();
}
