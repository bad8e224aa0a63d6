import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createUser } from '../../src/core/users.js';
import { lastMail } from '../../src/auth/mail.js';
import { allTools } from '../../src/registry/catalog.js';
import { codeIn, freePort, startDoors, type Doors } from '../auth/support.js';
import { expectAccessible, expectNoCspRefusals, openBrowser, screenshot, tabTo, type Browser } from './browser.js';

/** The client side of the flow, as an MCP host implements it; the browser stands in for the person. */
class TestProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let d: Doors;
let b: Browser;
let callback: http.Server;
let redirectUrl: string;
let received: (url: URL) => void;
const callbacks: URL[] = [];

beforeAll(async () => {
  d = await startDoors();
  await createUser(d.instance.db, d.instance, { email: 'mcp-user@example.com', name: 'MCP User', role: 'member', grant: 0 });
  const port = await freePort();
  redirectUrl = `http://127.0.0.1:${port}/callback`;
  callback = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', redirectUrl);
    callbacks.push(url);
    received?.(url);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Done</title><p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => callback.listen(port, '127.0.0.1', resolve));
  b = await openBrowser();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await d?.stop();
  await new Promise((r) => callback?.close(r));
});

async function connect(provider: TestProvider): Promise<Client> {
  const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${d.base}/mcp`), { authProvider: provider }));
  return client;
}

it('an MCP client authorizes through the consent page and then sees read and write tools only', async () => {
  const { page } = b;
  await page.goto(`${d.base}/signin`);
  await page.getByLabel('E-mail address').fill('mcp-user@example.com');
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.waitForURL(/\/signin\/check/);
  let mail = await lastMail(d.instance.db);
  for (let i = 0; i < 100 && mail?.status !== 'logged'; i++) mail = await new Promise((r) => setTimeout(r, 20)).then(() => lastMail(d.instance.db));
  await page.getByLabel('Code from the mail').fill(codeIn(mail!.body));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/settings$/);

  // The SDK meets the 401, discovers both metadata documents, registers and asks for authorization.
  const provider = new TestProvider(redirectUrl);
  const transport = new StreamableHTTPClientTransport(new URL(`${d.base}/mcp`), { authProvider: provider });
  await expect(new Client({ name: 'sdk-oauth-test', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${d.base}/mcp`);

  const arrived = new Promise<URL>((resolve) => (received = resolve));
  await page.goto(provider.authorizationUrl!.href);
  await page.waitForSelector('text=SDK test client');
  await expectAccessible(page);
  await screenshot(page, 'oauth-consent');
  await tabTo(page, 'button[value=approve]');
  await page.keyboard.press('Enter');
  const back = await arrived;
  expect(back.searchParams.get('iss')).toBe(d.base);
  await transport.finishAuth(back.searchParams.get('code')!);
  expect(provider.saved?.scope).toBe('read write');

  const client = await connect(provider);
  const names = (await client.listTools()).tools.map((t) => t.name).sort();
  const expected = allTools()
    .filter((t) => t.kind === 'read' || t.kind === 'write')
    .map((t) => t.name)
    .sort();
  expect(names).toEqual(expected);
  for (const send of allTools().filter((t) => t.kind === 'send')) expect(names).not.toContain(send.name);
  const who = await client.callTool({ name: 'whoami', arguments: {} });
  expect((who.structuredContent as any).data).toMatchObject({
    email: 'mcp-user@example.com',
    scopes: ['read', 'write'],
    credential: { kind: 'oauth', name: 'SDK test client' },
  });

  // Once the access token lapses the SDK refreshes it on its own.
  const firstRefresh = provider.saved!.refresh_token;
  d.clock.advance(901_000);
  expect(((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent as any).ok).toBe(true);
  expect(provider.saved!.refresh_token).not.toBe(firstRefresh);
  await client.close();

  // Revoked in settings, the next call fails.
  await page.goto(`${d.base}/settings`);
  await expectAccessible(page);
  await screenshot(page, 'settings-connected');
  await page.getByRole('button', { name: 'Revoke access of SDK test client' }).click();
  await page.waitForSelector('text=Access was revoked');
  const revokedClient = new Client({ name: 'sdk-oauth-test', version: '1.0.0' });
  await expect(revokedClient.connect(new StreamableHTTPClientTransport(new URL(`${d.base}/mcp`), { authProvider: provider }))).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  expectNoCspRefusals(b);
});
