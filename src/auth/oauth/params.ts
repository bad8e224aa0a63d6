import type { Scope, Services } from '../../context.js';

/** OAuth grants read and write at most: send is never granted this way, whatever is asked. */
export const OAUTH_SCOPES: readonly Scope[] = ['read', 'write'];

export const ACCESS_PREFIX = 'gro_';
export const REFRESH_PREFIX = 'grr_';
export const CODE_TTL_MS = 5 * 60_000;
export const REFRESH_TTL_MS = 30 * 86_400_000;
/** A grant ends after this however often it is refreshed; the person authorizes again. */
export const GRANT_MAX_MS = 90 * 86_400_000;

export const MCP_PATH = '/mcp';
export const REST_PATH = '/api/public/v1';

/** The protected resources this server is: the MCP endpoint and the REST API, each its own audience. */
export function resources(services: Services): { mcp: string; rest: string } {
  return { mcp: services.config.publicUrl + MCP_PATH, rest: services.config.publicUrl + REST_PATH };
}

export function resourceMetadataUrl(services: Services, path: string): string {
  return `${services.config.publicUrl}/.well-known/oauth-protected-resource${path}`;
}

/** An error a client understands (RFC 6749 section 5.2 and 4.1.2.1). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

/** Requested scopes narrowed to what OAuth may grant; none asked means read and write. */
export function grantableScopes(requested: string | undefined): Scope[] {
  if (requested === undefined || requested.trim() === '') return [...OAUTH_SCOPES];
  const asked = new Set(requested.split(/\s+/).filter(Boolean));
  const granted = OAUTH_SCOPES.filter((s) => asked.has(s));
  if (granted.length === 0) throw new OAuthError('invalid_scope', 'This server grants read and write through OAuth, never send');
  return granted;
}

/** RFC 8707: the resource must be one of ours; absent, the MCP endpoint is meant. */
export function checkResource(services: Services, resource: string | undefined): string {
  const ours = resources(services);
  if (resource === undefined || resource === '') return ours.mcp;
  const normalized = resource.replace(/\/$/, '');
  if (normalized !== ours.mcp && normalized !== ours.rest) {
    throw new OAuthError('invalid_target', `Unknown resource; this server is ${ours.mcp} (and ${ours.rest})`);
  }
  return normalized;
}

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function checkChallenge(challenge: string | undefined, method: string | undefined): string {
  if (!challenge) throw new OAuthError('invalid_request', 'code_challenge is required (PKCE)');
  if (method !== 'S256') throw new OAuthError('invalid_request', 'code_challenge_method must be S256; plain is not accepted');
  if (!CHALLENGE.test(challenge)) throw new OAuthError('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  return challenge;
}

export function checkVerifier(verifier: string | undefined): string {
  if (!verifier || !VERIFIER.test(verifier)) throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  return verifier;
}
