import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.js';
import { signalAfterCommit } from '../../db/after-commit.js';
import { isWebhookEvent, subscribes } from '../../schemas/webhook-events.js';
import { webhookEventsColumn } from './webhook-columns.js';

export interface OutboxEvent {
  campaignId: string;
  type: string;
  data: Record<string, unknown>;
  at: Date;
  /** Stays the same across every retry and every endpoint the event goes to. */
  eventId?: string;
}

/** The signed body (DESIGN: webhook payload); stored once, so every attempt sends the same bytes. */
export function payloadOf(e: OutboxEvent & { eventId: string }): string {
  return JSON.stringify({ id: e.eventId, type: e.type, created_at: e.at.toISOString(), campaign_id: e.campaignId, data: e.data });
}

/**
 * Writes one pending delivery per active endpoint of the campaign owner that subscribes
 * to the event. Runs on whatever `db` is given: inside the caller's transaction, the
 * outbox rows commit or roll back with the change they report. Returns how many rows.
 */
export async function enqueueDeliveries(db: Db, events: readonly OutboxEvent[]): Promise<number> {
  const relevant = events.filter((e) => isWebhookEvent(e.type));
  if (relevant.length === 0) return 0;
  const byCampaign = new Map<string, Array<{ id: string; user_id: string; events: string[] }>>();
  const rows = [];
  for (const e of relevant) {
    let hooks = byCampaign.get(e.campaignId);
    if (!hooks) {
      const found = await db
        .selectFrom('webhooks')
        .innerJoin('campaigns', 'campaigns.user_id', 'webhooks.user_id')
        .select(['webhooks.id', 'webhooks.user_id', 'webhooks.events'])
        .where('campaigns.id', '=', e.campaignId)
        .where('webhooks.active', '=', 1)
        .where('webhooks.deleted_at', 'is', null)
        .orderBy('webhooks.seq')
        .execute();
      hooks = found.map((h) => ({ id: h.id, user_id: h.user_id, events: webhookEventsColumn.read(h.events) }));
      byCampaign.set(e.campaignId, hooks);
    }
    const eventId = e.eventId ?? randomUUID();
    const body = payloadOf({ ...e, eventId });
    const at = e.at.toISOString();
    for (const h of hooks) {
      if (!subscribes(h.events, e.type)) continue;
      rows.push({
        id: randomUUID(),
        webhook_id: h.id,
        user_id: h.user_id,
        event_id: eventId,
        event_type: e.type,
        campaign_id: e.campaignId,
        body,
        next_attempt_at: e.at.getTime(),
        created_at: at,
        updated_at: at,
      });
    }
  }
  // Ten columns a row: chunks stay far below SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 200))
      .execute();
  // Wakes the delivery worker of this process once the rows are committed: on PostgreSQL
  // it claims on another pool connection, which sees them only then. Workers in other
  // processes find them by polling.
  if (rows.length > 0) await signalAfterCommit(db, 'deliveries-queued');
  return rows.length;
}
