import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean;
}

/** Starts a server process and resolves with its port once it says it listens. */
export function spawnServer(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${seen}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      seen += d.toString();
      const m = ready.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.stderr?.on('data', (d: Buffer) => (seen += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${seen}`)));
  });
}

export async function load(opts: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; seconds: number }): Promise<{ rps: number; errors: number; non2xx: number; p99: number }> {
  const result = await autocannon({ url: opts.url, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body, connections: 16, duration: opts.seconds });
  return { rps: result.requests.average, errors: result.errors, non2xx: result.non2xx, p99: result.latency.p99 };
}

export const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
