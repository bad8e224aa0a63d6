import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { freshDbEnv } from '../support/pg.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

export interface Served {
  base: string;
  key: string;
  /** What the server wrote to stderr (its error log), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * `greenroom serve` as a child process on an ephemeral port over a database in a temp
 * folder, and a key minted by `greenroom keys create` against that same file.
 */
export async function startServe(extraEnv: Record<string, string> = {}): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-fuzz-'));
  const env = {
    PATH: process.env.PATH ?? '',
    ...(await freshDbEnv(path.join(dir, 'fuzz.db'))),
    GREENROOM_PORT: '0',
    GREENROOM_LOG_LEVEL: 'error',
    GREENROOM_SCHEDULER: 'false',
    // The fuzzer sends far more calls than a minute's budget; limits have their own tests.
    GREENROOM_RATE_READ: '10000000',
    GREENROOM_RATE_WRITE: '10000000',
    GREENROOM_RATE_SEND: '10000000',
    ...extraEnv,
  };
  const child = spawn(process.execPath, [bin, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stdout}\n${stderr}`)), 20_000);
    const check = () => {
      const m = /serving on (http:\/\/[\d.]+:\d+)/.exec(stdout);
      if (m?.[1]) {
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const created = spawnSync(process.execPath, [bin, 'keys', 'create', '--scopes', 'read,write,send', '--name', 'fuzz'], { env, encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`keys create failed: ${created.stderr}`);
  return {
    base,
    key: created.stdout.trim(),
    log: () => stderr,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
