import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { benchOwner } from './owner.js';
import { addConferenceUrl, insertCampaign } from '../src/core/campaigns.js';
import { startRun } from '../src/core/runs.js';
import { campaignStats } from '../src/core/stats.js';
import { startBenchSite } from './pipeline-site.js';
import { Scheduler } from '../src/pipeline/scheduler.js';
import { workUntilIdle } from './pipeline-helper.js';
import { samplePg } from './pg-sampler.js';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * One measured run in its own process (so peak RSS is the pipeline's): a generated
 * conference of N speakers over ten pages (served by another process), scraped and
 * taken through every stage.
 */
const total = Number(process.argv[2] ?? 10_000);
const server = await startBenchSite(total);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-pipeline-'));
// BENCH_DATABASE_URL: PostgreSQL; BENCH_HELPERS: that many more processes share the run.
const url = process.env.BENCH_DATABASE_URL;
const helpers = Number(process.env.BENCH_HELPERS ?? 0);
const config = loadConfig({}, { GREENROOM_DB: path.join(dir, 'bench.db'), ...(url ? { GREENROOM_DATABASE_URL: url, GREENROOM_SECRET: 'b'.repeat(40) } : {}), GREENROOM_ALLOW_HOSTS: server.host, GREENROOM_SCRAPE_PACING_MS: '0', GREENROOM_LOG_LEVEL: 'warn' });
const instance = await openInstance(config, { logger: createLogger('warn') });
const ctx = await benchOwner(instance, total * 3);
const { campaign } = await insertCampaign(ctx, { name: 'Bench' });
for (const p of server.paths) await addConferenceUrl(ctx, campaign.id, server.url(p));
const sampler = url ? samplePg(url) : null;
const cpuBefore = process.cpuUsage();
const started = performance.now();
await startRun(ctx, campaign.id);
const others = Array.from({ length: url ? helpers : 0 }, () =>
  promisify(execFile)(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'pipeline-helper.js')], { env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_ALLOW_HOSTS: server.host } }),
);
await workUntilIdle(instance, new Scheduler(instance));
const helperCpu = (await Promise.all(others)).map((o) => Number(/cpu (\S+)/.exec(o.stdout)?.[1] ?? 0));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const pgTime = await sampler?.stop();
// campaign_stats is read before the peak is: the figure covers the run and its report.
const stats = await campaignStats(ctx, campaign.id);
const maxRssMb = process.resourceUsage().maxRSS / 1024;
await instance.close();
await server.close();
fs.rmSync(dir, { recursive: true, force: true });
const clientCpuSeconds = (cpu.user + cpu.system) / 1e6 + helperCpu.reduce((a, b) => a + b, 0);
process.stdout.write(`${JSON.stringify({ speakers: stats.funnel.scraped, drafted: stats.funnel.drafted, seconds, maxRssMb, clientCpuSeconds, pgTime })}\n`);
