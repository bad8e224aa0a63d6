import type { Scope, Services } from '../../context.js';
import { resolveClient, type OAuthClient } from './clients.js';
import { checkChallenge, checkResource, grantableScopes, OAuthError } from './params.js';

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | undefined;
  scopes: Scope[];
  resource: string;
  challenge: string;
}

export type ParsedAuthorize =
  | { ok: true; request: AuthorizeRequest }
  /** Shown on our own page: the client or its redirect URI could not be trusted. */
  | { ok: false; page: string }
  /** Sent back to the client's (verified) redirect URI. */
  | { ok: false; redirect: string };

/** The query of the redirect back to the client; iss per RFC 9207 so a client can tell servers apart. */
export function redirectWith(services: Services, redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', services.config.publicUrl);
  return url.href;
}

/**
 * Checks an authorization request. Until the client and its redirect URI are verified,
 * errors are shown here and never redirected (an open redirector otherwise); after that
 * they go back to the client as RFC 6749 section 4.1.2.1 says. `ip` is the client address
 * asking (a metadata document fetch spends its budget).
 */
export async function parseAuthorize(services: Services, get: (name: string) => string | undefined, ip: string): Promise<ParsedAuthorize> {
  let client: OAuthClient;
  try {
    client = await resolveClient(services, get('client_id'), ip);
  } catch (err) {
    if (err instanceof OAuthError) return { ok: false, page: err.description };
    throw err;
  }
  const asked = get('redirect_uri');
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  // Exact string comparison with what the client registered (OAuth 2.1, ASVS 10.4.1).
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) return { ok: false, page: 'The redirect_uri is not one this client registered.' };
  const state = get('state');
  try {
    if (get('response_type') !== 'code') throw new OAuthError('unsupported_response_type', 'Only response_type=code is supported');
    const challenge = checkChallenge(get('code_challenge'), get('code_challenge_method'));
    const resource = checkResource(services, get('resource'));
    const scopes = grantableScopes(get('scope'));
    return { ok: true, request: { client, redirectUri, state, scopes, resource, challenge } };
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    return { ok: false, redirect: redirectWith(services, redirectUri, { error: err.error, error_description: err.description, state }) };
  }
}
