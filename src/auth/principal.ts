import type { Principal, Services } from '../context.js';
import { resolveAccessToken } from './oauth/grants.js';
import { ACCESS_PREFIX } from './oauth/params.js';

/**
 * An OAuth access token as a principal (tokenKind 'oauth'), or null for anything else.
 * Which resource the token may be used at is checked by the resource guard in front of
 * /mcp and the REST API.
 */
export async function resolveOAuthPrincipal(services: Services, token: string): Promise<Principal | null> {
  if (!token.startsWith(ACCESS_PREFIX)) return null;
  return (await resolveAccessToken(services, token))?.principal ?? null;
}
