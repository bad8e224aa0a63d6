import fs from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fictionalSpeakers } from '../../src/core/fictional-speakers.js';
import { speakerCards } from '../../src/demo/site.js';
import { HostPacer } from '../../src/scrape/pacer.js';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

const PACING_MS = 500; // the default of GREENROOM_SCRAPE_PACING_MS, which the process below does not set
const fixtures = path.resolve(import.meta.dirname, '../fixtures/scrape/pretalx');

describe('the per-host pacer', () => {
  /** Time moves only to the next sleeper's wake-up: the pacer's decisions, without timer noise. */
  function manualClock() {
    let t = 1_000;
    const sleepers: Array<{ at: number; wake: () => void }> = [];
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return {
      now: () => t,
      sleep: (ms: number) => new Promise<void>((wake) => void sleepers.push({ at: t + ms, wake })),
      advance: (ms: number) => void (t += ms),
      async runAll() {
        for (await settle(); sleepers.length > 0; await settle()) {
          sleepers.sort((a, b) => a.at - b.at);
          const next = sleepers.shift() as { at: number; wake: () => void };
          t = Math.max(t, next.at);
          next.wake();
        }
      },
    };
  }

  it('starts concurrent callers for one host the gap apart, and another host at once', async () => {
    const clock = manualClock();
    const pacer = new HostPacer(60, clock);
    const starts: number[] = [];
    const waits = Array.from({ length: 4 }, () => pacer.wait('a.example').then(() => void starts.push(clock.now())));
    let other = 0;
    waits.push(pacer.wait('b.example').then(() => void (other = clock.now())));
    await clock.runAll();
    await Promise.all(waits);
    expect(starts).toEqual([1_000, 1_060, 1_120, 1_180]);
    expect(other).toBe(1_000);
  });

  it('pushes the next request back when the previous one left late', async () => {
    const clock = manualClock();
    const pacer = new HostPacer(100, clock);
    await pacer.wait('a.example');
    clock.advance(30); // connecting took 30 ms
    pacer.sent('a.example');
    const sentAt = clock.now();
    const next = pacer.wait('a.example');
    await clock.runAll();
    await next;
    expect(clock.now() - sentAt).toBe(100);
  });

  it('does not wait at all with a gap of zero', async () => {
    const clock = manualClock();
    const pacer = new HostPacer(0, clock);
    for (let i = 0; i < 5; i++) await pacer.wait('a.example');
    expect(clock.now()).toBe(1_000);
  });
});

/**
 * A conference host, in a process of its own so that the test's own work cannot delay
 * its clock, that records when each request arrived: nine card pages, a pretalx API
 * list whose extractor makes three follow-up fetches, and a page that never answers.
 */
const SITE = String.raw`
import http from 'node:http';
const [pages, api] = JSON.parse(process.argv[1]);
const arrivals = [];
const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (url === '/__arrivals') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(arrivals));
  arrivals.push({ at: performance.now(), url });
  if (pages[url]) return res.writeHead(200, { 'content-type': 'text/html' }).end(pages[url]);
  if (api[url]) return res.writeHead(200, { 'content-type': 'application/json' }).end(api[url].replaceAll('https://pretalx.example', 'http://' + req.headers.host));
  if (url === '/hang') return; // never answers
  res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\n'));
`;

async function recordingSite() {
  const people = fictionalSpeakers(50);
  const pages = Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`/p${n}`, speakerCards(people.slice(n * 5, n * 5 + 5), `Track ${n}`)]));
  const json = (file: string) => fs.readFileSync(path.join(fixtures, file), 'utf8');
  const api = {
    '/api/events/fictconf24/speakers/': json('speakers-page1.json'),
    '/api/events/fictconf24/speakers/?page=2': json('speakers-page2.json'),
    '/api/events/fictconf24/submissions/': json('submissions-page1.json'),
    '/api/events/fictconf24/submissions/?page=2': json('submissions-page2.json'),
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', SITE, JSON.stringify([pages, api])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  const origin = `http://127.0.0.1:${port}`;
  return {
    host: `127.0.0.1:${port}`,
    url: (p: string) => origin + p,
    arrivals: async () => (await (await fetch(`${origin}/__arrivals`)).json()) as Array<{ at: number; url: string }>,
    close: async () => void child.kill(),
  };
}

