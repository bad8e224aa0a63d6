import diagnostics from 'node:diagnostics_channel';
import PQueue from 'p-queue';
import type { GuardedFetch } from './guarded-fetch.js';
import { openFetch } from './fetchers.js';
import type { FetchPage, Page } from './types.js';
import type { Config } from '../config.js';
import { HostPacer } from './pacer.js';

export interface PoliteFetcher {
  fetchPage: FetchPage;
  close(): Promise<void>;
}

export interface PoliteFetcherOptions {
  /** Requests in flight per host at once. Default 2. */
  perHost?: number;
  /** Minimum gap between the starts of two requests to one host. Default 500. */
  pacingMs?: number;
  /** Cap on one page's fetch, redirects included (the pacing wait is not counted). */
  timeoutMs?: number;
  guarded?: GuardedFetch;
}

/**
 * Conference pages, and every follow-up fetch an extractor makes, go through here: the
 * guarded fetch, at most `perHost` requests at a time per host, and each request to a
 * host (redirect hops included) started at least `pacingMs` after the previous one.
 * The scheduler holds one fetcher per process, so the pacing spans every run.
 */
export function createPoliteFetcher(config: Pick<Config, 'allowHosts' | 'publicUrl'>, opts: PoliteFetcherOptions = {}): PoliteFetcher {
  const guarded = opts.guarded ?? openFetch(config, 'page', { timeoutMs: opts.timeoutMs });
  const pacer = new HostPacer(opts.pacingMs ?? 500);
  const queues = new Map<string, PQueue>();
  const queueFor = (host: string): PQueue => {
    let q = queues.get(host);
    if (!q) {
      q = new PQueue({ concurrency: opts.perHost ?? 2 });
      queues.set(host, q);
    }
    return q;
  };
  const beforeRedirect = (url: URL) => pacer.wait(url.host);
  // The moment a request really leaves (after connecting) is what the host sees.
  const onSent = (message: unknown) => {
    const origin = (message as { request?: { origin?: string | URL } }).request?.origin;
    if (origin) pacer.sent(new URL(String(origin)).host);
  };
  diagnostics.subscribe('undici:client:sendHeaders', onSent);
  const fetchPage: FetchPage = async (url: string): Promise<Page> => {
    const host = new URL(url).host;
    const res = await queueFor(host).add(async () => {
      await pacer.wait(host);
      return guarded(url, { headers: { Accept: 'text/html,application/json,application/xml;q=0.9,*/*;q=0.8' }, beforeRedirect });
    });
    if (res.status >= 400) throw new Error(`the page answered HTTP ${res.status}`);
    return { url: res.url, status: res.status, contentType: res.contentType, body: res.body };
  };
  return {
    fetchPage,
    close: () => {
      diagnostics.unsubscribe('undici:client:sendHeaders', onSent);
      return guarded.close();
    },
  };
}
