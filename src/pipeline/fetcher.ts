import PQueue from 'p-queue';
import { createGuardedFetch, type GuardedFetch } from '../scrape/guarded-fetch.js';
import type { FetchPage, Page } from '../scrape/types.js';
import type { Config } from '../config.js';
import { VERSION } from '../version.js';

export interface PoliteFetcher {
  fetchPage: FetchPage;
  close(): Promise<void>;
}

/**
 * Conference pages are fetched through the guarded fetch, at most `perHost` at a time
 * per host and no faster than one request per `pacingMs` per host.
 */
export function createPoliteFetcher(config: Pick<Config, 'allowHosts' | 'publicUrl'>, opts: { perHost?: number; pacingMs?: number; guarded?: GuardedFetch } = {}): PoliteFetcher {
  // Say who is asking and where to find out more: this instance's own address.
  const userAgent = `Greenroom/${VERSION} (conference speaker research; +${config.publicUrl})`;
  const guarded = opts.guarded ?? createGuardedFetch({ allowHosts: config.allowHosts, userAgent });
  const queues = new Map<string, PQueue>();
  const pacing = opts.pacingMs ?? 500;
  const queueFor = (host: string): PQueue => {
    let q = queues.get(host);
    if (!q) {
      q = pacing > 0 ? new PQueue({ concurrency: opts.perHost ?? 2, intervalCap: 1, interval: pacing }) : new PQueue({ concurrency: opts.perHost ?? 2 });
      queues.set(host, q);
    }
    return q;
  };
  const fetchPage: FetchPage = async (url: string): Promise<Page> => {
    const host = new URL(url).host;
    const res = await queueFor(host).add(() => guarded(url, { headers: { Accept: 'text/html,application/json,application/xml;q=0.9,*/*;q=0.8' } }));
    if (res.status >= 400) throw new Error(`the page answered HTTP ${res.status}`);
    return { url: res.url, status: res.status, contentType: res.contentType, body: res.body };
  };
  return { fetchPage, close: () => guarded.close() };
}
