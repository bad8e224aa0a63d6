/**
 * The soak: `greenroom serve` (its own process, scheduler and webhook worker on) under a
 * bounded mixed load on loopback for SOAK_MINUTES (default 20): reads and writes over
 * the HTTP API and /mcp, a pipeline run every minute (a new campaign on a loopback
 * conference page, auto-started), every event delivered to a loopback webhook receiver,
 * and live event streams held open. Prints the errors, the p99 of reads minute by
 * minute, and serve's RSS at the checkpoint (five minutes, or half a shorter soak) and at
 * the end. Run it by name: `node dist/bench/run.js soak`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { createUser } from '../src/core/users.js';
import { createApiKey } from '../src/core/keys.js';
import { createWebhook } from '../src/core/webhooks.js';
import { fictionalSpeakers } from '../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../src/demo/site.js';
import { fmt, spawnServer, type BenchResult } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../../bin/greenroom');

/** Calls a second across all kinds; the load is bounded, not a flood. */
const CALLS_PER_SECOND = 40;
const STREAMS = 4;
const SPEAKERS_PER_RUN = 200;

interface Sample {
  minute: number;
  ms: number;
}

export async function run(minutes = Number(process.env.SOAK_MINUTES ?? 20)): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-soak-'));
  const dbPath = path.join(dir, 'soak.db');
  const receiver = await spawnServer([path.join(here, 'webhook-receiver.js')], {}, /listening (\d+)/);
  const site = await startSite({ '/api/v2/soak/view/All': { contentType: 'application/json', body: sessionizeAll(fictionalSpeakers(SPEAKERS_PER_RUN)) } });
  const allowHosts = `${site.host},127.0.0.1:${receiver.port}`;
  const key = await seed(dbPath, allowHosts, receiver.port);
  const env = {
    GREENROOM_DB: dbPath,
    GREENROOM_PORT: '0',
    GREENROOM_SCHEDULER: 'true',
    GREENROOM_ALLOW_HOSTS: allowHosts,
    GREENROOM_SCRAPE_PACING_MS: '0',
    GREENROOM_RATE_READ: '100000000',
    GREENROOM_RATE_WRITE: '100000000',
  };
  const serve = await spawnServer([bin, 'serve'], env, /serving on http:\/\/[^:]+:(\d+)/);
  const base = `http://127.0.0.1:${serve.port}`;
  const auth = { authorization: `Bearer ${key}` };
  const reads: Sample[] = [];
  const errors: string[] = [];
  const rss: Array<{ minute: number; mb: number }> = [];
  const started = performance.now();
  const minuteNow = () => Math.floor((performance.now() - started) / 60_000);
  const streams: http.ClientRequest[] = [];
  let runs = 0;
  try {
    const api = async (method: string, route: string, body?: unknown): Promise<{ status: number; json: { ok: boolean; data: Record<string, unknown> } }> => {
      const res = await fetch(`${base}/api/public/v1${route}`, {
        method,
        headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as { ok: boolean; data: Record<string, unknown> } };
    };
    const mcp = async (name: string, args: Record<string, unknown>): Promise<number> => {
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      const body = (await res.json()) as { result?: { isError?: boolean } };
      return res.status === 200 && body.result?.isError === false ? 200 : res.status === 200 ? 422 : res.status;
    };
    const startRun = async () => {
      const r = await api('POST', '/campaigns', {
        name: `Soak ${runs + 1}`,
        pitch: 'We help platform teams ship faster.',
        cta: 'Open to a short call?',
        conference_url: site.url('/api/v2/soak/view/All'),
        auto_start: true,
      });
      if (r.status !== 200) throw new Error(`create_campaign answered ${r.status}`);
      runs++;
      return r.json.data.campaign_id as string;
    };
    const first = await startRun();
    let lastRunAt = performance.now();
    for (let i = 0; i < STREAMS; i++) streams.push(openStream(`${base}/api/public/v1/campaigns/${first}/events`, key, (e) => errors.push(`stream: ${e}`)));
    const campaigns = [first];
    const timed = async (label: string, read: boolean, call: () => Promise<number>) => {
      const t = performance.now();
      try {
        const status = await call();
        if (status !== 200) errors.push(`${label}: ${status}`);
        if (read) reads.push({ minute: minuteNow(), ms: performance.now() - t });
      } catch (e) {
        errors.push(`${label}: ${(e as Error).message}`);
      }
    };
    const calls: Array<() => Promise<void>> = [
      () => timed('get_campaign (API)', true, async () => (await api('GET', `/campaigns/${pick(campaigns)}`)).status),
      () => timed('list_campaigns (API)', true, async () => (await api('GET', '/campaigns?limit=20')).status),
      () => timed('get_campaign (/mcp)', true, () => mcp('get_campaign', { campaign_id: pick(campaigns) })),
      () => timed('campaign_stats (/mcp)', true, () => mcp('campaign_stats', { campaign_id: pick(campaigns) })),
      () =>
        timed(
          'update_campaign (API)',
          false,
          async () => (await api('POST', `/campaigns/${pick(campaigns)}`, { tone: pick(['friendly', 'formal', 'casual']) })).status,
        ),
      () =>
        timed('update_campaign (/mcp)', false, () =>
          mcp('update_campaign', { campaign_id: pick(campaigns), positioning: `Observability, round ${reads.length}` }),
        ),
    ];
    const end = started + minutes * 60_000;
    const checkpoint = Math.min(5, minutes / 2);
    let nextRss = 1;
    const inFlight = new Set<Promise<void>>();
    for (let n = 0; performance.now() < end; n++) {
      if (performance.now() - lastRunAt >= 60_000) {
        lastRunAt = performance.now();
        campaigns.push(await startRun());
      }
      if ((performance.now() - started) / 60_000 >= nextRss) {
        rss.push({ minute: nextRss, mb: rssMb(serve.child.pid as number) });
        nextRss++;
      }
      const p = (calls[n % calls.length] as () => Promise<void>)();
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      await new Promise((r) => setTimeout(r, 1000 / CALLS_PER_SECOND));
    }
    await Promise.all(inFlight);
    const endRss = rssMb(serve.child.pid as number);
    const delivered = (await (await fetch(`http://127.0.0.1:${receiver.port}/count`)).json()) as { received: number };
    const atCheckpoint = rss.find((r) => r.minute >= checkpoint)?.mb ?? rss[0]?.mb ?? endRss;
    const p99s = [...new Set(reads.map((r) => r.minute))]
      .sort((a, b) => a - b)
      .map((m) => ({ minute: m, p99: p99(reads.filter((r) => r.minute === m).map((r) => r.ms)) }));
    const early = p99(reads.filter((r) => r.minute < checkpoint).map((r) => r.ms));
    const late = p99(reads.filter((r) => r.minute >= minutes - checkpoint).map((r) => r.ms));
    const load = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    if (errors.length) process.stderr.write(`soak errors (first 20 of ${errors.length}):\n${errors.slice(0, 20).join('\n')}\n`);
    return [
      {
        name: `soak, ${minutes} min at ${CALLS_PER_SECOND} calls/s (${reads.length} reads), ${runs} pipeline runs, ${delivered.received} webhook deliveries, ${STREAMS} event streams open`,
        value: errors.length,
        unit: `errors (load average ${load})`,
        target: 'none',
        pass: errors.length === 0,
      },
      {
        name: 'soak, p99 of reads by minute',
        value: late,
        unit: `ms in the last ${checkpoint} min, ${fmt(early, 1)} ms in the first (${p99s.map((p) => `${p.minute}: ${fmt(p.p99, 1)}`).join(', ')})`,
        target: 'steady: last ≤ 1.5 × first',
        pass: late <= early * 1.5,
      },
      {
        name: 'soak, serve RSS at the end',
        value: endRss,
        unit: `MB (${fmt(atCheckpoint)} MB after ${checkpoint} min; by minute ${rss.map((r) => r.mb).join(', ')})`,
        target: `within 10% of the RSS after ${checkpoint} min`,
        pass: endRss <= atCheckpoint * 1.1,
      },
    ];
  } finally {
    for (const s of streams) s.destroy();
    for (const { child } of [serve, receiver]) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The owner with an API key, credits for every run, and a webhook to the receiver for every event. */
async function seed(dbPath: string, allowHosts: string, receiverPort: number): Promise<string> {
  const config = loadConfig({}, { GREENROOM_DB: dbPath, GREENROOM_LOG_LEVEL: 'silent', GREENROOM_ALLOW_HOSTS: allowHosts });
  const inst = await openInstance(config, { logger: createLogger('silent') });
  const user = await createUser(inst.db, inst, {
    email: 'soak@example.com',
    name: 'Soak',
    role: 'owner',
    grant: 10_000_000,
    profile: {
      pitch: 'We help platform teams ship faster.',
      cta: 'Open to a short call?',
      your_name: 'Sam Rivera',
      your_role: 'Founder',
      icp: { titles: ['CTO', 'VP Engineering', 'Staff Engineer'], seniority: [], industries: [], keywords: ['platform'], exclusions: [], competitors: [] },
    },
  });
  const { key } = await createApiKey(inst.db, inst, { userId: user.user_id, name: 'soak', scopes: ['read', 'write'] });
  const principal = { userId: user.user_id, scopes: ['read', 'write'] as const, tokenId: 'soak', tokenKind: 'api_key' as const, tokenName: 'soak' };
  await createWebhook({ ...inst, principal }, { url: `http://127.0.0.1:${receiverPort}/hook` });
  await inst.close();
  return key;
}

/** A live event stream held open; a stream that ends or fails early is an error. */
function openStream(url: string, key: string, fail: (why: string) => void): http.ClientRequest {
  let closing = false;
  const req = http.get(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) fail(`status ${res.statusCode}`);
    res.resume();
    res.on('end', () => {
      if (!closing) fail('ended');
    });
  });
  req.on('error', (e) => {
    if (!closing) fail(e.message);
  });
  const destroy = req.destroy.bind(req);
  req.destroy = (err?: Error) => {
    closing = true;
    return destroy(err);
  };
  return req;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m?.[1] ?? 0) / 1024);
}

function p99(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
