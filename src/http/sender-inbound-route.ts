import type { Hono } from 'hono';
import type { Services } from '../context.js';
import { ERROR_STATUS, ToolError } from '../errors.js';
import { receiveSenderEvents, SENDER_INBOUND_PATH } from '../core/sender-events.js';
import { MAX_BODY_BYTES, readBodyText } from './body.js';
import { refuse, type Operation } from './routes.js';

export const SENDER_INBOUND_OPERATION: Operation = { name: 'receive_sending_tool_events', kind: 'write' };
export const SENDER_INBOUND_ROUTE = `${SENDER_INBOUND_PATH}/:connection_id/:secret`;

/**
 * POST /inbound/senders/{connection_id}/{secret}: HeyReach's or lemlist's own webhook
 * deliveries (accepts and replies). Outside /api/public/v1: the secret in the URL, not a
 * bearer key, is the credential, because neither tool signs what it sends.
 */
export function mountSenderInbound(app: Hono, services: Services): void {
  app.post(SENDER_INBOUND_ROUTE, async (c) => {
    const text = await readBodyText(c, MAX_BODY_BYTES);
    if (text === null) return refuse(c, SENDER_INBOUND_OPERATION, 413, 'invalid_request', `body is larger than ${MAX_BODY_BYTES} bytes`);
    try {
      const data = await receiveSenderEvents(services, c.req.param('connection_id'), c.req.param('secret'), text);
      return c.json({ ok: true, tool: SENDER_INBOUND_OPERATION.name, kind: SENDER_INBOUND_OPERATION.kind, data, error: null });
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      services.logger.info({ connection: c.req.param('connection_id'), reason: err.message }, 'sending-tool event refused');
      return refuse(c, SENDER_INBOUND_OPERATION, ERROR_STATUS[err.code], err.code, err.message);
    }
  });
}
