import { jsonColumn } from '../../db/cast.js';
import type { SubscriptionName } from '../../schemas/webhook-events.js';

/** webhooks.events: the event names (or "*") an endpoint subscribes to. */
export const webhookEventsColumn = jsonColumn<SubscriptionName[]>([]);
