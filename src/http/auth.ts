import type { Principal, Services } from '../context.js';
import { ToolError } from '../errors.js';
import { resolveApiKey } from '../core/keys.js';
import { resolveOAuthPrincipal } from '../auth/principal.js';

/** Reads `Authorization: Bearer <key>`; the result is a principal or the error to report. */
export async function authenticate(services: Services, header: string | undefined): Promise<Principal | ToolError> {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) return new ToolError('unauthenticated', 'Missing credential: send Authorization: Bearer <API key>');
  const principal = (await resolveOAuthPrincipal(services, match[1])) ?? (await resolveApiKey(services, match[1]));
  return principal ?? new ToolError('unauthenticated', 'Invalid or revoked credential');
}

export const WWW_AUTHENTICATE = 'Bearer realm="greenroom"';
