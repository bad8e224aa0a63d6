import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

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
