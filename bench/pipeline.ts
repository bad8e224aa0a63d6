import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchResult } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** 10,000 generated speakers through scrape and the five stages with the offline engine. */
export async function run(total = Number(process.env.BENCH_SPEAKERS ?? 10_000)): Promise<BenchResult[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(here, 'pipeline-worker.js'), String(total)], { maxBuffer: 1 << 20 });
  const r = JSON.parse(stdout.trim().split('\n').pop() as string) as { speakers: number; drafted: number; seconds: number; maxRssMb: number };
  if (r.speakers !== total) throw new Error(`expected ${total} speakers, the run kept ${r.speakers}`);
  const rate = r.speakers / r.seconds;
  return [
    { name: `pipeline, ${r.speakers} speakers end to end (${r.drafted} drafted)`, value: rate, unit: `speakers/s (${r.seconds.toFixed(1)} s)`, target: '≥ 300 speakers/s', pass: rate >= 300 },
    { name: 'pipeline, peak RSS', value: r.maxRssMb, unit: 'MB', target: '≤ 300 MB', pass: r.maxRssMb <= 300 },
  ];
}
