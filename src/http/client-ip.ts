import type { Context } from 'hono';
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from '../config.js';

/** An IPv4 address mapped into IPv6 (::ffff:127.0.0.1) is the IPv4 address. */
const plain = (address: string): string =>
  address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/**
 * The client address the doors' rate limits count. The peer address of the connection,
 * unless the peer is a trusted proxy (GREENROOM_TRUSTED_PROXY): then X-Forwarded-For is
 * read from the right, each proxy having appended the address it saw, and the first
 * address that is not a trusted proxy is the client. What lies left of it was written by
 * the client and is not believed; a malformed entry stops the walk at the last proxy.
 */
export function clientIp(c: Context, config: Pick<Config, 'trustedProxies'>): string {
  let peer: string;
  try {
    peer = plain(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
  const trusted = new Set(config.trustedProxies.map(plain));
  if (!trusted.has(peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(plain).filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(hops[i])) break;
    client = hops[i];
    if (!trusted.has(client)) break;
  }
  return client;
}
