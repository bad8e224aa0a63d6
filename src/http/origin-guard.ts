import type { MiddlewareHandler } from 'hono';
import { originOf, type Config } from '../config.js';
import type { Logger } from '../log.js';
import { refuse, type RouteTable } from './routes.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the server listens on a loopback address only. */
export function isLoopbackBind(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\./.test(h);
}

/** The hostname of a Host header value (port dropped, IPv6 in brackets), or null. */
function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The checks against DNS rebinding and cross-site calls (MCP transport rules: a server
 * MUST validate Origin). Returns the reason a request is refused, or null.
 * - An Origin header, when present, must be the public URL's origin, one of
 *   GREENROOM_ALLOWED_ORIGINS, or (while bound to loopback) a loopback origin.
 * - While bound to loopback, Host must name loopback or the public URL's host: a page
 *   whose name was rebound to 127.0.0.1 still sends its own name as Host.
 */
export function hostOriginPolicy(config: Pick<Config, 'host' | 'publicUrl' | 'allowedOrigins'>): (host: string, origin: string | undefined) => string | null {
  const loopback = isLoopbackBind(config.host);
  const publicUrl = new URL(config.publicUrl);
  const origins = new Set([publicUrl.origin, ...config.allowedOrigins]);
  const bound = config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host;
  const hostnames = new Set([...LOOPBACK_NAMES, publicUrl.hostname, hostnameOf(bound)]);
  let lastGoodHost = '';
  return (host, origin) => {
    if (loopback && host !== lastGoodHost) {
      const name = hostnameOf(host);
      if (!name || !hostnames.has(name)) return `Invalid Host header: ${host}`;
      lastGoodHost = host;
    }
    if (origin === undefined || origins.has(origin)) return null;
    const normalized = originOf(origin);
    if (normalized && (origins.has(normalized) || (loopback && LOOPBACK_NAMES.has(new URL(normalized).hostname)))) return null;
    return `Invalid Origin header: ${origin}`;
  };
}

/**
 * One middleware in front of every route. /mcp answers as the MCP SDK's own validation
 * does (403 with a JSON-RPC error); everything else answers 403 with the envelope. The
 * code is invalid_request: the request is refused for its headers, whatever the key may do.
 */
export function originGuard(config: Config, routes: RouteTable, logger: Logger): MiddlewareHandler {
  const check = hostOriginPolicy(config);
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const refusal = check(host, c.req.header('origin'));
    if (refusal === null) return next();
    logger.debug({ path: c.req.path, host, origin: c.req.header('origin') }, 'request refused for its Host or Origin');
    if (c.req.path === '/mcp') return c.json({ jsonrpc: '2.0', error: { code: -32000, message: refusal }, id: null }, 403);
    return refuse(
      c,
      routes.operation(c.req.method, c.req.path),
      403,
      'invalid_request',
      `${refusal}; this server accepts requests addressed to it by its own name, from its own origin or GREENROOM_ALLOWED_ORIGINS`,
    );
  };
}
