import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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
    // What the server said until it was ready, for the error if it never is; after that its
    // output (a log line per request at the default level) is read and dropped, as a log
    // collector would, rather than kept in this process, which also runs the load.
    let seen = '';
    let started = false;
    const timer = setTimeout(() => reject(new Error(`server did not start: ${seen}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      if (started) return;
      seen += d.toString();
      const m = ready.exec(seen);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      if (!started) seen += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${seen}`)));
  });
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  errors: number;
  non2xx: number;
  generator: string;
}

const CONNECTIONS = 16;

/**
 * Load from wrk when it is installed (apt-get install wrk): a C client leaves the second
 * core to the server. Otherwise autocannon, which competes with the server for CPU on a
 * two-core machine and so understates every server alike.
 */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  return (await hasWrk()) ? wrk(opts) : cannon(opts);
}

let wrkPresent: boolean | undefined;
async function hasWrk(): Promise<boolean> {
  if (wrkPresent === undefined)
    wrkPresent = await promisify(execFile)('wrk', ['--version']).then(
      () => true,
      (e: { code?: unknown }) => e.code !== 'ENOENT',
    );
  return wrkPresent;
}

async function wrk(opts: LoadOptions): Promise<LoadResult> {
  const lines = [`wrk.method = ${JSON.stringify(opts.method ?? 'GET')}`];
  if (opts.body) lines.push(`wrk.body = ${JSON.stringify(opts.body)}`);
  for (const [k, v] of Object.entries(opts.headers ?? {})) lines.push(`wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-wrk-')), 'req.lua');
  fs.writeFileSync(script, `${lines.join('\n')}\n`);
  try {
    const { stdout } = await promisify(execFile)('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${opts.seconds}s`, '-s', script, opts.url]);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    const errs = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const errors = errs ? errs.slice(1).reduce((a, n) => a + Number(n), 0) : 0;
    return { rps, errors, non2xx, generator: 'wrk' };
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

async function cannon(opts: LoadOptions): Promise<LoadResult> {
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: CONNECTIONS,
    duration: opts.seconds,
  });
  return { rps: r.requests.average, errors: r.errors, non2xx: r.non2xx, generator: 'autocannon' };
}

export const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
