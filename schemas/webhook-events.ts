/**
 * The webhook event vocabulary (SPEC part 6) and which operation emits each. The
 * events table of docs/webhooks.md is written from the same table.
 */
export const WEBHOOK_EVENTS = [
  'run.started',
  'run.completed',
  'run.failed',
  'run.paused',
  'drafts.ready',
  'message.ready',
  'message.approved',
  'push.completed',
  'lead.accepted',
  'lead.sent',
  'lead.replied',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A subscription names events, or '*' for all of them (the default). */
export const SUBSCRIPTION_NAMES = [...WEBHOOK_EVENTS, '*'] as const;
export type SubscriptionName = (typeof SUBSCRIPTION_NAMES)[number];

const deliverable: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);

/** run.progress and url.scraped feed the live stream only; they never go out as webhooks. */
export function isWebhookEvent(type: string): type is WebhookEvent {
  return deliverable.has(type);
}

export function subscribes(events: readonly string[], type: string): boolean {
  return events.includes('*') || events.includes(type);
}
