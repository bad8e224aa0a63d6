import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { http } from '../support/clients.js';
import { startDoors, WebClient, type Doors } from './support.js';

/**
 * The doors' rate limits behind a reverse proxy on loopback: every request arrives from
 * 127.0.0.1, and only the trusted proxy's X-Forwarded-For tells clients apart.
 */
let proxied: Doors;
let direct: Doors;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([startDoors({ GREENROOM_TRUSTED_PROXY: '127.0.0.1' }), startDoors()]);
});
afterAll(async () => {
  await Promise.all([proxied.stop(), direct.stop()]);
});

async function signin(d: Doors, email: string, forwardedFor?: string): Promise<number> {
  const client = new WebClient(d.base);
  const csrf = await client.csrf('/signin');
  const headers: Record<string, string> = { origin: d.base, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
  return (await client.post('/signin', { csrf, email }, headers)).status;
}

async function registerFrom(d: Doors, forwardedFor: string): Promise<number> {
  const res = await fetch(`${d.base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ client_name: 'Client', redirect_uris: ['http://127.0.0.1:9/cb'] }),
  });
  return res.status;
}

const signupFrom = async (d: Doors, email: string, forwardedFor: string): Promise<number> =>
  (await http(d.base, 'POST', '/agent-signup', { body: { email, agent_name: 'Bot' }, headers: { 'x-forwarded-for': forwardedFor } })).status;

describe('door limits per client behind a trusted proxy', () => {
  it('does not lock another client out of sign-in when one floods it with junk addresses', async () => {
    const flood: number[] = [];
    for (let i = 0; i < 31; i++) flood.push(await signin(proxied, `junk${i}@example.com`, '203.0.113.5'));
    expect(flood.slice(0, 30).every((s) => s === 303)).toBe(true);
    expect(flood[30]).toBe(429);
    // The proxy appends the address it saw; whatever the client put before it is not believed.
    expect(await signin(proxied, 'junk-more@example.com', '198.51.100.1, 203.0.113.5')).toBe(429);
    expect(await signin(proxied, 'someone@example.com', '198.51.100.7')).toBe(303);
  });

  it('still caps sign-in mail per e-mail address, whichever client asks', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signin(proxied, 'target@example.com', `192.0.2.${i + 10}`));
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  });

  it('does not block every MCP client when one registers twenty', async () => {
    const flood: number[] = [];
    for (let i = 0; i < 21; i++) flood.push(await registerFrom(proxied, '203.0.113.9'));
    expect(flood.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(flood[20]).toBe(429);
    expect(await registerFrom(proxied, '198.51.100.9')).toBe(201);
  });

  // 620 registrations, one after another: seconds on a loaded machine.
  it("still holds an overall registration cap, many times one client's", { timeout: 120_000 }, async () => {
    proxied.clock.advance(3_600_000 + 1_000);
    let created = 0;
    let refusedFresh = 0;
    for (let client = 0; client < 31; client++) {
      for (let i = 0; i < 20; i++) {
        const status = await registerFrom(proxied, `100.64.1.${client + 1}`);
        if (status === 201) created++;
        else if (i === 0) refusedFresh++;
      }
    }
    expect(created).toBe(600);
    // The 31st client was refused on its very first try: the overall cap, not its own.
    expect(refusedFresh).toBe(1);
  });

  it('keeps agent sign-up open to other clients, and capped per address', async () => {
    const flood: number[] = [];
    for (let i = 0; i < 11; i++) flood.push(await signupFrom(proxied, `bot${i}@example.com`, '203.0.113.11'));
    expect(flood.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(flood[10]).toBe(429);
    expect(await signupFrom(proxied, 'fresh@example.com', '198.51.100.11')).toBe(200);
    const perAddress: number[] = [];
    for (let i = 0; i < 4; i++) perAddress.push(await signupFrom(proxied, 'same@example.com', `192.0.2.${i + 50}`));
    expect(perAddress).toEqual([200, 200, 200, 429]);
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-For: a client cannot escape its limit by naming other addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push(await signin(direct, `j${i}@example.com`, `198.51.100.${i + 1}`));
    expect(statuses.slice(0, 30).every((s) => s === 303)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('refuses a trusted proxy that is not an IP address', () => {
    expect(() => loadConfig({ GREENROOM_TRUSTED_PROXY: 'proxy.internal' })).toThrow(ConfigError);
    expect(loadConfig({ GREENROOM_TRUSTED_PROXY: '10.0.0.2, ::1' }).trustedProxies).toEqual(['10.0.0.2', '::1']);
  });
});
