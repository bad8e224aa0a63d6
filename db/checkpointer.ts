import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const BUILT_WORKER = new URL('./checkpoint-worker.js', import.meta.url);
/** At most one checkpoint started this often: each copies what was written since the last. */
const EVERY_MS = 250;
/** A worker with nothing asked of it for this long is let go; the next commit starts another. */
const IDLE_MS = 2_000;
const LIMITS = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 };

/**
 * Checkpoints of a SQLite file's WAL on a worker thread, so the process's writes do not wait
 * while the WAL is copied back into the database and the file synced (SQLite's own automatic
 * checkpoint runs inside the COMMIT that crosses its threshold: in a 10,000-speaker run some
 * 27 commits of 50–100 ms). After a commit, when the last checkpoint is done and started
 * EVERY_MS ago or more, the worker is asked for another; the WAL is written from its start
 * again once a checkpoint has copied all of it. SQLite's automatic checkpoint stays set on
 * the writing connection, so a WAL the worker cannot keep up with is still bounded.
 * Without the built worker (code run from its TypeScript sources) nothing changes.
 */
export class Checkpointer {
  private worker: Worker | null = null;
  private busy = false;
  private failed = false;
  // performance.now() counts from the process start: a first commit within EVERY_MS of it is asked for too.
  private last = Number.NEGATIVE_INFINITY;
  private idle: NodeJS.Timeout | null = null;

  private constructor(
    private readonly file: string,
    private readonly url: URL,
  ) {}

  static forFile(file: string, url: URL = BUILT_WORKER): Checkpointer | null {
    return fs.existsSync(fileURLToPath(url)) ? new Checkpointer(file, url) : null;
  }

  /** Called after each COMMIT of the writing connection. */
  committed(): void {
    const now = performance.now();
    if (this.busy || this.failed || now - this.last < EVERY_MS) return;
    this.busy = true;
    this.last = now;
    if (this.idle) clearTimeout(this.idle);
    this.start().postMessage('checkpoint');
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const w = this.worker;
    this.worker = null;
    if (!w) return;
    const exited = new Promise((r) => w.once('exit', r));
    // Waited for, the worker keeps the process alive until it is gone: unreferenced, a process
    // with nothing else to do would end inside the wait (a top-level await left unsettled, exit 13).
    w.ref();
    w.postMessage('close');
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.url, { workerData: { file: this.file }, resourceLimits: LIMITS });
    // A checkpoint in flight never keeps the process alive; one cut short is finished by the next.
    w.unref();
    w.on('message', () => {
      this.busy = false;
      this.idle = setTimeout(() => void this.close(), IDLE_MS);
      this.idle.unref();
    });
    // A worker that cannot run (no memory, no file) is not tried again: SQLite's own checkpoints go on.
    w.on('error', () => {
      if (this.worker === w) this.worker = null;
      this.failed = true;
    });
    this.worker = w;
    return w;
  }
}
