import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchResult } from './support.js';
import { benchDatabase } from './database.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * 10,000 generated speakers through scrape and the five stages with the offline engine;
 * with GREENROOM_TEST_DATABASE_URL (npm run bench:pg) on PostgreSQL, by one process and by two.
 */
export async function run(total = Number(process.env.BENCH_SPEAKERS ?? 10_000)): Promise<BenchResult[]> {
  if (!process.env.GREENROOM_TEST_DATABASE_URL) return once(total, {}, 'pipeline');
  const rows: BenchResult[] = [];
  for (const helpers of [0, 1]) {
    const target = await benchDatabase(`pipeline${helpers}`);
    try {
      const label = `pipeline on postgres, ${helpers + 1} process${helpers ? 'es' : ''}`;
      rows.push(...(await once(total, { BENCH_DATABASE_URL: target.target, BENCH_HELPERS: String(helpers) }, label)).slice(0, 1));
    } finally {
      await target.drop();
    }
  }
  return rows;
}

async function once(total: number, env: Record<string, string>, label: string): Promise<BenchResult[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(here, 'pipeline-worker.js'), String(total)], { maxBuffer: 1 << 20, env: { ...process.env, ...env } });
  const r = JSON.parse(stdout.trim().split('\n').pop() as string) as { speakers: number; drafted: number; seconds: number; maxRssMb: number };
  if (r.speakers !== total) throw new Error(`expected ${total} speakers, the run kept ${r.speakers}`);
  const rate = r.speakers / r.seconds;
  return [
    { name: `${label}, ${r.speakers} speakers end to end (${r.drafted} drafted)`, value: rate, unit: `speakers/s (${r.seconds.toFixed(1)} s)`, target: '≥ 300 speakers/s', pass: rate >= 300 },
    { name: 'pipeline, peak RSS', value: r.maxRssMb, unit: 'MB', target: '≤ 300 MB', pass: r.maxRssMb <= 300 },
  ];
}
