/**
 * The only way Greenroom fetches a user-supplied URL (conference pages, webhooks, OAuth
 * client metadata). The URL is checked statically, then the address is checked again
 * inside the socket's own DNS lookup, so the address judged is the address dialled and a
 * name that re-resolves between check and connect (DNS rebinding) gains nothing.
 * Redirects are followed by hand so every hop gets both checks.
 */
import { VERSION } from '../version.js';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { checkPublicUrl, hostPortKey, isPublicAddress, normalizeAllowHosts } from './url-safety.js';

/** The URL or a redirect target is not allowed, or its name has no public address. */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

/**
 * One refusal for every name the server will not connect to: one that resolves to a private
 * or reserved address, one that does not resolve, an address that is not public. Whoever
 * supplies a URL (a conference page, a webhook, a sending connection) learns nothing about
 * the network behind the server from the words. The message keeps its "could not resolve"
 * start, which a resumed run reads as worth retrying (a name may resolve later).
 */
function noPublicAddress(hostname: string, cause?: unknown): UnsafeUrlError {
  return new UnsafeUrlError(`could not resolve ${hostname} to a public address`, cause === undefined ? undefined : { cause });
}

/** The fetch itself failed: timeout, size cap, redirect limit or network error. */
export class FetchFailedError extends Error {
  override name = 'FetchFailedError';
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface GuardedFetchOptions {
  /** Exact `host:port` pairs that may be loopback or private; for tests and demos only. */
  allowHosts?: readonly string[];
  /** Cap on the whole call: every hop, headers and body. Default 15000. */
  timeoutMs?: number;
  /** Cap on the decoded body size in bytes. Default 5 MiB. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  /** Name resolution; default node:dns lookup with all addresses. */
  lookup?: Resolver;
}

export interface GuardedFetchInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Default true. When false a 3xx is returned as is (webhook delivery counts it as failure). */
  followRedirects?: boolean;
  /** Awaited before each redirect hop is requested (per-host pacing of the hops). */
  beforeRedirect?: (url: URL) => Promise<void>;
}

export interface GuardedResponse {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Lower-cased media type without parameters; "" when the server sent none. */
  contentType: string;
  /** The body decoded as UTF-8. */
  body: string;
}

/**
 * Fetch function holding one connection pool. Call `close()` when done with it (on
 * shutdown, or at the end of a test) so idle keep-alive sockets do not hold the process.
 */
export type GuardedFetch = ((url: string, init?: GuardedFetchInit) => Promise<GuardedResponse>) & {
  close(): Promise<void>;
};

export const DEFAULT_USER_AGENT = `Greenroom/${VERSION}`;
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8';
/** Stored URLs are held to 500 characters; redirect targets legitimately run longer. */
const MAX_FETCH_URL_LENGTH = 2048;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

interface Settings {
  allowHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
}

export function createGuardedFetch(opts: GuardedFetchOptions = {}): GuardedFetch {
  const settings: Settings = {
    allowHosts: opts.allowHosts ?? [],
    timeoutMs: opts.timeoutMs ?? 15_000,
    maxBytes: opts.maxBytes ?? 5 * 1024 * 1024,
    maxRedirects: opts.maxRedirects ?? 5,
    userAgent: opts.userAgent ?? DEFAULT_USER_AGENT,
  };
  const resolver = opts.lookup ?? defaultResolver;
  const agent = new Agent({ connect: guardedConnector(normalizeAllowHosts(settings.allowHosts), resolver) });

  const guardedFetch = async (url: string, init: GuardedFetchInit = {}): Promise<GuardedResponse> => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(new FetchFailedError(`timed out after ${settings.timeoutMs} ms`));
    }, settings.timeoutMs);
    try {
      return await fetchChain(agent, settings, url, init, controller.signal);
    } catch (err) {
      throw translateError(err, controller.signal, settings.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign(guardedFetch, { close: () => agent.close() });
}

async function defaultResolver(hostname: string): Promise<LookupAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

async function fetchChain(agent: Agent, settings: Settings, rawUrl: string, init: GuardedFetchInit, signal: AbortSignal): Promise<GuardedResponse> {
  let url = checkedUrl(rawUrl, settings, 'the URL is not allowed');
  let method: 'GET' | 'POST' = init.method ?? 'GET';
  let body = init.body;
  let headers = requestHeaders(settings.userAgent, init.headers);
  for (let hop = 0; ; hop++) {
    if (hop > 0) await init.beforeRedirect?.(url);
    const res = await requestOnceMore(url, { dispatcher: agent, method, headers, body, signal });
    const location = firstHeader(res.headers.location);
    if (!REDIRECT_STATUSES.has(res.statusCode) || location === '' || init.followRedirects === false) {
      return readResponse(url, res, settings.maxBytes);
    }
    await res.body.dump();
    if (hop >= settings.maxRedirects) {
      throw new FetchFailedError(`too many redirects (more than ${settings.maxRedirects})`);
    }
    const next = checkedUrl(resolveLocation(location, url), settings, 'redirect refused');
    // Browsers turn a redirected POST into a GET for 301/302/303; 307/308 keep the method.
    if (res.statusCode === 303 || (method === 'POST' && res.statusCode !== 307 && res.statusCode !== 308)) {
      method = 'GET';
      body = undefined;
      headers = withoutHeaders(headers, ['content-type', 'content-length']);
    }
    if (next.origin !== url.origin) headers = withoutHeaders(headers, CREDENTIAL_HEADERS);
    url = next;
  }
}

/** The connection closed under a request before any answer: a kept-alive socket the server had just let go. */
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * A GET whose connection was dropped before any answer is asked once more, as browsers do
 * with a kept-alive socket the server closed as the request went out; a POST is never
 * repeated, since the server may have taken it.
 */
async function requestOnceMore(
  url: URL,
  opts: Parameters<typeof request>[1] & { method: 'GET' | 'POST'; signal: AbortSignal },
): Promise<Dispatcher.ResponseData<unknown>> {
  try {
    return await request(url, opts);
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (opts.method !== 'GET' || opts.signal.aborted || typeof code !== 'string' || !DROPPED.has(code)) throw err;
    return request(url, opts);
  }
}

function checkedUrl(raw: string, settings: Settings, prefix: string): URL {
  const check = checkPublicUrl(raw, { allowHosts: settings.allowHosts, maxLength: MAX_FETCH_URL_LENGTH });
  if (!check.ok) throw new UnsafeUrlError(`${prefix}: ${check.reason}`);
  check.url.hash = '';
  return check.url;
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new FetchFailedError('the server sent an invalid redirect location');
  }
}

