import { z } from 'zod';
import { timestamp } from './fields.js';
import { SUBSCRIPTION_NAMES, WEBHOOK_EVENTS } from './webhook-events.js';

export const SubscriptionName = z.enum(SUBSCRIPTION_NAMES);

export const WebhookView = z.object({
  webhook_id: z.string(),
  url: z.string(),
  events: z.array(SubscriptionName).describe('Subscribed events; "*" means all'),
  description: z.string(),
  active: z.boolean().describe('False once the endpoint answered 410 Gone; no new deliveries are queued for it'),
  deactivated_reason: z.string().nullable(),
  recent_failure_count: z.number().int().describe('Failed delivery attempts since the last delivered one'),
  last_success_at: timestamp.nullable(),
  last_failure_at: timestamp.nullable(),
  created_at: timestamp,
});
export type WebhookView = z.output<typeof WebhookView>;

export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed', 'cancelled']);

export const DeliveryView = z.object({
  delivery_id: z.string(),
  webhook_id: z.string(),
  event_id: z.string().describe('The id in the signed body; the same on every attempt'),
  event: z.enum(WEBHOOK_EVENTS),
  campaign_id: z.string().nullable(),
  status: DeliveryStatus,
  attempts: z.number().int(),
  response_status: z.number().int().nullable().describe('HTTP status of the last attempt; null when none answered'),
  error: z.string().nullable().describe('Why the last attempt failed, or why the delivery was cancelled'),
  next_attempt_at: timestamp.nullable().describe('When a pending delivery is tried next'),
  created_at: timestamp,
  delivered_at: timestamp.nullable(),
});
