import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { http as api } from '../support/clients.js';
import { authorizeUrl, pkce } from './oauth-support.js';
import { freePort, startDoors, WebClient, type Doors } from './support.js';

/**
 * The doors' caps in all and the client metadata budget are settings: lowered, they hold
 * over HTTP, each from a fresh client address and e-mail address so that no per-address
 * cap is what refuses.
 */
let d: Doors;
let cimd: http.Server;
let cimdBase: string;
let fetches = 0;
const CALLBACK = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  const port = await freePort();
  cimdBase = `http://127.0.0.1:${port}`;
  cimd = http.createServer((req, res) => {
    fetches++;
    res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => cimd.listen(port, '127.0.0.1', resolve));
  d = await startDoors({
    GREENROOM_TRUSTED_PROXY: '127.0.0.1',
    GREENROOM_ALLOW_HOSTS: `127.0.0.1:${port}`,
    GREENROOM_DOOR_SIGNIN_ALL: '3',
    GREENROOM_DOOR_SIGNUP_ALL: '2',
    GREENROOM_DOOR_REGISTER_ALL: '4',
    GREENROOM_DOOR_METADATA_FETCHES: '2',
  });
});
afterAll(async () => {
  await d.stop();
  await new Promise((r) => cimd.close(r));
});

async function signin(n: number): Promise<number> {
  const client = new WebClient(d.base);
  const csrf = await client.csrf('/signin');
  return (await client.post('/signin', { csrf, email: `person${n}@example.com` }, { origin: d.base, 'x-forwarded-for': `198.51.100.${n}` })).status;
}

async function register(n: number): Promise<number> {
  const res = await fetch(`${d.base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n}` },
    body: JSON.stringify({ client_name: 'Client', redirect_uris: [CALLBACK] }),
  });
  return res.status;
}

const signup = async (n: number) =>
  (await api(d.base, 'POST', '/agent-signup', { body: { email: `bot${n}@example.com`, agent_name: 'Bot' }, headers: { 'x-forwarded-for': `192.0.2.${n}` } }))
    .status;

async function authorize(n: number, from: string): Promise<number> {
  const { challenge } = pkce();
  const url = authorizeUrl(d.base, {
    response_type: 'code',
    client_id: `${cimdBase}/client-${n}.json`,
    redirect_uri: CALLBACK,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const res = await fetch(new URL(url, d.base), { redirect: 'manual', headers: { 'x-forwarded-for': from } });
  await res.text();
  return res.status;
}

describe('door caps lowered in the settings', () => {
  it('sign-in mail stops at GREENROOM_DOOR_SIGNIN_ALL in all, for a client and an address never seen', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n++) statuses.push(await signin(n));
    expect(statuses).toEqual([303, 303, 303, 429]);
  });

  it('agent sign-up stops at GREENROOM_DOOR_SIGNUP_ALL in all', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 3; n++) statuses.push(await signup(n));
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('OAuth registration stops at GREENROOM_DOOR_REGISTER_ALL in all', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n++) statuses.push(await register(n));
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });

  it('one client address has only GREENROOM_DOOR_METADATA_FETCHES documents fetched', async () => {
    for (let n = 1; n <= 4; n++) expect(await authorize(n, '100.64.0.1')).toBe(400);
    expect(fetches).toBe(2);
    expect(await authorize(5, '100.64.0.2')).toBe(400);
    expect(fetches).toBe(3);
  });

  it('default to the caps the doors had, and refuse a cap below one', () => {
    expect(loadConfig({}).doors).toEqual({ signinOverall: 1000, agentSignupOverall: 300, registrationOverall: 600, metadataFetchesPerIp: 20 });
    expect(() => loadConfig({ GREENROOM_DOOR_SIGNIN_ALL: '0' })).toThrow(ConfigError);
  });
});
