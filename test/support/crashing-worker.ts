/** `greenroom serve` on a pipeline world's database, run until its crash failpoint kills it. */
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { PipelineWorld } from './pipeline.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

export function crashingWorker(
  w: PipelineWorld,
  opts: { leaseMs: number; crashAfterItems: number },
): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        ...w.dbEnv,
        GREENROOM_PORT: '0',
        GREENROOM_ALLOW_HOSTS: w.site.host,
        GREENROOM_SCRAPE_PACING_MS: '0',
        GREENROOM_SCHEDULER_INTERVAL_MS: '10',
        GREENROOM_LEASE_MS: String(opts.leaseMs),
        GREENROOM_PIPELINE_BATCH: '10',
        GREENROOM_PIPELINE_CHUNK: '4',
        GREENROOM_FAILPOINT: `crash-after-items=${opts.crashAfterItems}`,
        GREENROOM_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (_code, signal) => resolve({ signal, stderr }));
  });
}
