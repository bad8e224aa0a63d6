import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startDoors, type Doors } from './support.js';
import { authorizeUrl, pkce } from './oauth-support.js';

/**
 * Anonymous GET /oauth/authorize with a URL client_id makes the server fetch a client
 * metadata document. A loopback document host (allowlisted) counts the fetches.
 */
let d: Doors;
let cimd: http.Server;
let cimdBase: string;
const fetched = new Map<string, number>();
const CALLBACK = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  const port = await freePort();
  cimdBase = `http://127.0.0.1:${port}`;
  cimd = http.createServer((req, res) => {
    fetched.set(req.url ?? '', (fetched.get(req.url ?? '') ?? 0) + 1);
    if (req.url?.startsWith('/good/')) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ client_id: `${cimdBase}${req.url}`, client_name: 'Good', redirect_uris: [CALLBACK] }));
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    }
  });
  await new Promise<void>((resolve) => cimd.listen(port, '127.0.0.1', resolve));
  d = await startDoors({ GREENROOM_ALLOW_HOSTS: `127.0.0.1:${port}`, GREENROOM_TRUSTED_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await d.stop();
  await new Promise((r) => cimd.close(r));
});

const total = (): number => [...fetched.values()].reduce((a, b) => a + b, 0);

/** An anonymous authorization request from the given client address; the page's message. */
async function authorize(clientId: string, from: string): Promise<{ status: number; message: string }> {
  const { challenge } = pkce();
  const res = await fetch(
    new URL(
      authorizeUrl(d.base, { response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: 'S256' }),
      d.base,
    ),
    {
      redirect: 'manual',
      headers: { 'x-forwarded-for': from },
    },
  );
  const html = await res.text();
  return { status: res.status, message: /role="alert">([^<]*)</.exec(html)?.[1] ?? '' };
}

describe('client metadata documents fetched for anonymous requests', () => {
  it('keeps a failed fetch briefly, so repeating the request fetches nothing', async () => {
    const url = `${cimdBase}/missing/one.json`;
    for (let i = 0; i < 5; i++) expect((await authorize(url, '203.0.113.20')).status).toBe(400);
    expect(fetched.get('/missing/one.json')).toBe(1);
    d.clock.advance(10 * 60_000);
    expect((await authorize(url, '203.0.113.20')).status).toBe(400);
    expect(fetched.get('/missing/one.json')).toBe(2);
  });

  it('fetches only so many documents for one client address, and still for another', async () => {
    d.clock.advance(60 * 60_000);
    const before = total();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await authorize(`${cimdBase}/missing/flood-${i}.json`, '203.0.113.21')).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(total() - before).toBe(20);
    const refused = await authorize(`${cimdBase}/good/late.json`, '203.0.113.21');
    expect(refused.status).toBe(400);
    expect(fetched.get('/good/late.json')).toBeUndefined();
    // Another client is not held to the first one's budget.
    const other = await authorize(`${cimdBase}/good/other.json`, '198.51.100.21');
    expect(other.status).toBe(303);
    expect(fetched.get('/good/other.json')).toBe(1);
    // The budget is spent by fetches only: a document kept from before is served.
    expect((await authorize(`${cimdBase}/good/other.json`, '203.0.113.21')).status).toBe(303);
  });

  it('gives one message for every address it will not fetch from', async () => {
    const messages = new Set<string>();
    for (const url of [
      'https://10.1.2.3/client.json',
      'https://db.internal/client.json',
      'https://nothing-here.invalid/client.json',
      'https://[::1]/client.json',
    ]) {
      const res = await authorize(url, '192.0.2.77');
      expect(res.status, url).toBe(400);
      messages.add(res.message);
    }
    expect(messages.size, [...messages].join(' | ')).toBe(1);
    expect([...messages][0]).not.toMatch(/private|reserved|resolve|IP address|internal/i);
  });
});
