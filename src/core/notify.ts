import type { OpenedDb } from '../../db/index.js';
import { Listener } from '../../db/listen.js';
import { CHANNELS } from '../../db/portable.js';
import type { Logger } from '../log.js';

/**
 * On PostgreSQL, what one process writes that others must act on at once reaches them
 * by NOTIFY: a campaign's new events wake its live streams, a revoked key leaves every
 * key cache. SQLite processes poll instead, and this returns null.
 */
export async function listenForOthers(opened: OpenedDb, url: string | undefined, logger: Logger): Promise<Listener | null> {
  if (opened.dialect !== 'postgres' || !url) return null;
  const listener = new Listener(
    url,
    {
      [CHANNELS.events]: (campaignId) => opened.signals.emit('event', campaignId),
      [CHANNELS.keys]: (keyHash) => opened.signals.emit('key-revoked', keyHash),
    },
    (err) => logger.warn({ err }, 'lost the PostgreSQL notification connection; reopening'),
  );
  await listener.start();
  return listener;
}
