import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../db/dialect.js';
import { makeWorld, type World } from '../support/world.js';

const dist = path.resolve(import.meta.dirname, '../../dist');

/** Writes one event from a separate node process, through the built emitEvent and openDb. */
async function emitElsewhere(target: string, campaignId: string): Promise<void> {
  const script = `
    const { openDb } = await import(${JSON.stringify(`${dist}/db/index.js`)});
    const { emitEvent } = await import(${JSON.stringify(`${dist}/src/core/events.js`)});
    const opened = openDb(process.env.TARGET);
    await emitEvent(opened.db, { campaignId: process.env.CAMPAIGN, runId: null, type: 'run.progress', data: { stage: 'scrape', done: 0, total: 1 }, at: new Date() });
    await opened.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', TARGET: target, CAMPAIGN: campaignId },
  });
}

/** Reads an event stream until `event: <type>` arrives; resolves with the time it did. */
async function waitForEvent(url: string, key: string, type: string, opened: () => void): Promise<number> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let seen = '';
  let snapshot = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`stream ended before ${type}`);
    seen += Buffer.from(value).toString('utf8');
    if (!snapshot && seen.includes('event: snapshot')) {
      snapshot = true;
      opened();
    }
    if (seen.includes(`event: ${type}`)) {
      await reader.cancel();
      return Date.now();
    }
  }
}

describe('a live stream and an event written by another process', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  it('wakes at once on PostgreSQL (NOTIFY), within the one-second poll on SQLite', async () => {
    const campaignId = (await w.tool('create_campaign', { name: 'Watched elsewhere' })).data.campaign_id as string;
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    const arrived = waitForEvent(`${w.base}/api/public/v1/campaigns/${campaignId}/events`, w.user.keys.read, 'run.progress', opened);
    await ready;
    // Let the stream settle into its wait, so only a wake-up (or the poll) can deliver.
    await new Promise((r) => setTimeout(r, 300));
    // Starting a node process takes time of its own: the gap is measured from when it is done.
    await emitElsewhere(w.dbEnv.GREENROOM_DATABASE_URL ?? w.dbPath, campaignId);
    const writtenAt = Date.now();
    const gap = (await arrived) - writtenAt;
    // PostgreSQL's fallback poll is 10 s: only the notification brings it this soon.
    expect(gap).toBeLessThan(isPostgres(w.instance.db) ? 3_000 : 5_000);
  }, 60_000);
});