describe('pacing through greenroom serve, across runs', () => {
  let site: Awaited<ReturnType<typeof recordingSite>>;
  let serve: ServeChild;
  beforeAll(async () => {
    site = await recordingSite();
    serve = await startServeChild({
      GREENROOM_SCHEDULER: 'true',
      GREENROOM_ALLOW_HOSTS: site.host,
      GREENROOM_SCHEDULER_INTERVAL_MS: '50',
      GREENROOM_FETCH_TIMEOUT_MS: '1500',
    });
  });
  afterAll(async () => {
    await serve?.stop();
    await site?.close();
  });

  const api = async (method: 'GET' | 'POST', p: string, body?: unknown) => {
    const res = await fetch(`${serve.base}/api/public/v1${p}`, {
      method,
      headers: { authorization: `Bearer ${serve.key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { ok: boolean; data: any };
  };

  async function campaign(name: string, paths: string[]): Promise<string> {
    const created = await api('POST', '/campaigns', { name, conference_url: site.url(paths[0] as string), auto_start: true });
    expect(created.ok).toBe(true);
    for (const p of paths.slice(1)) expect((await api('POST', `/campaigns/${created.data.campaign_id}/conference-urls`, { url: site.url(p) })).ok).toBe(true);
    return created.data.campaign_id;
  }

  async function finished(campaignId: string, deadline: number) {
    for (;;) {
      const status = await api('GET', `/campaigns/${campaignId}/runs/latest`);
      if (status.data.run?.status !== 'queued' && status.data.run?.status !== 'running') return status.data;
      if (Date.now() > deadline) throw new Error(`run still ${status.data.run?.status} at ${status.data.run?.stage}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('sends every request to one host, pages and follow-ups, at least the pacing apart', async () => {
    const a = await campaign('Pacing A', ['/p1', '/p2', '/p3', '/p4', '/api/events/fictconf24/speakers/', '/hang']);
    const b = await campaign('Pacing B', ['/p5', '/p6', '/p7', '/p8', '/p9']);
    const deadline = Date.now() + 90_000;
    const [doneA, doneB] = [await finished(a, deadline), await finished(b, deadline)];

    const arrivals = await site.arrivals();
    const urls = arrivals.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/p1', '/p9', '/hang', '/api/events/fictconf24/speakers/?page=2', '/api/events/fictconf24/submissions/?page=2']),
    );
    expect(arrivals.length).toBeGreaterThanOrEqual(14);
    const gaps = arrivals.slice(1).map((r, i) => r.at - (arrivals[i] as { at: number }).at);
    // The host stamps a request when its own event loop gets to it: on a loaded machine one
    // stamp can come late, which lengthens one gap and shortens the next by the same amount.
    // Two stamps in a row can come late, each by a little more. So every gap must be near the
    // pacing, and a gap short of it must be made up by the few before it: the stamps of a window
    // of n gaps ending at it lie at least n times the pacing apart.
    const shown = `gaps in ms: ${gaps.map((g) => g.toFixed(0)).join(', ')}`;
    expect(Math.min(...gaps), shown).toBeGreaterThanOrEqual(PACING_MS * 0.8);
    const madeUp = (i: number) => [2, 3, 4].some((n) => i + 1 >= n && gaps.slice(i + 1 - n, i + 1).reduce((sum, g) => sum + g, 0) >= n * PACING_MS - 5);
    const unexplained = gaps.filter((g, i) => g < PACING_MS - 5 && !madeUp(i));
    expect(unexplained, shown).toEqual([]);

    const byUrl = (d: { conference_urls: Array<{ url: string; status: string; error: string | null }> }) =>
      new Map(d.conference_urls.map((u) => [new URL(u.url).pathname, u]));
    const pagesA = byUrl(doneA);
    expect(pagesA.get('/hang')).toMatchObject({ status: 'failed', error: expect.stringMatching(/timed out after 1500 ms/) });
    expect(pagesA.get('/api/events/fictconf24/speakers/')).toMatchObject({ status: 'done' });
    for (const p of ['/p1', '/p2', '/p3', '/p4']) expect(pagesA.get(p)?.status, p).toBe('done');
    for (const u of doneB.conference_urls) expect(u.status, u.url).toBe('done');
    expect(doneA.counts.speakers).toBeGreaterThan(20);
  }, 120_000);
});
