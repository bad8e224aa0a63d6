import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { createApiKey } from '../../src/core/keys.js';
import { http as api, mcpOverHttp } from '../support/clients.js';
import { freePort, startDoors, WebClient, type Doors } from './support.js';
import { approve, authorizeUrl, pkce, register, signedIn, token } from './oauth-support.js';

let d: Doors;
let person: WebClient;
let cimd: http.Server;
let cimdBase: string;
const CALLBACK = 'http://127.0.0.1:9/callback';
const documents = new Map<string, unknown>();

beforeAll(async () => {
  // A client metadata document host on loopback, reachable through the explicit allowlist only.
  const port = await freePort();
  cimdBase = `http://127.0.0.1:${port}`;
  cimd = http.createServer((req, res) => {
    const doc = documents.get(req.url ?? '');
    res.writeHead(doc ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(doc ?? {}));
  });
  await new Promise<void>((resolve) => cimd.listen(port, '127.0.0.1', resolve));
  d = await startDoors({ GREENROOM_ALLOW_HOSTS: `127.0.0.1:${port}` });
  await createUser(d.instance.db, d.instance, { email: 'ada@example.com', name: 'Ada', role: 'member', grant: 0 });
  person = await signedIn(d, 'ada@example.com');
});
afterAll(async () => {
  await d.stop();
  await new Promise((r) => cimd.close(r));
});

async function client(): Promise<string> {
  const reg = await register(d.base, { client_name: 'Test client', redirect_uris: [CALLBACK] });
  expect(reg.status).toBe(201);
  return reg.body.client_id as string;
}

async function tokensFor(clientId: string, opts: { resource?: string; scope?: string; grant?: string[] } = {}) {
  const { verifier, challenge } = pkce();
  const back = await approve(
    person,
    authorizeUrl(d.base, {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: CALLBACK,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'st',
      resource: opts.resource ?? `${d.base}/mcp`,
      scope: opts.scope,
    }),
    opts.grant,
  );
  expect(back.searchParams.get('state')).toBe('st');
  expect(back.searchParams.get('iss')).toBe(d.base);
  const code = back.searchParams.get('code')!;
  const res = await token(d.base, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier, client_id: clientId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body as { access_token: string; refresh_token: string; scope: string; expires_in: number }), code, verifier };
}

const whoamiMcp = async (bearer: string) => mcpOverHttp(d.base, 'whoami', {}, `Bearer ${bearer}`);

