import { createHash } from 'node:crypto';
import type { Principal, Scope, Services } from '../../context.js';
import { prepared } from '../../../db/prepared.js';
import type { OAuthGrantsTable, OAuthTokensTable } from '../../../db/types.js';
import { hashToken, randomToken, safeEqual } from '../secrets.js';
import { ACCESS_PREFIX, checkVerifier, CODE_TTL_MS, GRANT_MAX_MS, OAuthError, REFRESH_PREFIX, REFRESH_TTL_MS } from './params.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The person approved on the consent page: a grant and its single-use code. */
export async function issueCode(
  services: Services,
  args: { userId: string; clientId: string; clientName: string; redirectUri: string; scopes: Scope[]; resource: string; challenge: string },
): Promise<string> {
  const code = randomToken('grc_');
  const now = services.clock.now().getTime();
  const grantId = services.ids.uuid();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('oauth_grants')
      .values({
        id: grantId,
        user_id: args.userId,
        client_id: args.clientId,
        client_name: args.clientName,
        scopes: args.scopes.join(' '),
        resource: args.resource,
        created_at: iso(now),
        expires_at: iso(now + GRANT_MAX_MS),
        last_used_at: null,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    await trx
      .insertInto('oauth_codes')
      .values({
        code_hash: hashToken(code),
        grant_id: grantId,
        client_id: args.clientId,
        redirect_uri: args.redirectUri,
        code_challenge: args.challenge,
        created_at: iso(now),
        expires_at: iso(now + CODE_TTL_MS),
        used_at: null,
      })
      .execute();
  });
  return code;
}

