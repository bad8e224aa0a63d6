import type { Principal, Services } from '../context.js';
import { ToolError } from '../errors.js';
import { KEY_PREFIX, resolveApiKey } from '../core/keys.js';
import { resolveOAuthPrincipal } from '../auth/principal.js';

/** An OAuth access token the resource guard has already resolved for this request. */
export interface ResolvedToken {
  token: string;
  principal: Principal | null;
}

declare module 'hono' {
  interface ContextVariableMap {
    accessToken: ResolvedToken;
  }
}

/**
 * Reads `Authorization: Bearer <key>`; the result is a principal or the error to report.
 * An access token the resource guard resolved in the same request is not read again.
 */
export async function authenticate(services: Services, header: string | undefined, resolved?: ResolvedToken): Promise<Principal | ToolError> {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) return new ToolError('unauthenticated', 'Missing credential: send Authorization: Bearer <API key>');
  const token = match[1];
  // The two kinds of credential are told apart by their prefix: an API key is looked up as one only.
  let principal: Principal | null;
  if (resolved?.token === token) principal = resolved.principal;
  else if (token.startsWith(KEY_PREFIX)) principal = await resolveApiKey(services, token);
  else principal = await resolveOAuthPrincipal(services, token);
  return principal ?? new ToolError('unauthenticated', 'Invalid or revoked credential');
}

export const WWW_AUTHENTICATE = 'Bearer realm="greenroom"';
