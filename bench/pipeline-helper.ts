import { fileURLToPath } from 'node:url';
import { mainThreadCpu } from './thread-cpu.js';
import { loadConfig } from '../src/config.js';
import { openInstance, type Instance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { Scheduler } from '../src/pipeline/scheduler.js';
import { countStatements } from './pg-statements.js';

/**
 * Ticks until no run is queued or running. Unlike drain(), a tick that found the run's
 * lease taken by another process is not the end: that process may let go of it next.
 * Between ticks the event loop turns, as under `serve` (Scheduler.start): timers run,
 * so the extraction worker is let go once scraping is over, as it would be there.
 */
export async function workUntilIdle(instance: Instance, scheduler: Scheduler): Promise<void> {
  // A tick with nothing to do waits before the next, 10 ms doubling up to serve's own
  // interval: a process waiting on another's shards polls as serve would, not 100 times a second.
  let wait = 10;
  for (;;) {
    if (await scheduler.tick()) {
      wait = 10;
      await new Promise((r) => setImmediate(r));
      continue;
    }
    // The tick read the active runs already: none left is the end.
    if (scheduler.activeRuns === 0) return;
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 2, instance.config.schedulerIntervalMs);
  }
}

// Run on its own: another process sharing the benchmark's PostgreSQL run. It starts before
// the run, as a second `serve` would be running already, says "ready" once open, and works
// from the line the bench sends when the run is started; its start is reported apart.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = loadConfig(
    {},
    {
      GREENROOM_DATABASE_URL: process.env.BENCH_DATABASE_URL,
      GREENROOM_ALLOW_HOSTS: process.env.BENCH_ALLOW_HOSTS ?? '',
      GREENROOM_SCRAPE_PACING_MS: '0',
      GREENROOM_LOG_LEVEL: 'warn',
      GREENROOM_SECRET: 'b'.repeat(40),
    },
  );
  const instance = await openInstance(config, { logger: createLogger('warn') });
  const start = process.cpuUsage();
  process.stdout.write('ready\n');
  await new Promise((r) => process.stdin.once('data', r));
  process.stdin.pause();
  const cpu = process.cpuUsage();
  const main = mainThreadCpu();
  const statements = countStatements();
  await workUntilIdle(instance, new Scheduler(instance));
  const used = process.cpuUsage(cpu);
  const mainUsed = main === null ? 0 : (mainThreadCpu() as number) - main;
  const sent = statements.count();
  await instance.close();
  // The bench adds this process's CPU to the client's.
  process.stdout.write(`cpu ${(used.user + used.system) / 1e6}\nmain ${mainUsed}\nstart ${(start.user + start.system) / 1e6}\nstatements ${sent}\n`);
}