describe('OAuth metadata and challenges', () => {
  it('publishes protected resource and authorization server metadata', async () => {
    const prm = await (await fetch(`${d.base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm).toMatchObject({ resource: `${d.base}/mcp`, authorization_servers: [d.base], scopes_supported: ['read', 'write'] });
    const as = await (await fetch(`${d.base}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: d.base,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    expect(as.scopes_supported).not.toContain('send');
  });

  it('names the resource metadata on every 401 from /mcp and the API', async () => {
    const bare = await whoamiMcp('');
    const none = await fetch(`${d.base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${d.base}/.well-known/oauth-protected-resource/mcp"`);
    expect(bare.status).toBe(401);
    const bad = await whoamiMcp('gro_not-a-token');
    expect(bad.headers.get('www-authenticate')).toMatch(/resource_metadata=".*\/mcp", error="invalid_token"/);
    const rest = await api(d.base, 'GET', '/whoami');
    expect(rest.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${d.base}/.well-known/oauth-protected-resource/api/public/v1"`);
  });
});

describe('client registration', () => {
  it('accepts https and loopback redirect URIs and refuses every other kind', async () => {
    expect((await register(d.base, { redirect_uris: ['https://app.example/cb', 'http://127.0.0.1:4000/cb', 'http://[::1]/cb'] })).status).toBe(201);
    for (const uri of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'http://app.example/cb',
      'https://user:pw@app.example/cb',
      'https://app.example/cb#x',
      'myapp://cb',
    ]) {
      const res = await register(d.base, { redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(res.body.error).toBe('invalid_redirect_uri');
    }
    const secretAsked = await register(d.base, { redirect_uris: [CALLBACK], token_endpoint_auth_method: 'client_secret_basic' });
    expect(secretAsked.body).toMatchObject({ token_endpoint_auth_method: 'none' });
    expect(secretAsked.body.client_secret).toBeUndefined();
  });

  it('reads a client metadata document, which must name itself', async () => {
    const id = `${cimdBase}/clients/good.json`;
    documents.set('/clients/good.json', { client_id: id, client_name: 'Documented client', redirect_uris: [CALLBACK] });
    documents.set('/clients/liar.json', { client_id: `${cimdBase}/clients/other.json`, client_name: 'Liar', redirect_uris: [CALLBACK] });
    const { challenge } = pkce();
    const base = { response_type: 'code', redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: 'S256' };
    const good = await person.get(authorizeUrl(d.base, { ...base, client_id: id }));
    const html = await good.text();
    expect(html).toContain('Documented client');
    expect(html).toContain(`published at <code>127.0.0.1:${new URL(cimdBase).port}</code>`);
    expect((await person.get(authorizeUrl(d.base, { ...base, client_id: `${cimdBase}/clients/liar.json` }))).status).toBe(400);
    expect((await person.get(authorizeUrl(d.base, { ...base, client_id: `${cimdBase}/clients/missing.json` }))).status).toBe(400);
    // Outside the allowlist a loopback document is never fetched.
    expect((await person.get(authorizeUrl(d.base, { ...base, client_id: 'http://127.0.0.1:1/x.json' }))).status).toBe(400);
  });
});

describe('authorization requests', () => {
  it('shows errors itself until the redirect URI is verified, then sends them back', async () => {
    const clientId = await client();
    const { challenge } = pkce();
    const base = { response_type: 'code', client_id: clientId, code_challenge: challenge, code_challenge_method: 'S256', state: 's1' };
    for (const redirect of [`${CALLBACK}/`, 'http://127.0.0.1:9/callback?x=1', 'https://evil.example/callback']) {
      const res = await person.get(authorizeUrl(d.base, { ...base, redirect_uri: redirect }));
      expect(res.status, redirect).toBe(400);
    }
    expect((await person.get(authorizeUrl(d.base, { ...base, client_id: 'unknown', redirect_uri: CALLBACK }))).status).toBe(400);
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
      [{ scope: 'send' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ];
    for (const [change, error] of cases) {
      const res = await person.get(authorizeUrl(d.base, { ...base, redirect_uri: CALLBACK, ...change }));
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('location')!);
      expect(`${to.origin}${to.pathname}`).toBe(CALLBACK);
      expect([to.searchParams.get('error'), to.searchParams.get('state')]).toEqual([error, 's1']);
    }
  });

  it('shows the consent page only to a signed-in person, unframeable, and never offers send', async () => {
    const clientId = await client();
    const { challenge } = pkce();
    const path = authorizeUrl(d.base, {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: CALLBACK,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'read write send',
    });
    const anonymous = await new WebClient(d.base).get(path);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/signin?next=${encodeURIComponent(path)}`);
    const page = await person.get(path);
    const html = await page.text();
    expect(html).toContain('Test client');
    expect(html).toContain('<code>127.0.0.1:9</code>');
    expect(html).toContain(`<code>${d.base}/mcp</code>`);
    expect(html).toMatch(/value="read" checked/);
    expect(html).toMatch(/value="write" checked/);
    expect(html).not.toMatch(/name="grant_scope" value="send"/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:9;/);
    const forged = await new WebClient(d.base).post('/oauth/authorize', { decision: 'approve', client_id: clientId });
    expect(forged.status).toBe(403);
  });
});

describe('tokens', () => {
  it('issues read and write even when send was asked, usable over /mcp and nowhere else', async () => {
    const t = await tokensFor(await client(), { scope: 'read write send' });
    expect(t.scope).toBe('read write');
    expect(t.expires_in).toBe(900);
    const who = await (await whoamiMcp(t.access_token)).json();
    expect(who.result.structuredContent.data).toMatchObject({ scopes: ['read', 'write'], credential: { kind: 'oauth', name: 'Test client' } });
    // Bound to the MCP resource: the REST API refuses it.
    const rest = await api(d.base, 'GET', '/whoami', { key: t.access_token });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const restToken = await tokensFor(await client(), { resource: `${d.base}/api/public/v1` });
    expect((await api<any>(d.base, 'GET', '/whoami', { key: restToken.access_token })).body.data.credential.kind).toBe('oauth');
    expect((await whoamiMcp(restToken.access_token)).status).toBe(401);
  });

  it('answers a missing scope with 403 insufficient_scope', async () => {
    const t = await tokensFor(await client(), { resource: `${d.base}/api/public/v1`, grant: ['read'] });
    expect(t.scope).toBe('read');
    const res = await api(d.base, 'POST', '/campaigns', { key: t.access_token, body: { name: 'x' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="write", resource_metadata="${d.base}/.well-known/oauth-protected-resource/api/public/v1"`,
    );
  });

  it('answers a tools/call beyond the token over /mcp with 403 insufficient_scope, and a key with the envelope', async () => {
    const metadata = `${d.base}/.well-known/oauth-protected-resource/mcp`;
    const readOnly = await tokensFor(await client(), { grant: ['read'] });
    const write = await mcpOverHttp(d.base, 'create_campaign', { name: 'x' }, `Bearer ${readOnly.access_token}`);
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toMatch(
      new RegExp(`^Bearer error="insufficient_scope", scope="read write", resource_metadata="${metadata}", error_description="[^"]+"$`),
    );
    expect((await write.json()).error.code).toBe(-32003);
    expect((await whoamiMcp(readOnly.access_token)).status).toBe(200);
    const full = await tokensFor(await client());
    const push = await mcpOverHttp(d.base, 'push_approved', { campaign_id: crypto.randomUUID() }, `Bearer ${full.access_token}`);
    expect(push.status).toBe(403);
    expect(push.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", scope="read write send", /);
    // An API key cannot be re-authorized: it keeps the tool's own forbidden_scope envelope.
    const user = await createUser(d.instance.db, d.instance, { email: 'keyed@example.com', name: 'Keyed', role: 'member', grant: 0 });
    const { key } = await createApiKey(d.instance.db, d.instance, { userId: user.user_id, name: 'read only', scopes: ['read'] });
    const keyed = await mcpOverHttp(d.base, 'create_campaign', { name: 'x' }, `Bearer ${key}`);
    expect(keyed.status).toBe(200);
    expect((await keyed.json()).result.structuredContent.error.code).toBe('forbidden_scope');
  });

  it('spends a code once: a replay revokes what it issued', async () => {
    const clientId = await client();
    const t = await tokensFor(clientId);
    expect((await whoamiMcp(t.access_token)).status).toBe(200);
    const replay = await token(d.base, {
      grant_type: 'authorization_code',
      code: t.code,
      redirect_uri: CALLBACK,
      code_verifier: t.verifier,
      client_id: clientId,
    });
    expect(replay.body.error).toBe('invalid_grant');
    expect((await whoamiMcp(t.access_token)).status).toBe(401);
  });

  it('checks the verifier, the redirect URI, the resource and the code lifetime', async () => {
    const clientId = await client();
    const attempt = async (change: Record<string, string>, advance = 0) => {
      const { verifier, challenge } = pkce();
      const back = await approve(
        person,
        authorizeUrl(d.base, { response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: 'S256' }),
      );
      d.clock.advance(advance);
      return token(d.base, {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: CALLBACK,
        code_verifier: verifier,
        client_id: clientId,
        ...change,
      });
    };
    expect((await attempt({ code_verifier: 'a'.repeat(42) })).body.error).toBe('invalid_request');
    expect((await attempt({ code_verifier: 'a'.repeat(43) })).body.error).toBe('invalid_grant');
    expect((await attempt({ redirect_uri: 'http://127.0.0.1:9/other' })).body.error).toBe('invalid_grant');
    expect((await attempt({ resource: `${d.base}/api/public/v1` })).body.error).toBe('invalid_target');
    expect((await attempt({ client_id: await client() })).body.error).toBe('invalid_grant');
    expect((await attempt({}, 5 * 60_000 + 1_000)).body.error).toBe('invalid_grant');
    const ok = await attempt({});
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  it('rotates refresh tokens; a reused one revokes the grant', async () => {
    const clientId = await client();
    const t = await tokensFor(clientId);
    d.clock.advance(901_000);
    expect((await whoamiMcp(t.access_token)).status).toBe(401);
    const next = await token(d.base, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: clientId });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(t.refresh_token);
    expect((await whoamiMcp(next.body.access_token)).status).toBe(200);
    const reused = await token(d.base, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: clientId });
    expect(reused.body.error).toBe('invalid_grant');
    expect((await whoamiMcp(next.body.access_token)).status).toBe(401);
    expect((await token(d.base, { grant_type: 'refresh_token', refresh_token: next.body.refresh_token, client_id: clientId })).body.error).toBe(
      'invalid_grant',
    );
  });

  it('refuses another resource or a wider scope on refresh without spending the refresh token, and narrows a scope', async () => {
    const clientId = await client();
    const t = await tokensFor(clientId);
    const refresh = (extra: Record<string, string> = {}) =>
      token(d.base, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: clientId, ...extra });
    const otherResource = await refresh({ resource: `${d.base}/api/public/v1` });
    expect(otherResource.status).toBe(400);
    expect(otherResource.body.error).toBe('invalid_target');
    const wider = await refresh({ scope: 'read write send' });
    expect(wider.body.error).toBe('invalid_scope');
    const none = await refresh({ scope: 'admin' });
    expect(none.body.error).toBe('invalid_scope');
    // The plain retry still works: nothing was spent, the grant stands.
    expect((await whoamiMcp(t.access_token)).status).toBe(200);
    const narrower = await refresh({ scope: 'read' });
    expect(narrower.status, JSON.stringify(narrower.body)).toBe(200);
    expect(narrower.body.scope).toBe('read');
    const who = await (await whoamiMcp(narrower.body.access_token)).json();
    expect(who.result.structuredContent.data.scopes).toEqual(['read']);
    const write = await mcpOverHttp(d.base, 'create_campaign', { name: 'x' }, `Bearer ${narrower.body.access_token}`);
    expect(write.status).toBe(403);
    // The refresh token keeps the scope the person granted (RFC 6749 section 6).
    const again = await token(d.base, { grant_type: 'refresh_token', refresh_token: narrower.body.refresh_token, client_id: clientId });
    expect(again.status).toBe(200);
    expect(again.body.scope).toBe('read write');
    expect((await whoamiMcp(again.body.access_token)).status).toBe(200);
  });

  it('stops the next call once the person revokes the grant in settings', async () => {
    const t = await tokensFor(await client());
    expect((await whoamiMcp(t.access_token)).status).toBe(200);
    const settings = await (await person.get('/settings')).text();
    expect(settings).toContain('Connected applications');
    const grantId = [...settings.matchAll(/action="\/settings\/grants\/([0-9a-f-]{36})\/revoke"/g)].map((m) => m[1])[0];
    const csrf = /name="csrf" value="([^"]+)"/.exec(settings)![1];
    expect((await person.post(`/settings/grants/${grantId}/revoke`, { csrf })).status).toBe(303);
    expect((await whoamiMcp(t.access_token)).status).toBe(401);
    const stored = await d.instance.db.selectFrom('oauth_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === t.access_token || r.token_hash === t.refresh_token)).toBe(false);
  });
});
