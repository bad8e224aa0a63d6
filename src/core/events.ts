import { EventEmitter } from 'node:events';
import type { Db } from '../../db/index.js';

export interface CampaignEvent {
  id: number;
  campaign_id: string;
  run_id: string | null;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
}

/**
 * Wakes live streams in this process as soon as an event is committed; streams also
 * poll the table, so events written by another process arrive too.
 */
export const eventBus = new EventEmitter();
eventBus.setMaxListeners(0);

export async function emitEvent(
  db: Db,
  e: { campaignId: string; runId: string | null; type: string; data: Record<string, unknown>; at: Date },
): Promise<void> {
  await db
    .insertInto('run_events')
    .values({ campaign_id: e.campaignId, run_id: e.runId, type: e.type, data: JSON.stringify(e.data), created_at: e.at.toISOString() })
    .execute();
  eventBus.emit(e.campaignId);
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
  return rows.map((r) => ({ id: r.seq, campaign_id: r.campaign_id, run_id: r.run_id, type: r.type, data: JSON.parse(r.data), created_at: r.created_at }));
}

export async function lastEventId(db: Db, campaignId: string): Promise<number> {
  const row = await db.selectFrom('run_events').select('seq').where('campaign_id', '=', campaignId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row?.seq ?? 0;
}