function requestHeaders(userAgent: string, extra: Record<string, string> | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': userAgent, accept: DEFAULT_ACCEPT };
  for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

function withoutHeaders(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

function firstHeader(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function readResponse(url: URL, res: Dispatcher.ResponseData<unknown>, maxBytes: number): Promise<GuardedResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const body = await readCapped(res.body, headers['content-length'], maxBytes);
  const contentType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return { url: url.href, status: res.statusCode, headers, contentType, body };
}

async function readCapped(body: Dispatcher.ResponseData<unknown>['body'], declaredLength: string | undefined, maxBytes: number): Promise<string> {
  const tooLarge = (): FetchFailedError => new FetchFailedError(`the response is larger than ${maxBytes} bytes`);
  // Refuse early when the server announces the size; otherwise count as the bytes arrive.
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(buf);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function translateError(err: unknown, signal: AbortSignal, timeoutMs: number): Error {
  if (err instanceof UnsafeUrlError || err instanceof FetchFailedError) return err;
  if (signal.aborted) return new FetchFailedError(`timed out after ${timeoutMs} ms`, { cause: err });
  const code = (err as { code?: unknown } | null)?.code;
  const detail = typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
  return new FetchFailedError(`network error (${detail})`, { cause: err });
}

/**
 * Connector for the Agent: allowlisted host:port pairs connect with the plain resolver;
 * every other connection resolves through a lookup that refuses non-public addresses.
 * IP-literal hosts skip DNS entirely, so they are judged here directly.
 */
function guardedConnector(allow: ReadonlySet<string>, resolver: Resolver): buildConnector.connector {
  const checked = buildConnector({ lookup: socketLookup(resolver, true) });
  const open = buildConnector({ lookup: socketLookup(resolver, false) });
  return (options, callback) => {
    const key = hostPortKey(options.hostname, options.port, options.protocol);
    if (allow.has(key)) return open(options, callback);
    if (isIP(options.hostname) !== 0 && !isPublicAddress(options.hostname)) {
      callback(noPublicAddress(options.hostname), null);
      return;
    }
    return checked(options, callback);
  };
}

/** Adapts a Resolver to the callback shape net.connect and tls.connect expect. */
function socketLookup(resolver: Resolver, requirePublic: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveAddresses(resolver, hostname, requirePublic, options.family).then(
      (addresses) => {
        if (options.all === true) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

async function resolveAddresses(resolver: Resolver, hostname: string, requirePublic: boolean, family: number | string | undefined): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolver(hostname);
  } catch (err) {
    throw noPublicAddress(hostname, err);
  }
  // Every address is judged, not just the one tried first: the socket may fall back to any.
  // The address itself stays out of the message so internal DNS answers are not echoed back.
  if (requirePublic && addresses.some((a) => !isPublicAddress(a.address))) throw noPublicAddress(hostname);
  const wanted = family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;
  const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
  if (usable.length === 0) throw noPublicAddress(hostname);
  return usable;
}
