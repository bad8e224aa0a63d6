import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeChild, type ServeChild } from './support/serve-child.js';
import { codeIn, freePort, WebClient } from './auth/support.js';
import { approve, authorizeUrl, pkce, register, token } from './auth/oauth-support.js';
import { loadConfig } from '../src/config.js';
import { fictionalSpeakers } from '../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../src/demo/site.js';

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const lines = (serve: ServeChild): Line[] =>
  serve
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

const CALLBACK = 'http://127.0.0.1:9/callback';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `greenroom serve` on a port its public URL names (sign-in links and OAuth need it), driving runs. */
async function serveAt(level: string, site: { host: string }): Promise<ServeChild> {
  const port = await freePort();
  return startServeChild({
    GREENROOM_PORT: String(port),
    GREENROOM_PUBLIC_URL: `http://127.0.0.1:${port}`,
    GREENROOM_LOG_LEVEL: level,
    GREENROOM_SCHEDULER: 'true',
    GREENROOM_SCHEDULER_INTERVAL_MS: '100',
    GREENROOM_SCRAPE_PACING_MS: '0',
    GREENROOM_ALLOW_HOSTS: site.host,
  });
}

async function api(serve: ServeChild, method: string, path: string, bearer: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${serve.base}/api/public/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

async function waitFor(serve: ServeChild, what: (l: Line[]) => boolean, label: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; !what(lines(serve)); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > deadline) throw new Error(`log never showed ${label}:\n${serve.stderr()}`);
  }
}

/** Signs the owner in on the web through the mailed code, read with `greenroom mail last`; returns the mail as read before its code was spent. */
async function signIn(serve: ServeChild, email: string): Promise<{ web: WebClient; mail: string }> {
  const web = new WebClient(serve.base);
  const csrf = await web.csrf();
  const sent = await web.post('/signin', { csrf, email });
  const challenge = new URL(sent.headers.get('location') as string, serve.base).searchParams.get('c') as string;
  let mail = '';
  for (const deadline = Date.now() + 20_000; !/code/i.test(mail) && Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)))
    mail = serve.cli('mail', 'last').out;
  expect((await web.post('/signin/code', { csrf, challenge, code: codeIn(mail) })).status).toBe(303);
  return { web, mail };
}

