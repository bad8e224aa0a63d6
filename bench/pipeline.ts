import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fmt, type BenchResult } from './support.js';
import { benchDatabase } from './database.js';
import type { PgTime } from './pg-sampler.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The targets, on an idle machine of two cores. */
const SQLITE_RATE = 1300;
const PG_RATE = 500;
const PEAK_RSS_MB = 256;
/** Round trips per 1,000 speakers: about one per speaker (a chunk's rows are one statement), the rest per step. */
const PG_STATEMENTS = 1100;

interface Outcome {
  speakers: number;
  drafted: number;
  seconds: number;
  maxRssMb: number;
  clientCpuSeconds: number;
  pgTime?: PgTime;
  /** Statements (round trips) sent to PostgreSQL by the processes of the run. */
  statements?: number;
}

/**
 * 10,000 generated speakers through scrape and the five stages with the offline engine;
 * with GREENROOM_TEST_DATABASE_URL (npm run bench:pg) on PostgreSQL, by one process and
 * by two, with where the time went: CPU of the Greenroom processes (client) and of the
 * PostgreSQL backends (server), and what the backends were doing when sampled.
 */
export async function run(total = Number(process.env.BENCH_SPEAKERS ?? 10_000)): Promise<BenchResult[]> {
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  if (!process.env.GREENROOM_TEST_DATABASE_URL) {
    const before = load();
    const r = await once(total, {});
    const rate = r.speakers / r.seconds;
    return [
      {
        name: `pipeline, ${r.speakers} speakers end to end (${r.drafted} drafted)`,
        value: rate,
        unit: `speakers/s (${r.seconds.toFixed(1)} s, load average ${before} before, ${load()} after)`,
        target: `≥ ${fmt(SQLITE_RATE)} speakers/s on an idle machine`,
        pass: rate >= SQLITE_RATE,
      },
      {
        name: 'pipeline, peak RSS (main thread and extraction worker, campaign_stats included)',
        value: r.maxRssMb,
        unit: 'MB',
        target: `≤ ${PEAK_RSS_MB} MB`,
        pass: r.maxRssMb <= PEAK_RSS_MB,
      },
    ];
  }
  const rows: BenchResult[] = [];
  let single = 0;
  for (const helpers of [0, 1]) {
    const target = await benchDatabase(`pipeline${helpers}`);
    try {
      const before = load();
      const r = await once(total, { BENCH_DATABASE_URL: target.target, BENCH_HELPERS: String(helpers) });
      const rate = r.speakers / r.seconds;
      const t = r.pgTime as PgTime;
      const pct = (x: number) => `${Math.round(x * 100)}%`;
      const where = `client CPU ${r.clientCpuSeconds.toFixed(1)} s, server CPU ${t.backendCpuSeconds.toFixed(1)} s; backends sampled ${pct(t.running)} running, ${pct(t.lock)} waiting on a lock, ${pct(t.idleInTransaction)} idle in a transaction, ${pct(t.idle)} idle`;
      const unit = `speakers/s (${r.seconds.toFixed(1)} s; ${where}; load average ${before} before, ${load()} after)`;
      const perThousand = ((r.statements ?? 0) * 1000) / r.speakers;
      if (helpers === 0) {
        single = rate;
        rows.push({
          name: `pipeline on postgres, 1 process, ${r.speakers} speakers end to end (${r.drafted} drafted)`,
          value: rate,
          unit,
          target: `≥ ${PG_RATE} speakers/s on an idle machine`,
          pass: rate >= PG_RATE,
        });
      } else {
        rows.push({
          name: `pipeline on postgres, 2 processes, ${r.speakers} speakers end to end (${r.drafted} drafted)`,
          value: rate,
          unit,
          target: `≥ one process (${fmt(single)} speakers/s)`,
          pass: rate >= single,
        });
      }
      // A second process also ticks while its neighbour holds the leases: those reads are counted, with no target.
      const statements = {
        name: `pipeline on postgres, ${helpers === 0 ? '1 process' : '2 processes'}: statements sent (each one round trip)`,
        value: perThousand,
        unit: `per 1,000 speakers (${fmt(r.statements ?? 0)} in all)`,
      };
      rows.push(
        helpers === 0
          ? { ...statements, target: `≤ ${fmt(PG_STATEMENTS)} per 1,000 speakers`, pass: perThousand <= PG_STATEMENTS }
          : { ...statements, target: 'reference (the second process polls for free shards)', pass: true },
      );
    } finally {
      await target.drop();
    }
  }
  return rows;
}

async function once(total: number, env: Record<string, string>): Promise<Outcome> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(here, 'pipeline-worker.js'), String(total)], {
    maxBuffer: 1 << 20,
    env: { ...process.env, ...env },
  });
  const r = JSON.parse(stdout.trim().split('\n').pop() as string) as Outcome;
  if (r.speakers !== total) throw new Error(`expected ${total} speakers, the run kept ${r.speakers}`);
  return r;
}
