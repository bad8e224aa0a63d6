import { Agent, request } from 'undici';
import { UnsafeUrlError } from '../scrape/guarded-fetch.js';
import { openFetch } from '../scrape/fetchers.js';

/** Why a call to a sending tool did not give an answer the adapter can read. */
export type SenderErrorKind = 'unauthorized' | 'rate_limited' | 'unavailable' | 'timeout' | 'unreachable' | 'rejected' | 'bad_answer';

export class SenderError extends Error {
  override name = 'SenderError';
  constructor(
    readonly kind: SenderErrorKind,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
  /** After these, the next request would fail the same way: stop and report. */
  get halts(): boolean {
    return this.kind === 'unauthorized' || this.kind === 'rate_limited' || this.kind === 'unreachable';
  }
}

/**
 * The guard would not connect to a user's target: its name does not resolve, or resolves to
 * a private address (one message for both, so the words tell nothing about the network).
 * Unreachable: every lead after it would meet the same refusal.
 */
export class RefusedTargetError extends SenderError {
  constructor(reason: string) {
    super('unreachable', `the target URL is not allowed: ${reason}`);
  }
}

export interface SenderRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface SenderHttp {
  /** Sends with pacing, Retry-After and a timeout; a 2xx or a 4xx other than 401/403/429 is returned for the adapter to read. */
  send(vendor: string, req: SenderRequest): Promise<RawAnswer>;
  /** Requests made so far (retries included). */
  readonly requests: number;
  close(): Promise<void>;
}

export interface SenderHttpOptions {
  timeoutMs: number;
  /** Longest total time one send may wait for Retry-After. */
  maxWaitMs: number;
  rate: { requests: number; windowMs: number };
  /** A user-supplied target: every request goes through the guarded fetch with this allowlist. */
  guarded?: { allowHosts: readonly string[] };
}

type Transport = (req: SenderRequest) => Promise<RawAnswer>;

const MAX_429_RETRIES = 5;
const MAX_5XX_RETRIES = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createSenderHttp(opts: SenderHttpOptions): SenderHttp {
  const { transport, close } = opts.guarded ? guardedTransport(opts) : vendorTransport(opts.timeoutMs);
  const pace = pacer(opts.rate);
  let requests = 0;
  const send = async (vendor: string, req: SenderRequest): Promise<RawAnswer> => {
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      await pace();
      requests++;
      const res = await transport(req).catch((err: unknown) => {
        throw transportError(vendor, err, opts.timeoutMs);
      });
      if (res.status === 429) {
        const wait = retryAfterMs(res.headers['retry-after']) ?? 1000 * 2 ** attempt;
        if (attempt >= MAX_429_RETRIES || waited + wait > opts.maxWaitMs) {
          const s = Math.ceil(wait / 1000);
          throw new SenderError('rate_limited', `${vendor} is rate limiting this key; push again in ${s} s`, s);
        }
        waited += wait;
        await sleep(wait);
        continue;
      }
      if (res.status === 401 || res.status === 403) throw new SenderError('unauthorized', `${vendor} refused the credentials (HTTP ${res.status})`);
      if (res.status >= 500) {
        // Safe to repeat: every adapter's add is deduplicated by the tool.
        if (attempt < MAX_5XX_RETRIES) {
          await sleep(250 * 4 ** attempt);
          continue;
        }
        throw new SenderError('unavailable', `${vendor} is unavailable (HTTP ${res.status})${excerpt(res.body)}`);
      }
      return res;
    }
  };
  return {
    send,
    get requests() {
      return requests;
    },
    close,
  };
}

/** The body's first words, for a reason a person can act on. */
export function excerpt(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  return text ? `: ${text}` : '';
}

/** Retry-After as delta seconds or an HTTP date. */
function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  const s = Number(value);
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Keeps at most `requests` sends inside any window of `windowMs`. */
function pacer(rate: { requests: number; windowMs: number }): () => Promise<void> {
  const sent: number[] = [];
  return async () => {
    for (;;) {
      const now = Date.now();
      while (sent.length && (sent[0] as number) <= now - rate.windowMs) sent.shift();
      if (sent.length < rate.requests) {
        sent.push(now);
        return;
      }
      await sleep((sent[0] as number) + rate.windowMs - now);
    }
  };
}

function transportError(vendor: string, err: unknown, timeoutMs: number): SenderError {
  if (err instanceof SenderError) return err;
  if (err instanceof UnsafeUrlError) return new RefusedTargetError(err.message);
  const message = err instanceof Error ? err.message : String(err);
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError' || /timed? ?out/i.test(message)) {
    return new SenderError('timeout', `${vendor} did not answer within ${timeoutMs} ms; it may have taken the leads, so push again: the tool drops repeats`);
  }
  return new SenderError('unreachable', `${vendor} could not be reached: ${message}`);
}

/** Vendor base URLs come from the configuration, not from users: a plain pooled client. */
function vendorTransport(timeoutMs: number): { transport: Transport; close(): Promise<void> } {
  const agent = new Agent({ connect: { timeout: timeoutMs } });
  const transport: Transport = async (req) => {
    const res = await request(req.url, { dispatcher: agent, method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(timeoutMs) });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.statusCode, headers, body: await res.body.text() };
  };
  return { transport, close: () => agent.close() };
}

/** A user's own URL goes through the same checks as conference pages; a redirect is a failure. */
function guardedTransport(opts: SenderHttpOptions): { transport: Transport; close(): Promise<void> } {
  const fetch = openFetch({ allowHosts: opts.guarded?.allowHosts ?? [] }, 'push', { timeoutMs: opts.timeoutMs });
  const transport: Transport = async (req) => {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, followRedirects: false });
    return { status: res.status, headers: res.headers, body: res.body };
  };
  return { transport, close: () => fetch.close() };
}
