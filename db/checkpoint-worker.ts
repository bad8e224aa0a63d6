import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * A second connection to a SQLite file, on a thread of its own, that copies the WAL back
 * into the database when asked (db/checkpointer.ts). A passive checkpoint never waits
 * for the writer and the writer never waits for it.
 */
const db = new SQLite((workerData as { file: string }).file, { fileMustExist: true });
parentPort?.on('message', (m: 'checkpoint' | 'close') => {
  if (m === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  let error: string | null = null;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    error = String(err);
  }
  parentPort?.postMessage(error);
});
