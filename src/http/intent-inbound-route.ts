import type { Hono } from 'hono';
import type { Services } from '../context.js';
import { ERROR_STATUS, ToolError } from '../errors.js';
import { INBOUND_PATH, receiveInbound } from '../core/intent/inbound.js';
import { SIGNATURE_HEADER } from '../senders/signer.js';
import { MAX_BODY_BYTES, readBodyText } from './body.js';
import { refuse, type Operation } from './routes.js';

export const INBOUND_OPERATION: Operation = { name: 'receive_intent_signals', kind: 'write' };
export const INBOUND_ROUTE = `${INBOUND_PATH}/:inbound_id`;

/**
 * POST /inbound/intent-signals/{inbound_id}: a signal vendor's signed delivery. It sits
 * outside /api/public/v1 because the signature, not a bearer key, is its credential.
 */
export function mountIntentInbound(app: Hono, services: Services): void {
  app.post(INBOUND_ROUTE, async (c) => {
    const text = await readBodyText(c, MAX_BODY_BYTES);
    if (text === null) return refuse(c, INBOUND_OPERATION, 413, 'invalid_request', `body is larger than ${MAX_BODY_BYTES} bytes`);
    try {
      const data = await receiveInbound(services, c.req.param('inbound_id'), text, c.req.header(SIGNATURE_HEADER));
      return c.json({ ok: true, tool: INBOUND_OPERATION.name, kind: INBOUND_OPERATION.kind, data, error: null });
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      services.logger.info({ inbound: c.req.param('inbound_id'), reason: err.message }, 'intent delivery refused');
      return refuse(c, INBOUND_OPERATION, ERROR_STATUS[err.code], err.code, err.message);
    }
  });
}
