import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/core/keys.js';
import { makeWorld, type World } from '../support/world.js';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

/** Opens an event stream, waits for its first event, and resolves when the server ends it. */
async function openStream(url: string, key: string): Promise<{ ended: Promise<number> }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let seen = '';
  while (!seen.includes('event: snapshot')) {
    const { done, value } = await reader.read();
    if (done) throw new Error('stream ended before its snapshot');
    seen += Buffer.from(value).toString('utf8');
  }
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read().catch(() => ({ done: true }));
      if (done) return Date.now();
    }
  })();
  return { ended };
}

const timeout = (ms: number) => new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms).unref());

describe('an open event stream whose key is revoked', () => {
  let w: World;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeWorld();
    campaignId = (await w.tool('create_campaign', { name: 'Watched' })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('ends within a few seconds of a revocation in the serving process', async () => {
    const { key, info } = await createApiKey(w.instance.db, w.instance, { userId: w.user.userId, name: 'stream', scopes: ['read'] });
    const stream = await openStream(`${w.base}/api/public/v1/campaigns/${campaignId}/events`, key);
    // An unrevoked key keeps its stream open past several polls.
    expect(await Promise.race([stream.ended, timeout(2_500)])).toBe('still open');
    const revokedAt = Date.now();
    await revokeApiKey(w.instance.db, w.instance.clock, info.key_id);
    const end = await Promise.race([stream.ended, timeout(15_000)]);
    expect(end).not.toBe('still open');
    expect((end as number) - revokedAt).toBeLessThan(15_000);
  });
});

describe('greenroom serve, with the key revoked by `greenroom keys revoke`', () => {
  let serve: ServeChild;
  beforeAll(async () => {
    serve = await startServeChild();
  });
  afterAll(() => serve?.stop());

  it('ends the open stream once the revocation is seen (key cache of 5 s, poll of 1 s)', async () => {
    const created = await fetch(`${serve.base}/api/public/v1/campaigns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${serve.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Watched from afar' }),
    });
    const campaignId = ((await created.json()) as { data: { campaign_id: string } }).data.campaign_id;
    const minted = serve.cli('keys', 'create', '--scopes', 'read', '--name', 'stream');
    expect(minted.code, minted.err).toBe(0);
    const key = minted.out.trim();
    const stream = await openStream(`${serve.base}/api/public/v1/campaigns/${campaignId}/events`, key);
    const revokedAt = Date.now();
    expect(serve.cli('keys', 'revoke', key.slice(0, 10)).out).toMatch(/revoked/);
    const end = await Promise.race([stream.ended, timeout(30_000)]);
    expect(end, 'the stream was still open 30 s after the revocation').not.toBe('still open');
    expect((end as number) - revokedAt).toBeLessThan(30_000);
  }, 60_000);
});
