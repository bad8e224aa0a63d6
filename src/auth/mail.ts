import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/index.js';
import type { Clock, IdSource, MailSender, Services } from '../context.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

type Writer = Pick<Db, 'insertInto'>;

const MAX_ATTEMPTS = 5;

/**
 * Mail is written to the outbox in the same transaction as whatever it announces and
 * delivered after commit, so a crash never sends mail about something that was rolled back.
 * A mail announcing a sign-in challenge or a sign-up request takes that record's id, so
 * its body can be forgotten once the link and code in it can no longer be used.
 */
export async function queueMail(db: Writer, deps: { clock: Clock; ids: IdSource }, mail: Mail, id: string = deps.ids.uuid()): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      status: 'pending',
      created_at: deps.clock.now().toISOString(),
      error: null,
      sent_at: null,
    })
    .execute();
}

/**
 * Blanks the bodies of these mails: the sign-in or sign-up they carry was used, voided or
 * has expired. Without SMTP the outbox is the delivery, so this waits until then; a mail
 * still waiting to go out is not sent at all.
 */
export async function forgetMail(db: Pick<Db, 'updateTable'>, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const some = ids.slice(i, i + 500);
    await db
      .updateTable('mail_outbox')
      .set({ body: '' })
      .where('id', 'in', some)
      .where('status', 'in', ['logged', 'sent', 'failed'])
      .where('body', '!=', '')
      .execute();
    await db
      .updateTable('mail_outbox')
      .set({ body: '', status: 'failed', error: 'not sent: what it announced was used or has expired' })
      .where('id', 'in', some)
      .where('status', '=', 'pending')
      .execute();
  }
}

/**
 * Delivers the outbox over SMTP (GREENROOM_SMTP_URL). Without SMTP settings each mail is
 * marked `logged` and written to the log, so a self-hoster signs in from the terminal
 * (`greenroom mail last`).
 */
export class Mailer implements MailSender {
  // nodemailer is loaded with the first mail, so a process that sends none never holds it.
  private transport: Promise<Transporter> | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly services: Pick<Services, 'config' | 'db' | 'clock' | 'logger'>) {}

  private smtp(url: string): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
    return this.transport;
  }

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.services.logger.error({ err }, 'mail delivery pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    const { db } = this.services;
    for (;;) {
      const row = await db.selectFrom('mail_outbox').selectAll().where('status', '=', 'pending').orderBy('seq').limit(1).executeTakeFirst();
      if (!row) return;
      // Claimed by a conditional update, so two processes on one database never send twice.
      const claimed = await db
        .updateTable('mail_outbox')
        .set({ status: 'sending', attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      await this.deliver(row.id, { to: row.to_address, subject: row.subject, text: row.body }, row.attempts + 1);
    }
  }

  private async deliver(id: string, mail: Mail, attempt: number): Promise<void> {
    const { db, clock, logger, config } = this.services;
    const now = clock.now().toISOString();
    const url = config.auth.smtpUrl;
    if (!url) {
      // The body carries sign-in links and codes: it stays in the outbox, never in the log.
      logger.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail not sent (no GREENROOM_SMTP_URL); read it with `greenroom mail last`');
      await db.updateTable('mail_outbox').set({ status: 'logged', sent_at: now }).where('id', '=', id).execute();
      return;
    }
    try {
      await (await this.smtp(url)).sendMail({ from: config.auth.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      // The body holds a sign-in link or the like: once delivered it is not kept.
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: clock.now().toISOString(), body: '', error: null }).where('id', '=', id).execute();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      logger.warn({ to: mail.to, attempt, error: message }, 'mail delivery failed');
      const status = attempt >= MAX_ATTEMPTS ? 'failed' : 'pending';
      await db
        .updateTable('mail_outbox')
        .set({ status, error: message.slice(0, 500) })
        .where('id', '=', id)
        .execute();
      // A server that refuses now is tried again on the next pass, not in a tight loop.
      if (status === 'pending') throw err;
    }
  }
}

export async function lastMail(db: Db): Promise<{ to: string; subject: string; body: string; status: string; created_at: string } | null> {
  const row = await db.selectFrom('mail_outbox').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row ? { to: row.to_address, subject: row.subject, body: row.body, status: row.status, created_at: row.created_at } : null;
}
