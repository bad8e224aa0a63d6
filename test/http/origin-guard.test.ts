import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';
import { INITIALIZE, MCP_HEADERS, portOf, rawRequest } from './raw.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
const EVIL = 'evil.example.com';

describe('Host and Origin checks while bound to loopback (DNS rebinding)', () => {
  let w: World;
  let port: number;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_ALLOWED_ORIGINS: 'https://app.example.com, http://tools.example.com:8080/' });
    port = portOf(w.base);
    campaignId = (await w.tool('create_campaign', { name: 'Guarded' })).data.campaign_id;
  });
  afterAll(() => w.close());

  const auth = () => ({ authorization: `Bearer ${w.user.keys.all}` });
  const initialize = (headers: Record<string, string>) =>
    rawRequest(port, { method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, ...auth(), ...headers }, body: INITIALIZE });

  it('refuses /mcp from a rebound name with 403 and a JSON-RPC error, even with a valid key', async () => {
    const r = await initialize({ host: EVIL, origin: `http://${EVIL}` });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: `Invalid Host header: ${EVIL}` }, id: null });
    const hostOnly = await initialize({ host: `${EVIL}:${port}` });
    expect(hostOnly.status).toBe(403);
  });

  it('refuses a foreign Origin even when Host is loopback', async () => {
    const r = await initialize({ host: `127.0.0.1:${port}`, origin: `http://${EVIL}` });
    expect(r.status).toBe(403);
    expect(r.json.error).toEqual({ code: -32000, message: `Invalid Origin header: http://${EVIL}` });
    expect((await initialize({ origin: 'null' })).status).toBe(403);
  });

  it('accepts loopback names with any port, loopback origins, and the configured origins', async () => {
    const accepted: Record<string, string>[] = [
      {},
      { host: `localhost:${port}` },
      { host: `[::1]:${port}` },
      { host: 'LOCALHOST' },
      { origin: 'http://localhost:5173' },
      { origin: `http://127.0.0.1:${port}` },
      { origin: 'https://app.example.com' },
      { origin: 'http://tools.example.com:8080' },
    ];
    for (const headers of accepted) {
      const r = await initialize(headers);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.json.result.serverInfo.name).toBe('greenroom');
    }
    expect((await initialize({ origin: 'https://app.example.com:8443' })).status).toBe(403);
    expect((await initialize({ origin: 'http://app.example.com' })).status).toBe(403);
  });

  it('guards the REST API with the envelope, naming the operation', async () => {
    const r = await rawRequest(port, { path: '/api/public/v1/whoami', headers: { ...auth(), host: EVIL } });
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ ok: false, tool: 'whoami', kind: 'read', data: null, error: { code: 'invalid_request' } });
    expect(r.json.error.message).toMatch(/Invalid Host header/);
    const post = await rawRequest(port, {
      method: 'POST',
      path: '/api/public/v1/campaigns',
      headers: { ...auth(), 'content-type': 'application/json', origin: `https://${EVIL}` },
      body: JSON.stringify({ name: 'From a foreign page' }),
    });
    expect(post.status).toBe(403);
    expect(post.json).toMatchObject({ ok: false, tool: 'create_campaign', kind: 'write', error: { code: 'invalid_request' } });
    expect((await w.tool('list_campaigns')).data.items.map((c: { name: string }) => c.name)).not.toContain('From a foreign page');
    const unknown = await rawRequest(port, { path: '/nowhere', headers: { host: EVIL } });
    expect(unknown.json).toMatchObject({ ok: false, tool: 'unknown', kind: 'read' });
  });

  it('guards the event stream', async () => {
    const r = await rawRequest(port, { path: `/api/public/v1/campaigns/${campaignId}/events`, headers: { ...auth(), origin: `http://${EVIL}` } });
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ ok: false, tool: 'stream_campaign_events', kind: 'read', error: { code: 'invalid_request' } });
  });
});

describe('Host and Origin checks with a public URL, and when not bound to loopback', () => {
  it('allows the public URL’s own origin and host behind a reverse proxy on loopback', async () => {
    const w = await makeWorld({ GREENROOM_PUBLIC_URL: 'https://greenroom.example.com' });
    try {
      const port = portOf(w.base);
      const headers = { authorization: `Bearer ${w.user.keys.read}`, host: 'greenroom.example.com', origin: 'https://greenroom.example.com' };
      expect((await rawRequest(port, { path: '/api/public/v1/whoami', headers })).status).toBe(200);
      expect((await rawRequest(port, { path: '/api/public/v1/whoami', headers: { ...headers, host: EVIL } })).status).toBe(403);
    } finally {
      await w.close();
    }
  });

  it('checks Origin but not Host on a wildcard bind', async () => {
    const w = await makeWorld({ GREENROOM_HOST: '0.0.0.0' });
    try {
      const port = portOf(w.base);
      const headers = { authorization: `Bearer ${w.user.keys.read}`, host: 'greenroom.lan:8787' };
      expect((await rawRequest(port, { path: '/api/public/v1/whoami', headers })).status).toBe(200);
      expect((await rawRequest(port, { path: '/api/public/v1/whoami', headers: { ...headers, origin: `http://${EVIL}` } })).status).toBe(403);
      // Loopback origins are trusted only while the server itself is loopback-only.
      expect((await rawRequest(port, { path: '/api/public/v1/whoami', headers: { ...headers, origin: 'http://localhost:3000' } })).status).toBe(403);
    } finally {
      await w.close();
    }
  });

  it('stops start-up on a GREENROOM_ALLOWED_ORIGINS entry that is not an origin', () => {
    const run = spawnSync(process.execPath, [bin, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        GREENROOM_DB: ':memory:',
        GREENROOM_PORT: '0',
        GREENROOM_ALLOWED_ORIGINS: 'https://ok.example.com,https://app.example.com/path',
      },
      encoding: 'utf8',
      // A server that ignores the setting would start and serve on.
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/GREENROOM_ALLOWED_ORIGINS: "https:\/\/app.example.com\/path" is not an origin/);
  });
});
