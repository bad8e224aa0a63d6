import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { benchOwner } from './owner.js';
import { createApiKey } from '../src/core/keys.js';
import { insertCampaign } from '../src/core/campaigns.js';
import { startRun } from '../src/core/runs.js';
import { campaignStats } from '../src/core/stats.js';
import { fictionalSpeakers } from '../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../src/demo/site.js';
import { Scheduler } from '../src/pipeline/scheduler.js';
import { fmt, spawnServer, type BenchResult } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../../bin/greenroom');

const SPEAKERS = 60;
const REWRITES = 30;
const INSTRUCTIONS = ['make it shorter', 'make it more formal', 'make it more casual', 'mention their talk', 'remove the links'];

/**
 * Other callers while rewrites run: 30 whole-campaign request_rewrite calls at once on a
 * campaign of 60 speakers, against `greenroom serve` in its own process, while one client
 * reads get_campaign back to back. The figure is the p99 of those reads, beside the
 * same reads on an idle server.
 */
export async function run(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-rewrite-'));
  const dbPath = path.join(dir, 'bench.db');
  try {
    const { key, campaignId, drafted } = await seed(dbPath);
    const env = {
      GREENROOM_DB: dbPath,
      GREENROOM_PORT: '0',
      GREENROOM_RATE_READ: '100000000',
      GREENROOM_RATE_WRITE: '100000000',
      GREENROOM_LOG_LEVEL: 'warn',
      GREENROOM_SCHEDULER: 'false',
    };
    const { child, port } = await spawnServer([bin, 'serve'], env, /serving on http:\/\/[^:]+:(\d+)/);
    try {
      const api = `http://127.0.0.1:${port}/api/public/v1`;
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const read = async () => {
        const t = performance.now();
        const res = await fetch(`${api}/campaigns/${campaignId}`, { headers });
        if (res.status !== 200) throw new Error(`get_campaign answered ${res.status}`);
        await res.arrayBuffer();
        return performance.now() - t;
      };
      for (let i = 0; i < 200; i++) await read(); // warm-up (JIT, page cache), not counted
      const idle = await readFor(read, 2000);
      const started = performance.now();
      let running = REWRITES;
      const rewrites = Array.from({ length: REWRITES }, async (_, i) => {
        const body = JSON.stringify({ instruction: INSTRUCTIONS[i % INSTRUCTIONS.length] });
        const res = await fetch(`${api}/campaigns/${campaignId}/rewrites`, { method: 'POST', headers, body });
        if (res.status !== 200) throw new Error(`request_rewrite answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
        running--;
      });
      const busy: number[] = [];
      while (running > 0) busy.push(await read());
      await Promise.all(rewrites);
      const seconds = (performance.now() - started) / 1000;
      const p99 = percentile(busy, 0.99);
      return [
        { name: 'get_campaign p99, idle server', value: percentile(idle, 0.99), unit: `ms (${idle.length} reads)`, target: 'reference', pass: true },
        {
          name: `get_campaign p99 while ${REWRITES} request_rewrite run on ${SPEAKERS} speakers (${drafted} drafted)`,
          value: p99,
          unit: `ms (${busy.length} reads, max ${fmt(Math.max(...busy), 1)} ms; rewrites took ${fmt(seconds, 1)} s)`,
          target: '< 100 ms',
          pass: p99 < 100,
        },
      ];
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function readFor(read: () => Promise<number>, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) out.push(await read());
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** A campaign over a generated conference of 60 speakers, run through the pipeline with the offline engine. */
async function seed(dbPath: string): Promise<{ key: string; campaignId: string; drafted: number }> {
  const site = await startSite({ '/api/v2/bench/view/All': { contentType: 'application/json', body: sessionizeAll(fictionalSpeakers(SPEAKERS)) } });
  const config = loadConfig({}, { GREENROOM_DB: dbPath, GREENROOM_ALLOW_HOSTS: site.host, GREENROOM_SCRAPE_PACING_MS: '0', GREENROOM_LOG_LEVEL: 'warn' });
  const instance = await openInstance(config, { logger: createLogger('warn') });
  try {
    const ctx = await benchOwner(instance, SPEAKERS * 3, {
      titles: ['CTO', 'VP Engineering', 'Staff Engineer', 'Head of Platform', 'Director of Data', 'Principal Architect'],
      seniority: [],
      industries: [],
      keywords: ['platform', 'postgres', 'observability'],
      exclusions: [],
      competitors: [],
    });
    const { key } = await createApiKey(instance.db, instance, { userId: ctx.principal.userId, name: 'bench', scopes: ['read', 'write'] });
    const { campaign } = await insertCampaign(ctx, { name: 'Rewrite bench', conference_url: site.url('/api/v2/bench/view/All') });
    await startRun(ctx, campaign.id);
    await new Scheduler(instance).drain();
    const stats = await campaignStats(ctx, campaign.id);
    if (stats.funnel.scraped !== SPEAKERS) throw new Error(`expected ${SPEAKERS} speakers, the run kept ${stats.funnel.scraped}`);
    return { key, campaignId: campaign.id, drafted: stats.funnel.drafted };
  } finally {
    await instance.close();
    await site.close();
  }
}
