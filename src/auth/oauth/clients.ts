import { z } from 'zod';
import type { Services } from '../../context.js';
import { checkPublicUrl } from '../../scrape/url-safety.js';
import { FetchFailedError, UnsafeUrlError } from '../../scrape/guarded-fetch.js';
import { enforceDoorLimits } from '../limits.js';
import { OAuthError } from './params.js';
import { jsonColumn } from '../../../db/cast.js';

export interface OAuthClient {
  clientId: string;
  kind: 'registered' | 'metadata_document';
  name: string;
  redirectUris: string[];
}

/** oauth_clients.redirect_uris: a registered or fetched client's redirect URIs. */
const redirectUrisColumn = jsonColumn<string[]>([]);
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);
const METADATA_TTL_MS = 3_600_000;
/** A failed fetch is remembered this long: repeating the request fetches nothing. */
const FAILURE_TTL_MS = 5 * 60_000;
/** Fetches of documents not yet kept are counted per client address over this window (the budget is a setting). */
const FETCH_WINDOW_MS = 10 * 60_000;
/**
 * Every address the server will not fetch from gets this one message, whether the URL names
 * an IP address or an internal name, the name resolves to a private or reserved address, or
 * it does not resolve at all: the page tells nothing about the network behind the server.
 */
const UNREACHABLE = 'client_id must be an https URL on a public host that serves the client metadata document';

interface FetchState {
  failures: Map<string, { until: number; description: string }>;
  fetches: Map<string, number[]>;
}
const states = new WeakMap<Services, FetchState>();

function fetchState(services: Services): FetchState {
  let state = states.get(services);
  if (!state) states.set(services, (state = { failures: new Map(), fetches: new Map() }));
  return state;
}

/** Spends one fetch of the client address's budget, or refuses; old entries are dropped as it goes. */
function spendFetch(state: FetchState, ip: string, now: number, budget: number): void {
  const recent = (state.fetches.get(ip) ?? []).filter((t) => now - t < FETCH_WINDOW_MS);
  if (recent.length >= budget) {
    state.fetches.set(ip, recent);
    throw new OAuthError('invalid_client', 'Too many client metadata documents were fetched for this address; try again in a few minutes', 429);
  }
  recent.push(now);
  state.fetches.set(ip, recent);
  if (state.fetches.size > 10_000) {
    for (const [key, times] of state.fetches) if (times.every((t) => now - t >= FETCH_WINDOW_MS)) state.fetches.delete(key);
  }
}

function rememberFailure(state: FetchState, url: string, description: string, now: number): void {
  if (state.failures.size > 10_000) {
    for (const [key, entry] of state.failures) if (entry.until <= now) state.failures.delete(key);
    // Still full of live entries: the oldest go first (a Map keeps insertion order).
    for (const key of state.failures.keys()) {
      if (state.failures.size <= 5_000) break;
      state.failures.delete(key);
    }
  }
  state.failures.set(url, { until: now + FAILURE_TTL_MS, description });
}

/**
 * A redirect URI is https, or http on a loopback address (RFC 8252 native apps); no
 * userinfo, no fragment. Every other scheme (javascript:, data:, file:, custom) is refused.
 * Matching is by exact string later, so what is stored here is what must come back.
 */
export function redirectUriProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return 'a redirect URI must be a URL of at most 2000 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${raw} is not a URL`;
  }
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(raw)) return 'a redirect URI must not carry a user name or password';
  if (url.hash || raw.includes('#')) return 'a redirect URI must not have a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'a redirect URI must be https, or http on a loopback address';
}

const RegistrationSchema = z.object({
  redirect_uris: z.array(z.string()).min(1).max(10),
  client_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{C}]+$/u)
    .optional(),
  client_uri: z.string().max(500).optional(),
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
  response_types: z.array(z.literal('code')).optional(),
  token_endpoint_auth_method: z.string().max(50).optional(),
  scope: z.string().max(200).optional(),
});

