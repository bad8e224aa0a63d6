import { randomBytes } from 'node:crypto';
import type { DeliveryRow, DeliveryStatus, WebhookRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { ToolError, notFound } from '../errors.js';
import { checkPublicUrl } from '../scrape/url-safety.js';
import { seal } from './sealed.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage, type Page } from './cursor.js';
import type { SubscriptionName, WebhookEvent } from '../../schemas/webhook-events.js';
import type { WebhookView } from '../../schemas/webhook.js';
import { webhookEventsColumn } from './webhook-columns.js';

/** The purpose a signing secret is sealed under; it opens under no other. */
export const SECRET_PURPOSE = 'webhook-signing-secret';
export const WEBHOOK_URL_MAX = 1000;

export interface NewWebhook {
  url: string;
  events?: SubscriptionName[];
  description?: string;
}

/** Registers an endpoint; the signing secret is in the result this once and stored sealed. */
export async function createWebhook(ctx: Ctx, input: NewWebhook): Promise<{ webhook: WebhookView; secret: string }> {
  const check = checkPublicUrl(input.url, { allowHosts: ctx.config.allowHosts, maxLength: WEBHOOK_URL_MAX });
  if (!check.ok) throw new ToolError('invalid_request', `url: ${check.reason}`);
  const events = normalizeEvents(input.events ?? ['*']);
  // Same shape as Stripe's secrets, so receivers' Stripe-style verifiers take it as is.
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const now = ctx.clock.now().toISOString();
  const row: Omit<WebhookRow, 'seq'> = {
    id: ctx.ids.uuid(),
    user_id: ctx.principal.userId,
    url: check.url.toString(),
    events: webhookEventsColumn.write(events),
    description: input.description ?? '',
    secret_sealed: seal(ctx.secret, SECRET_PURPOSE, secret),
    active: 1,
    deactivated_reason: null,
    recent_failures: 0,
    last_success_at: null,
    last_failure_at: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('webhooks').values(row).execute();
  return { webhook: webhookView({ ...row, seq: 0 }), secret };
}

/** '*' covers every event, so it stands alone; repeats collapse; order is kept. */
function normalizeEvents(events: readonly SubscriptionName[]): SubscriptionName[] {
  if (events.length === 0) throw new ToolError('invalid_request', 'events: name at least one event, or "*" for all');
  return events.includes('*') ? ['*'] : [...new Set(events)];
}

export function webhookView(r: WebhookRow): WebhookView {
  return {
    webhook_id: r.id,
    url: r.url,
    events: webhookEventsColumn.read(r.events),
    description: r.description,
    active: r.active === 1,
    deactivated_reason: r.deactivated_reason,
    recent_failure_count: r.recent_failures,
    last_success_at: r.last_success_at,
    last_failure_at: r.last_failure_at,
    created_at: r.created_at,
  };
}

export async function listWebhooks(ctx: Ctx): Promise<WebhookView[]> {
  const rows = await ctx.db
    .selectFrom('webhooks')
    .selectAll()
    .where('user_id', '=', ctx.principal.userId)
    .where('deleted_at', 'is', null)
    .orderBy('seq')
    .execute();
  return rows.map(webhookView);
}

/** Another user's endpoint is reported as absent, like every other resource. */
async function requireWebhook(ctx: Ctx, webhookId: string, opts: { includeDeleted: boolean }): Promise<WebhookRow> {
  let q = ctx.db.selectFrom('webhooks').selectAll().where('id', '=', webhookId).where('user_id', '=', ctx.principal.userId);
  if (!opts.includeDeleted) q = q.where('deleted_at', 'is', null);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(`webhook ${webhookId}`);
  return row;
}

/**
 * Removes the endpoint and cancels what it still had pending, in one transaction. The
 * row stays as a tombstone without its secret so its deliveries can still be listed.
 */
export async function deleteWebhook(ctx: Ctx, webhookId: string): Promise<{ webhook_id: string; deleted: true; cancelled_deliveries: number }> {
  await requireWebhook(ctx, webhookId, { includeDeleted: false });
  const now = ctx.clock.now().toISOString();
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx
      .updateTable('webhooks')
      .set({ deleted_at: now, active: 0, secret_sealed: '', updated_at: now })
      .where('id', '=', webhookId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    // A concurrent delete got there first.
    if (Number(gone.numUpdatedRows) !== 1) throw notFound(`webhook ${webhookId}`);
    const res = await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled', error: 'the webhook was deleted', lease_holder: null, lease_expires_at: null, updated_at: now })
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  });
  return { webhook_id: webhookId, deleted: true, cancelled_deliveries: cancelled };
}

export interface DeliveryQuery {
  webhook_id?: string;
  status?: DeliveryStatus;
  limit?: number;
  cursor?: string;
}

/** Newest first; keyset on seq, so a page never shifts when new deliveries arrive. */
export async function listDeliveries(ctx: Ctx, q: DeliveryQuery): Promise<Page<ReturnType<typeof deliveryView>>> {
  if (q.webhook_id) await requireWebhook(ctx, q.webhook_id, { includeDeleted: true });
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const binding = { tokenId: ctx.principal.tokenId, tool: 'list_webhook_deliveries', filters: { webhook_id: q.webhook_id ?? null, status: q.status ?? null } };
  let page = ctx.db.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', ctx.principal.userId);
  if (q.webhook_id) page = page.where('webhook_id', '=', q.webhook_id);
  if (q.status) page = page.where('status', '=', q.status);
  if (q.cursor) page = page.where('seq', '<', decodeCursor(ctx.secret, binding, q.cursor));
  const rows = await page
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, ctx.secret, binding, deliveryView);
}

export function deliveryView(r: DeliveryRow) {
  return {
    delivery_id: r.id,
    webhook_id: r.webhook_id,
    event_id: r.event_id,
    event: r.event_type as WebhookEvent,
    campaign_id: r.campaign_id,
    status: r.status,
    attempts: r.attempts,
    response_status: r.response_status,
    error: r.error,
    next_attempt_at: r.status === 'pending' ? new Date(r.next_attempt_at).toISOString() : null,
    created_at: r.created_at,
    delivered_at: r.delivered_at,
  };
}
