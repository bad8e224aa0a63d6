import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Checkpointer } from '../../db/checkpointer.js';

// `npm test` builds first; the worker thread runs the compiled code.
const builtWorker = new URL('../../dist/db/checkpoint-worker.js', import.meta.url);

describe('WAL checkpoints on a worker thread', () => {
  let dir: string;
  let file: string;
  let writer: SQLite.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-checkpoint-'));
    file = path.join(dir, 'wal.db');
    writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    // Nothing copies the WAL back but the worker.
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table t (id integer primary key, body text)');
    const insert = writer.prepare('insert into t (body) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run('x'.repeat(2000));
    })();
  });
  afterEach(() => {
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies what the writer committed into the database file, while the writer keeps its connection', async () => {
    const before = fs.statSync(file).size;
    const checkpoints = Checkpointer.forFile(file, builtWorker);
    expect(checkpoints).not.toBeNull();
    checkpoints?.committed();
    // The worker answers its messages in turn: once it has closed, the checkpoint asked before is done.
    await checkpoints?.close();
    expect(before).toBeLessThan(100_000);
    expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);
    const copied = new SQLite(file, { readonly: true });
    try {
      expect(copied.prepare('select count(*) as n from t').get()).toEqual({ n: 500 });
    } finally {
      copied.close();
    }
    // The writer goes on writing; the next checkpoint would take it from there.
    writer.prepare('insert into t (body) values (?)').run('y');
    expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: 501 });
  });

  it('keeps a process that waits for it to close alive until it has: a short-lived writer exits 0, not 13', async () => {
    // A process that writes and closes with nothing else to do: an unreferenced worker let the
    // loop end inside the wait, and node exits 13 for the top-level await left unsettled.
    const script = `
      const { Checkpointer } = await import(${JSON.stringify(new URL('../../dist/db/checkpointer.js', import.meta.url).href)});
      const c = Checkpointer.forFile(process.env.FILE);
      c.committed();
      await c.close();
      process.stdout.write('closed');`;
    for (let i = 0; i < 3; i++) {
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        env: { PATH: process.env.PATH ?? '', FILE: file },
      });
      expect(stdout).toBe('closed');
    }
  });

  it('leaves the checkpoints to SQLite where the compiled worker is not there', () => {
    expect(Checkpointer.forFile(file, new URL('file:///nonexistent/checkpoint-worker.js'))).toBeNull();
  });
});
