import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

export interface ServeProcess {
  base: string;
  /** The owner's key, printed once on first start. */
  key: string;
  child: ChildProcess;
  stderr(): string;
  /** Stops the process (SIGTERM, then SIGKILL) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * `greenroom serve` as a child process on an ephemeral port over a fresh database: what
 * a user runs, for behaviour an in-process test cannot show (timers, pacing, workers).
 */
export async function startServeProcess(env: Record<string, string> = {}, timeoutMs = 30_000): Promise<ServeProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-serve-'));
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { PATH: process.env.PATH ?? '', GREENROOM_DB: path.join(dir, 'greenroom.db'), GREENROOM_PORT: '0', GREENROOM_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const ready = await new Promise<{ base: string; key: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`greenroom serve did not start in ${timeoutMs} ms:\n${stdout}\n${stderr}`)), timeoutMs);
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const base = /serving on (http:\/\/\S+)/.exec(stdout)?.[1];
      const key = /\bgrn_[A-Za-z0-9_-]{16,}/.exec(stdout)?.[0];
      if (base && key) {
        clearTimeout(timer);
        resolve({ base, key });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`greenroom serve exited with ${code}:\n${stdout}\n${stderr}`));
    });
  });
  return {
    ...ready,
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
