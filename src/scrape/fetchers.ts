import type { Config } from '../config.js';
import { VERSION } from '../version.js';
import { createGuardedFetch, type GuardedFetch } from './guarded-fetch.js';

/**
 * Every fetch of a URL someone else chose goes through the guarded fetch, opened here
 * for one of these purposes, each with its own caps. The one place they are set.
 */
export type FetchPurpose = 'page' | 'webhook' | 'push' | 'client-metadata';

/** Whose address a fetch may reach besides the public internet, and who this instance says it is. */
export type FetchSite = Pick<Config, 'allowHosts'> & Partial<Pick<Config, 'publicUrl'>>;

/** A webhook receiver must answer 2xx within this (DESIGN: webhook payload). */
export const DELIVERY_TIMEOUT_MS = 10_000;

const KIB = 1024;

function capsOf(purpose: FetchPurpose, site: FetchSite) {
  switch (purpose) {
    // Conference pages, and an extractor's follow-up fetches: say who is asking and where to find out more.
    case 'page':
      return { userAgent: `Greenroom/${VERSION} (conference speaker research${site.publicUrl ? `; +${site.publicUrl}` : ''})` };
    // A signed delivery to a user's endpoint: the answer is a status, a redirect is a failure.
    case 'webhook':
      return { timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: 256 * KIB, maxRedirects: 0, userAgent: `Greenroom-Webhooks/${VERSION}` };
    // A push to a user's own sending-tool URL: a redirect is a failure.
    case 'push':
      return { maxBytes: 64 * KIB, maxRedirects: 0, userAgent: `Greenroom/${VERSION} (push)` };
    // An OAuth client's metadata document (its client_id URL): small, quick, never redirected.
    case 'client-metadata':
      return { timeoutMs: 5_000, maxBytes: 5 * KIB, maxRedirects: 0 };
  }
}

/** Opens a guarded fetch for `purpose`; the caller closes it. `timeoutMs` overrides the purpose's own. */
export function openFetch(site: FetchSite, purpose: FetchPurpose, opts: { timeoutMs?: number } = {}): GuardedFetch {
  const caps = capsOf(purpose, site);
  return createGuardedFetch({ allowHosts: site.allowHosts, ...caps, ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}) });
}

/** openFetch bound to this instance's configuration; on Services. */
export type FetchFactory = (purpose: FetchPurpose, opts?: { timeoutMs?: number }) => GuardedFetch;

export const fetchFactory =
  (site: FetchSite): FetchFactory =>
  (purpose, opts) =>
    openFetch(site, purpose, opts);
