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
import { countStatements } from './pg-statements.js';
import { spawn } from 'node:child_process';
import { mainThreadCpu } from './thread-cpu.js';
import { fileURLToPath } from 'node:url';

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
const config = loadConfig(
  {},
  {
    GREENROOM_DB: path.join(dir, 'bench.db'),
    ...(url ? { GREENROOM_DATABASE_URL: url, GREENROOM_SECRET: 'b'.repeat(40) } : {}),
    GREENROOM_ALLOW_HOSTS: server.host,
    GREENROOM_SCRAPE_PACING_MS: '0',
    GREENROOM_LOG_LEVEL: 'warn',
  },
);
const instance = await openInstance(config, { logger: createLogger('warn') });
const ctx = await benchOwner(instance, total * 3);
const { campaign } = await insertCampaign(ctx, { name: 'Bench' });
for (const p of server.paths) await addConferenceUrl(ctx, campaign.id, server.url(p));
const sampler = url ? samplePg(url) : null;
// Only on PostgreSQL: counting loads the client, which a SQLite run never holds.
const statements = sampler ? countStatements([sampler.client]) : null;
// The other processes start before the run, as other `serve` processes would be running
// already; this one's own start is before the run too.
const others = await Promise.all(Array.from({ length: url ? helpers : 0 }, () => startHelper(url as string, server.host)));
const cpuBefore = process.cpuUsage();
const mainBefore = mainThreadCpu();
const started = performance.now();
await startRun(ctx, campaign.id);
for (const o of others) o.go();
await workUntilIdle(instance, new Scheduler(instance));
const helperOut = await Promise.all(others.map((o) => o.done));
const helperCpu = helperOut.map((o) => Number(/cpu (\S+)/.exec(o)?.[1] ?? 0));
const helperStatements = helperOut.map((o) => Number(/statements (\S+)/.exec(o)?.[1] ?? 0));
const helperMainThread = helperOut.map((o) => Number(/main (\S+)/.exec(o)?.[1] ?? 0));
const helperStart = helperOut.map((o) => Number(/start (\S+)/.exec(o)?.[1] ?? 0));
const sent = (statements?.count() ?? 0) + helperStatements.reduce((a, b) => a + b, 0);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const mainThreadCpuSeconds = mainBefore === null ? null : (mainThreadCpu() as number) - mainBefore;
const pgTime = await sampler?.stop();
// campaign_stats is read before the peak is: the figure covers the run and its report.
const statsStarted = performance.now();
const stats = await campaignStats(ctx, campaign.id);
const statsSeconds = (performance.now() - statsStarted) / 1000;
const maxRssMb = process.resourceUsage().maxRSS / 1024;
const stageSeconds = await stageTimes(started);
if (process.env.BENCH_DRAFTS_OUT) await writeDrafts(process.env.BENCH_DRAFTS_OUT);
await instance.close();
await server.close();
fs.rmSync(dir, { recursive: true, force: true });
const clientCpuSeconds = (cpu.user + cpu.system) / 1e6 + helperCpu.reduce((a, b) => a + b, 0);
process.stdout.write(
  `${JSON.stringify({ speakers: stats.funnel.scraped, drafted: stats.funnel.drafted, seconds, statsSeconds, stageSeconds, maxRssMb, clientCpuSeconds, mainThreadCpuSeconds, pgTime, ...(url ? { statements: sent } : {}), ...(helpers && url ? { helperCpuSeconds: helperCpu, helperMainThreadCpuSeconds: helperMainThread, helperStartCpuSeconds: helperStart, helperStatements } : {}) })}\n`,
);

/**
 * Another process sharing the run (pipeline-helper.ts), started and open: `go` lets it work,
 * `done` is what it printed when the run was over.
 */
async function startHelper(databaseUrl: string, host: string): Promise<{ go(): void; done: Promise<string> }> {
  const child = spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'pipeline-helper.js')], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_ALLOW_HOSTS: host },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the helper process exited with ${code}`))));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: string) => {
      out += d;
      if (out.startsWith('ready\n')) resolve();
    });
    done.catch(reject);
  });
  return { go: () => child.stdin.end('go\n'), done };
}

/**
 * BENCH_DRAFTS_OUT=FILE: every drafted message with its QA verdict and the speaker's
 * outcome, one JSON line each in a fixed order, so two builds' runs compare byte for byte.
 */
async function writeDrafts(file: string): Promise<void> {
  const rows = await instance.db
    .selectFrom('messages as m')
    .innerJoin('speakers as s', 's.id', 'm.speaker_id')
    .where('m.campaign_id', '=', campaign.id)
    .select([
      's.source_url',
      's.name',
      's.dedupe_key',
      's.company_fold',
      's.shard',
      's.wave',
      's.stage',
      's.fit_score',
      's.qualified',
      'm.slot',
      'm.angle',
      'm.content',
      'm.qa_score',
      'm.qa_flags',
      'm.qa_reasons',
      'm.hard_fails',
      'm.fix_hints',
      'm.needs_human',
      'm.needs_redo',
      'm.approvable',
    ])
    .orderBy('s.source_url')
    .orderBy('s.name')
    .orderBy('s.dedupe_key')
    .orderBy('m.slot')
    .execute();
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/**
 * Where a run's time went, by stage: each progress event's time since the one before is
 * the stage's it reports on (the paid stages come round once per chunk, summed here).
 */
async function stageTimes(start: number): Promise<Record<string, number>> {
  const rows = await instance.db
    .selectFrom('run_events')
    .select(['data', 'created_at'])
    .where('campaign_id', '=', campaign.id)
    .where('type', '=', 'run.progress')
    .orderBy('seq')
    .execute();
  const out: Record<string, number> = {};
  let before = performance.timeOrigin + start;
  for (const r of rows) {
    const at = Date.parse(r.created_at);
    const stage = (JSON.parse(r.data) as { stage: string }).stage;
    out[stage] = Math.round((out[stage] ?? 0) * 1000 + at - before) / 1000;
    before = at;
  }
  return out;
}
