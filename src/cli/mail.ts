import type { Config } from '../config.js';
import { openInstance } from '../instance.js';
import { lastMail } from '../auth/mail.js';
import { out } from './output.js';
import { announceDb } from './database.js';

/** `greenroom mail last`: without SMTP settings, the outbox is how a self-hoster reads sign-in mail. */
export async function mailCommand(config: Config): Promise<void> {
  // `last` is the only subcommand, and the argument table already checked it.
  const instance = await openInstance(config);
  announceDb(config);
  try {
    const mail = await lastMail(instance.db);
    if (!mail) {
      out('the outbox is empty');
      return;
    }
    out(`To: ${mail.to}\nSubject: ${mail.subject}\nDate: ${mail.created_at}\nStatus: ${mail.status}\n`);
    // A body is forgotten once delivered over SMTP, or once its link and code were used or expired.
    const gone =
      mail.status === 'sent'
        ? '(delivered over SMTP; the body is not kept)'
        : '(its link and code were used or have expired; the body is not kept: ask for a new one)';
    out(mail.body || gone);
  } finally {
    await instance.close();
  }
}
