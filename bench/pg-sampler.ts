import fs from 'node:fs';
import type pg from 'pg';
import { pgModule } from '../db/pg-module.js';

/**
 * Where a PostgreSQL run's time goes, from the server's side: every 50 ms, what each
 * other connection to the database is doing (pg_stat_activity): running a statement,
 * waiting for a lock, waiting for its client (idle in a transaction or between them),
 * and the CPU its backends used (/proc, so on the server's own machine), read at every sample
 * as well as at the end, so a backend whose process left before the end is counted too.
 */
export interface PgTime {
  samples: number;
  /** Shares of backend samples: running a statement, waiting on a lock, idle in a transaction, idle. */
  running: number;
  lock: number;
  idleInTransaction: number;
  idle: number;
  /** CPU seconds of the backends seen. */
  backendCpuSeconds: number;
}

export function samplePg(url: string): { client: pg.Client; stop(): Promise<PgTime> } {
  const client = new (pgModule().Client)({ connectionString: url });
  const counts = { running: 0, lock: 0, idleInTransaction: 0, idle: 0 };
  let samples = 0;
  // Each backend's CPU as last read: one that ends before the run does (another process's) still counts.
  const cpuOf = new Map<number, number>();
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ pid: number; state: string | null; wait_event_type: string | null }>(
        'select pid, state, wait_event_type from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = $1',
        ['client backend'],
      );
      samples++;
      for (const r of rows) {
        cpuOf.set(r.pid, Math.max(cpuOf.get(r.pid) ?? 0, cpuSeconds(r.pid)));
        if (r.wait_event_type === 'Lock') counts.lock++;
        else if (r.state === 'active') counts.running++;
        else if (r.state?.startsWith('idle in transaction')) counts.idleInTransaction++;
        else counts.idle++;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    client,
    async stop() {
      for (const pid of cpuOf.keys()) cpuOf.set(pid, Math.max(cpuOf.get(pid) as number, cpuSeconds(pid)));
      const cpu = [...cpuOf.values()].reduce((sum, c) => sum + c, 0);
      stopped = true;
      await loop;
      await client.end();
      const total = Math.max(1, counts.running + counts.lock + counts.idleInTransaction + counts.idle);
      return {
        samples,
        running: counts.running / total,
        lock: counts.lock / total,
        idleInTransaction: counts.idleInTransaction / total,
        idle: counts.idle / total,
        backendCpuSeconds: cpu,
      };
    },
  };
}

function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A backend gone since is not read: its number may be another process's now.
    if (!stat.startsWith(`${pid} (postgres)`)) return 0;
    const fields = stat.split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
