import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dropDatabase, freshDbEnv } from './pg.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

export interface ServeChild {
  port: number;
  base: string;
  /** The owner's read and write key, printed once on first start. */
  key: string;
  env: Record<string, string>;
  /** Everything the process wrote to stderr so far (its log). */
  stderr(): string;
  /** Runs another greenroom command against the same database. */
  cli(...args: string[]): { code: number | null; out: string; err: string };
  stop(): Promise<void>;
}

/**
 * `greenroom serve` as a child process on an ephemeral loopback port, over a fresh
 * database; or, given `sharing`, a second process on that child's database (its key is
 * the first one's, since only the first start prints one).
 */
export async function startServeChild(env: Record<string, string> = {}, sharing?: ServeChild): Promise<ServeChild> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-serve-'));
  const dbEnv = sharing ? {} : await freshDbEnv(path.join(dir, 'serve.db'));
  const fullEnv = {
    PATH: process.env.PATH ?? '',
    ...sharing?.env,
    ...dbEnv,
    GREENROOM_PORT: '0',
    GREENROOM_SCHEDULER: 'false',
    GREENROOM_LOG_LEVEL: 'warn',
    ...env,
  };
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [bin, 'serve'], { env: fullEnv });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (/serving on/.test(stdout) && (sharing || /grn_\S+/.test(stdout))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const port = Number(/http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1]);
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    key: sharing?.key ?? (/(grn_\S+)/.exec(stdout)?.[1] as string),
    env: fullEnv,
    stderr: () => stderr,
    cli: (...args) => {
      const r = spawnSync(process.execPath, [bin, ...args], { env: fullEnv, encoding: 'utf8' });
      return { code: r.status, out: r.stdout, err: r.stderr };
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // A process that does not stop in time is killed, so a test never hangs on it.
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      if (dbEnv.GREENROOM_DATABASE_URL) await dropDatabase(dbEnv.GREENROOM_DATABASE_URL);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
