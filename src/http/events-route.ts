import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { isPostgres } from '../../db/dialect.js';
import type { Ctx, Principal, Services } from '../context.js';
import { ToolError } from '../errors.js';
import { uuid } from '../../schemas/fields.js';
import { requireCampaign } from '../core/campaigns.js';
import { eventsAfter, lastEventId } from '../core/events.js';
import { runStatus } from '../core/run-view.js';
import { authorize, failure } from '../registry/invoke.js';
import { authenticate } from './auth.js';
import { noteCaller } from '../auth/caller.js';
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
    // A stream outlives its first check: a key revoked meanwhile ends it, as it would
    // refuse a new request (within the key cache's few seconds).
    const stillAllowed = async () => !((await authenticate(services, authorization)) instanceof ToolError);
    return serveEventStream(c, services, await authenticate(services, authorization), stillAllowed);
  });
}

/**
 * The checks of stream_campaign_events (scope, rate limit, campaign, Last-Event-ID) and
 * then the stream; the campaign page serves its own session through this same path.
 */
export async function serveEventStream(
  c: Context,
  services: Services,
  principal: Principal | ToolError,
  stillAllowed: () => Promise<boolean>,
): Promise<Response> {
  const campaignId = c.req.param('campaign_id') ?? '';
  let after: number;
  try {
    if (principal instanceof ToolError) throw principal;
    noteCaller(c, principal);
    await authorize(EVENTS_STREAM, principal, services);
    if (!uuid.safeParse(campaignId).success) throw new ToolError('invalid_request', 'campaign_id: must be a uuid');
    await requireCampaign({ ...services, principal }, campaignId);
    const resume = c.req.header('last-event-id') ?? c.req.query('last_event_id');
    if (resume !== undefined && !/^\d{1,15}$/.test(resume)) throw new ToolError('invalid_request', 'Last-Event-ID must be an event id from this stream');
    after = resume !== undefined ? Number(resume) : -1;
  } catch (err) {
    return respond(c, failure(EVENTS_STREAM, err, services));
  }
  return streamCampaignEvents(c, { ...services, principal }, campaignId, after, stillAllowed);
}

/**
 * The stream itself, for the API route and the campaign page alike: a snapshot first
 * (unless resuming), then each event as it is written, heartbeats between, until the
 * client leaves or `stillAllowed` says the credential is gone.
 */
function streamCampaignEvents(c: Context, ctx: Ctx, campaignId: string, resumeAfter: number, stillAllowed: () => Promise<boolean>): Response {
  let after = resumeAfter;
  return streamSSE(c, async (stream) => {
    let wake: (() => void) | null = null;
    const onEvent = (id: string) => {
      if (id === campaignId) wake?.();
    };
    const onRevoked = () => wake?.();
    const stopListening = () => {
      ctx.signals.off('event', onEvent);
      ctx.signals.off('key-revoked', onRevoked);
    };
    ctx.signals.on('event', onEvent);
    ctx.signals.on('key-revoked', onRevoked);
    stream.onAbort(() => {
      stopListening();
      wake?.();
    });
    if (after < 0) {
      after = await lastEventId(ctx.db, campaignId);
      await stream.writeSSE({ event: 'snapshot', data: JSON.stringify(await runStatus(ctx, campaignId)) });
    }
    const pollMs = isPostgres(ctx.db) ? POLL_MS_NOTIFIED : POLL_MS;
    let lastBeat = Date.now();
    while (!stream.aborted) {
      if (!(await stillAllowed())) break;
      for (const e of await eventsAfter(ctx.db, campaignId, after)) {
        await stream.writeSSE({ id: String(e.id), event: e.type, data: JSON.stringify(e.data) });
        after = e.id;
      }
      if (Date.now() - lastBeat >= ctx.config.sseHeartbeatMs) {
        await stream.write(': heartbeat\n\n');
        lastBeat = Date.now();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(pollMs, ctx.config.sseHeartbeatMs));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    stopListening();
  });
}
