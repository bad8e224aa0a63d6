import { Hono, type Context } from 'hono';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import { registerClient } from '../auth/oauth/clients.js';
import { exchangeCode, refreshTokens, revokeToken } from '../auth/oauth/grants.js';
import { MCP_PATH, OAuthError, OAUTH_SCOPES, REST_PATH, resources } from '../auth/oauth/params.js';
import { readBodyText } from './body.js';
import { clientIp } from './client-ip.js';
import { mountConsent } from '../web/consent.js';
import { doorFault } from '../web/door.js';

const MAX_BODY = 16 * 1024;

/**
 * The endpoints MCP clients call from anywhere, browsers included: open to every origin.
 * They take no cookies, so cross-origin reads reveal nothing a direct call would not.
 */
function open(c: Context): void {
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, MCP-Protocol-Version');
  c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
}

function oauthError(c: Context, err: OAuthError): Response {
  c.header('Cache-Control', 'no-store');
  return c.json({ error: err.error, error_description: err.description }, err.status as 400);
}

export function authorizationServerMetadata(services: Services) {
  const base = services.config.publicUrl;
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...OAUTH_SCOPES],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

/** Reads an application/x-www-form-urlencoded body, as RFC 6749 requires at the token endpoint. */
async function readTokenForm(c: Context): Promise<URLSearchParams> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded');
  const text = await readBodyText(c, MAX_BODY);
  if (text === null) throw new OAuthError('invalid_request', 'body is too large');
  const form = new URLSearchParams(text);
  for (const key of new Set(form.keys())) if (form.getAll(key).length > 1) throw new OAuthError('invalid_request', `${key} is given more than once`);
  return form;
}

/** Public clients name themselves in the body, or as the user of HTTP Basic with no secret issued. */
function clientIdOf(c: Context, form: URLSearchParams): string {
  const basic = /^Basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  const fromBasic = basic ? decodeURIComponent(Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? '') : undefined;
  const fromBody = form.get('client_id') ?? undefined;
  if (fromBasic && fromBody && fromBasic !== fromBody) throw new OAuthError('invalid_request', 'client_id differs between the body and Authorization');
  const id = fromBody ?? fromBasic;
  if (!id) throw new OAuthError('invalid_client', 'client_id is required', 401);
  return id;
}

/**
 * The OAuth authorization server and the resources' metadata, as one sub-app mounted by
 * src/http/app.ts: the machine endpoints answer an OAuthError in RFC 6749's shape (one
 * handler, here), the consent page answers as the other doors do, in HTML. Any other
 * error goes on to the app's handler.
 */
export function oauthApp(services: Services): Hono {
  const oauth = new Hono();
  mountMetadata(oauth, services);
  mountEndpoints(oauth, services);
  oauth.onError((err, c) => {
    if (err instanceof OAuthError) return oauthError(c, err);
    throw err;
  });
  // The consent page (GET and POST /oauth/authorize): a door, with the doors' guards and fault page.
  const consent = new Hono();
  mountConsent(consent, services);
  consent.onError(doorFault(services));
  oauth.route('/', consent);
  return oauth;
}

function mountMetadata(app: Hono, services: Services): void {
  const ours = resources(services);
  for (const [path, resource] of [
    [MCP_PATH, ours.mcp],
    [REST_PATH, ours.rest],
  ] as const) {
    app.get(`/.well-known/oauth-protected-resource${path}`, (c) => {
      open(c);
      return c.json({
        resource,
        authorization_servers: [services.config.publicUrl],
        scopes_supported: [...OAUTH_SCOPES],
        bearer_methods_supported: ['header'],
        resource_name: `Greenroom ${path === MCP_PATH ? 'MCP' : 'API'}`,
      });
    });
  }
  app.get('/.well-known/oauth-authorization-server', (c) => {
    open(c);
    return c.json(authorizationServerMetadata(services));
  });
  app.on('OPTIONS', ['/.well-known/*', '/oauth/token', '/oauth/register', '/oauth/revoke'], (c) => {
    open(c);
    return c.body(null, 204);
  });
}

function mountEndpoints(app: Hono, services: Services): void {
  app.post('/oauth/register', async (c) => {
    open(c);
    try {
      const text = await readBodyText(c, MAX_BODY);
      let body: unknown;
      try {
        body = JSON.parse(text ?? '');
      } catch {
        throw new OAuthError('invalid_client_metadata', 'body must be a JSON object of client metadata');
      }
      return c.json(await registerClient(services, body, clientIp(c, services.config)), 201);
    } catch (err) {
      if (err instanceof ToolError && err.code === 'rate_limited') throw new OAuthError('invalid_request', err.message, 429);
      throw err;
    }
  });

  app.post('/oauth/token', async (c) => {
    open(c);
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    const form = await readTokenForm(c);
    const clientId = clientIdOf(c, form);
    const get = (name: string) => form.get(name) ?? undefined;
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      return c.json(
        await exchangeCode(services, {
          code: get('code'),
          clientId,
          redirectUri: get('redirect_uri'),
          verifier: get('code_verifier'),
          resource: get('resource'),
        }),
      );
    }
    if (grantType === 'refresh_token') {
      return c.json(await refreshTokens(services, { refreshToken: get('refresh_token'), clientId, resource: get('resource'), scope: get('scope') }));
    }
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  });

  app.post('/oauth/revoke', async (c) => {
    open(c);
    const form = await readTokenForm(c);
    const token = form.get('token');
    if (!token) throw new OAuthError('invalid_request', 'token is required');
    await revokeToken(services, token);
    // RFC 7009: an unknown token is answered like a revoked one.
    return c.body(null, 200);
  });
}