/** RFC 7591 dynamic registration. Every client is public: no secret, PKCE instead. */
export async function registerClient(services: Services, body: unknown, ip: string) {
  const parsed = RegistrationSchema.safeParse(body);
  if (!parsed.success)
    throw new OAuthError('invalid_client_metadata', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  const meta = parsed.data;
  for (const uri of meta.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  const now = services.clock.now();
  await enforceDoorLimits(services, 'oauth_register', { ip, now });
  const clientId = services.ids.uuid();
  const name = meta.client_name ?? new URL(meta.redirect_uris[0]).host;
  const stored = {
    client_id: clientId,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    redirect_uris: meta.redirect_uris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // Whatever was asked, the client is public (RFC 7591 lets the server replace values).
    token_endpoint_auth_method: 'none',
  };
  await services.db
    .insertInto('oauth_clients')
    .values({
      client_id: clientId,
      kind: 'registered',
      name,
      redirect_uris: redirectUrisColumn.write(meta.redirect_uris),
      metadata: JSON.stringify(stored),
      ip,
      created_at: now.toISOString(),
      fetched_at: null,
    })
    .execute();
  return stored;
}

/**
 * A URL-shaped client_id is a Client ID Metadata Document; anything else was registered
 * here. `ip` is the client address asking, whose budget a document fetch spends.
 */
export async function resolveClient(services: Services, clientId: string | undefined, ip: string): Promise<OAuthClient> {
  if (!clientId || clientId.length > 500) throw new OAuthError('invalid_client', 'client_id is required');
  if (/^https?:\/\//i.test(clientId)) return metadataDocumentClient(services, clientId, ip);
  const row = await services.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).where('kind', '=', 'registered').executeTakeFirst();
  if (!row) throw new OAuthError('invalid_client', 'Unknown client_id');
  return { clientId, kind: 'registered', name: row.name, redirectUris: redirectUrisColumn.read(row.redirect_uris) };
}

const DocumentSchema = z.object({
  client_id: z.string(),
  client_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{C}]+$/u)
    .optional(),
  redirect_uris: z.array(z.string()).min(1).max(10),
  token_endpoint_auth_method: z.literal('none').optional(),
  grant_types: z.array(z.string()).optional(),
});

/**
 * Fetched through the guarded fetch (public https only, checked at connect time, no
 * redirects, 5 KB at most) and kept for an hour; a failure is kept five minutes. Fetches
 * of documents not kept spend a budget per client address (GREENROOM_DOOR_METADATA_FETCHES
 * per 10 minutes, 20 by default), since
 * anyone may ask without signing in. The document must name itself: its client_id
 * equals the URL it was fetched from.
 */
async function metadataDocumentClient(services: Services, url: string, ip: string): Promise<OAuthClient> {
  const checked = checkPublicUrl(url, { allowHosts: services.config.allowHosts, maxLength: 500 });
  if (!checked.ok) throw new OAuthError('invalid_client', UNREACHABLE);
  if (checked.url.pathname === '/' || checked.url.hash || checked.url.href !== url)
    throw new OAuthError('invalid_client', 'client_id must be a normalized https URL with a path');
  const cached = await services.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', url).executeTakeFirst();
  const now = services.clock.now();
  if (cached?.fetched_at && now.getTime() - Date.parse(cached.fetched_at) < METADATA_TTL_MS) {
    return { clientId: url, kind: 'metadata_document', name: cached.name, redirectUris: redirectUrisColumn.read(cached.redirect_uris) };
  }
  const state = fetchState(services);
  const failed = state.failures.get(url);
  if (failed && failed.until > now.getTime()) throw new OAuthError('invalid_client', failed.description);
  spendFetch(state, ip, now.getTime(), services.config.doors.metadataFetchesPerIp);
  let doc: z.output<typeof DocumentSchema>;
  try {
    doc = await fetchDocument(services, url);
  } catch (err) {
    if (err instanceof OAuthError) rememberFailure(state, url, err.description, now.getTime());
    throw err;
  }
  state.failures.delete(url);
  const name = doc.client_name ?? checked.url.host;
  const values = { name, redirect_uris: redirectUrisColumn.write(doc.redirect_uris), metadata: JSON.stringify(doc), fetched_at: now.toISOString() };
  if (cached) await services.db.updateTable('oauth_clients').set(values).where('client_id', '=', url).execute();
  else
    await services.db
      .insertInto('oauth_clients')
      .values({ client_id: url, kind: 'metadata_document', ip: null, created_at: now.toISOString(), ...values })
      .execute();
  return { clientId: url, kind: 'metadata_document', name, redirectUris: doc.redirect_uris };
}

async function fetchDocument(services: Services, url: string): Promise<z.output<typeof DocumentSchema>> {
  const fetcher = services.fetch('client-metadata');
  let body: string;
  try {
    const res = await fetcher(url, { headers: { accept: 'application/json' }, followRedirects: false });
    if (res.status !== 200) throw new OAuthError('invalid_client', `client metadata document answered ${res.status}`);
    body = res.body;
  } catch (err) {
    if (err instanceof OAuthError) throw err;
    // A refused or unresolvable address, a timeout, a refused connection: one message for all.
    if (err instanceof UnsafeUrlError || err instanceof FetchFailedError) throw new OAuthError('invalid_client', UNREACHABLE);
    throw err;
  } finally {
    await fetcher.close();
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new OAuthError('invalid_client', 'client metadata document is not JSON');
  }
  const doc = DocumentSchema.safeParse(json);
  if (!doc.success)
    throw new OAuthError('invalid_client', `client metadata document is not valid: ${doc.error.issues[0]?.path.join('.')} ${doc.error.issues[0]?.message}`);
  if (doc.data.client_id !== url) throw new OAuthError('invalid_client', 'client metadata document names another client_id');
  for (const uri of doc.data.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_client', `client metadata document: ${problem}`);
  }
  return doc.data;
}
