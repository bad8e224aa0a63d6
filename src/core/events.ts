import type { Db } from '../../db/index.js';
import { enqueueDeliveries } from './outbox.js';
import { CHANNELS, inTransaction, lockKey, notify } from '../../db/portable.js';
import { signalAfterCommit } from '../../db/after-commit.js';
import { jsonColumn } from '../../db/cast.js';

export interface CampaignEvent {
  id: number;
  campaign_id: string;
  run_id: string | null;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
}

/** run_events.data: what the event says, as its type defines it. */
const eventDataColumn = jsonColumn<Record<string, unknown>>({});

export interface EventInput {
  campaignId: string;
  runId: string | null;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Records events for the live stream and queues the webhook deliveries they call for.
 * Pass the transaction that makes the change an event reports: the event and its
 * outbox rows then commit with the change, or not at all.
 */
export async function emitEvent(db: Db, e: EventInput): Promise<void> {
  await emitEvents(db, [e]);
}

/** Several events in one go (one insert, one subscriber lookup per campaign). */
export async function emitEvents(db: Db, events: readonly EventInput[]): Promise<void> {
  if (events.length === 0) return;
  const campaigns = [...new Set(events.map((e) => e.campaignId))].sort();
  await inTransaction(db, async (trx) => {
    // A stream reads events by id (seq) and resumes after the last one it saw, so ids
    // must become visible in order. SQLite commits one writer at a time; on PostgreSQL
    // writers of one campaign's events take turns (in a fixed order, so never deadlock).
    for (const campaignId of campaigns) await lockKey(trx, `events:${campaignId}`);
    for (let i = 0; i < events.length; i += 500) {
      const rows = events
        .slice(i, i + 500)
        .map((e) => ({ campaign_id: e.campaignId, run_id: e.runId, type: e.type, data: eventDataColumn.write(e.data), created_at: e.at.toISOString() }));
      await trx.insertInto('run_events').values(rows).execute();
    }
    await enqueueDeliveries(trx, events);
    for (const campaignId of campaigns) await notify(trx, CHANNELS.events, campaignId);
    // Live streams in this process wake after the caller's commit, not this function's
    // return: a stream woken earlier reads too soon. Events written by another process
    // wake them through LISTEN/NOTIFY on PostgreSQL (src/core/notify.ts); on SQLite
    // streams poll the table.
    for (const campaignId of campaigns) await signalAfterCommit(trx, 'event', campaignId);
  });
}

export async function eventsAfter(db: Db, campaignId: string, afterId: number, limit = 200): Promise<CampaignEvent[]> {
  const rows = await db
    .selectFrom('run_events')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('seq', '>', afterId)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.seq,
    campaign_id: r.campaign_id,
    run_id: r.run_id,
    type: r.type,
    data: eventDataColumn.read(r.data),
    created_at: r.created_at,
  }));
}

export async function lastEventId(db: Db, campaignId: string): Promise<number> {
  const row = await db.selectFrom('run_events').select('seq').where('campaign_id', '=', campaignId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row?.seq ?? 0;
}
