import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';
import { http } from '../support/clients.js';
import { onPostgres } from '../support/pg.js';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

describe('rate limits per token and per kind', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_RATE_READ: '3', GREENROOM_RATE_WRITE: '2' });
  });
  afterAll(() => w.close());

  it('answers 429 rate_limited with Retry-After past the limit, per kind and per token, and recovers next window', async () => {
    for (let i = 0; i < 3; i++) expect((await w.get('/whoami', { key: w.user.keys.read })).status).toBe(200);
    const limited = await w.get('/whoami', { key: w.user.keys.read });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same user has its own budget; write calls have theirs.
    expect((await w.get('/whoami', { key: w.user.keys.readWrite })).status).toBe(200);
    expect((await w.post('/campaigns', { name: 'a' }, { key: w.user.keys.readWrite })).status).toBe(200);
    expect((await w.post('/campaigns', { name: 'b' }, { key: w.user.keys.readWrite })).status).toBe(200);
    expect((await w.post('/campaigns', { name: 'c' }, { key: w.user.keys.readWrite })).status).toBe(429);
    w.clock.advance(60_000);
    expect((await w.get('/whoami', { key: w.user.keys.read })).status).toBe(200);
  });

  it('reports rate_limited through MCP too', async () => {
    let last;
    for (let i = 0; i < 4; i++) last = await w.tool('whoami');
    expect(last?.error?.code).toBe('rate_limited');
  });
});

describe('rate limits across processes on one database', () => {
  let a: ServeChild;
  let b: ServeChild;
  beforeAll(async () => {
    a = await startServeChild({ GREENROOM_RATE_READ: '4' });
    b = await startServeChild({ GREENROOM_RATE_READ: '4' }, a);
  }, 60_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it(onPostgres ? 'counts one budget per key whichever process serves the call (PostgreSQL)' : 'counts per process on SQLite', async () => {
    const whoami = async (p: ServeChild) => (await http(p.base, 'GET', '/whoami', { key: a.key })).status;
    // The five calls fall in one window of the servers' clock: not in a minute's last seconds.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    for (let i = 0; i < 3; i++) expect(await whoami(a)).toBe(200);
    expect(await whoami(b)).toBe(200);
    // The key's fifth read call in this minute: over the limit of 4 when the processes share counters.
    expect(await whoami(b)).toBe(onPostgres ? 429 : 200);
    expect(await whoami(a)).toBe(onPostgres ? 429 : 200);
  });
});
