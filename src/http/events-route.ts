import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { isPostgres } from '../../db/dialect.js';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import { uuid } from '../../schemas/fields.js';
import { requireCampaign } from '../core/campaigns.js';
import { eventBus, eventsAfter, KEY_REVOKED, lastEventId } from '../core/events.js';
import { runStatus } from '../core/run-view.js';
import { authorize, failure } from '../registry/invoke.js';
import { authenticate } from './auth.js';
import { API_BASE, respond } from './rest.js';

/**
 * Events written by another process are found by polling at this pace on SQLite; on
 * PostgreSQL a notification wakes the stream, and this slow poll only covers a
 * notification connection being reopened.
 */
const POLL_MS = 1_000;
const POLL_MS_NOTIFIED = 10_000;
export const EVENTS_STREAM = { name: 'stream_campaign_events', kind: 'read' as const };
export const EVENTS_PATH = `${API_BASE}/campaigns/:campaign_id/events`;

/**
 * GET /campaigns/{id}/events: server-sent events for one campaign. Each event carries
 * its id; a client reconnecting with Last-Event-ID gets what it missed. Without it the
 * stream starts with a `snapshot` of the current run status and then follows live.
 */
export function mountEvents(app: Hono, services: Services): void {
  app.get(EVENTS_PATH, async (c) => {
    const authorization = c.req.header('authorization');
    const principal = await authenticate(services, authorization);
    const campaignId = c.req.param('campaign_id');
    let after: number;
    try {
      if (principal instanceof ToolError) throw principal;
      authorize(EVENTS_STREAM, principal, services);
      if (!uuid.safeParse(campaignId).success) throw new ToolError('invalid_request', 'campaign_id: must be a uuid');
      await requireCampaign({ ...services, principal }, campaignId);
      const resume = c.req.header('last-event-id') ?? c.req.query('last_event_id');
      if (resume !== undefined && !/^\d{1,15}$/.test(resume)) throw new ToolError('invalid_request', 'Last-Event-ID must be an event id from this stream');
      after = resume !== undefined ? Number(resume) : -1;
    } catch (err) {
      return respond(c, failure(EVENTS_STREAM, err, services));
    }
    const ctx = { ...services, principal: principal as Exclude<typeof principal, ToolError> };
    const pollMs = isPostgres(services.db) ? POLL_MS_NOTIFIED : POLL_MS;
    return streamSSE(c, async (stream) => {
      let wake: (() => void) | null = null;
      const onEvent = () => wake?.();
      eventBus.on(campaignId, onEvent);
      eventBus.on(KEY_REVOKED, onEvent);
      stream.onAbort(() => {
        eventBus.off(campaignId, onEvent);
        eventBus.off(KEY_REVOKED, onEvent);
        wake?.();
      });
      if (after < 0) {
        after = await lastEventId(services.db, campaignId);
        await stream.writeSSE({ event: 'snapshot', data: JSON.stringify(await runStatus(ctx, campaignId)) });
      }
      let lastBeat = Date.now();
      while (!stream.aborted) {
        // A stream outlives its first check: a key revoked meanwhile ends it, as it
        // would refuse a new request (within the key cache's few seconds).
        if ((await authenticate(services, authorization)) instanceof ToolError) break;
        for (const e of await eventsAfter(services.db, campaignId, after)) {
          await stream.writeSSE({ id: String(e.id), event: e.type, data: JSON.stringify(e.data) });
          after = e.id;
        }
        if (Date.now() - lastBeat >= services.config.sseHeartbeatMs) {
          await stream.write(': heartbeat\n\n');
          lastBeat = Date.now();
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(pollMs, services.config.sseHeartbeatMs));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      eventBus.off(campaignId, onEvent);
      eventBus.off(KEY_REVOKED, onEvent);
    });
  });
}