describe('serve logs', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let serve: ServeChild;
  beforeAll(async () => {
    site = await startSite({ '/api/v2/logconf/view/All': { contentType: 'application/json', body: sessionizeAll(fictionalSpeakers(6)) } });
  });
  afterAll(async () => {
    await serve?.stop();
    await site.close();
  });

  it('one line per request naming the caller by id, and not one secret', { timeout: 180_000 }, async () => {
    // The test child starts quiet by default; info is what a user gets without the setting.
    expect(loadConfig({}).logLevel).toBe('info');
    serve = await serveAt('info', site);
    const secrets: string[] = [serve.key];
    // An API key, and a key that is not one.
    const who = await api(serve, 'GET', '/whoami', serve.key);
    expect(who.status).toBe(200);
    const badKey = `grn_${'x'.repeat(32)}`;
    secrets.push(badKey);
    expect((await api(serve, 'GET', '/whoami', badKey)).status).toBe(401);
    // A webhook's signing secret, answered once.
    const hook = await api(serve, 'POST', '/webhooks', serve.key, { url: 'https://hooks.example.com/greenroom', events: ['push.completed'] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    secrets.push(hook.body.data.secret);
    // A web session: the mailed code, the session cookie and the CSRF token.
    const { web, mail } = await signIn(serve, 'owner@localhost.localdomain');
    // Once the code is spent the outbox forgets the mail's body.
    expect(serve.cli('mail', 'last').out).not.toContain(codeIn(mail));
    secrets.push(codeIn(mail), /(https?:\/\/\S+)/.exec(mail)?.[1] as string, ...web.cookies.values());
    expect((await web.get('/settings')).status).toBe(200);
    // An OAuth client: the authorization code, the verifier, the access and refresh tokens.
    const client = (await register(serve.base, { client_name: 'Log test', redirect_uris: [CALLBACK] })).body.client_id as string;
    const { verifier, challenge } = pkce();
    const back = await approve(
      web,
      authorizeUrl(serve.base, {
        response_type: 'code',
        client_id: client,
        redirect_uri: CALLBACK,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: `${serve.base}/api/public/v1`,
      }),
    );
    const code = back.searchParams.get('code') as string;
    const tokens = (await token(serve.base, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier, client_id: client }))
      .body;
    secrets.push(code, verifier, tokens.access_token, tokens.refresh_token);
    expect((await api(serve, 'GET', '/whoami', tokens.access_token)).status).toBe(200);
    expect((await api(serve, 'GET', '/whoami', `${tokens.access_token}x`)).status).toBe(401);

    await waitFor(serve, (l) => l.filter((x) => x.msg === 'request' && x.route === '/api/public/v1/whoami').length >= 4, 'the request lines');
    const requests = lines(serve).filter((l) => l.msg === 'request');
    const whoami = requests.filter((l) => l.route === '/api/public/v1/whoami');
    expect(whoami.map((l) => l.status)).toEqual([200, 401, 200, 401]);
    expect(whoami[0]).toMatchObject({ level: 30, method: 'GET', key: expect.stringMatching(UUID), ms: expect.any(Number) });
    expect(whoami[1]).not.toHaveProperty('key');
    expect(whoami[2]).toMatchObject({ key: expect.stringMatching(/^oauth:/) });
    expect(requests.find((l) => l.route === '/api/public/v1/webhooks')).toMatchObject({ method: 'POST', status: 200, key: whoami[0]?.key });
    expect(requests.find((l) => l.route === '/settings' && l.method === 'GET')).toMatchObject({ status: 200, user: expect.stringMatching(UUID) });
    expect(requests.find((l) => l.route === '/oauth/token')).toMatchObject({ method: 'POST', status: 200 });
    // Routes are templates: the query (state, challenges, one-time tokens) is never logged.
    expect(requests.every((l) => typeof l.route === 'string' && !(l.route as string).includes('?'))).toBe(true);
    const log = serve.stderr();
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(7);
      expect(log, 'a secret reached the log').not.toContain(secret);
    }
  });

  it('a line per run stage and per failure at the default level, and page detail only at debug', { timeout: 180_000 }, async () => {
    const good = await api(serve, 'POST', '/campaigns', serve.key, { name: 'Logged', conference_url: site.url('/api/v2/logconf/view/All'), auto_start: true });
    const bad = await api(serve, 'POST', '/campaigns', serve.key, { name: 'Missing page', conference_url: site.url('/missing'), auto_start: true });
    const [goodRun, badRun] = [good.body.data.campaign_id, bad.body.data.campaign_id];
    await waitFor(
      serve,
      (l) => l.some((x) => x.msg === 'run done' && x.campaign === goodRun) && l.some((x) => x.msg === 'run failed' && x.campaign === badRun),
      'both runs ending',
    );
    const log = lines(serve);
    const stages = log.filter((l) => l.msg === 'run stage' && l.campaign === goodRun).map((l) => l.stage);
    expect(stages).toEqual(['prequalify', 'enrich', 'qualify', 'research', 'draft', 'done']);
    expect(log.find((l) => l.msg === 'run started' && l.campaign === goodRun)).toMatchObject({ level: 30 });
    expect(log.find((l) => l.msg === 'page failed')).toMatchObject({ level: 40, url: site.url('/missing'), error: expect.stringMatching(/404/) });
    expect(log.find((l) => l.msg === 'run failed' && l.campaign === badRun)).toMatchObject({ level: 40, error: expect.stringMatching(/no speakers found/) });
    expect(log.some((l) => l.level < 30)).toBe(false);

    await serve.stop();
    serve = await serveAt('debug', site);
    await api(serve, 'POST', '/campaigns', serve.key, { name: 'Debug', conference_url: site.url('/api/v2/logconf/view/All'), auto_start: true });
    await waitFor(serve, (l) => l.some((x) => x.msg === 'run done'), 'the debug run ending');
    const debug = lines(serve);
    expect(debug.find((l) => l.msg === 'page scraped')).toMatchObject({ level: 20, extractor: 'sessionize-api', speakers: 6 });
    expect(debug.filter((l) => l.msg === 'run stage batch').map((l) => l.stage)).toEqual(expect.arrayContaining(['prequalify', 'enrich', 'draft']));
    expect(serve.stderr()).not.toContain(serve.key);
  });
});