export async function revokeGrant(services: Services, grantId: string, reason: string): Promise<void> {
  await services.db
    .updateTable('oauth_grants')
    .set({ revoked_at: services.clock.now().toISOString(), revoked_reason: reason })
    .where('id', '=', grantId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** authorization_code: PKCE S256, exact redirect URI, single use; a replayed code revokes what it issued. */
export async function exchangeCode(
  services: Services,
  p: { code?: string; clientId: string; redirectUri?: string; verifier?: string; resource?: string },
): Promise<TokenResponse> {
  if (!p.code) throw new OAuthError('invalid_request', 'code is required');
  const verifier = checkVerifier(p.verifier);
  const row = await services.db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', hashToken(p.code)).executeTakeFirst();
  if (!row || row.client_id !== p.clientId) throw new OAuthError('invalid_grant', 'Unknown authorization code');
  const now = services.clock.now().toISOString();
  const spent = await services.db
    .updateTable('oauth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', row.code_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeGrant(services, row.grant_id, 'authorization code reused');
    throw new OAuthError('invalid_grant', 'Authorization code was already used; the tokens it issued are revoked');
  }
  if (row.expires_at <= now) throw new OAuthError('invalid_grant', 'Authorization code has expired');
  if (p.redirectUri !== row.redirect_uri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  if (!safeEqual(challenge, row.code_challenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  const grant = await liveGrant(services, row.grant_id);
  if (p.resource !== undefined && p.resource.replace(/\/$/, '') !== grant.resource)
    throw new OAuthError('invalid_target', 'resource differs from the authorization request');
  return mintTokens(services, grant);
}

/**
 * refresh_token: rotating; presenting a spent refresh token revokes the whole grant. Every
 * check that can refuse a well-meant request (another resource, a scope beyond the grant)
 * runs before the token is spent, so the client's plain retry still works. A narrower
 * scope is granted to the new access token only; the new refresh token keeps the grant's
 * scope (RFC 6749 section 6).
 */
export async function refreshTokens(
  services: Services,
  p: { refreshToken?: string; clientId: string; resource?: string; scope?: string },
): Promise<TokenResponse> {
  if (!p.refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required');
  const row = await services.db
    .selectFrom('oauth_tokens')
    .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_tokens.grant_id')
    .select([
      'oauth_tokens.token_hash',
      'oauth_tokens.grant_id',
      'oauth_tokens.expires_at',
      'oauth_tokens.used_at',
      'oauth_grants.client_id',
      'oauth_grants.resource',
      'oauth_grants.scopes',
    ])
    .where('oauth_tokens.token_hash', '=', hashToken(p.refreshToken))
    .where('oauth_tokens.kind', '=', 'refresh')
    .executeTakeFirst();
  if (!row || row.client_id !== p.clientId) throw new OAuthError('invalid_grant', 'Unknown refresh token');
  let narrowed: Scope[] | undefined;
  if (!row.used_at) {
    if (p.resource !== undefined && p.resource.replace(/\/$/, '') !== row.resource) throw new OAuthError('invalid_target', 'resource differs from the grant');
    narrowed = p.scope === undefined ? undefined : narrowScope(p.scope, row.scopes);
  }
  const now = services.clock.now().toISOString();
  const spent = await services.db
    .updateTable('oauth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', row.token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeGrant(services, row.grant_id, 'refresh token reused');
    throw new OAuthError('invalid_grant', 'Refresh token was already used; the grant is revoked');
  }
  if (row.expires_at <= now) throw new OAuthError('invalid_grant', 'Refresh token has expired');
  const grant = await liveGrant(services, row.grant_id);
  return mintTokens(services, grant, narrowed);
}

/** The scopes asked for on refresh, which must all be granted; the grant's own scopes give undefined. */
function narrowScope(asked: string, granted: string): Scope[] | undefined {
  const grantedScopes = granted.split(' ') as Scope[];
  const wanted = new Set(asked.split(/\s+/).filter(Boolean));
  const beyond = [...wanted].filter((s) => !grantedScopes.includes(s as Scope));
  if (wanted.size === 0 || beyond.length > 0) throw new OAuthError('invalid_scope', `A refresh may ask for the granted scopes (${granted}) or fewer`);
  const kept = grantedScopes.filter((s) => wanted.has(s));
  return kept.length === grantedScopes.length ? undefined : kept;
}

async function liveGrant(services: Services, grantId: string) {
  const grant = await services.db.selectFrom('oauth_grants').selectAll().where('id', '=', grantId).executeTakeFirstOrThrow();
  if (grant.revoked_at || grant.expires_at <= services.clock.now().toISOString()) throw new OAuthError('invalid_grant', 'The grant was revoked or has expired');
  return grant;
}

/**
 * An access token acts with the scopes of its grant, or, minted by a narrower refresh, with
 * fewer: those are written into the token after a dot ("gro_….read"). Only the token's
 * hash is stored and looked up, so the suffix cannot be changed without losing the token.
 */
const SCOPE_MARK = '.';

async function mintTokens(services: Services, grant: { id: string; scopes: string; expires_at: string }, narrowed?: Scope[]): Promise<TokenResponse> {
  const access = randomToken(ACCESS_PREFIX) + (narrowed ? SCOPE_MARK + narrowed.join(',') : '');
  const refresh = randomToken(REFRESH_PREFIX);
  const now = services.clock.now().getTime();
  const ttl = services.config.auth.accessTokenTtlS;
  const refreshUntil = Math.min(now + REFRESH_TTL_MS, Date.parse(grant.expires_at));
  await services.db
    .insertInto('oauth_tokens')
    .values([
      { token_hash: hashToken(access), grant_id: grant.id, kind: 'access', created_at: iso(now), expires_at: iso(now + ttl * 1000), used_at: null },
      { token_hash: hashToken(refresh), grant_id: grant.id, kind: 'refresh', created_at: iso(now), expires_at: iso(refreshUntil), used_at: null },
    ])
    .execute();
  return { access_token: access, token_type: 'Bearer', expires_in: ttl, refresh_token: refresh, scope: narrowed ? narrowed.join(' ') : grant.scopes };
}

/** RFC 7009: revoking either token of a grant ends the grant. */
export async function revokeToken(services: Services, token: string): Promise<void> {
  const row = await services.db.selectFrom('oauth_tokens').select('grant_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (row) await revokeGrant(services, row.grant_id, 'revoked by the client');
}

type TokenGrant = Pick<OAuthGrantsTable, 'id' | 'user_id' | 'scopes' | 'resource' | 'client_name' | 'revoked_at'> & {
  grant_expires: OAuthGrantsTable['expires_at'];
  expires_at: OAuthTokensTable['expires_at'];
};

const accessTokenGrant = prepared<TokenGrant, [string]>(
  'select g.id, g.user_id, g.scopes, g.resource, g.client_name, g.revoked_at, g.expires_at as grant_expires, t.expires_at ' +
    "from oauth_tokens t inner join oauth_grants g on g.id = t.grant_id where t.token_hash = ? and t.kind = 'access'",
);

/**
 * An access token to the principal it acts as, with the resource it was issued for. The
 * grant is read on every call, so a revocation in settings stops the very next call.
 * Rate limits, cursors and idempotency keys bind to the grant, which outlives each token.
 */
export async function resolveAccessToken(services: Services, token: string): Promise<{ principal: Principal; resource: string } | null> {
  if (!token.startsWith(ACCESS_PREFIX) || token.length > 200) return null;
  const now = services.clock.now();
  // A plain prepared read of committed data (no cache): a revoked grant is seen by the very next call, in any process.
  const [row] = await accessTokenGrant(services.db, services.keyCache.hashOf(token));
  const at = now.toISOString();
  if (!row || row.revoked_at || row.expires_at <= at || row.grant_expires <= at) return null;
  const mark = token.indexOf(SCOPE_MARK);
  const only = mark < 0 ? null : token.slice(mark + 1).split(',');
  const scopes = (row.scopes.split(' ') as Scope[]).filter((s) => !only || only.includes(s));
  // last_used_at is a hint for people: written at most once a minute per grant.
  if (services.grantTouches.due(row.id, now.getTime())) {
    await services.db.updateTable('oauth_grants').set({ last_used_at: at }).where('id', '=', row.id).execute();
  }
  return {
    principal: { userId: row.user_id, scopes, tokenId: `oauth:${row.id}`, tokenKind: 'oauth', tokenName: row.client_name },
    resource: row.resource,
  };
}

export async function listGrants(services: Services, userId: string) {
  return services.db.selectFrom('oauth_grants').selectAll().where('user_id', '=', userId).orderBy('seq', 'desc').limit(100).execute();
}

/** From settings: only the person's own grant, only once. */
export async function revokeUserGrant(services: Services, userId: string, grantId: string): Promise<boolean> {
  const res = await services.db
    .updateTable('oauth_grants')
    .set({ revoked_at: services.clock.now().toISOString(), revoked_reason: 'revoked in settings' })
    .where('id', '=', grantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
