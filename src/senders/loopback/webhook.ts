import { SIGNATURE_HEADER, verifySignature } from '../signer.js';
import { json, startLoopback, text, type Loopback, type Received, type Reply } from './server.js';

/**
 * A user's receiver as docs/sending-tools.md tells them to build it: verify X-Service-Signature over
 * the raw body, drop a lead whose id it has seen, answer 2xx quickly.
 */
export interface FakeReceiver extends Loopback {
  url: string;
  /** Leads by their push id: a repeat does not add a second. */
  leads: Map<string, Record<string, unknown>>;
  pings: number;
}

export async function startReceiver(opts: { secret: string; nowSeconds: () => number; path?: string }): Promise<FakeReceiver> {
  const leads = new Map<string, Record<string, unknown>>();
  const state = { pings: 0 };
  const path = opts.path ?? '/hooks/greenroom';
  const route = (r: Received): Reply => {
    if (r.method !== 'POST' || r.path !== path) return text(404, 'Not found');
    const verdict = verifySignature(opts.secret, r.body, r.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, opts.nowSeconds());
    if (!verdict.ok) return text(401, verdict.reason);
    const event = JSON.parse(r.body) as { type: string; id: string };
    if (event.type === 'ping') {
      state.pings++;
      return json(200, { ok: true });
    }
    if (!leads.has(event.id)) leads.set(event.id, event);
    return json(202, { accepted: true });
  };
  const server = await startLoopback(route);
  const receiver = Object.assign(server, { url: `${server.origin}${path}`, leads, pings: 0 });
  Object.defineProperty(receiver, 'pings', { get: () => state.pings });
  return receiver;
}
